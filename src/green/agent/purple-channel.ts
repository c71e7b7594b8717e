import type { Logger } from 'pino';
import {
  A2AAgentClient,
  type A2AClientOptions,
  type A2AReply,
  type GreenToPurpleMessage,
} from '../../protocol/index.js';

/**
 * How the green talks to the purple under test: one blocking A2A call per message, all in one
 * conversation (contextId) per assessment, each with a deadline.
 */
export interface PurpleChannel {
  readonly url: string;
  send(message: GreenToPurpleMessage, options: { timeoutMs: number; signal: AbortSignal }): Promise<A2AReply>;
  close(): Promise<void>;
}

export type PurpleChannelFactory = (
  url: string,
  options: { turnTimeoutMs: number; logger: Logger },
) => PurpleChannel;

/** Headroom of the HTTP-level timeouts over the turn deadline, so the deadline always fires first. */
export const HTTP_TIMEOUT_HEADROOM_MS = 60_000;

/**
 * Client options for a purple with the given turn timeout. The HTTP headers/body timeouts exceed
 * the turn deadline (bug 9 of the original: a 30 s HTTP timeout under a 300 s turn timeout turned
 * every slow turn into a fatal error).
 */
export function purpleClientOptions(turnTimeoutMs: number, logger?: Logger): A2AClientOptions {
  const httpTimeoutMs = turnTimeoutMs + HTTP_TIMEOUT_HEADROOM_MS;
  return {
    callTimeoutMs: turnTimeoutMs,
    http: { headersTimeoutMs: httpTimeoutMs, bodyTimeoutMs: httpTimeoutMs },
    ...(logger ? { logger } : {}),
  };
}

/**
 * The A2A channel. It connects (resolves the card) on first use and again on the next message if
 * that failed, so an unreachable purple costs failed turns, not a crashed assessment.
 */
export class A2APurpleChannel implements PurpleChannel {
  private client: A2AAgentClient | undefined;
  private closed = false;

  constructor(
    readonly url: string,
    private readonly options: { turnTimeoutMs: number; logger: Logger },
  ) {}

  async send(
    message: GreenToPurpleMessage,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<A2AReply> {
    const client = await this.connect(options.signal);
    return client.sendPayload(message, { timeoutMs: options.timeoutMs, signal: options.signal });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.close();
    this.client = undefined;
  }

  private async connect(signal: AbortSignal): Promise<A2AAgentClient> {
    if (this.closed) throw new Error(`the channel to ${this.url} is closed`);
    if (this.client !== undefined) return this.client;
    const connecting = A2AAgentClient.connect(
      this.url,
      purpleClientOptions(this.options.turnTimeoutMs, this.options.logger),
    );
    const client = await raceAbort(connecting, signal, (late) => void late.close());
    // A fresh conversation per assessment: the first message starts a new contextId.
    client.startNewConversation();
    this.client = client;
    return client;
  }
}

/** Resolves like `work`, or rejects with the signal's reason; a late result is handed to `dispose`. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal, dispose: (late: T) => void): Promise<T> {
  if (signal.aborted) {
    void work.then(dispose, () => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      void work.then(dispose, () => undefined);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) dispose(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
