/**
 * The one error type the simulator raises for anything a caller did wrong. `detail` becomes the
 * JSON body's `detail` (a string, or an object for holds and batch failures), `status` the HTTP
 * status; the HTTP layer maps it in one place.
 */
export class UesError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | Record<string, unknown>,
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.name = 'UesError';
  }
}

export const badRequest = (detail: string | Record<string, unknown>): UesError => new UesError(400, detail);
export const notFound = (detail: string): UesError => new UesError(404, detail);
export const conflict = (detail: string | Record<string, unknown>): UesError => new UesError(409, detail);

/** A field-level validation failure, reported like FastAPI's 422 (`loc`, `msg`, `type`). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class UesValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
    this.name = 'UesValidationError';
  }
}

/**
 * Raised by a modality state when an input cannot be applied (unknown message, thread, …). The
 * event is then marked `failed` with `error_message = "ValueError: <message>"`, as the original.
 */
export class ModalityOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueError';
  }
}
