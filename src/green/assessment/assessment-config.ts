import { z } from 'zod';

/**
 * The `config` object of an assessment request. Only `scenario_id` is required; unknown keys are
 * kept and ignored (the AgentBeats runner adds e.g. `shard_index` and `num_shards`).
 */
export const assessmentConfigSchema = z.looseObject({
  scenario_id: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, { error: 'must not be empty' }),
  max_turns: z.int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).optional(),
  seed: z.int({ error: 'must be an integer' }).min(0, { error: 'must be >= 0' }).optional(),
  turn_timeout_seconds: z
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be > 0' })
    .optional(),
});
export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;
