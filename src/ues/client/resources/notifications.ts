import { STATUS_CODES } from 'node:http';
import WebSocket from 'ws';
import { errorFromResponse } from '../error-mapping.js';
import { UesClientError, UesConnectionError, UesTimeoutError } from '../errors.js';
import type { UesNotification } from '../schemas/webhooks.js';
import type { UesTransport } from '../transport.js';

const ROUTE = 'GET /ws';

export interface ConnectNotificationsOptions {
  /** Event types or prefixes ending with `.` (`email.`); omit or null for every event the key may see. */
  events?: string[] | null;
  /** Aborts the handshake. */
  signal?: AbortSignal;
  /** Limit for the handshake (connect, authenticate, subscribe). Default: the client's timeout. */
  timeoutMs?: number;
  /** Unread notifications kept; beyond it the oldest are dropped and counted in `dropped`. Default 10,000. */
  maxQueued?: number;
}

/** The stream ended (closed by either side) while a caller was waiting for a notification. */
export class UesNotificationStreamClosedError extends UesClientError {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(ROUTE, `the UES notification stream closed (${code}${reason ? `: ${reason}` : ''})`);
  }
}

interface Waiter {
  resolve(notification: UesNotification): void;
  reject(error: Error): void;
}

/**
 * Notifications from one `/ws` connection, in arrival order: await `next()`, `waitFor(type)`, or
 * iterate with `for await`. The server sends only events the key may read.
 */
export class UesNotificationStream implements AsyncIterable<UesNotification> {
  /** Notifications dropped because nobody read them (see `maxQueued`). */
  dropped = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly queue: UesNotification[] = [];
  private readonly waiters: Waiter[] = [];
  private control: Waiter | undefined;
  private ended: UesNotificationStreamClosedError | undefined;

  /** @internal Built by `NotificationsClient.connect`. */
  constructor(
    private readonly socket: WebSocket,
    private readonly maxQueued: number,
  ) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.ended = new UesNotificationStreamClosedError(code, reason.toString());
        for (const waiter of this.waiters.splice(0)) waiter.reject(this.ended);
        this.control?.reject(this.ended);
        this.control = undefined;
        resolve({ code, reason: reason.toString() });
      });
    });
    socket.on('message', (raw) => this.receive(raw.toString()));
  }

  private receive(text: string): void {
    let message: UesNotification;
    try {
      message = JSON.parse(text) as UesNotification;
    } catch {
      return;
    }
    // Replies to this client's own messages settle the pending call instead of joining the stream.
    if (this.control && ['auth.ok', 'subscription.updated', 'error'].includes(message.type)) {
      const control = this.control;
      this.control = undefined;
      if (message.type === 'error') {
        control.reject(new UesClientError(ROUTE, `UES refused: ${String(message.data.detail)}`));
      } else control.resolve(message);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) return waiter.resolve(message);
    this.queue.push(message);
    if (this.queue.length > this.maxQueued) {
      this.queue.shift();
      this.dropped++;
    }
  }

  /** @internal Waits for the reply to a control message (auth, subscribe). */
  awaitControl(): Promise<UesNotification> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => (this.control = { resolve, reject }));
  }

  /** The next notification; rejects with UesNotificationStreamClosedError once the stream ends. */
  next(options: { signal?: AbortSignal } = {}): Promise<UesNotification> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.reject(this.ended);
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (notification) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(notification);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = (): void => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Skips notifications until one of `type` (or matching the predicate) arrives. */
  async waitFor(
    match: string | ((notification: UesNotification) => boolean),
    options: { signal?: AbortSignal } = {},
  ): Promise<UesNotification> {
    const matches = typeof match === 'string' ? (n: UesNotification) => n.type === match : match;
    for (;;) {
      const notification = await this.next(options);
      if (matches(notification)) return notification;
    }
  }

  /** Replaces the subscription filter; resolves once the server confirms it. */
  async subscribe(events: string[] | null): Promise<void> {
    const reply = this.awaitControl();
    this.socket.send(JSON.stringify({ action: 'subscribe', events }));
    await reply;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<UesNotification> {
    for (;;) {
      try {
        yield await this.next();
      } catch (error) {
        if (error instanceof UesNotificationStreamClosedError) return;
        throw error;
      }
    }
  }

  async close(): Promise<void> {
    if (!this.ended) this.socket.close(1000, 'client closed');
    await this.closed;
  }
}

/** `/ws`: push notifications, so a client waits for events instead of polling. */
export class NotificationsClient {
  constructor(private readonly transport: UesTransport) {}

  /** Opens an authenticated stream (the key goes in the `X-API-Key` header, never in the URL). */
  async connect(options: ConnectNotificationsOptions = {}): Promise<UesNotificationStream> {
    const { baseUrl, apiKey } = this.transport.config;
    const timeoutMs = options.timeoutMs ?? this.transport.config.timeoutMs;
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
      headers: apiKey === undefined ? {} : { 'x-api-key': apiKey },
      handshakeTimeout: timeoutMs,
    });
    const stream = new UesNotificationStream(socket, options.maxQueued ?? 10_000);
    const authenticated = stream.awaitControl();
    authenticated.catch(() => undefined);
    const abort = (): void => socket.terminate();
    options.signal?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => socket.terminate(), timeoutMs);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => {
            let parsed: unknown = body;
            try {
              parsed = JSON.parse(body);
            } catch {
              // Not JSON: keep the text.
            }
            const status = response.statusCode ?? 0;
            reject(
              errorFromResponse({
                route: ROUTE,
                status,
                statusText: STATUS_CODES[status] ?? '',
                body: parsed,
                sentApiKey: apiKey !== undefined,
              }),
            );
          });
        });
        socket.once('error', (error) => reject(new UesConnectionError(ROUTE, baseUrl, error)));
        socket.once('close', () => reject(new UesTimeoutError(ROUTE, timeoutMs)));
      });
      await authenticated;
      if (options.events !== undefined && options.events !== null) await stream.subscribe(options.events);
      return stream;
    } catch (error) {
      socket.terminate();
      if (options.signal?.aborted) throw options.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }
}
