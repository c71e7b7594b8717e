import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import { LlmCallError, isRetryableKind, type ModelEndpoint } from './errors.js';
import { classifyProviderError } from './failure-classification.js';

/**
 * Timeouts and retries for every provider call, applied once to each model the factory builds.
 * Provider SDKs retry on their own with their own limits (some for minutes, Ollama never); here
 * their retries are off and one policy holds for all of them:
 * - each call gets `callTimeoutMs`;
 * - retryable failures (429, 5xx, network, timeouts) are retried with backoff while the
 *   `retryBudgetMs` since the first attempt lasts, so a dead provider costs about that long;
 * - anything else (bad key, unknown model, bad request) fails at once;
 * - the failure is an `LlmCallError` naming provider, model, base URL and status.
 */

export interface CallPolicy {
  /** Longest wait for one provider call. */
  callTimeoutMs: number;
  /** No new attempt starts once this long has passed since the first one (0 = no retries). */
  retryBudgetMs: number;
  /** First backoff delay; doubles per retry up to 8× this. */
  initialBackoffMs?: number;
}

export const DEFAULT_CALL_POLICY: Readonly<Required<CallPolicy>> = {
  callTimeoutMs: 60_000,
  retryBudgetMs: 60_000,
  initialBackoffMs: 1_000,
};

/** Longest a timer can wait (setTimeout overflows above it). */
export const MAX_TIMER_MS = 2_147_483_647;

type Generate = (
  messages: BaseMessage[],
  options: BaseChatModel['ParsedCallOptions'],
  runManager?: CallbackManagerForLLMRun,
) => Promise<ChatResult>;

const attemptSignals = new AsyncLocalStorage<AbortSignal>();
const POLICY_APPLIED = Symbol('callPolicyApplied');

/**
 * The signal of the provider call attempt in progress, for SDKs that do not take the call's own
 * signal all the way to their fetch (Ollama): their fetch can combine it with its own.
 */
export function currentAttemptSignal(): AbortSignal | undefined {
  return attemptSignals.getStore();
}

/**
 * Makes every generation of `model` follow `policy`. The model keeps its class (tool binding,
 * structured output and everything built on them go through the same calls).
 */
export function applyCallPolicy<M extends BaseChatModel>(
  model: M,
  endpoint: ModelEndpoint,
  policy: Partial<CallPolicy>,
  logger?: Logger,
): M {
  const settings = { ...DEFAULT_CALL_POLICY, ...policy };
  validatePolicy(settings);
  const marked = model as M & { [POLICY_APPLIED]?: true };
  if (marked[POLICY_APPLIED]) return model;
  marked[POLICY_APPLIED] = true;
  const original = (model._generate as Generate).bind(model);
  // Streaming callbacks would bypass `_generate`; the policy must see every call.
  model.disableStreaming = true;
  const generate: Generate = (messages, options, runManager) =>
    callWithPolicy(
      (signal) => attemptSignals.run(signal, () => original(messages, { ...options, signal }, runManager)),
      { endpoint, policy: settings, signal: options.signal, logger },
    );
  (model as unknown as { _generate: Generate })._generate = generate;
  // Some providers (ChatOpenAI) answer withConfig — and so bindTools and withStructuredOutput —
  // with a new instance of their class; it gets the same policy.
  const withConfig = model.withConfig.bind(model);
  model.withConfig = ((config: Parameters<M['withConfig']>[0]) => {
    const configured = withConfig(config);
    return configured instanceof BaseChatModel && configured !== model
      ? applyCallPolicy(configured, endpoint, settings, logger)
      : configured;
  }) as M['withConfig'];
  return model;
}

function validatePolicy(policy: Required<CallPolicy>): void {
  const check = (name: string, value: number, min: number) => {
    if (!Number.isFinite(value) || value < min || value > MAX_TIMER_MS) {
      throw new RangeError(
        `${name} must be a number of milliseconds in [${min}, ${MAX_TIMER_MS}], got ${value}`,
      );
    }
  };
  check('callTimeoutMs', policy.callTimeoutMs, 1);
  check('retryBudgetMs', policy.retryBudgetMs, 0);
  check('initialBackoffMs', policy.initialBackoffMs, 0);
}

export interface PolicyCall {
  endpoint: ModelEndpoint;
  policy: Required<CallPolicy>;
  /** The caller's signal: aborting it ends the call at once, without retries. */
  signal?: AbortSignal | undefined;
  logger?: Logger | undefined;
}

/** Runs `work` (one provider call per invocation) under the policy. */
export async function callWithPolicy<T>(
  work: (signal: AbortSignal) => Promise<T>,
  call: PolicyCall,
): Promise<T> {
  const { endpoint, policy, signal } = call;
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    try {
      return await withTimeout(work, policy.callTimeoutMs, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : error;
      const failure =
        error instanceof AttemptTimeoutError
          ? {
              kind: 'timeout' as const,
              status: undefined,
              message: error.message,
              retryAfterMs: undefined,
            }
          : classifyProviderError(error);
      // Not a provider failure (a bug, an output the caller cannot use): not ours to retry.
      if (failure === undefined) throw error;
      const elapsed = Date.now() - started;
      const backoff = Math.min(policy.initialBackoffMs * 2 ** (attempt - 1), policy.initialBackoffMs * 8);
      const delay = Math.max(backoff, failure.retryAfterMs ?? 0);
      if (!isRetryableKind(failure.kind) || elapsed + delay >= policy.retryBudgetMs) {
        throw new LlmCallError(endpoint, failure.kind, failure.status, failure.message, attempt, elapsed, {
          cause: error,
        });
      }
      call.logger?.warn(
        { provider: endpoint.provider, model: endpoint.model, attempt, status: failure.status, delay },
        `model call failed (${failure.kind}); retrying`,
      );
      await sleep(delay, signal);
    }
  }
}

/** One attempt took longer than the per-call timeout. */
class AttemptTimeoutError extends Error {
  override readonly name = 'AttemptTimeoutError';
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s (per-call timeout)`);
  }
}

/**
 * Runs one attempt with its own signal, and gives up on it when the timeout or the caller's signal
 * fires — also when the SDK ignores the signal (the late answer is dropped).
 */
function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): Promise<T> {
  const controller = new AbortController();
  const signal = callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => controller.abort(new AttemptTimeoutError(timeoutMs)), timeoutMs);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    let running: Promise<T>;
    try {
      running = work(signal);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        // An SDK that noticed our timeout reports its own abort error; ours says more.
        reject(signal.aborted ? signal.reason : error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ms <= 0) {
      resolve();
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
