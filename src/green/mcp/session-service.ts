import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { Agent } from 'undici';
import { PurpleUESClient } from '../../purple/ues/purple-ues-client.js';
import { UesClient } from '../../ues/client/index.js';
import type { UesProxyRegistry } from '../runtime/ues-proxy-registry.js';
import type { PurpleGrant } from './grant.js';
import { reply, rpcError } from './http-io.js';
import { JsonHttpServerTransport } from './json-transport.js';
import { createSessionServer } from './session-server.js';
import type { McpSession, McpSessions } from './sessions.js';

/**
 * The MCP sessions' side of the host (mcp-host.ts), once a request has passed its doors (context,
 * access, key): a request of an open session goes to its transport; an `initialize` opens a session
 * whose tools call the simulator with the assessment's key. Loaded by the host with its first such
 * request, as it brings the MCP SDK.
 */

export interface AdmittedMcpRequest {
  body: unknown;
  auth: AuthInfo;
  contextId: string;
  /** The context's loopback UES. */
  upstream: string;
  /** With the chat messages its key has read, shared by all of the key's sessions (mcp-host.ts). */
  grant: ReadGrant;
}

export type ReadGrant = PurpleGrant & { chatRead: Set<string> };

export class McpSessionService {
  private readonly dispatcher = new Agent({ keepAliveTimeout: 10_000 });

  constructor(
    private readonly sessions: McpSessions,
    private readonly registry: UesProxyRegistry,
  ) {}

  async serve(req: IncomingMessage, res: ServerResponse, request: AdmittedMcpRequest): Promise<void> {
    const { body, auth, contextId } = request;
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.sessions.get(contextId, sessionId);
      if (session === undefined) {
        return reply(
          res,
          404,
          rpcError(-32001, `no MCP session ${JSON.stringify(sessionId)} here: initialize a new one`),
        );
      }
      return session.transport.handleRequest(req, res, body, auth);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return reply(
        res,
        400,
        rpcError(-32600, 'no Mcp-Session-Id header: the first request of a session must be `initialize`'),
      );
    }
    const opened = await this.openSession(contextId, request.upstream, request.grant);
    await opened.transport.handleRequest(req, res, body, auth);
    // An initialize the transport refused (e.g. a malformed one) leaves no session to keep.
    if (opened.transport.sessionId === undefined) await opened.server.close();
  }

  /** Closes the pooled connections to the simulators. */
  close(): Promise<void> {
    return this.dispatcher.close();
  }

  /** A session's server and transport; the session is kept once `initialize` succeeds. */
  private async openSession(
    contextId: string,
    upstream: string,
    grant: ReadGrant,
  ): Promise<Pick<McpSession, 'server' | 'transport'>> {
    const ues = PurpleUESClient.create(
      new UesClient({ baseUrl: upstream, apiKey: grant.apiKey, retry: false, dispatcher: this.dispatcher }),
      {
        conversationId: grant.user.conversationId,
        identity: { email: grant.user.email, phone: grant.user.phone },
        chatReadMarks: grant.chatRead,
      },
    );
    const { registry } = this;
    const server = createSessionServer({
      user: grant.user,
      ues,
      // The scenario's noise, drawn from the same sequence as the context's REST requests.
      noise: {
        faultFor: (tool) => registry.faultFor(contextId, 'MCP', `tools/call ${tool}`),
        retryAfterSeconds: () => registry.retryAfterSeconds(contextId),
      },
    });
    const transport: JsonHttpServerTransport = new JsonHttpServerTransport({
      sessionIdGenerator: randomUUID,
      onSessionInitialized: (id) => this.sessions.add({ id, contextId, server, transport }),
      onSessionClosed: (id) => this.sessions.forget(contextId, id),
    });
    await server.connect(transport);
    return { server, transport };
  }
}
