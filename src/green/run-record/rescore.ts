import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import { parseResults, type AssessmentResults, type CriterionResult } from '../../protocol/index.js';
import { PACKAGE_VERSION } from '../../version.js';
import { scoreRun } from '../agent/evaluation.js';
import { onLastStateRead } from '../agent/partial-results.js';
import { hasFailedCriteria } from '../agent/results.js';
import { judgeInfo } from '../judge/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { noSimulatorClient } from './no-simulator-client.js';
import { RunDirectoryError, type LoadedRunDirectory } from './run-directory.js';
import { CHECK_LIBRARY_VERSION } from '../scenarios/scenario-extras.js';

/**
 * Re-scoring a finished run from what it saved: the evaluation input (action log, turns, reads,
 * initial and final state) and the scenario version at hand, with the same scoring the green
 * runs (checks, evaluators, judge, scoring contract) — no purple, no simulator. The new results
 * keep everything of the old that scoring does not decide (ids, turns, action log, timing).
 */

export interface RescoreJudge {
  /** Null: criteria that need an LLM are reported as not evaluated. */
  model: BaseChatModel | null;
  modelName: string;
}

export interface CriterionChange {
  criterion_id: string;
  before: number | null;
  after: number;
  max_score: number;
}

export interface RescoreOutcome {
  results: AssessmentResults;
  previous: AssessmentResults;
  /** The run's scenario content hash, and the one of the scenario rescored with. */
  contentHash: { run: string; scenario: string; changed: boolean };
  /** Criteria whose score changed (or that are new). */
  changes: CriterionChange[];
}

/** Statuses that come from how the run went, not from scoring: a rescore keeps them. */
const RUN_STATUSES = new Set(['failed', 'timeout']);

export async function rescoreRun(
  run: LoadedRunDirectory,
  scenario: LoadedScenario,
  judge: RescoreJudge,
  options: { logger: Logger; signal?: AbortSignal; now?: () => Date },
): Promise<RescoreOutcome> {
  const input = run.evaluationInput;
  if (input === undefined) {
    throw new RunDirectoryError(
      run.dir,
      'has no evaluation-input.json: the run ended before its evaluation, or was made before runs saved it; it cannot be rescored',
    );
  }
  if (input.scenario_id !== scenario.config.scenario_id) {
    throw new RunDirectoryError(
      run.dir,
      `is a run of scenario ${input.scenario_id}, not of ${scenario.config.scenario_id}`,
    );
  }
  const scored = await scoreRun(
    {
      actionLog: input.action_log,
      turns: input.turns,
      readCount: input.read_count,
      initialState: input.initial_state,
      finalState: input.final_state,
    },
    {
      scenario,
      client: noSimulatorClient(),
      evaluationModel: judge.model,
      evaluationModelName: judge.modelName,
      logger: options.logger,
      signal: options.signal ?? new AbortController().signal,
    },
  );
  // A failed run's final state is the last one its green read: the explanations keep saying so.
  const readAfter = input.final_state_read_after_turn;
  const evaluation =
    readAfter === undefined
      ? scored
      : onLastStateRead(scored, readAfter, input.final_state.time.current_time);
  const previous = run.results;
  const runHash = input.content_hash;
  const changed = runHash !== scenario.contentHash;
  const status = RUN_STATUSES.has(previous.status)
    ? previous.status
    : hasFailedCriteria(evaluation.results)
      ? 'incomplete'
      : 'completed';
  const results = parseResults({
    ...previous,
    status,
    scores: evaluation.scores,
    criteria_results: evaluation.results,
    judge: judgeInfo(evaluation.results, judge.modelName),
    metadata: {
      ...previous.metadata,
      models: { ...previous.metadata?.models, evaluation: judge.modelName },
      scenario_version: scenario.config.version,
      content_hash: scenario.contentHash,
      check_library_version: CHECK_LIBRARY_VERSION,
      scoring: { ...evaluation.summary },
      rescored: {
        at: (options.now?.() ?? new Date()).toISOString(),
        software_version: PACKAGE_VERSION,
        run_content_hash: runHash,
        content_hash_changed: changed,
        previous_overall: previous.scores.overall.score,
      },
    },
  });
  return {
    results,
    previous,
    contentHash: { run: runHash, scenario: scenario.contentHash, changed },
    changes: criterionChanges(previous.criteria_results, results.criteria_results),
  };
}

function criterionChanges(
  before: readonly CriterionResult[],
  after: readonly CriterionResult[],
): CriterionChange[] {
  const old = new Map(before.map((result) => [result.criterion_id, result]));
  return after.flatMap((result) => {
    const was = old.get(result.criterion_id);
    if (was !== undefined && Math.abs(was.score - result.score) < 1e-9) return [];
    return [
      {
        criterion_id: result.criterion_id,
        before: was?.score ?? null,
        after: result.score,
        max_score: result.max_score,
      },
    ];
  });
}
