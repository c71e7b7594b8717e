import { z } from 'zod';
import { isIsoDuration } from '../../../protocol/index.js';

/** The tool that ends a turn of the tool loop; its arguments become the `turn_complete` reply. */

export const FINISH_TURN_TOOL = 'finish_turn';

export const finishTurnSchema = z.object({
  time_step: z
    .string()
    .refine(isIsoDuration, { error: (issue) => `${JSON.stringify(issue.input)} is not an ISO 8601 duration` })
    .optional()
    .describe(
      'How much simulated time should pass before your next turn, e.g. PT1H, PT30M, PT15M. Default: the scenario’s check-in step.',
    ),
  notes: z.string().optional().describe('A short note on what you did this turn (for your own memory).'),
});

export const FINISH_TURN_DEFINITION = {
  name: FINISH_TURN_TOOL,
  description:
    'End this turn. Call it once all work for now is done (including posting to the user in chat), alone, as your last call.',
  schema: finishTurnSchema,
};
