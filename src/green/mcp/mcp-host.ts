import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { ProxiedRequest, UesProxyRegistry } from '../runtime/ues-proxy-registry.js';
import { presentedKey, sameKey, type PurpleGrant } from './grant.js';
import { BodyError, readJsonBody, reply, rpcError } from './http-io.js';
import type { McpSessionService } from './session-service.js';
import { McpSessions } from './sessions.js';

/**
 * The per-assessment MCP endpoint (Streamable HTTP): `<public url>/mcp/<contextId>`, served
 * wherever the UES proxy is, with the same door as the proxy. A request must present the
 * assessment's purple key (`Authorization: Bearer` or `X-API-Key`), is admitted by the proxy
 * registry (so closing the purple's access refuses new MCP requests and drains those in flight
 * exactly like REST ones), and its tools call the context's simulator with that key. Another
 * assessment's key, a key of an earlier assessment in this context, and a missing key get 401.
 * The MCP SDK and the sessions' clients (session-service.ts) are loaded with the first request
 * that passes these doors: a green that serves no MCP session never loads them.
 */

export const MCP_PREFIX = '/mcp';
/** Largest JSON-RPC body accepted; tool arguments are small. */
const BODY_LIMIT = 4 * 1024 * 1024;

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
  /**
   * Per context, the grant and the chat messages its key has read through read_chat — shared by
   * all of the key's sessions, so an assistant that reconnects each turn is not handed the same
   * "new" message again; a new grant (a new key) starts with nothing read.
   */
  private readonly grants = new Map<string, PurpleGrant & { keyBytes: Buffer; chatRead: Set<string> }>();
  private readonly sessions: McpSessions;
  private service: Promise<McpSessionService> | undefined;

  constructor(private readonly options: AssessmentMcpHostOptions) {
    this.sessions = new McpSessions(options.maxSessionsPerContext ?? 8, options.logger);
  }

  grant(contextId: string, grant: PurpleGrant): void {
    void this.sessions.closeContext(contextId);
    this.grants.set(contextId, {
      ...grant,
      keyBytes: Buffer.from(grant.apiKey, 'utf8'),
      chatRead: new Set(),
    });
  }

  async revoke(contextId: string): Promise<void> {
    this.grants.delete(contextId);
    await this.sessions.closeContext(contextId);
  }

  /** Open sessions, of one context or of all (diagnostics, tests, the memory benchmark). */
  sessionCount(contextId?: string): number {
    return this.sessions.count(contextId);
  }

  /** Serves `/mcp/<contextId>` on `app`; it reads its own bodies, so mount it before any body parser. */
  mount(app: Express): void {
    app.use(MCP_PREFIX, (req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        if (error instanceof BodyError) return reply(res, error.status, rpcError(-32700, error.message));
        this.options.logger?.warn({ err: error }, 'MCP request failed');
        if (res.headersSent) res.destroy();
        else reply(res, 500, rpcError(-32603, `internal error: ${(error as Error).message}`));
      });
    });
  }

  async close(): Promise<void> {
    this.grants.clear();
    await this.sessions.closeAll();
    await (await this.service?.catch(() => undefined))?.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // req.url is relative to the mount point: `/<contextId>` (a query is ignored).
    const match = /^\/([^/?]+)\/?(?:\?.*)?$/.exec(req.url ?? '');
    const contextId = match === null ? undefined : safeDecode(match[1]!);
    if (contextId === undefined) {
      return reply(res, 404, rpcError(-32001, `MCP paths look like ${MCP_PREFIX}/<contextId>`));
    }
    const admission = this.options.registry.admit(contextId);
    if (admission.kind === 'unknown') {
      return reply(
        res,
        404,
        rpcError(
          -32001,
          `no assessment is running for context ${JSON.stringify(contextId)} (it may have finished)`,
        ),
      );
    }
    if (admission.kind === 'closed') {
      return reply(
        res,
        403,
        rpcError(-32001, `this UES no longer accepts the assistant's requests: ${admission.reason}`),
      );
    }
    // The request is in flight (and access cannot finish closing) until the work it asked for is
    // done — not merely until its client stops listening.
    const admitted = admission.request;
    try {
      await this.serve(req, res, contextId, admitted);
    } finally {
      admitted.done();
    }
  }

  private async serve(
    req: IncomingMessage,
    res: ServerResponse,
    contextId: string,
    admitted: ProxiedRequest,
  ): Promise<void> {
    const key = presentedKey(req.headers);
    const grant = this.grants.get(contextId);
    if (key === undefined) {
      return unauthorized(
        res,
        "send the assessment's api_key as `Authorization: Bearer <key>` or `X-API-Key: <key>`",
      );
    }
    if (grant === undefined || !sameKey(key, grant.keyBytes)) {
      return unauthorized(res, 'this key is not the key of the assessment running in this context');
    }
    if (req.method === 'GET') {
      // No server-initiated messages: nothing to stream, and no long-lived connection to hold.
      return reply(res, 405, rpcError(-32000, 'this server sends no notifications; POST JSON-RPC requests'), {
        allow: 'POST, DELETE',
      });
    }
    const body = await readJsonBody(req, BODY_LIMIT);
    const auth = { token: key, clientId: contextId, scopes: [], extra: { signal: admitted.signal } };
    const service = await (this.service ??= import('./session-service.js').then(
      ({ McpSessionService }) => new McpSessionService(this.sessions, this.options.registry),
    ));
    await service.serve(req, res, { body, auth, contextId, upstream: admitted.upstream, grant });
  }
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function unauthorized(res: ServerResponse, message: string): void {
  reply(res, 401, rpcError(-32001, message), { 'www-authenticate': 'Bearer realm="ues-agentbeats"' });
}
