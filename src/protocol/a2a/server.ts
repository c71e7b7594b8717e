import { AGENT_CARD_PATH, type AgentCard } from '@a2a-js/sdk';
import type { AgentExecutor, TaskStore } from '@a2a-js/sdk/server';
import { UserBuilder, agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { GuardedRequestHandler, requireBearerToken, withBearerSecurity } from './access-control.js';
import { buildAgentCard, defaultCardUrl, type AgentCardSpec } from './agent-card.js';
import { HistorySharingTaskStore } from './task-store.js';

/**
 * Starts an A2A server the way AgentBeats expects: JSON-RPC at `/`, the card at
 * `/.well-known/agent-card.json`, both v0.3 (no `A2A-Version` header) and v1.0 served.
 */

export const DEFAULT_BODY_LIMIT = '20mb';
const LEGACY_CARD_PATH = '/.well-known/agent.json';
const LEGACY = { enabled: true } as const;

export interface ServerInfo {
  /** A URL this process can reach the server at (loopback when bound to a wildcard address). */
  url: string;
  /** The URL advertised in the agent card. */
  cardUrl: string;
  host: string;
  port: number;
}

export interface A2AServerOptions {
  /** Card fields; the card URL is `cardUrl`, or the AgentBeats default for the bound port. */
  card: Omit<AgentCardSpec, 'url'>;
  executor: AgentExecutor;
  host?: string;
  /** 0 picks a free port; `url` and `cardUrl` then show the real one. */
  port?: number;
  cardUrl?: string;
  taskStore?: TaskStore;
  /** Limit for JSON-RPC request bodies; the SDK's own parser stops at 100 KB. */
  bodyLimit?: string;
  /**
   * Mounts extra routes before the JSON-RPC handler (e.g. a reverse proxy). They see raw,
   * unparsed request bodies.
   */
  configure?: (app: Express, info: ServerInfo) => void | Promise<void>;
  /** Runs during `close()`, after the server stops accepting connections. */
  onShutdown?: () => void | Promise<void>;
  /** How long `close()` waits for in-flight requests before cutting connections. */
  shutdownGraceMs?: number;
  /**
   * When set, every A2A call needs `Authorization: Bearer <token>` (the card stays public) and
   * token holders may list tasks. Without it the server is open — as the AgentBeats gateway
   * expects — but ListTasks is refused for everyone.
   */
  bearerToken?: string | undefined;
  logger?: Logger;
}

export interface A2AServerHandle extends ServerInfo {
  app: Express;
  server: Server;
  card: AgentCard;
  requestHandler: GuardedRequestHandler;
  /** Stops the server: closes connections and runs `onShutdown`. Safe to call twice. */
  close(): Promise<void>;
}

export async function startA2AServer(options: A2AServerOptions): Promise<A2AServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await listen(server, host, options.port ?? 0);
  // The card needs the real port, so the app is built after binding; requests cannot arrive
  // before the handler is attached because no I/O runs until this function yields.
  const port = (server.address() as AddressInfo).port;
  const info: ServerInfo = {
    url: defaultCardUrl(reachableHost(host), port),
    cardUrl: options.cardUrl ?? defaultCardUrl(host, port),
    host,
    port,
  };

  try {
    const plainCard = buildAgentCard({ ...options.card, url: info.cardUrl });
    const card = options.bearerToken ? withBearerSecurity(plainCard) : plainCard;
    const requestHandler = new GuardedRequestHandler(
      card,
      options.taskStore ?? new HistorySharingTaskStore(),
      options.executor,
    );
    requestHandler.listingAllowed = options.bearerToken !== undefined;
    const app = express();
    app.disable('x-powered-by');
    await options.configure?.(app, info);
    const cardRoute = agentCardHandler({ agentCardProvider: requestHandler, legacyCompat: LEGACY });
    app.use(`/${AGENT_CARD_PATH}`, cardRoute);
    app.use(LEGACY_CARD_PATH, cardRoute);
    app.post(
      '/',
      ...(options.bearerToken ? [requireBearerToken(options.bearerToken)] : []),
      express.json({ limit: options.bodyLimit ?? DEFAULT_BODY_LIMIT }),
      jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication, legacyCompat: LEGACY }),
    );
    app.use(bodyParserErrors);
    server.on('request', app);
    const close = once(() => shutdown(server, options));
    return { ...info, app, server, card, requestHandler, close };
  } catch (error) {
    server.close();
    throw error;
  }
}

/** Replaces wildcard bind addresses with loopback so the returned URL is connectable. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Answers malformed or oversized bodies with JSON-RPC errors instead of express's HTML pages. */
const bodyParserErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const status = (error as { status?: unknown }).status;
  const type = (error as { type?: unknown }).type;
  if (res.headersSent || typeof status !== 'number') {
    next(error);
    return;
  }
  const rpcError =
    type === 'entity.parse.failed'
      ? { code: -32700, message: 'Invalid JSON payload.' }
      : { code: -32600, message: `Invalid request: ${(error as Error).message}` };
  res.status(type === 'entity.too.large' ? 413 : 200).json({ jsonrpc: '2.0', id: null, error: rpcError });
};

async function shutdown(server: Server, options: A2AServerOptions): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  try {
    await options.onShutdown?.();
  } catch (error) {
    options.logger?.error({ err: error }, 'onShutdown hook failed');
  }
  const graceMs = options.shutdownGraceMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([closed, grace]);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= fn());
}
