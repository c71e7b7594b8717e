import type { LlmFailureKind } from './errors.js';

/**
 * Reads what a provider SDK threw: the HTTP status (OpenAI/Anthropic/Google `status`, Ollama
 * `status_code`, anywhere in the cause chain), network error codes, and a `Retry-After` hint.
 * Each SDK has its own error classes; this looks at their shared shapes, not their types.
 */

export interface ClassifiedFailure {
  kind: LlmFailureKind;
  status: number | undefined;
  message: string;
  /** The provider asked to wait this long before retrying (429/503 `Retry-After`). */
  retryAfterMs: number | undefined;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);
const NETWORK_NAMES = new Set(['APIConnectionError', 'APIConnectionTimeoutError', 'FetchError']);
const NETWORK_MESSAGE = /fetch failed|socket hang up|network error|connection error|other side closed/i;

/** The failure in `error`, or undefined when it is not a provider/transport failure (e.g. a bug). */
export function classifyProviderError(error: unknown): ClassifiedFailure | undefined {
  const chain = causeChain(error);
  const status = chain.map(statusOf).find((value) => value !== undefined);
  const message = describe(error);
  if (status !== undefined) {
    return { kind: kindOfStatus(status), status, message, retryAfterMs: retryAfterOf(chain) };
  }
  const network = chain.some((link) => {
    const code = (link as { code?: unknown }).code;
    return (
      (typeof code === 'string' && NETWORK_CODES.has(code)) ||
      NETWORK_NAMES.has(link.name) ||
      NETWORK_MESSAGE.test(link.message)
    );
  });
  return network ? { kind: 'unreachable', status: undefined, message, retryAfterMs: undefined } : undefined;
}

export function kindOfStatus(status: number): LlmFailureKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'bad_request';
}

function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let link: unknown = error; link instanceof Error && chain.length < 8; link = link.cause) {
    chain.push(link);
  }
  return chain;
}

function statusOf(error: Error): number | undefined {
  const candidates = [
    (error as { status?: unknown }).status,
    (error as { status_code?: unknown }).status_code,
    (error as { statusCode?: unknown }).statusCode,
    (error as { response?: { status?: unknown } }).response?.status,
  ];
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599) return value;
  }
  return undefined;
}

function retryAfterOf(chain: readonly Error[]): number | undefined {
  for (const link of chain) {
    const headers = (link as { headers?: unknown }).headers;
    const raw =
      headers instanceof Headers
        ? headers.get('retry-after')
        : typeof headers === 'object' && headers !== null
          ? (headers as Record<string, unknown>)['retry-after']
          : undefined;
    if (typeof raw !== 'string') continue;
    const seconds = Number(raw);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(raw);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return undefined;
}

/** The error's message plus its causes' (SDKs often say "Connection error." and hide the cause). */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (const link of causeChain(error)) {
    const text = link.message.trim();
    if (text !== '' && !parts.some((part) => part.includes(text))) parts.push(text);
  }
  const code = causeChain(error)
    .map((link) => (link as { code?: unknown }).code)
    .find((value): value is string => typeof value === 'string' && NETWORK_CODES.has(value));
  const joined = parts.length === 0 ? String(error) : parts.join(': ');
  const text = code !== undefined && !joined.includes(code) ? `${joined} (${code})` : joined;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
