import {
  DIMENSIONS,
  parseSuiteResults,
  type AssessmentResults,
  type Dimension,
  type FamilySummary,
  type ScenarioTrials,
  type SuiteComparability,
  type SuiteOverall,
  type SuiteResults,
  type SuiteShard,
  type TrialOutcome,
  type TrialScore,
  type TrialStatus,
} from '../../protocol/index.js';
import { mean, meanWithInterval, passCurves } from './statistics.js';

/**
 * From trials to the `suite_results` object: per trial its fractions and whether it passed, per
 * scenario the mean ± 95 % interval and pass@k / pass^k, then plain means over scenarios per
 * family, per dimension and overall. Everything above the scenario is a function of the scenario
 * entries alone, which is what lets shards merge (merge.ts).
 */

/** Slack for "reaches the pass threshold" (0.7 × 249 points is not exactly representable). */
const PASS_TOLERANCE = 1e-9;

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

function trialScore(score: number, maxScore: number): TrialScore {
  return { score, max_score: maxScore, fraction: maxScore > 0 ? clamp01(score / maxScore) : 0 };
}

/** What one trial produced: its results (possibly partial), or only an error. */
export interface TrialRecord {
  trial: number;
  seed: number;
  assessmentId: string;
  results: AssessmentResults | undefined;
  durationSeconds: number;
  error?: string | undefined;
}

/** Whether results pass: status completed and overall score / max_score ≥ the threshold. */
export function resultsPass(results: AssessmentResults, passThreshold: number): boolean {
  const { score, max_score: maxScore } = results.scores.overall;
  return (
    results.status === 'completed' && trialScore(score, maxScore).fraction + PASS_TOLERANCE >= passThreshold
  );
}

export function trialOutcome(record: TrialRecord, passThreshold: number): TrialOutcome {
  const { results } = record;
  const base = {
    trial: record.trial,
    seed: record.seed,
    duration_seconds: Math.max(0, record.durationSeconds),
    ...(record.error === undefined ? {} : { error: record.error }),
  };
  if (results === undefined) {
    return {
      ...base,
      assessment_id: null,
      status: 'error',
      passed: false,
      overall: null,
      dimensions: {},
    };
  }
  const dimensions: TrialOutcome['dimensions'] = {};
  for (const dimension of DIMENSIONS) {
    const value = results.scores.dimensions[dimension];
    if (value !== undefined) dimensions[dimension] = trialScore(value.score, value.max_score);
  }
  return {
    ...base,
    assessment_id: results.assessment_id,
    status: results.status satisfies TrialStatus,
    passed: resultsPass(results, passThreshold),
    overall: trialScore(results.scores.overall.score, results.scores.overall.max_score),
    dimensions,
  };
}

export interface ScenarioInfo {
  scenarioId: string;
  family: string;
  passThreshold: number;
  contentHash: string | null;
  /** Why the scenario could not be run at all (then there are no trials). */
  error?: string | undefined;
}

export function scenarioTrials(info: ScenarioInfo, trials: readonly TrialOutcome[]): ScenarioTrials {
  const sorted = [...trials].sort((a, b) => a.trial - b.trial);
  const overallValues = sorted.flatMap((trial) => (trial.overall ? [trial.overall.fraction] : []));
  const dimensions: ScenarioTrials['dimensions'] = {};
  for (const dimension of DIMENSIONS) {
    const values = sorted.flatMap((trial) => {
      const value = trial.dimensions[dimension];
      return value ? [value.fraction] : [];
    });
    if (values.length > 0) dimensions[dimension] = meanWithInterval(values);
  }
  const passed = sorted.filter((trial) => trial.passed).length;
  const completed = sorted.filter((trial) => trial.status === 'completed').length;
  const curves = passCurves(sorted.length, passed);
  const n = sorted.length;
  return {
    scenario_id: info.scenarioId,
    family: info.family,
    content_hash: info.contentHash,
    pass_threshold: info.passThreshold,
    status: n === 0 ? 'error' : completed === n && info.error === undefined ? 'completed' : 'partial',
    ...(info.error === undefined ? {} : { error: info.error }),
    trials_run: n,
    trials_completed: completed,
    trials_passed: passed,
    trials: sorted,
    overall: overallValues.length > 0 ? meanWithInterval(overallValues) : null,
    dimensions,
    pass_rate: n > 0 ? passed / n : null,
    pass_at_k: n > 0 ? curves.passAt[n - 1]! : null,
    pass_hat_k: n > 0 ? curves.passHat[n - 1]! : null,
    pass_at_curve: curves.passAt,
    pass_hat_curve: curves.passHat,
  };
}

const meanOrNull = (values: readonly number[]): number | null =>
  values.length > 0 ? clamp01(mean(values)) : null;

function dimensionMeans(scenarios: readonly ScenarioTrials[]): Partial<Record<Dimension, number>> {
  const result: Partial<Record<Dimension, number>> = {};
  for (const dimension of DIMENSIONS) {
    const value = meanOrNull(
      scenarios.flatMap((s) => (s.dimensions[dimension] ? [s.dimensions[dimension].mean] : [])),
    );
    if (value !== null) result[dimension] = value;
  }
  return result;
}

/** Means over scenarios: scores over those with a score, pass rates over those with trials. */
function meansOver(scenarios: readonly ScenarioTrials[]) {
  const scored = scenarios.filter((s) => s.overall !== null);
  const withTrials = scenarios.filter((s) => s.trials_run > 0);
  const pick = (field: 'pass_rate' | 'pass_at_k' | 'pass_hat_k'): number | null =>
    meanOrNull(withTrials.map((s) => s[field] ?? 0));
  return {
    scenarios: scenarios.length,
    scenarios_scored: scored.length,
    mean: meanOrNull(scored.map((s) => s.overall!.mean)),
    dimensions: dimensionMeans(scenarios),
    pass_rate: pick('pass_rate'),
    pass_at_k: pick('pass_at_k'),
    pass_hat_k: pick('pass_hat_k'),
  };
}

export function familySummaries(scenarios: readonly ScenarioTrials[]): FamilySummary[] {
  const families = [...new Set(scenarios.map((s) => s.family))].sort();
  return families.map((family) => ({ family, ...meansOver(scenarios.filter((s) => s.family === family)) }));
}

export function suiteOverall(scenarios: readonly ScenarioTrials[]): SuiteOverall {
  const sum = (field: 'trials_run' | 'trials_completed' | 'trials_passed'): number =>
    scenarios.reduce((total, s) => total + s[field], 0);
  const { scenarios: count, scenarios_scored, mean: overallMean, dimensions, ...pass } = meansOver(scenarios);
  return {
    scenarios: count,
    scenarios_scored,
    trials_run: sum('trials_run'),
    trials_completed: sum('trials_completed'),
    trials_passed: sum('trials_passed'),
    mean: overallMean,
    dimensions,
    ...pass,
  };
}

export interface SuiteResultsInput {
  suiteId: string;
  participant: string;
  selection: string;
  trials: number;
  seed: number;
  shard: SuiteShard;
  totalScenarios: number;
  durationSeconds: number;
  softwareVersion?: string | undefined;
  comparability?: SuiteComparability | undefined;
  /** In run order. */
  scenarios: readonly ScenarioTrials[];
}

/** The validated `suite_results` object. */
export function buildSuiteResults(input: SuiteResultsInput): SuiteResults {
  const scenarios = [...input.scenarios];
  return parseSuiteResults({
    message_type: 'suite_results',
    suite_id: input.suiteId,
    participant: input.participant,
    selection: input.selection,
    trials: input.trials,
    seed: input.seed,
    shard: input.shard,
    total_scenarios: input.totalScenarios,
    scenario_ids: scenarios.map((s) => s.scenario_id),
    status: scenarios.every((s) => s.status === 'completed') ? 'completed' : 'partial',
    duration_seconds: Math.max(0, input.durationSeconds),
    ...(input.softwareVersion === undefined ? {} : { software_version: input.softwareVersion }),
    ...(input.comparability === undefined ? {} : { comparability: input.comparability }),
    scenarios,
    families: familySummaries(scenarios),
    overall: suiteOverall(scenarios),
  });
}
