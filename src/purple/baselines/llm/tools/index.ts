import { z } from 'zod';
import { DEFAULT_TIME_STEP, isIsoDuration } from '../../../../protocol/index.js';
import { CALENDAR_TOOLS } from './calendar-tools.js';
import { CONTACT_TOOLS } from './contact-tools.js';
import type { AssistantTool } from './define.js';
import { EMAIL_TOOLS } from './email-tools.js';
import { CHAT_TOOLS, SMS_TOOLS, TIME_TOOLS } from './messaging-tools.js';
import { PLACE_TOOLS } from './place-tools.js';

export { ToolArgumentsError, type AssistantTool } from './define.js';

/** Every UES tool of the LLM assistant; together they use exactly the purple key's permissions. */
export const UES_TOOLS: readonly AssistantTool[] = [
  ...CHAT_TOOLS,
  ...EMAIL_TOOLS,
  ...CALENDAR_TOOLS,
  ...SMS_TOOLS,
  ...TIME_TOOLS,
  ...CONTACT_TOOLS,
  ...PLACE_TOOLS,
];

export const FINISH_TURN_TOOL = 'finish_turn';

/** The tool that ends a turn; its arguments become the `turn_complete` reply. */
export const finishTurnSchema = z.object({
  time_step: z
    .string()
    .refine(isIsoDuration, { error: (issue) => `${JSON.stringify(issue.input)} is not an ISO 8601 duration` })
    .default(DEFAULT_TIME_STEP)
    .describe('How much simulated time should pass before your next turn, e.g. PT1H, PT30M, PT15M.'),
  notes: z.string().optional().describe('A short note on what you did this turn (for your own memory).'),
});

export const FINISH_TURN_DEFINITION = {
  name: FINISH_TURN_TOOL,
  description:
    'End this turn. Call it once all work for now is done (including posting to the user in chat), alone, as your last call.',
  schema: finishTurnSchema,
};
