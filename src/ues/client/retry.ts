import { setTimeout as delay } from 'node:timers/promises';
import { UesApiError, UesConnectionError, UesTimeoutError } from './errors.js';

/** Waits `ms` milliseconds; rejects with the signal's reason if it is aborted first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

export interface RetryOptions {
  /** Further attempts after the first one. Default 3. */
  maxRetries?: number;
  /** Back-off before retry n (0-based) is `baseDelayMs × 2^n`, capped at `maxDelayMs`. Default 500. */
  baseDelayMs?: number;
  /** Default 30 000. */
  maxDelayMs?: number;
  /** Injectable so tests need not wait. Default: a real timer. */
  sleep?: Sleep;
}

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: Sleep;
}

/** `false` (or `maxRetries: 0`) means one attempt only. */
export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  const given = options === false ? { maxRetries: 0 } : (options ?? {});
  return {
    maxRetries: Math.max(0, given.maxRetries ?? 3),
    baseDelayMs: given.baseDelayMs ?? 500,
    maxDelayMs: given.maxDelayMs ?? 30_000,
    sleep: given.sleep ?? realSleep,
  };
}

/** 0.5 s × 2^attempt, capped at 30 s, as the Python client. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * Transient failures worth another try: the connection, a timeout, or a gateway/unavailable status.
 * Note that a timed-out POST may already have been applied by the server, so a retry can repeat it;
 * callers that cannot tolerate that should disable retries for the call's client.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof UesConnectionError || error instanceof UesTimeoutError) return true;
  return error instanceof UesApiError && RETRYABLE_STATUSES.has(error.status);
}
