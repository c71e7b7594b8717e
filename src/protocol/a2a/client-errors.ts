/**
 * Errors from calls to another A2A agent. All carry the agent URL and the operation, so a log
 * line or a turn-failure record says which participant and which call failed.
 */

export type A2AOperation = 'resolveCard' | 'sendMessage' | 'sendMessageStream' | 'getTask' | 'cancelTask';

export class A2AClientError extends Error {
  override readonly name: string = 'A2AClientError';
  readonly agentUrl: string;
  readonly operation: A2AOperation;

  constructor(agentUrl: string, operation: A2AOperation, message: string, options?: { cause?: unknown }) {
    super(`${operation} to ${agentUrl} failed: ${message}`, options);
    this.agentUrl = agentUrl;
    this.operation = operation;
  }
}

/** Which limit fired: our per-call deadline, or undici's HTTP headers/body timeout. */
export type TimeoutKind = 'deadline' | 'http-headers' | 'http-body' | 'connect';

export class A2ATimeoutError extends A2AClientError {
  override readonly name = 'A2ATimeoutError';
  readonly timeoutMs: number | undefined;
  readonly kind: TimeoutKind;

  constructor(
    agentUrl: string,
    operation: A2AOperation,
    kind: TimeoutKind,
    timeoutMs: number | undefined,
    options?: { cause?: unknown },
  ) {
    const limit = timeoutMs === undefined ? '' : ` of ${timeoutMs} ms`;
    super(agentUrl, operation, `timed out (${kind} limit${limit})`, options);
    this.kind = kind;
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class A2AAbortedError extends A2AClientError {
  override readonly name = 'A2AAbortedError';

  constructor(agentUrl: string, operation: A2AOperation, options?: { cause?: unknown }) {
    super(agentUrl, operation, 'aborted by the caller', options);
  }
}

/** The agent's answer was larger than the caller accepts; it was not read to the end. */
export class A2AResponseTooLargeError extends A2AClientError {
  override readonly name = 'A2AResponseTooLargeError';
  readonly limitBytes: number;

  constructor(agentUrl: string, operation: A2AOperation, limitBytes: number, options?: { cause?: unknown }) {
    super(agentUrl, operation, `the answer is larger than the ${describeLimit(limitBytes)} limit`, options);
    this.limitBytes = limitBytes;
  }
}

function describeLimit(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${bytes} bytes`;
}
