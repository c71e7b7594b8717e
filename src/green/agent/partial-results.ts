import {
  computeScores,
  parseResults,
  type AssessmentResults,
  type CriterionResult,
} from '../../protocol/index.js';
import { applyScoringContract } from '../judge/contract.js';
import { noSimulatorClient } from '../run-record/no-simulator-client.js';
import { scoreRun, type Evaluation, type ScoringEnvironment, type ScoringInput } from './evaluation.js';
import { buildResults, type ResultsInput } from './results.js';

/**
 * The results of an assessment that broke after the purple started working (its simulator died,
 * a green step failed): everything recorded until then — turns, action log, reads — with status
 * `failed`, `metadata.end_reason: "green_error"` and the error in `metadata.failure`. The criteria
 * are scored as far as they can be on the last state the green read (after the last turn whose
 * characters it ran; the initial state before that), with the same checks, judge and scoring
 * contract as a finished run; `metadata.partial_evaluation` says which state that was. A criterion
 * that cannot be computed from it (an evaluator that asks the simulator, a judge call that fails)
 * is `evaluated: false` with its reason; when scoring itself breaks, every criterion is.
 */

export type PartialResultsInput = Omit<ResultsInput, 'endReason' | 'evaluation'>;

/** A run that broke: who ran it, and what it recorded, with the last state read as its final state. */
export interface PartialRun {
  taskId: string;
  participantRole: string;
  settings: ResultsInput['settings'];
  startedAtMs: number;
  record: ScoringInput & { finalStateReadAfterTurn: number };
}

export async function evaluatePartialRun(
  run: PartialRun,
  failure: unknown,
  env: Omit<ScoringEnvironment, 'client'>,
): Promise<AssessmentResults> {
  const { record, ...who } = run;
  const input: PartialResultsInput = {
    ...who,
    scenario: env.scenario,
    turnsTaken: record.turns.length,
    readCount: record.readCount,
    actionLog: record.actionLog,
  };
  const message = errorText(failure);
  let evaluation: Evaluation;
  try {
    evaluation = await scoreRun(record, {
      ...env,
      client: noSimulatorClient('the assessment failed: its simulator is no longer asked'),
    });
  } catch (error) {
    env.logger.error({ err: error }, 'could not score the partial run; no criterion is evaluated');
    return buildPartialResults(input, failure);
  }
  const scored = onLastStateRead(
    evaluation,
    record.finalStateReadAfterTurn,
    record.finalState.time.current_time,
  );
  return failedResults(input, scored, message, {
    partial_evaluation: {
      final_state: 'last_read',
      read_after_turn: record.finalStateReadAfterTurn,
      simulated_time: record.finalState.time.current_time,
    },
  });
}

/** The partial results with no criterion evaluated (the state to score is unknown). */
export function buildPartialResults(
  input: PartialResultsInput,
  failure: unknown,
  now: number = Date.now(),
): AssessmentResults {
  const message = errorText(failure);
  const criteriaResults: CriterionResult[] = input.scenario.config.criteria.map((criterion) => ({
    message_type: 'criterion_result',
    criterion_id: criterion.criterion_id,
    name: criterion.name,
    dimension: criterion.dimension,
    score: 0,
    max_score: criterion.max_score,
    explanation: `Not evaluated: the assessment failed before evaluation (${firstLine(message)}).`,
    details: { evaluated: false, reason: 'assessment_failed', error: firstLine(message) },
  }));
  const { summary } = applyScoringContract(
    input.scenario.config.criteria,
    criteriaResults,
    input.scenario.config.scoring,
  );
  const evaluation = { results: criteriaResults, scores: computeScores(criteriaResults), summary };
  return failedResults(input, evaluation, message, {}, now);
}

function failedResults(
  input: PartialResultsInput,
  evaluation: Evaluation,
  message: string,
  metadata: Record<string, unknown>,
  now: number = Date.now(),
): AssessmentResults {
  // The shared builder decides `status` from the end reason; a green failure is not one of the
  // turn loop's end reasons, so the fields that say what happened are set here.
  const built = buildResults({ ...input, endReason: 'consecutive_failures', evaluation }, now);
  return parseResults({
    ...built,
    status: 'failed',
    metadata: { ...built.metadata, end_reason: 'green_error', failure: message, ...metadata },
  });
}

/**
 * The evaluation of a run that broke, scored on the last state read (after turn `afterTurn`, at
 * `time`): each scored criterion's explanation says so (`rescore` of such a run too).
 */
export function onLastStateRead(evaluation: Evaluation, afterTurn: number, time: string): Evaluation {
  const state = describeState(afterTurn, time);
  const results = evaluation.results.map((result) =>
    result.details?.['evaluated'] === false
      ? result
      : { ...result, explanation: `Scored on ${state}, the run having failed: ${result.explanation}` },
  );
  return { ...evaluation, results };
}

/** Which state the partial scores rest on, for the criteria's explanations. */
function describeState(afterTurn: number, time: string): string {
  return afterTurn === 0
    ? `the initial state (${time}; the run broke before the green read a turn's state)`
    : `the state the green last read, after turn ${afterTurn}'s actions (${time})`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
