import { HumanMessage } from '@langchain/core/messages';
import type { Logger } from 'pino';
import { DEFAULT_CALL_POLICY } from './call-policy.js';
import { ModelCheckError } from './errors.js';
import {
  createChatModel,
  describeModelEndpoint,
  isOfflineModel,
  type ChatModelOptions,
  type LlmEnv,
} from './factory.js';

/**
 * The check a green makes before an assessment: one small call to each configured provider model,
 * so a bad key, a wrong base URL, an unknown model or a dead server stops the run before any turn
 * (with a message naming provider, address and status) instead of turning into silently lost
 * character replies or judge scores. A success is remembered for a few minutes per model, so a
 * busy green does not call the provider before every assessment.
 */

export interface ModelCheckTarget {
  /** What the model is for, in the error message: e.g. "characters (response)". */
  role: string;
  options: ChatModelOptions;
}

export interface ModelCheckerOptions {
  env: LlmEnv;
  /** How long a success is trusted. Default 5 minutes. */
  successTtlMs?: number;
  /** Per-call timeout of the check call (capped by the model's own). Default 30 s. */
  checkTimeoutMs?: number;
  /** Retry budget of the check call (capped by the model's own). Default 10 s. */
  checkBudgetMs?: number;
  logger?: Logger;
  now?: () => number;
}

export const DEFAULT_CHECK_SUCCESS_TTL_MS = 5 * 60_000;
const CHECK_PROMPT = 'This is a connectivity check. Reply with the single word OK.';

export class ModelChecker {
  private readonly verifiedAt = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly options: ModelCheckerOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Checks every non-offline target (in parallel).
   * @throws ModelCheckError for the first target that fails, naming its role and the provider's answer.
   */
  async check(targets: readonly ModelCheckTarget[], signal?: AbortSignal): Promise<void> {
    const pending = targets
      .filter((target) => !isOfflineModel(target.options.model))
      .map((target) => this.checkOne(target, signal));
    const outcomes = await Promise.allSettled(pending);
    signal?.throwIfAborted();
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }

  /** Forgets remembered successes (e.g. after a provider error mid-run). */
  forget(): void {
    this.verifiedAt.clear();
  }

  private checkOne(target: ModelCheckTarget, signal: AbortSignal | undefined): Promise<void> {
    const endpoint = describeModelEndpoint(target.options, this.options.env);
    const key = `${endpoint.provider}\u0000${endpoint.model}\u0000${endpoint.baseUrl}`;
    const verified = this.verifiedAt.get(key);
    const ttl = this.options.successTtlMs ?? DEFAULT_CHECK_SUCCESS_TTL_MS;
    if (verified !== undefined && this.now() - verified < ttl) return Promise.resolve();
    // One check per model at a time, shared by everyone waiting; it is bounded by the check's own
    // timeout and budget, so each caller only stops waiting when its signal fires.
    let running = this.inFlight.get(key);
    if (running === undefined) {
      running = this.call(target)
        .then(() => {
          this.verifiedAt.set(key, this.now());
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return untilAborted(running, signal);
  }

  private async call(target: ModelCheckTarget): Promise<void> {
    const own = { ...DEFAULT_CALL_POLICY, ...target.options.callPolicy };
    const callPolicy = {
      ...own,
      callTimeoutMs: Math.min(own.callTimeoutMs, this.options.checkTimeoutMs ?? 30_000),
      retryBudgetMs: Math.min(own.retryBudgetMs, this.options.checkBudgetMs ?? 10_000),
    };
    try {
      const model = createChatModel({ ...target.options, callPolicy }, this.options.env);
      await model.invoke([new HumanMessage(CHECK_PROMPT)]);
      this.options.logger?.debug({ role: target.role, model: target.options.model }, 'model check passed');
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.options.logger?.warn({ role: target.role, err: failure }, 'model check failed');
      throw new ModelCheckError(target.role, failure);
    }
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
