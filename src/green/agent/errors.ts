import type { AssessmentResults } from '../../protocol/index.js';

/** Errors of the green agent's assessment runs. */

/** The assessment was canceled (the A2A task was canceled or the server is shutting down). */
export class AssessmentCanceledError extends Error {
  override readonly name = 'AssessmentCanceledError';

  constructor(reason?: unknown) {
    super(
      `the assessment was canceled${reason instanceof Error && reason.message ? `: ${reason.message}` : ''}`,
      { cause: reason },
    );
  }
}

/** `run()` was called on an agent that is not started, already shut down, or already running. */
export class GreenAgentStateError extends Error {
  override readonly name = 'GreenAgentStateError';
}

/** A step of the assessment failed for a reason inside the green (simulator, scenario, bug). */
export class AssessmentError extends Error {
  override readonly name = 'AssessmentError';
  /** Which step failed, e.g. "importing the scenario into UES". */
  readonly step: string;

  constructor(step: string, cause: unknown) {
    super(`${step} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.step = step;
  }
}

/** The context's simulator died during the assessment; `failure` says how (exit code, last output). */
export class SimulatorFailedError extends Error {
  override readonly name = 'SimulatorFailedError';
  readonly failure: Error;

  constructor(failure: Error, during: unknown) {
    super(
      `${failure.message}\n(while running the assessment: ${during instanceof Error ? during.message : String(during)})`,
      {
        cause: failure,
      },
    );
    this.failure = failure;
  }
}

/** Throws the cancellation error when `signal` is aborted. */
export function throwIfCanceled(signal: AbortSignal): void {
  if (signal.aborted) throw new AssessmentCanceledError(signal.reason);
}

/**
 * The assessment failed after the purple started working; `partialResults` is everything recorded
 * up to then (turns, action log, reads; criteria not evaluated), with status `failed`.
 */
export class AssessmentFailedError extends Error {
  override readonly name = 'AssessmentFailedError';

  constructor(
    cause: unknown,
    readonly partialResults: AssessmentResults,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** The partial results carried by `error` or any of its causes. */
export function partialResultsOf(error: unknown): AssessmentResults | undefined {
  for (let link = error; link instanceof Error; link = link.cause) {
    if (link instanceof AssessmentFailedError) return link.partialResults;
  }
  return undefined;
}
