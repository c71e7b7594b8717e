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

/** The offline model was asked for something it has no deterministic policy for. */
export class OfflineModelError extends Error {
  override readonly name = 'OfflineModelError';
  constructor(message: string) {
    super(message);
  }
}
