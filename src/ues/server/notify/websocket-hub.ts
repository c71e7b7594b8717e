import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ApiKey, ApiKeyRegistry } from '../auth/keys.js';
import type { WallClock } from '../core/clock.js';
import { formatTime } from '../core/time.js';
import {
  matchesPatterns,
  type Notification,
  type NotificationSink,
  type SerialisedNotification,
} from './notification.js';
import { VisibilityCache, visibilityKey } from './visibility.js';

export const WS_PATH = '/ws';

/** Close codes (4000–4999 are the application's). */
export const WS_CLOSE = {
  /** No key, an unknown or revoked key, or no authentication in time. */
  unauthenticated: 4401,
  /** The key was revoked while connected. */
  revoked: 4403,
  /** Too many connections. */
  full: 1013,
  /** The simulator is shutting down. */
  goingAway: 1001,
} as const;

export interface WebSocketHubOptions {
  keys: ApiKeyRegistry;
  wallClock: WallClock;
  logger?: Logger | undefined;
  /** A client that has not authenticated (header or first message) within this is closed. */
  authTimeoutMs?: number;
  /** Unsent bytes a client may accumulate before it is dropped (slow readers never hold memory). */
  maxBufferedBytes?: number;
  maxClients?: number;
}

/** Corked bytes after which a client's socket is flushed even in the middle of a burst. */
const FLUSH_BYTES = 256 * 1024;

interface Client {
  socket: WebSocket;
  /** The TCP socket under `socket`, corked during a burst of notifications. */
  raw: Duplex;
  corked: boolean;
  key: ApiKey | null;
  visibility: VisibilityCache | null;
  filters: string[] | null;
  authTimer: NodeJS.Timeout | undefined;
}

/**
 * `GET /ws`: the original's event notifications, with authentication the original lacks. A client
 * authenticates with the `X-API-Key` header on the upgrade request, or, when it cannot set headers
 * (browsers), with a first message `{"action": "auth", "api_key": "…"}`. Each client then receives
 * only the events its key could read over REST (see visibility.ts), and nothing once its key is
 * revoked. Keys never travel in the URL, where logs and proxies would keep them.
 */
export class WebSocketHub implements NotificationSink {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<Client>();
  private readonly authTimeoutMs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxClients: number;
  /** Called when the first client authenticates or the last one leaves. */
  onActivityChange: () => void = () => undefined;
  private authenticatedCount = 0;
  private readonly corkedClients: Client[] = [];
  private flushScheduled = false;

  constructor(private readonly options: WebSocketHubOptions) {
    this.authTimeoutMs = options.authTimeoutMs ?? 10_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 8 * 1024 * 1024;
    this.maxClients = options.maxClients ?? 1000;
  }

  get active(): boolean {
    return this.authenticatedCount > 0;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Takes over upgrade requests to `/ws` on the HTTP server; other upgrades get 404. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.handleUpgrade(request, socket, head),
    );
  }

  private handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== WS_PATH) return refuse(socket, 404, { detail: 'Not Found' });
    if (this.clients.size >= this.maxClients) {
      return refuse(socket, 503, { detail: `Too many WebSocket connections (limit ${this.maxClients})` });
    }
    const header = request.headers['x-api-key'];
    const secret = Array.isArray(header) ? header[0] : header;
    let key: ApiKey | null = null;
    if (secret) {
      key = this.options.keys.authenticate(secret) ?? null;
      if (!key) return refuse(socket, 401, { detail: 'Invalid or revoked API key.' });
    }
    this.server.handleUpgrade(request, socket, head, (ws) => this.welcome(ws, socket, key));
  }

  private welcome(socket: WebSocket, raw: Duplex, key: ApiKey | null): void {
    const client: Client = {
      socket,
      raw,
      corked: false,
      key: null,
      visibility: null,
      filters: null,
      authTimer: undefined,
    };
    this.clients.add(client);
    if (key) this.authenticate(client, key);
    else {
      client.authTimer = setTimeout(
        () =>
          socket.close(
            WS_CLOSE.unauthenticated,
            'API key required: send the X-API-Key header or {"action":"auth","api_key":"…"} first',
          ),
        this.authTimeoutMs,
      );
      client.authTimer.unref();
    }
    socket.on('message', (raw, isBinary) => this.onMessage(client, raw, isBinary));
    socket.on('close', () => this.forget(client));
    socket.on('error', (error) => this.options.logger?.debug({ err: error }, 'websocket client error'));
  }

  private authenticate(client: Client, key: ApiKey): void {
    clearTimeout(client.authTimer);
    client.key = key;
    client.visibility = new VisibilityCache(key.permissions);
    this.authenticatedCount++;
    if (this.authenticatedCount === 1) this.onActivityChange();
    this.send(client, {
      type: 'auth.ok',
      data: { key_id: key.key_id, key_name: key.name },
      timestamp: formatTime(this.options.wallClock()),
    });
  }

  private forget(client: Client): void {
    if (!this.clients.delete(client)) return;
    clearTimeout(client.authTimer);
    if (client.key) {
      this.authenticatedCount--;
      if (this.authenticatedCount === 0) this.onActivityChange();
    }
  }

  private onMessage(client: Client, raw: RawData, isBinary: boolean): void {
    let message: unknown;
    try {
      message = isBinary ? undefined : JSON.parse(rawText(raw));
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return this.reject(client, 'messages must be JSON objects with an "action"');
    }
    const { action } = message as { action?: unknown };
    if (!client.key) {
      const apiKey = (message as { api_key?: unknown }).api_key;
      if (action !== 'auth' || typeof apiKey !== 'string') {
        return client.socket.close(
          WS_CLOSE.unauthenticated,
          'authenticate first: {"action":"auth","api_key":"…"}',
        );
      }
      const key = this.options.keys.authenticate(apiKey);
      if (!key) return client.socket.close(WS_CLOSE.unauthenticated, 'Invalid or revoked API key.');
      return this.authenticate(client, key);
    }
    if (action === 'ping') return void client.socket.send(JSON.stringify({ action: 'pong' }));
    if (action === 'subscribe') {
      const events = (message as { events?: unknown }).events ?? null;
      if (events !== null && !(Array.isArray(events) && events.every((entry) => typeof entry === 'string'))) {
        return this.reject(
          client,
          '"events" must be a list of event types or prefixes ending with ".", or null',
        );
      }
      client.filters = events;
      return this.send(client, {
        type: 'subscription.updated',
        data: { filters: events },
        timestamp: formatTime(this.options.wallClock()),
      });
    }
    if (action === 'auth') return this.reject(client, 'already authenticated');
    this.reject(client, `unknown action ${JSON.stringify(action)}: use "subscribe" or "ping"`);
  }

  /** A malformed message gets an error reply naming the problem; the connection stays open. */
  private reject(client: Client, detail: string): void {
    this.send(client, { type: 'error', data: { detail }, timestamp: formatTime(this.options.wallClock()) });
  }

  private send(client: Client, notification: Notification): void {
    client.socket.send(JSON.stringify(notification));
  }

  /**
   * Sends to every client that subscribed to the type and may see it. One advance can raise
   * thousands of notifications in one go, so each client's TCP socket is corked for the burst and
   * flushed once afterwards (or every FLUSH_BYTES), and every client gets the same bytes.
   */
  deliver(notification: Notification, serialised: SerialisedNotification): void {
    const { type, data } = notification;
    const cacheKey = visibilityKey(type, data);
    for (const client of this.clients) {
      const key = client.key;
      if (!key || !client.visibility) continue;
      if (key.revoked_at !== null) {
        client.socket.close(WS_CLOSE.revoked, 'API key revoked');
        continue;
      }
      if (!matchesPatterns(client.filters, type)) continue;
      if (!client.visibility.canSee(type, data, cacheKey)) continue;
      if (client.socket.bufferedAmount > this.maxBufferedBytes) {
        // Its buffer is full, so a close frame would not get through either: drop the connection.
        this.options.logger?.warn(
          { key_id: key.key_id },
          'dropping a websocket client that reads too slowly',
        );
        client.socket.terminate();
        continue;
      }
      this.cork(client);
      client.socket.send(serialised.bytes(), { binary: false });
      if (client.raw.writableLength > FLUSH_BYTES) this.uncork(client);
    }
  }

  private cork(client: Client): void {
    if (client.corked) return;
    client.raw.cork();
    client.corked = true;
    this.corkedClients.push(client);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private uncork(client: Client): void {
    if (!client.corked) return;
    client.corked = false;
    client.raw.uncork();
  }

  private flush(): void {
    this.flushScheduled = false;
    for (const client of this.corkedClients.splice(0)) this.uncork(client);
  }

  /** Closes the connections of a key that was just revoked. */
  closeKey(keyId: string): void {
    for (const client of this.clients) {
      if (client.key?.key_id === keyId) client.socket.close(WS_CLOSE.revoked, 'API key revoked');
    }
  }

  /** Closes every connection (the simulator is shutting down). */
  close(): void {
    for (const client of this.clients) {
      clearTimeout(client.authTimer);
      client.socket.close(WS_CLOSE.goingAway, 'UES shutting down');
      client.socket.terminate();
    }
    this.server.close();
  }
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw as ArrayBuffer).toString('utf8');
}

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
function refuse(socket: Duplex, status: 401 | 404 | 503, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  const reason = { 401: 'Unauthorized', 404: 'Not Found', 503: 'Service Unavailable' }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
      `${status === 401 ? 'WWW-Authenticate: ApiKey\r\n' : ''}Connection: close\r\n\r\n${text}`,
  );
}
