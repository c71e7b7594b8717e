import { z } from 'zod';
import { ASSESSMENT_STATUSES, dimensionSchema } from './results.js';
import { fraction, jsonObject, nonNegativeInt, nonNegativeNumber, positiveInt } from './schema-helpers.js';

/**
 * The aggregate of a multi-trial or multi-scenario assessment: the `suite_results` object the
 * green publishes as its own artifact after one `assessment_results` artifact per trial, and the
 * file `suite_results.json` that `run`/`demo --trials/--scenarios` write next to the per-trial
 * results. It is the shape leaderboard queries read (docs/DEPLOYMENT.md §7), and what the HTML
 * report (`ues-agentbeats report`) renders for a suite: one row per scenario, linking each trial's
 * `results_file`.
 *
 * Scores here are fractions of the maximum (score / max_score, 0..1), so scenarios with different
 * point totals average meaningfully. Per scenario: the mean over its trials with a two-sided 95 %
 * Student-t interval, pass@k and pass^k. Per family, per dimension and overall: plain means over
 * scenarios (each scenario weighs the same). Only what one shard ran is in its object; shards of
 * one suite hold disjoint scenarios, so their `scenarios` arrays concatenate into the whole.
 */

/** `error`: the trial produced no results at all (the green failed before its turns began). */
export const TRIAL_STATUSES = [...ASSESSMENT_STATUSES, 'error'] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

/** The family of a scenario whose `scenario.json` names none. */
export const UNASSIGNED_FAMILY = 'unassigned';

export const trialScoreSchema = z
  .object({
    score: nonNegativeNumber(),
    max_score: nonNegativeNumber(),
    fraction: fraction().describe('score / max_score; 0 when max_score is 0.'),
  })
  .meta({ id: 'TrialScore', title: 'trial_score' });

export const trialOutcomeSchema = z
  .object({
    trial: positiveInt().describe('1-based trial number within its scenario.'),
    seed: nonNegativeInt().describe('The seed this trial ran with (docs/PROTOCOL.md §4.3: trial seeds).'),
    assessment_id: z
      .string()
      .min(1)
      .nullable()
      .describe('The assessment_id of the trial’s assessment_results; null when it produced none.'),
    status: z.enum(TRIAL_STATUSES),
    passed: z.boolean().describe('status completed and overall.fraction >= the scenario’s pass_threshold.'),
    overall: trialScoreSchema.nullable().describe('null when the trial produced no results.'),
    dimensions: z.partialRecord(dimensionSchema, trialScoreSchema),
    duration_seconds: nonNegativeNumber().describe('Wall-clock duration of the trial.'),
    error: z.string().optional().describe('Why the trial failed or produced no results.'),
    results_file: z
      .string()
      .optional()
      .describe('Path of the trial’s results.json relative to suite_results.json (CLI runs only).'),
  })
  .superRefine((trial, ctx) => {
    if (trial.passed && (trial.status !== 'completed' || trial.overall === null)) {
      ctx.addIssue({ code: 'custom', path: ['passed'], message: 'only a completed, scored trial can pass' });
    }
  })
  .meta({ id: 'TrialOutcome', title: 'trial_outcome' });

export const meanWithIntervalSchema = z
  .object({
    mean: fraction(),
    n: positiveInt().describe('Trials the mean is over (those with a score in this dimension).'),
    stdev: nonNegativeNumber().nullable().describe('Sample standard deviation; null when n < 2.'),
    ci95_half_width: nonNegativeNumber()
      .nullable()
      .describe('t(0.975, n − 1) × stdev / √n; null when n < 2.'),
    ci95_low: fraction().nullable().describe('mean − half width, clamped to 0; null when n < 2.'),
    ci95_high: fraction().nullable().describe('mean + half width, clamped to 1; null when n < 2.'),
  })
  .meta({
    id: 'MeanWithInterval',
    title: 'mean_with_interval',
    description:
      'Mean of per-trial fractions with a two-sided 95 % Student-t confidence interval (n − 1 degrees of freedom).',
  });

export const SCENARIO_TRIALS_STATUSES = ['completed', 'partial', 'error'] as const;

export const scenarioTrialsSchema = z
  .object({
    scenario_id: z.string().min(1),
    family: z.string().min(1).describe(`The scenario's family, or "${UNASSIGNED_FAMILY}".`),
    content_hash: z.string().nullable().describe('metadata.content_hash of the trials; null if none ran.'),
    pass_threshold: fraction().describe('scenario.json scoring.pass_threshold (default 0.7).'),
    status: z
      .enum(SCENARIO_TRIALS_STATUSES)
      .describe('completed: every trial completed; error: the scenario could not be run; else partial.'),
    error: z.string().optional().describe('Why the scenario could not be run (status error).'),
    trials_run: nonNegativeInt(),
    trials_completed: nonNegativeInt(),
    trials_passed: nonNegativeInt(),
    trials: z.array(trialOutcomeSchema),
    overall: meanWithIntervalSchema.nullable().describe('null when no trial produced results.'),
    dimensions: z.partialRecord(dimensionSchema, meanWithIntervalSchema),
    pass_rate: fraction().nullable().describe('trials_passed / trials_run (= pass^1); null with no trials.'),
    pass_at_k: fraction()
      .nullable()
      .describe('1 when at least one of the k = trials_run trials passed, else 0; null with no trials.'),
    pass_hat_k: fraction()
      .nullable()
      .describe('pass^k: 1 when all k = trials_run trials passed, else 0; null with no trials.'),
    pass_at_curve: z
      .array(fraction())
      .describe('pass@j for j = 1..k, unbiased estimate from k trials: 1 − C(k−c, j) / C(k, j).'),
    pass_hat_curve: z
      .array(fraction())
      .describe('pass^j for j = 1..k, unbiased estimate from k trials: C(c, j) / C(k, j).'),
  })
  .superRefine((scenario, ctx) => {
    const check = (field: string, actual: number, expected: number): void => {
      if (actual !== expected) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} ${actual} should be ${expected}` });
      }
    };
    check('trials_run', scenario.trials_run, scenario.trials.length);
    check('trials_passed', scenario.trials_passed, scenario.trials.filter((t) => t.passed).length);
    check(
      'trials_completed',
      scenario.trials_completed,
      scenario.trials.filter((t) => t.status === 'completed').length,
    );
  })
  .meta({ id: 'ScenarioTrials', title: 'scenario_trials' });

export const familySummarySchema = z
  .object({
    family: z.string().min(1),
    scenarios: nonNegativeInt(),
    scenarios_scored: nonNegativeInt().describe('Scenarios with at least one scored trial.'),
    mean: fraction().nullable().describe('Mean over scored scenarios of their overall mean.'),
    dimensions: z.partialRecord(dimensionSchema, fraction()).describe('Mean over scenarios per dimension.'),
    pass_rate: fraction().nullable(),
    pass_at_k: fraction().nullable(),
    pass_hat_k: fraction().nullable(),
  })
  .meta({ id: 'FamilySummary', title: 'family_summary' });

export const suiteOverallSchema = z
  .object({
    scenarios: nonNegativeInt(),
    scenarios_scored: nonNegativeInt(),
    trials_run: nonNegativeInt(),
    trials_completed: nonNegativeInt(),
    trials_passed: nonNegativeInt(),
    mean: fraction().nullable().describe('Mean over scored scenarios of their overall mean.'),
    dimensions: z.partialRecord(dimensionSchema, fraction()).describe('Mean over scenarios per dimension.'),
    pass_rate: fraction().nullable().describe('Mean over scenarios with trials.'),
    pass_at_k: fraction().nullable().describe('Mean over scenarios with trials.'),
    pass_hat_k: fraction().nullable().describe('Mean over scenarios with trials.'),
  })
  .meta({ id: 'SuiteOverall', title: 'suite_overall' });

export const suiteShardSchema = z
  .object({
    index: nonNegativeInt(),
    count: positiveInt(),
  })
  .refine((shard) => shard.index < shard.count, { message: 'index must be < count' })
  .meta({ id: 'SuiteShard', title: 'suite_shard', description: '{index: 0, count: 1} when not sharded.' });

export const scenarioVersionSchema = z
  .object({
    version: z.string().nullable().describe('scenario.json version; null when the scenario did not load.'),
    content_hash: z.string().nullable().describe('Its content hash; null when it did not load.'),
  })
  .meta({ id: 'ScenarioVersion', title: 'scenario_version' });

export const suiteComparabilitySchema = z
  .object({
    check_library_version: z.string().min(1).describe('Version of the check library that scored the trials.'),
    scenario_versions: z
      .record(z.string(), scenarioVersionSchema)
      .describe('Every scenario of the selection (not only this shard’s), by id.'),
    trial_config: jsonObject().describe(
      'The request’s other config keys, given to every trial (max_turns, turn_timeout_seconds, …).',
    ),
    models: z.object({ response: z.string(), evaluation: z.string() }).describe('The green’s models.'),
  })
  .meta({
    id: 'SuiteComparability',
    title: 'suite_comparability',
    description:
      'What shards of one suite must share to be merged (`ues-agentbeats merge`), and runs to be compared.',
  });

export const SUITE_STATUSES = ['completed', 'partial'] as const;

export const suiteResultsSchema = z
  .object({
    message_type: z.literal('suite_results'),
    suite_id: z.string().min(1).describe('The A2A task id of the suite assessment.'),
    participant: z.string().min(1).describe('Participant role name from the assessment request.'),
    selection: z
      .string()
      .min(1)
      .describe('What was asked for: "all", "family:<name>", or scenario ids joined by commas.'),
    trials: positiveInt().describe('Trials per scenario (k).'),
    seed: nonNegativeInt().describe('The base seed; trial i of every scenario runs with seed + i − 1.'),
    shard: suiteShardSchema,
    total_scenarios: nonNegativeInt().describe('Scenarios in the selection, before sharding.'),
    scenario_ids: z.array(z.string().min(1)).describe('This shard’s scenarios, in the order they started.'),
    status: z
      .enum(SUITE_STATUSES)
      .describe('completed: every trial of every scenario completed; partial otherwise.'),
    duration_seconds: nonNegativeNumber(),
    software_version: z.string().optional(),
    comparability: suiteComparabilitySchema.optional(),
    scenarios: z.array(scenarioTrialsSchema),
    families: z.array(familySummarySchema).describe('One entry per family present, sorted by name.'),
    overall: suiteOverallSchema,
  })
  .meta({
    title: 'suite_results',
    description:
      'Aggregate of a multi-trial or multi-scenario assessment; each trial also has its own assessment_results. Fractions are score / max_score. A trial passes when its status is completed and its overall fraction reaches the scenario’s pass_threshold.',
  });

export type TrialScore = z.infer<typeof trialScoreSchema>;
export type TrialOutcome = z.infer<typeof trialOutcomeSchema>;
export type MeanWithInterval = z.infer<typeof meanWithIntervalSchema>;
export type ScenarioTrials = z.infer<typeof scenarioTrialsSchema>;
export type FamilySummary = z.infer<typeof familySummarySchema>;
export type SuiteOverall = z.infer<typeof suiteOverallSchema>;
export type SuiteShard = z.infer<typeof suiteShardSchema>;
export type ScenarioVersions = Record<string, z.infer<typeof scenarioVersionSchema>>;
export type SuiteComparability = z.infer<typeof suiteComparabilitySchema>;
export type SuiteResults = z.infer<typeof suiteResultsSchema>;
