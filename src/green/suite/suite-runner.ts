import { performance } from 'node:perf_hooks';
import {
  parseResults,
  type AssessmentResults,
  type ScenarioTrials,
  type TrialOutcome,
} from '../../protocol/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { familyOf, trialSeed, type SuiteEntry } from './selection.js';
import { resultsPass, scenarioTrials, trialOutcome, type TrialRecord } from './summary.js';

/**
 * Runs a suite's trials — every scenario entry × `trials` — at most `concurrency` at a time, in a
 * stable order (scenario by scenario, trial 1 first), and returns each scenario's trials summary.
 * A trial that fails is recorded and the others go on; only cancellation (`signal`) stops the
 * suite, by rejecting with the signal's reason once the trials in flight have unwound.
 */

export interface SuiteTrial {
  /** 0-based position in the run order. */
  position: number;
  scenario: LoadedScenario;
  trial: number;
  trials: number;
  seed: number;
  /** `<suite id>/<scenario id>/<trial>`: the trial's assessment_results.assessment_id. */
  assessmentId: string;
}

/** What running one trial gave: results (possibly partial, `failed`), and/or why it failed. */
export interface TrialRun {
  results?: AssessmentResults | undefined;
  error?: string | undefined;
}

export interface SuiteRunOptions {
  suiteId: string;
  entries: readonly SuiteEntry[];
  trials: number;
  baseSeed: number;
  concurrency: number;
  signal: AbortSignal;
  /** Runs one trial. Throwing counts as a trial without results (unless the suite was canceled). */
  runTrial(trial: SuiteTrial, signal: AbortSignal): Promise<TrialRun>;
  onTrialStarted?(trial: SuiteTrial, started: number, total: number): Promise<void> | void;
  /** Told each trial's results, tagged with `metadata.trial`, as soon as it ends. */
  onTrialResults?(trial: SuiteTrial, results: AssessmentResults): Promise<void> | void;
  onTrialCompleted?(
    trial: SuiteTrial,
    outcome: TrialOutcome,
    completed: number,
    total: number,
  ): Promise<void> | void;
}

/** The trial's results with `metadata.trial` set, validated. */
export function tagTrialResults(
  results: AssessmentResults,
  trial: SuiteTrial,
  suiteId: string,
): AssessmentResults {
  const passThreshold = trial.scenario.config.scoring.pass_threshold;
  return parseResults({
    ...results,
    metadata: {
      ...results.metadata,
      trial: {
        index: trial.trial,
        count: trial.trials,
        suite_id: suiteId,
        pass_threshold: passThreshold,
        passed: resultsPass(results, passThreshold),
      },
    },
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runSuite(options: SuiteRunOptions): Promise<ScenarioTrials[]> {
  const plan: SuiteTrial[] = [];
  for (const entry of options.entries) {
    if (entry.scenario === undefined) continue;
    for (let trial = 1; trial <= options.trials; trial += 1) {
      plan.push({
        position: plan.length,
        scenario: entry.scenario,
        trial,
        trials: options.trials,
        seed: trialSeed(options.baseSeed, trial),
        assessmentId: `${options.suiteId}/${entry.id}/${trial}`,
      });
    }
  }
  const outcomes = new Map<string, TrialOutcome[]>();
  let started = 0;
  let completed = 0;

  const runOne = async (trial: SuiteTrial): Promise<void> => {
    started += 1;
    await options.onTrialStarted?.(trial, started, plan.length);
    const begin = performance.now();
    let run: TrialRun;
    try {
      run = await options.runTrial(trial, options.signal);
    } catch (error) {
      if (options.signal.aborted) throw error;
      run = { error: messageOf(error) };
    }
    if (options.signal.aborted) options.signal.throwIfAborted();
    const results =
      run.results === undefined ? undefined : tagTrialResults(run.results, trial, options.suiteId);
    if (results !== undefined) await options.onTrialResults?.(trial, results);
    const record: TrialRecord = {
      trial: trial.trial,
      seed: trial.seed,
      assessmentId: trial.assessmentId,
      results,
      durationSeconds: (performance.now() - begin) / 1_000,
      error: run.error,
    };
    const outcome = trialOutcome(record, trial.scenario.config.scoring.pass_threshold);
    const id = trial.scenario.config.scenario_id;
    outcomes.set(id, [...(outcomes.get(id) ?? []), outcome]);
    completed += 1;
    await options.onTrialCompleted?.(trial, outcome, completed, plan.length);
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.length && !options.signal.aborted) {
      const trial = plan[next]!;
      next += 1;
      await runOne(trial);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, plan.length));
  const settled = await Promise.allSettled(Array.from({ length: workers }, worker));
  options.signal.throwIfAborted();
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;

  return options.entries.map((entry) =>
    scenarioTrials(
      {
        scenarioId: entry.id,
        family: entry.scenario ? familyOf(entry.scenario) : 'unassigned',
        passThreshold: entry.scenario?.config.scoring.pass_threshold ?? 0.7,
        contentHash: entry.scenario?.contentHash ?? null,
        error: entry.error,
      },
      outcomes.get(entry.id) ?? [],
    ),
  );
}
