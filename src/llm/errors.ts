/**
 * Errors of the LLM layer. Each carries what a user needs to fix the problem: the model name that
 * was not understood, the environment variable to set, or the raw output that could not be used.
 */

/** A model name no provider claims. */
export class UnsupportedModelError extends Error {
  override readonly name = 'UnsupportedModelError';
  constructor(
    readonly model: string,
    readonly acceptedForms: readonly string[],
  ) {
    super(`Unsupported model ${JSON.stringify(model)}. Accepted forms: ${acceptedForms.join('; ')}.`);
  }
}

/** A provider model was requested but its API key is not in the environment given to the factory. */
export class MissingApiKeyError extends Error {
  override readonly name = 'MissingApiKeyError';
  constructor(
    readonly model: string,
    readonly provider: string,
    readonly envVar: string,
  ) {
    super(
      `Model ${JSON.stringify(model)} needs a ${provider} API key: set the environment variable ${envVar} ` +
        `(or use the model "offline", which needs no key).`,
    );
  }
}

/**
 * A model answered, but its answer is not what the caller asked for (not JSON, or JSON that does
 * not fit the schema). Callers must treat this as a failure, never as a neutral or passing answer.
 */
export class LlmOutputError extends Error {
  override readonly name = 'LlmOutputError';
  constructor(
    /** The structured-output task, e.g. "criterion_evaluation". */
    readonly task: string,
    message: string,
    /** The model's raw text when it was available (may be long). */
    readonly rawOutput?: string,
    options?: { cause?: unknown },
  ) {
    super(`${task}: ${message}`, options);
  }
}

/** What went wrong with a provider call, in terms a user can act on. */
export type LlmFailureKind =
  /** 401/403: the key is missing, wrong or not allowed to use the model. */
  | 'auth'
  /** 404: unknown model or wrong base URL path. */
  | 'not_found'
  /** 429: rate limited or out of quota. */
  | 'rate_limit'
  /** 5xx: the provider failed. */
  | 'server'
  /** Any other 4xx: the request was refused. */
  | 'bad_request'
  /** No connection: refused, reset, DNS, TLS. */
  | 'unreachable'
  /** No answer within the per-call timeout. */
  | 'timeout';

/** Where a model call went: enough to name the provider, model and address in an error. */
export interface ModelEndpoint {
  provider: string;
  model: string;
  /** The base URL requests go to (the provider's public API when not overridden). */
  baseUrl: string;
}

const KIND_HINTS: Readonly<Record<LlmFailureKind, string>> = {
  auth: 'the API key is missing, wrong or not allowed to use this model',
  not_found: 'unknown model, or a base URL that does not serve this API',
  rate_limit: 'rate limited or out of quota',
  server: 'the provider failed',
  bad_request: 'the provider refused the request',
  unreachable: 'could not connect',
  timeout: 'no answer in time',
};

/**
 * A model call failed for good: a non-retryable answer (bad key, unknown model), or retryable
 * failures (429, 5xx, network, timeouts) until the retry budget ran out. The message names the
 * provider, model, base URL, HTTP status and what that status usually means.
 */
export class LlmCallError extends Error {
  override readonly name = 'LlmCallError';

  constructor(
    readonly endpoint: ModelEndpoint,
    readonly kind: LlmFailureKind,
    /** The HTTP status, when the provider answered. */
    readonly status: number | undefined,
    /** The provider's own message. */
    readonly providerMessage: string,
    /** Attempts made (1 when the failure was not worth retrying). */
    readonly attempts: number,
    readonly elapsedMs: number,
    options?: { cause?: unknown },
  ) {
    const what = status === undefined ? kind : `HTTP ${status}`;
    const tries = attempts > 1 ? ` after ${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s` : '';
    super(
      `${endpoint.provider} model ${JSON.stringify(endpoint.model)} at ${endpoint.baseUrl}: ${what} ` +
        `(${KIND_HINTS[kind]})${tries}: ${providerMessage}`,
      options,
    );
  }

  /** Worth another attempt: rate limits, server errors, network trouble and timeouts. */
  get retryable(): boolean {
    return isRetryableKind(this.kind);
  }
}

export function isRetryableKind(kind: LlmFailureKind): boolean {
  return kind === 'rate_limit' || kind === 'server' || kind === 'unreachable' || kind === 'timeout';
}

/**
 * A configured model failed its pre-assessment check (one small call): the assessment does not
 * start. `role` says which model (characters or judge), `failure` what the provider answered.
 */
export class ModelCheckError extends Error {
  override readonly name = 'ModelCheckError';

  constructor(
    readonly role: string,
    /** Usually an LlmCallError (status, address); any error the check ran into otherwise. */
    readonly failure: Error,
  ) {
    super(`the ${role} model failed its check before the assessment: ${failure.message}`, {
      cause: failure,
    });
  }
}

/** The offline model was asked for something it has no deterministic policy for. */
export class OfflineModelError extends Error {
  override readonly name = 'OfflineModelError';
  constructor(message: string) {
    super(message);
  }
}
