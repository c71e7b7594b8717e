import { z } from 'zod';
import { fraction, positiveInt } from './schema-helpers.js';

/**
 * `metadata.trial` of an `assessment_results` that is one trial of a suite or multi-trial
 * assessment, tying it to its `suite_results` (suite-results.ts). Absent on a plain assessment.
 */
export const trialTagSchema = z
  .object({
    index: positiveInt().describe('1-based trial number.'),
    count: positiveInt().describe('Trials of this scenario in the request (k).'),
    suite_id: z.string().min(1).describe('suite_results.suite_id of the suite this trial belongs to.'),
    pass_threshold: fraction().describe('The scenario’s scoring.pass_threshold.'),
    passed: z.boolean().describe('status completed and overall score / max_score >= pass_threshold.'),
  })
  .meta({ id: 'TrialTag', title: 'trial_tag' });
export type TrialTag = z.infer<typeof trialTagSchema>;
