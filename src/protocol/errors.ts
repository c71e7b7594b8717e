/**
 * Typed errors raised by the protocol layer. Each carries the data a caller needs to explain the
 * problem to a user (which field, which value, which flag) without parsing the message text.
 */

/** One problem found while validating a wire object. */
export interface ProtocolIssue {
  /** Dotted path inside the object, e.g. `scores.dimensions.safety.score`; empty for the root. */
  readonly path: string;
  readonly message: string;
}

/**
 * A wire object (AgentBeats message, task update or result) failed validation.
 * The message reads like `turn_complete.time_step: "P1X" is not an ISO 8601 duration`.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  /** The `message_type` the object claimed (or was expected to have), if known. */
  readonly messageType: string | undefined;
  readonly issues: readonly ProtocolIssue[];

  constructor(messageType: string | undefined, issues: readonly ProtocolIssue[]) {
    super(formatIssues(messageType, issues));
    this.messageType = messageType;
    this.issues = issues;
  }
}

function formatIssues(messageType: string | undefined, issues: readonly ProtocolIssue[]): string {
  const prefix = messageType ?? 'message';
  if (issues.length === 0) return `${prefix}: invalid`;
  return issues
    .map((issue) => `${issue.path === '' ? prefix : `${prefix}.${issue.path}`}: ${issue.message}`)
    .join('; ');
}

/** A string is not an ISO 8601 duration we support, or a number cannot be formatted as one. */
export class DurationError extends Error {
  override readonly name = 'DurationError';
  readonly input: unknown;

  constructor(input: unknown, reason: string) {
    super(reason);
    this.input = input;
  }
}
