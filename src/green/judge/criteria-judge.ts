import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import { LlmOutputError, isOfflineChatModel, mapWithConcurrency } from '../../llm/index.js';
import type { CriterionResult } from '../../protocol/index.js';
import { criterionRequiresLlm, type EvaluationCriterion } from '../scenarios/schema.js';
import { evaluateWithRubric } from './rubric.js';
import { runCheck, type CheckOutcome } from '../checks/index.js';
import {
  evalResultSchema,
  failedResult,
  offlineResult,
  toCriterionResult,
  type EvaluationMethod,
} from './scoring.js';
import type { EvalContext, EvalResult, Evaluator } from './types.js';

export interface CriteriaJudgeOptions {
  /** The scenario's criteria; results keep this order. */
  criteria: readonly EvaluationCriterion[];
  /** Programmatic evaluators by `evaluator_id`. */
  evaluators: ReadonlyMap<string, Evaluator>;
  /** The judge model, or null offline. An `OfflineChatModel` counts as offline: it cannot score. */
  model: BaseChatModel | null;
  /** Recorded in LLM-judged details, e.g. "gpt-4o-mini". */
  modelName: string;
  /** Called once per criterion, in criterion order, and awaited (e.g. to publish an update). */
  onCriterion?: (result: CriterionResult, method: EvaluationMethod) => Promise<void>;
  /** Criteria evaluated at once. Default 4. */
  concurrency?: number;
  logger?: Logger;
}

export class EvaluatorNotFoundError extends Error {
  override readonly name = 'EvaluatorNotFoundError';
  constructor(
    readonly criterionId: string,
    readonly evaluatorId: string,
    available: readonly string[],
  ) {
    super(
      `criterion "${criterionId}" names evaluator "${evaluatorId}", which the scenario does not export ` +
        `(exported: ${available.length ? available.join(', ') : 'none'}), and has no evaluation_prompt to fall back on`,
    );
  }
}

export class InvalidEvalResultError extends Error {
  override readonly name = 'InvalidEvalResultError';
}

/**
 * Scores every criterion of a scenario on its own: a check from the library (`check`), else a
 * registered programmatic evaluator, else the LLM rubric (`evaluation_prompt`). Without a judge
 * model, criteria that need one are reported as not evaluated (reason `offline`). A failure — a
 * model call that failed after its retries, or a check that threw — is reported as not evaluated
 * (reason `judge_error` or `check_error`, with the message), never as a score; one criterion's
 * failure never affects another. The scoring contract (contract.ts) is applied afterwards.
 */
export class CriteriaJudge {
  private readonly options: CriteriaJudgeOptions;
  private readonly model: BaseChatModel | null;

  constructor(options: CriteriaJudgeOptions) {
    this.options = options;
    this.model = options.model && !isOfflineChatModel(options.model) ? options.model : null;
    for (const criterion of options.criteria) {
      const id = criterion.evaluator_id;
      if (id && !options.evaluators.has(id)) {
        options.logger?.warn(
          {
            criterion_id: criterion.criterion_id,
            evaluator_id: id,
            llm_fallback: Boolean(criterion.evaluation_prompt),
          },
          'criterion names an evaluator the scenario does not export',
        );
      }
    }
  }

  /** True when the judge has a model that can score rubrics. */
  get hasModel(): boolean {
    return this.model !== null;
  }

  /** Evaluates every criterion; results in criterion order, `onCriterion` called in that order too. */
  async evaluateAll(base: Omit<EvalContext, 'criterion'>): Promise<CriterionResult[]> {
    const { criteria } = this.options;
    const results: Array<{ result: CriterionResult; method: EvaluationMethod } | undefined> = new Array(
      criteria.length,
    );
    let reported = 0;
    let reporting = Promise.resolve();
    const reportReady = async (): Promise<void> => {
      while (reported < criteria.length && results[reported]) {
        const { result, method } = results[reported]!;
        reported++;
        await this.report(result, method);
      }
    };
    await mapWithConcurrency(criteria, this.options.concurrency ?? 4, async (criterion, index) => {
      results[index] = await this.evaluateOne(criterion, base);
      reporting = reporting.then(reportReady);
      await reporting;
    });
    await reporting;
    return results.map((entry) => entry!.result);
  }

  private async report(result: CriterionResult, method: EvaluationMethod): Promise<void> {
    if (!this.options.onCriterion) return;
    try {
      await this.options.onCriterion(result, method);
    } catch (error) {
      // Publishing is best effort; the score itself is kept.
      this.options.logger?.warn({ err: error, criterion_id: result.criterion_id }, 'onCriterion failed');
    }
  }

  private async evaluateOne(
    criterion: EvaluationCriterion,
    base: Omit<EvalContext, 'criterion'>,
  ): Promise<{ result: CriterionResult; method: EvaluationMethod }> {
    const check = criterion.check;
    const evaluator =
      !check && criterion.evaluator_id ? this.options.evaluators.get(criterion.evaluator_id) : undefined;
    const method: EvaluationMethod = check
      ? check.kind === 'rubric'
        ? 'llm'
        : 'programmatic'
      : evaluator || !criterion.evaluation_prompt
        ? 'programmatic'
        : 'llm';
    if (this.model === null && (criterionRequiresLlm(criterion) || method === 'llm')) {
      return { result: offlineResult(criterion, method), method };
    }
    const ctx: EvalContext = { ...base, criterion, llm: this.model };
    try {
      base.signal.throwIfAborted();
      if (check) return { result: outcomeResult(criterion, await runCheck(ctx, check), method), method };
      let raw: EvalResult;
      if (evaluator) raw = await evaluator(ctx, criterion.params ?? {});
      else if (criterion.evaluation_prompt)
        raw = await evaluateWithRubric(this.model!, this.options.modelName, ctx);
      else {
        throw new EvaluatorNotFoundError(criterion.criterion_id, criterion.evaluator_id ?? '', [
          ...this.options.evaluators.keys(),
        ]);
      }
      const checked = evalResultSchema.safeParse(raw);
      if (!checked.success) {
        throw new InvalidEvalResultError(
          `evaluator "${criterion.evaluator_id}" returned an invalid result: ${checked.error.issues
            .map((issue) => `${issue.path.join('.') || 'result'}: ${issue.message}`)
            .join('; ')}`,
        );
      }
      return {
        result: toCriterionResult(
          criterion,
          { ...checked.data, details: checked.data.details ?? undefined },
          method,
        ),
        method,
      };
    } catch (error) {
      if (base.signal.aborted) throw error;
      const reason = method === 'llm' || isModelError(error) ? 'judge_error' : 'check_error';
      this.options.logger?.warn(
        { err: error, criterion_id: criterion.criterion_id, reason },
        'criterion not evaluated',
      );
      return { result: failedResult(criterion, error, method, reason), method };
    }
  }
}

/** A check's outcome on the criterion's scale, with its evidence. */
function outcomeResult(
  criterion: EvaluationCriterion,
  outcome: CheckOutcome,
  method: EvaluationMethod,
): CriterionResult {
  const kind = criterion.check!.kind;
  return toCriterionResult(
    criterion,
    {
      score: outcome.fraction * criterion.max_score,
      max_score: criterion.max_score,
      explanation: outcome.explanation,
      details: {
        check: kind,
        fraction: Math.round(outcome.fraction * 1000) / 1000,
        ...(kind === 'minefields' ? { minefield_triggered: outcome.fraction === 0 } : {}),
        evidence: outcome.evidence,
      },
    },
    method,
  );
}

/** Errors of a model call (provider, network, unusable answer), as opposed to a check's own bug. */
function isModelError(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof LlmOutputError) return true;
    const status = (cause as { status?: unknown }).status;
    if (typeof status === 'number') return true;
    if (
      /^(APIError|APIConnectionError|APIConnectionTimeoutError|RateLimitError|InternalServerError|AuthenticationError|ModelCallError|LlmCallError)$/.test(
        cause.name,
      )
    )
      return true;
  }
  return false;
}
