/**
 * Typed errors of the UES client. Every error names the route that failed (`POST /email/send`) so a
 * stack-less log line is still actionable; HTTP errors carry the status, the body's `detail` and the
 * whole body, like the Python client's APIError.
 */

/** One field-level problem from a 422 body (`{loc, msg, type}`, FastAPI style). */
export interface UesFieldError {
  /** Where the problem is, e.g. `['body', 'to_addresses']`. */
  loc: (string | number)[];
  /** `loc` joined with dots, e.g. `body.to_addresses`. */
  field: string;
  msg: string;
  type?: string;
}

/** Base class of everything the client throws on purpose. */
export class UesClientError extends Error {
  /** How many attempts were made (more than 1 only when retries were enabled and used). */
  attempts = 1;

  constructor(
    /** The failed route as `METHOD /path`, e.g. `POST /email/send`. */
    readonly route: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** Records that the retry loop gave up after `attempts` tries, and says so in the message. */
  markAttempts(attempts: number): this {
    this.attempts = attempts;
    if (attempts > 1) this.message = `${this.message} (gave up after ${attempts} attempts)`;
    return this;
  }
}

export interface UesApiErrorInit {
  route: string;
  status: number;
  /** Human text chosen from the body (see `describeErrorBody`). */
  reason: string;
  /** The body's `detail` field as sent: a string, a list of field errors or an object. */
  detail: unknown;
  /** The whole parsed body (or its text when it is not JSON). */
  body: unknown;
  /** Extra sentence appended to the message, e.g. a hint on how to fix the problem. */
  hint?: string;
}

/** The server answered with an HTTP error status. Subclasses pin down the common statuses. */
export class UesApiError extends UesClientError {
  readonly status: number;
  readonly detail: unknown;
  readonly body: unknown;
  /** The server's explanation alone, without the route and status. */
  readonly reason: string;

  constructor(init: UesApiErrorInit) {
    super(
      init.route,
      `${init.route} failed with HTTP ${init.status}: ${init.reason}${init.hint ? ` ${init.hint}` : ''}`,
    );
    this.status = init.status;
    this.detail = init.detail;
    this.body = init.body;
    this.reason = init.reason;
  }
}

/** 422: the request did not validate. `fieldErrors` says which fields and why. */
export class UesValidationError extends UesApiError {
  readonly fieldErrors: UesFieldError[];

  constructor(init: UesApiErrorInit & { fieldErrors: UesFieldError[] }) {
    super(init);
    this.fieldErrors = init.fieldErrors;
  }
}

/** 401: no API key, or an unknown or revoked one. */
export class UesAuthError extends UesApiError {}

/** 403: the key is valid but lacks the permission; `requiredPermission` names it when the server does. */
export class UesPermissionError extends UesApiError {
  readonly requiredPermission: string | undefined;

  constructor(init: UesApiErrorInit & { requiredPermission: string | undefined }) {
    super(init);
    this.requiredPermission = init.requiredPermission;
  }
}

/** 404: unknown event, key, hold, … (or no pending event for `events.next` / `time.skipToNext`). */
export class UesNotFoundError extends UesApiError {}

/** 409: the request conflicts with the simulator's state (already running, blocked by holds, …). */
export class UesConflictError extends UesApiError {}

/** 5xx: a fault inside the server. */
export class UesServerError extends UesApiError {}

/** The server could not be reached or the connection broke before a full answer arrived. */
export class UesConnectionError extends UesClientError {
  constructor(route: string, baseUrl: string, cause: unknown) {
    super(route, `${route} could not reach the UES server at ${baseUrl}: ${describeCause(cause)}`, { cause });
  }
}

/** No complete answer within the client's `timeoutMs`. */
export class UesTimeoutError extends UesClientError {
  constructor(
    route: string,
    readonly timeoutMs: number,
    message = `${route} got no complete answer within ${timeoutMs} ms`,
  ) {
    super(route, message);
  }
}

/** One way a response body differed from the client's schema. */
export interface UesShapeIssue {
  /** Dotted path into the body, e.g. `events.0.scheduled_time` (`(root)` for the body itself). */
  field: string;
  message: string;
}

/**
 * A successful response whose body does not have the shape the client's types promise (only checked
 * with `validateResponses: true`, except for bodies that are not JSON at all, which always throw).
 */
export class UesResponseShapeError extends UesClientError {
  constructor(
    route: string,
    readonly issues: UesShapeIssue[],
    readonly body: unknown,
  ) {
    const listed = issues
      .slice(0, 5)
      .map((issue) => `${issue.field}: ${issue.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(route, `${route} returned a body of unexpected shape: ${listed}${more}`);
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' && !cause.message.includes(code)
      ? `${cause.message} (${code})`
      : cause.message;
  }
  return String(cause);
}
