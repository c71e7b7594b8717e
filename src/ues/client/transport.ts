import { STATUS_CODES } from 'node:http';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { errorFromResponse } from './error-mapping.js';
import {
  UesClientError,
  UesConnectionError,
  UesResponseShapeError,
  UesTimeoutError,
  type UesShapeIssue,
} from './errors.js';
import { isRetryable, retryDelayMs, type RetryPolicy } from './retry.js';
import { buildQueryString, joinUrl, type QueryParams } from './wire.js';

/** Per-call options accepted as the last argument of every client method. */
export interface CallOptions {
  /** Aborts the call (and any retry back-off); the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/** One route invocation, as the sub-clients describe it. */
export interface RouteCall<T> {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  /** Path without the query string, e.g. `/events/abc`. */
  path: string;
  query?: QueryParams;
  /** Sent as JSON when defined (`Date`s become ISO strings, `undefined` fields are dropped). */
  body?: unknown;
  /** The response body's schema; checked when the client validates responses. */
  schema: z.ZodType<T>;
  /** `text` for routes that answer `text/plain` (the text environment snapshot). Default `json`. */
  responseType?: 'json' | 'text';
}

export interface TransportConfig {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  dispatcher: Dispatcher | undefined;
  validateResponses: boolean;
}

/** Marks an abort caused by our own timer, as opposed to the caller's signal. */
const TIMED_OUT = Symbol('ues-client-timeout');

/**
 * The HTTP layer shared by every sub-client: builds the request, enforces the timeout, maps error
 * statuses to typed errors, retries transient failures and (optionally) validates response bodies.
 */
export class UesTransport {
  constructor(readonly config: TransportConfig) {}

  async call<T>(route: RouteCall<T>, options: CallOptions = {}): Promise<T> {
    const label = `${route.method} ${route.path}`;
    const { retry } = this.config;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(route, label, options);
      } catch (error) {
        // The caller's abort is final: never retried, always surfaced as the caller's own reason.
        if (options.signal?.aborted) throw options.signal.reason;
        if (attempt >= retry.maxRetries || !isRetryable(error)) {
          throw error instanceof UesClientError ? error.markAttempts(attempt + 1) : error;
        }
        await retry.sleep(retryDelayMs(retry, attempt), options.signal);
      }
    }
  }

  private async attempt<T>(route: RouteCall<T>, label: string, options: CallOptions): Promise<T> {
    const userSignal = options.signal;
    if (userSignal?.aborted) throw userSignal.reason;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
    const forwardAbort = (): void => controller.abort(userSignal?.reason);
    userSignal?.addEventListener('abort', forwardAbort, { once: true });

    const headers: Record<string, string> = { accept: 'application/json, text/plain' };
    if (this.config.apiKey !== undefined) headers['x-api-key'] = this.config.apiKey;
    let body: string | undefined;
    if (route.body !== undefined) {
      body = JSON.stringify(route.body);
      headers['content-type'] = 'application/json';
    }

    try {
      const response = await request(
        joinUrl(this.config.baseUrl, route.path + buildQueryString(route.query)),
        {
          method: route.method,
          headers,
          body,
          signal: controller.signal,
          ...(this.config.dispatcher ? { dispatcher: this.config.dispatcher } : {}),
        },
      );
      // The timer keeps running while the body streams in: the timeout covers the whole answer.
      const text = await response.body.text();
      return this.interpret(route, label, response.statusCode, text);
    } catch (error) {
      if (error instanceof UesClientError) throw error;
      if (controller.signal.aborted) {
        if (controller.signal.reason === TIMED_OUT) throw new UesTimeoutError(label, timeoutMs);
        throw controller.signal.reason;
      }
      throw new UesConnectionError(label, this.config.baseUrl, error);
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  private interpret<T>(route: RouteCall<T>, label: string, status: number, text: string): T {
    const wantsText = route.responseType === 'text';
    const parsed = parseJson(text);
    if (status >= 400) {
      throw errorFromResponse({
        route: label,
        status,
        statusText: STATUS_CODES[status] ?? '',
        body: parsed.ok ? parsed.value : text,
        sentApiKey: this.config.apiKey !== undefined,
      });
    }
    let value: unknown = text;
    if (!wantsText) {
      if (!parsed.ok) {
        const preview = text.length > 200 ? `${text.slice(0, 200)}…` : text;
        throw new UesResponseShapeError(
          label,
          [{ field: '(root)', message: `expected JSON, got ${JSON.stringify(preview)}` }],
          text,
        );
      }
      value = parsed.value;
    }
    if (!this.config.validateResponses) return value as T;
    const result = route.schema.safeParse(value);
    if (!result.success) throw new UesResponseShapeError(label, shapeIssues(result.error), value);
    return result.data;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function shapeIssues(error: z.ZodError): UesShapeIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map((part) => String(part)).join('.') : '(root)',
    message: issue.message,
  }));
}
