import { z } from 'zod';
import {
  computeScores,
  isEvaluated,
  type CriterionResult,
  type JudgeInfo,
  type Scores,
  type UpdateFields,
} from '../../protocol/index.js';
import type { EvaluationCriterion } from '../scenarios/schema.js';
import type { EvalResult } from './types.js';

export type EvaluationMethod = 'programmatic' | 'llm';

/** What an evaluator must return; scenario code is checked like any other input. */
export const evalResultSchema = z.object({
  score: z.number(),
  max_score: z.number().positive(),
  explanation: z.string(),
  details: z.record(z.string(), z.unknown()).nullish(),
});

/** Details must be plain JSON to travel in the result artifact. */
function jsonDetails(details: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!details) return {};
  try {
    return JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
  } catch (error) {
    return { details_error: `details were not JSON-serialisable: ${(error as Error).message}` };
  }
}

function base(criterion: EvaluationCriterion): Omit<CriterionResult, 'score' | 'explanation' | 'details'> {
  return {
    message_type: 'criterion_result',
    criterion_id: criterion.criterion_id,
    name: criterion.name,
    dimension: criterion.dimension,
    max_score: criterion.max_score,
  };
}

/** Two decimals: enough for rescaled points, short in reports. */
function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * An evaluator's result on the criterion's scale: rescaled from the evaluator's `max_score`,
 * clamped to [0, max]. `details.evaluated === false` passes through as not evaluated (score 0).
 */
export function toCriterionResult(
  criterion: EvaluationCriterion,
  result: EvalResult,
  method: EvaluationMethod,
): CriterionResult {
  const details: Record<string, unknown> = { method, ...jsonDetails(result.details) };
  if (details.evaluated === false) {
    return { ...base(criterion), score: 0, explanation: result.explanation, details };
  }
  const max = criterion.max_score;
  const scaled = result.max_score === max ? result.score : (result.score * max) / result.max_score;
  const score = roundScore(Math.min(max, Math.max(0, scaled)));
  if (score !== result.score) {
    details.raw_score = result.score;
    details.raw_max_score = result.max_score;
  }
  return { ...base(criterion), score, explanation: result.explanation, details };
}

/** Why a criterion is left out of the totals. */
export type NotEvaluatedReason = 'offline' | 'judge_error' | 'check_error';

/**
 * A criterion whose evaluation failed: not evaluated (outside the totals), with the reason and
 * the underlying message — never a 0 that reads as the assistant's fault. `judge_error` (a model
 * call failed after its retries) and `check_error` (a check or evaluator failed) make the
 * results status `incomplete`.
 */
export function failedResult(
  criterion: EvaluationCriterion,
  error: unknown,
  method: EvaluationMethod,
  reason: Exclude<NotEvaluatedReason, 'offline'>,
): CriterionResult {
  const message = error instanceof Error ? error.message : String(error);
  const errorType = error instanceof Error ? error.name : typeof error;
  const what = reason === 'judge_error' ? 'the judge model call failed' : 'the check failed';
  return {
    ...base(criterion),
    score: 0,
    explanation: `Not evaluated: ${what}: ${message}`,
    details: { method, evaluated: false, reason, error: message, error_type: errorType },
  };
}

/** A criterion that needs an LLM in a run without one: reported, score 0, outside the totals. */
export function offlineResult(criterion: EvaluationCriterion, method: EvaluationMethod): CriterionResult {
  const reason = `Not evaluated: criterion "${criterion.criterion_id}" needs an LLM judge and this run has no evaluation model (offline). It is left out of the totals.`;
  return {
    ...base(criterion),
    score: 0,
    explanation: reason,
    details: { method, evaluated: false, reason: 'offline' },
  };
}

/** Dimension and overall totals of the evaluated criteria (not-evaluated ones are left out). */
export function summarizeScores(results: readonly CriterionResult[]): Scores {
  return computeScores(results);
}

/** The `update_criterion_evaluated` fields for a result, for `TaskUpdateEmitter.criterionEvaluated`. */
export function criterionEvaluatedUpdate(
  result: CriterionResult,
  method: EvaluationMethod,
): UpdateFields<'update_criterion_evaluated'> {
  return {
    criterion_id: result.criterion_id,
    criterion_name: result.name,
    dimension: result.dimension,
    score: result.score,
    max_score: result.max_score,
    evaluation_method: method,
    evaluated: isEvaluated(result),
  };
}

/** The result artifact's `judge` block. */
export function judgeInfo(results: readonly CriterionResult[], modelName: string): JudgeInfo {
  const evaluated = results.filter((result) => isEvaluated(result)).length;
  return {
    model: modelName,
    criteria_evaluated: evaluated,
    criteria_not_evaluated: results.length - evaluated,
  };
}
