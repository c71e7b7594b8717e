import {
  A2AAbortedError,
  A2AClientError,
  A2AResponseTooLargeError,
  A2ATimeoutError,
  type A2AOperation,
} from './client-errors.js';
import { ResponseTooLargeError } from './http.js';

/**
 * Per-call deadlines for A2A client calls, and the mapping of whatever the SDK or undici threw
 * into our typed client errors (deadline, caller abort, HTTP-level timeout, anything else).
 */

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface Deadline {
  signal: AbortSignal;
  timedOut(): boolean;
  timeoutMs: number;
  dispose(): void;
}

/** Combines the caller's signal with a timer that aborts after `timeoutMs`. */
export function startDeadline(options: CallOptions, defaultTimeoutMs: number): Deadline {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new Error(`deadline of ${timeoutMs} ms exceeded`));
  }, timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted === true) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => fired,
    timeoutMs,
    dispose: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

export async function withDeadline<T>(
  agentUrl: string,
  operation: A2AOperation,
  options: CallOptions,
  defaultTimeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = startDeadline(options, defaultTimeoutMs);
  try {
    if (deadline.signal.aborted) throw deadline.signal.reason;
    return await run(deadline.signal);
  } catch (error) {
    throw classify(error, agentUrl, operation, deadline, options.signal);
  } finally {
    deadline.dispose();
  }
}

const UNDICI_TIMEOUTS = {
  UND_ERR_HEADERS_TIMEOUT: 'http-headers',
  UND_ERR_BODY_TIMEOUT: 'http-body',
  UND_ERR_CONNECT_TIMEOUT: 'connect',
} as const;

export function classify(
  error: unknown,
  agentUrl: string,
  operation: A2AOperation,
  deadline: Deadline,
  callerSignal: AbortSignal | undefined,
): A2AClientError {
  if (error instanceof A2AClientError) return error;
  if (deadline.timedOut())
    return new A2ATimeoutError(agentUrl, operation, 'deadline', deadline.timeoutMs, { cause: error });
  if (callerSignal?.aborted === true) return new A2AAbortedError(agentUrl, operation, { cause: error });
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ResponseTooLargeError) {
      return new A2AResponseTooLargeError(agentUrl, operation, cause.limitBytes, { cause: error });
    }
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && code in UNDICI_TIMEOUTS) {
      return new A2ATimeoutError(
        agentUrl,
        operation,
        UNDICI_TIMEOUTS[code as keyof typeof UNDICI_TIMEOUTS],
        undefined,
        {
          cause: error,
        },
      );
    }
  }
  return new A2AClientError(agentUrl, operation, describeError(error), { cause: error });
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
