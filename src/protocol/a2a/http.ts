import { Agent, fetch as undiciFetch } from 'undici';

/**
 * A fetch bound to its own undici Agent. Node's global fetch gives up after 300 s without
 * response headers or body bytes, which is shorter than a slow purple turn; here the HTTP-level
 * timeouts are configurable and per-call deadlines are enforced with AbortSignals instead.
 */

/** Default HTTP headers/body timeout: far beyond any turn, so only per-call deadlines fire. */
export const DEFAULT_HTTP_TIMEOUT_MS = 60 * 60_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export interface HttpTimeouts {
  /** Longest wait for response headers (a blocking `message/send` answers only at the end). */
  headersTimeoutMs?: number;
  /** Longest silence between body chunks (an SSE stream may be quiet during a long step). */
  bodyTimeoutMs?: number;
  connectTimeoutMs?: number;
}

export interface LongFetch {
  fetch: typeof fetch;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

export function createLongFetch(timeouts: HttpTimeouts = {}): LongFetch {
  const agent = new Agent({
    headersTimeout: timeouts.headersTimeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
    bodyTimeout: timeouts.bodyTimeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
    connect: { timeout: timeouts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
  });
  // undici's fetch types differ nominally from the DOM ones the SDK expects; at runtime they are
  // the same WHATWG API.
  const boundFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    })) as unknown as typeof fetch;
  return { fetch: boundFetch, close: () => agent.close() };
}
