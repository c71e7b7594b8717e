import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { Agent } from 'undici';
import { PurpleUESClient } from '../../purple/ues/purple-ues-client.js';
import { UesClient } from '../../ues/client/index.js';
import type { UesProxyRegistry } from '../runtime/ues-proxy-registry.js';
import { presentedKey, sameKey, type PurpleGrant } from './grant.js';
import { McpSessions, type McpSession } from './sessions.js';
import { createSessionServer } from './session-server.js';

/**
 * The per-assessment MCP endpoint (Streamable HTTP): `<public url>/mcp/<contextId>`, served
 * wherever the UES proxy is, with the same door as the proxy. A request must present the
 * assessment's purple key (`Authorization: Bearer` or `X-API-Key`), is admitted by the proxy
 * registry (so closing the purple's access refuses new MCP requests and drains those in flight
 * exactly like REST ones), and its tools call the context's simulator with that key. Another
 * assessment's key, a key of an earlier assessment in this context, and a missing key get 401.
 */

export const MCP_PREFIX = '/mcp';
/** Largest JSON-RPC body accepted; tool arguments are small. */
const BODY_LIMIT = '4mb';

/** The MCP URL a purple is given: `<public base>/mcp/<contextId>`. */
export function assessmentMcpUrl(publicBaseUrl: string, contextId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${MCP_PREFIX}/${encodeURIComponent(contextId)}`;
}

/** What an assessment run does with the MCP endpoint of its context. */
export interface McpGrants {
  /** Admits the purple's key (and this user's context) on the context's endpoint; ends earlier grants. */
  grant(contextId: string, grant: PurpleGrant): void;
  /** Ends the context's grant and closes its sessions (the assessment is over). */
  revoke(contextId: string): Promise<void>;
}

export interface AssessmentMcpHostOptions {
  registry: UesProxyRegistry;
  logger?: Logger;
  /** Open sessions kept per context; beyond it the least recently used one is closed. Default 8. */
  maxSessionsPerContext?: number;
}

export class AssessmentMcpHost implements McpGrants {
  private readonly grants = new Map<string, PurpleGrant>();
  private readonly sessions: McpSessions;
  private readonly dispatcher = new Agent({ keepAliveTimeout: 10_000 });

  constructor(private readonly options: AssessmentMcpHostOptions) {
    this.sessions = new McpSessions(options.maxSessionsPerContext ?? 8, options.logger);
  }

  grant(contextId: string, grant: PurpleGrant): void {
    void this.sessions.closeContext(contextId);
    this.grants.set(contextId, grant);
  }

  async revoke(contextId: string): Promise<void> {
    this.grants.delete(contextId);
    await this.sessions.closeContext(contextId);
  }

  /** Open sessions, of one context or of all (diagnostics, tests, the memory benchmark). */
  sessionCount(contextId?: string): number {
    return this.sessions.count(contextId);
  }

  /** Serves `/mcp/<contextId>` on `app`; it parses its own bodies, so mount it before any JSON parser. */
  mount(app: Express): void {
    const router = express.Router();
    router.use(express.json({ limit: BODY_LIMIT }));
    router.all('/:contextId', (req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        this.options.logger?.warn({ err: error }, 'MCP request failed');
        if (!res.headersSent) rpcError(res, 500, -32603, `internal error: ${(error as Error).message}`);
        else res.destroy();
      });
    });
    router.use(((error, _req, res, _next) => {
      const status = typeof error?.status === 'number' ? (error.status as number) : 400;
      rpcError(res, status, -32700, `the request body is not JSON-RPC: ${(error as Error).message}`);
    }) satisfies ErrorRequestHandler);
    app.use(MCP_PREFIX, router);
  }

  async close(): Promise<void> {
    this.grants.clear();
    await this.sessions.closeAll();
    await this.dispatcher.close();
  }

  private async handle(req: Request, res: Response): Promise<void> {
    const contextId = String(req.params['contextId']);
    const admission = this.options.registry.admit(contextId);
    if (admission.kind === 'unknown') {
      rpcError(
        res,
        404,
        -32001,
        `no assessment is running for context ${JSON.stringify(contextId)} (it may have finished)`,
      );
      return;
    }
    if (admission.kind === 'closed') {
      rpcError(res, 403, -32001, `this UES no longer accepts the assistant's requests: ${admission.reason}`);
      return;
    }
    const admitted = admission.request;
    res.on('close', () => admitted.done());

    const key = presentedKey(req.headers);
    const grant = this.grants.get(contextId);
    if (key === undefined) {
      unauthorized(
        res,
        "send the assessment's api_key as `Authorization: Bearer <key>` or `X-API-Key: <key>`",
      );
      return;
    }
    if (grant === undefined || !sameKey(key, grant.apiKey)) {
      unauthorized(res, 'this key is not the key of the assessment running in this context');
      return;
    }
    if (req.method === 'GET') {
      // No server-initiated messages: nothing to stream, and no long-lived connection to hold.
      res.setHeader('allow', 'POST, DELETE');
      rpcError(res, 405, -32000, 'this server sends no notifications; POST JSON-RPC requests');
      return;
    }
    const auth = { token: key, clientId: contextId, scopes: [], extra: { signal: admitted.signal } };
    const request = Object.assign(req, { auth });
    const sessionId = req.header('mcp-session-id');
    if (sessionId !== undefined) {
      const session = this.sessions.get(contextId, sessionId);
      if (session === undefined) {
        rpcError(res, 404, -32001, `no MCP session ${JSON.stringify(sessionId)} here: initialize a new one`);
        return;
      }
      await session.transport.handleRequest(request, res, req.body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(req.body)) {
      rpcError(
        res,
        400,
        -32600,
        'no Mcp-Session-Id header: the first request of a session must be `initialize`',
      );
      return;
    }
    const opened = await this.openSession(contextId, admitted.upstream, grant);
    await opened.transport.handleRequest(request, res, req.body);
    // An initialize the transport refused (e.g. a malformed one) leaves no session to keep.
    if (opened.transport.sessionId === undefined) await opened.server.close();
  }

  /** A session's server and transport; the session is kept once `initialize` succeeds. */
  private async openSession(
    contextId: string,
    upstream: string,
    grant: PurpleGrant,
  ): Promise<Pick<McpSession, 'server' | 'transport'>> {
    const ues = PurpleUESClient.create(
      new UesClient({ baseUrl: upstream, apiKey: grant.apiKey, retry: false, dispatcher: this.dispatcher }),
      {
        conversationId: grant.user.conversationId,
        identity: { email: grant.user.email, phone: grant.user.phone },
      },
    );
    const server = createSessionServer({ user: grant.user, ues, callSignal });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      onsessioninitialized: (id) => this.sessions.add({ id, contextId, server, transport }),
      onsessionclosed: (id) => this.sessions.forget(contextId, id),
    });
    await server.connect(transport);
    return { server, transport };
  }
}

/** The caller's cancellation and the admission's cut-off (the drain grace), whichever comes first. */
function callSignal(toolSignal: AbortSignal, extra: Record<string, unknown> | undefined): AbortSignal {
  const admission = extra?.['signal'];
  return admission instanceof AbortSignal ? AbortSignal.any([toolSignal, admission]) : toolSignal;
}

function unauthorized(res: Response, message: string): void {
  res.setHeader('www-authenticate', 'Bearer realm="ues-agentbeats"');
  rpcError(res, 401, -32001, message);
}

function rpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}
