import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { KEY_HEADERS, UES_PROXY_PREFIX, parseProxyPath, refusalDetail } from './ues-proxy.js';
import type { UesProxyRegistry } from './ues-proxy-registry.js';

/**
 * WebSocket upgrades through the green's UES proxy: `<public url>/ues/<contextId>/ws` reaches the
 * context's `/ws` notifications, so an assistant can be pushed events instead of polling. The
 * rules are the REST proxy's: an unknown context gets 404, a context whose assessment closed the
 * purple's access 403; only the key headers go upstream, and the simulator answers a missing or
 * wrong key (401) as it would directly. A connection is relayed message by message, and the proxy
 * closes it (code 4403, the reason) the moment the context's access closes — with the final turn —
 * or its simulator stops. Slow readers are dropped rather than buffered.
 */

/** Close code when the assessment ends the purple's access (the UES uses 4403 for a revoked key). */
export const ACCESS_CLOSED_CODE = 4403;
/** What a client may send in one message (the UES takes 64 KiB). */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
/** Unsent bytes a client may accumulate before it is dropped (the UES's own limit). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Longest wait for the simulator's handshake. */
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** Most bytes of a refused handshake's body passed back to the client. */
const MAX_REFUSAL_BODY_BYTES = 16 * 1024;

export interface UesWebSocketForwarding {
  /** Stops forwarding and ends every relayed connection. */
  close(): void;
}

/** Forwards WebSocket upgrades under `/ues/` on `server` to the contexts' simulators. */
export function forwardUesWebSockets(
  server: Server,
  registry: UesProxyRegistry,
  logger?: Logger,
): UesWebSocketForwarding {
  // The WebSocket library comes with the first upgrade: a green serving its card needs none.
  let clients: WebSocketServer | undefined;
  let closed = false;
  let loading: Promise<{ clients: WebSocketServer; WebSocket: typeof WebSocket }> | undefined;
  const load = () =>
    (loading ??= import('ws').then((ws) => {
      clients = new ws.WebSocketServer({
        noServer: true,
        maxPayload: MAX_CLIENT_MESSAGE_BYTES,
        perMessageDeflate: false,
      });
      return { clients, WebSocket: ws.WebSocket };
    }));
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = request.url ?? '';
    if (url === UES_PROXY_PREFIX || url.startsWith(`${UES_PROXY_PREFIX}/`)) {
      socket.on('error', () => undefined);
      void load().then(
        (loaded) =>
          closed
            ? refuse(socket, 503, 'the green is shutting down')
            : forward(request, socket, head, { registry, logger, ...loaded }),
        (error: unknown) =>
          refuse(socket, 500, `WebSockets cannot be forwarded: ${(error as Error).message}`),
      );
    } else if (server.listenerCount('upgrade') === 1) {
      // Nobody else on this server takes upgrades.
      refuse(socket, 404, `WebSocket upgrades are served at ${UES_PROXY_PREFIX}/<contextId>/ws only`);
    }
  };
  server.on('upgrade', onUpgrade);
  return {
    close() {
      closed = true;
      server.off('upgrade', onUpgrade);
      if (clients === undefined) return;
      for (const client of clients.clients) client.terminate();
      clients.close();
    },
  };
}

interface ForwardContext {
  registry: UesProxyRegistry;
  clients: WebSocketServer;
  /** The client class of the `ws` module (loaded with the first upgrade). */
  WebSocket: typeof WebSocket;
  logger: Logger | undefined;
}

function forward(request: IncomingMessage, socket: Duplex, head: Buffer, context: ForwardContext): void {
  if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
    return refuse(socket, 400, 'only WebSocket upgrades are forwarded');
  }
  const { contextId, rest } = parseProxyPath((request.url ?? '').slice(UES_PROXY_PREFIX.length));
  const admission =
    contextId === undefined ? ({ kind: 'unknown' } as const) : context.registry.admitStream(contextId);
  if (admission.kind === 'unknown') return refuse(socket, 404, refusalDetail(contextId));
  if (admission.kind === 'closed') return refuse(socket, 403, refusalDetail(contextId, admission.reason));
  if (admission.kind === 'full') {
    return refuse(socket, 503, `this context already has ${admission.limit} WebSocket connections open`);
  }
  const admitted = admission.request;
  const upstream = new context.WebSocket(
    `${admitted.upstream.replace(/^http/, 'ws')}${rest}`,
    requestedProtocols(request),
    { headers: keyHeaders(request), handshakeTimeout: HANDSHAKE_TIMEOUT_MS, perMessageDeflate: false },
  );
  let client: WebSocket | undefined;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    admitted.signal.removeEventListener('abort', onCutOff);
    admitted.done();
  };
  // Access closed (the final turn) or the simulator stopped: the connection ends now.
  const onCutOff = (): void => {
    const cause = admitted.signal.reason as unknown;
    const detail = refusalDetail(contextId, cause instanceof Error ? cause.message : String(cause));
    if (client === undefined) {
      upstream.terminate();
      refuse(socket, 403, detail);
    } else {
      client.close(ACCESS_CLOSED_CODE, closeReason(detail));
      upstream.close(1000, 'the assistant’s access closed');
    }
    finish();
  };
  admitted.signal.addEventListener('abort', onCutOff, { once: true });
  // Until the handshake is done the socket is ours: when it goes, so does the upstream attempt.
  socket.once('close', () => {
    if (client !== undefined) return;
    upstream.terminate();
    finish();
  });
  upstream.once('unexpected-response', (_request, response) => {
    void readBody(response, MAX_REFUSAL_BODY_BYTES).then((body) => {
      relayRefusal(socket, response.statusCode ?? 502, response.headers['content-type'], body);
      upstream.terminate();
      finish();
    });
  });
  upstream.on('error', (error) => {
    if (client !== undefined || finished) return;
    context.logger?.warn({ err: error, contextId }, 'UES proxy WebSocket could not reach the simulator');
    refuse(socket, 502, `the UES for context ${JSON.stringify(contextId)} did not answer: ${error.message}`);
    finish();
  });
  upstream.once('open', () => {
    context.clients.handleUpgrade(request, socket, head, (accepted) => {
      client = accepted;
      relay(accepted, upstream, finish, context.logger);
    });
  });
}

function keyHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEY_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function requestedProtocols(request: IncomingMessage): string[] {
  return (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
}

/** Passes messages both ways and each side's close to the other. */
function relay(client: WebSocket, upstream: WebSocket, finish: () => void, logger: Logger | undefined): void {
  const pass = (to: WebSocket) => (data: RawData, isBinary: boolean) => {
    if (to.readyState !== to.OPEN) return;
    if (to.bufferedAmount > MAX_BUFFERED_BYTES) {
      logger?.warn('dropping a proxied WebSocket that reads too slowly');
      client.terminate();
      upstream.terminate();
      return;
    }
    to.send(data, { binary: isBinary });
  };
  client.on('message', pass(upstream));
  upstream.on('message', pass(client));
  client.on('close', (code, reason) => {
    closeWith(upstream, code, reason.toString());
    finish();
  });
  upstream.on('close', (code, reason) => {
    closeWith(client, code, reason.toString());
    finish();
  });
  client.on('error', () => upstream.terminate());
  upstream.on('error', () => client.terminate());
}

/** Closes `socket` with the other side's code, when that code may be sent (1005/1006 may not). */
function closeWith(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.CLOSED || socket.readyState === socket.CLOSING) return;
  const sendable =
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999);
  if (sendable) socket.close(code, closeReason(reason));
  else socket.close(1011, 'the other side went away');
}

/** A close reason fits in 123 bytes. */
function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = `${reason.slice(0, reason.length - 2)}…`;
  return reason;
}

/** Up to `limit` bytes of a response body (what could not be read is left out). */
function readBody(response: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (size >= limit) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    response.on('end', () => resolve(Buffer.concat(chunks).subarray(0, limit)));
    response.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

/** The simulator's own refusal (401 for a wrong key, 404 for another path), as it sent it. */
function relayRefusal(socket: Duplex, status: number, contentType: string | undefined, body: Buffer): void {
  if (!socket.writable) return;
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      (contentType ? `Content-Type: ${contentType}\r\n` : '') +
      (status === 401 ? 'WWW-Authenticate: ApiKey\r\n' : '') +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.end(body);
}

/** Answers an upgrade request with a JSON error, as the REST proxy would, and closes the socket. */
function refuse(socket: Duplex, status: 400 | 403 | 404 | 500 | 502 | 503, detail: string): void {
  if (!socket.writable) return;
  const text = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
