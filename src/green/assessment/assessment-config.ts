import { z } from 'zod';
import { MAX_TURN_TIMEOUT_SECONDS, MIN_TURN_TIMEOUT_SECONDS } from '../../protocol/index.js';

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
  /** A seeded variant of the scenario (renamed people, shifted times); 0 or absent: canonical. */
  variant_seed: z.int({ error: 'must be an integer' }).min(0, { error: 'must be >= 0' }).optional(),
  turn_timeout_seconds: z
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be > 0' })
    // Sub-0.1 s leaves no purple time to answer; beyond a day the timers overflow.
    .refine((seconds) => seconds <= 0 || seconds >= MIN_TURN_TIMEOUT_SECONDS, {
      error: `must be at least ${MIN_TURN_TIMEOUT_SECONDS} (seconds)`,
    })
    .max(MAX_TURN_TIMEOUT_SECONDS, {
      error: `must be at most ${MAX_TURN_TIMEOUT_SECONDS} (seconds, one day)`,
    })
    .optional(),
});
export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;
