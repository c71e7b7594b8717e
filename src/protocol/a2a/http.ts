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

export interface LongFetchOptions extends HttpTimeouts {
  /** Sent with every request (e.g. `Authorization`), unless the request sets the same header. */
  headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Largest response body accepted, in bytes; a larger one fails with ResponseTooLargeError
   * before it is buffered (a hostile peer must not be able to fill the caller's memory).
   */
  maxResponseBytes?: number | undefined;
}

/** A response body was larger than the caller accepts. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  constructor(
    readonly limitBytes: number,
    readonly url: string,
  ) {
    super(`the response from ${url} is larger than the ${formatBytes(limitBytes)} limit`);
  }
}

export function formatBytes(bytes: number): string {
  return bytes >= 1_048_576
    ? `${(bytes / 1_048_576).toFixed(bytes % 1_048_576 === 0 ? 0 : 1)} MB`
    : `${bytes} bytes`;
}

export interface LongFetch {
  fetch: typeof fetch;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

export function createLongFetch(options: LongFetchOptions = {}): LongFetch {
  const agent = new Agent({
    // undici wants whole milliseconds; a fractional timeout (from a fractional turn timeout) throws.
    headersTimeout: Math.ceil(options.headersTimeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS),
    bodyTimeout: Math.ceil(options.bodyTimeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS),
    connect: { timeout: Math.ceil(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS) },
  });
  const limit = options.maxResponseBytes;
  // undici's fetch types differ nominally from the DOM ones the SDK expects; at runtime they are
  // the same WHATWG API.
  const boundFetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const headers = withDefaultHeaders(init?.headers, options.headers);
    const undiciInit = {
      ...(init as Parameters<typeof undiciFetch>[1]),
      ...(headers ? { headers } : {}),
      dispatcher: agent,
    } as Parameters<typeof undiciFetch>[1];
    const response = (await undiciFetch(
      input as Parameters<typeof undiciFetch>[0],
      undiciInit,
    )) as unknown as Response;
    return limit === undefined ? response : limitBody(response, limit, urlOf(input));
  }) as unknown as typeof fetch;
  return { fetch: boundFetch, close: () => agent.close() };
}

function withDefaultHeaders(
  given: RequestInit['headers'],
  defaults: Readonly<Record<string, string>> | undefined,
): Headers | undefined {
  if (defaults === undefined || Object.keys(defaults).length === 0) return undefined;
  const headers = new Headers(given as ConstructorParameters<typeof Headers>[0]);
  for (const [name, value] of Object.entries(defaults)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return headers;
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The response with a body that errors once more than `limit` bytes arrived. */
function limitBody(response: Response, limit: number, url: string): Response {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(limit, url);
  }
  if (response.body === null) return response;
  let received = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) controller.error(new ResponseTooLargeError(limit, url));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
