import type { Logger } from 'pino';
import {
  A2AAgentClient,
  DEFAULT_CARD_TIMEOUT_MS,
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
 * The largest answer (agent card or reply) read from a purple. Real replies are a few KB; a
 * purple sending hundreds of MB would otherwise fill the green's memory. A larger one fails the
 * turn unread.
 */
export const MAX_PURPLE_REPLY_BYTES = 5 * 1024 * 1024;

/**
 * Client options for a purple with the given turn timeout. The HTTP headers/body timeouts exceed
 * the turn deadline (bug 9 of the original: a 30 s HTTP timeout under a 300 s turn timeout turned
 * every slow turn into a fatal error).
 */
export function purpleClientOptions(turnTimeoutMs: number, logger?: Logger): A2AClientOptions {
  const httpTimeoutMs = Math.ceil(turnTimeoutMs + HTTP_TIMEOUT_HEADROOM_MS);
  return {
    callTimeoutMs: turnTimeoutMs,
    http: { headersTimeoutMs: httpTimeoutMs, bodyTimeoutMs: httpTimeoutMs },
    maxResponseBytes: MAX_PURPLE_REPLY_BYTES,
    ...(logger ? { logger } : {}),
  };
}

/**
 * The A2A channel. It connects (resolves the card) on first use and again on the next message if
 * that failed, so an unreachable purple costs failed turns, not a crashed assessment. Connecting
 * is part of the message's deadline: a purple that accepts connections and never answers costs
 * one turn timeout, not the card timeout on top of it.
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
    const deadline = Date.now() + options.timeoutMs;
    const client = await this.connect(options.signal, options.timeoutMs);
    const remainingMs = Math.max(1, deadline - Date.now());
    return client.sendPayload(message, { timeoutMs: remainingMs, signal: options.signal });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.close();
    this.client = undefined;
  }

  private async connect(signal: AbortSignal, timeoutMs: number): Promise<A2AAgentClient> {
    if (this.closed) throw new Error(`the channel to ${this.url} is closed`);
    if (this.client !== undefined) return this.client;
    const connecting = A2AAgentClient.connect(this.url, {
      ...purpleClientOptions(this.options.turnTimeoutMs, this.options.logger),
      cardTimeoutMs: Math.min(timeoutMs, DEFAULT_CARD_TIMEOUT_MS),
    });
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
