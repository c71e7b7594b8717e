import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCResponse,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { reply, rpcError } from './http-io.js';

/**
 * The server side of MCP's Streamable HTTP transport (spec 2025-03-26 and later) in its JSON
 * response mode, on Node's own request and response, for one session. Every POST is answered
 * with one JSON body (or 202 when it holds no request); no SSE stream is ever opened, since this
 * server sends nothing of its own accord (GET is refused where the endpoint is mounted).
 *
 * The SDK's transport does the same through web-standard Request and Response objects, which
 * cost a Node server a conversion each way per call — more than the rest of a tool call together
 * (`npm run bench`: about 2× a REST call through the proxy with it, within 1.5× without). The
 * rules are the SDK transport's: Accept and Content-Type checks, JSON-RPC validation, one
 * initialize per session, the Mcp-Session-Id and MCP-Protocol-Version headers afterwards, 202
 * for notifications alone, DELETE ending the session.
 */

/** Most messages in one batch, as the SDK's transport allows. */
const MAX_BATCH = 100;

interface Exchange {
  ids: RequestId[];
  answers: Map<RequestId, JSONRPCResponse>;
  done(): void;
}

export class JsonHttpServerTransport implements Transport {
  sessionId: string | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport['onmessage'];
  private closed = false;
  /** Requests answered by an HTTP exchange still waiting, by JSON-RPC id. */
  private readonly waiting = new Map<RequestId, Exchange>();

  constructor(
    private readonly options: {
      sessionIdGenerator: () => string;
      onSessionInitialized?: (sessionId: string) => void;
      onSessionClosed?: (sessionId: string) => void;
    },
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    // Answers go back on the POST that asked; anything else has no stream to travel on.
    if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return;
    const id = message.id;
    if (id === undefined) return;
    const exchange = this.waiting.get(id);
    if (exchange === undefined) return; // the session closed meanwhile
    this.waiting.delete(id);
    exchange.answers.set(id, message);
    if (exchange.answers.size === exchange.ids.length) exchange.done();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Whoever still waits hears that the session ended rather than nothing.
    for (const [id, exchange] of [...this.waiting]) {
      exchange.answers.set(id, {
        jsonrpc: '2.0',
        id,
        error: { code: -32001, message: 'the MCP session was closed' },
      });
      if (exchange.answers.size === exchange.ids.length) exchange.done();
    }
    this.waiting.clear();
    this.onclose?.();
  }

  /**
   * Handles one HTTP request of this session (`body`: the parsed JSON), writing its answer.
   * Resolves once every request in it has been answered — also when the client hung up before:
   * the work it asked for runs to its end, and whoever counts work in flight must see it.
   */
  async handleRequest(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    authInfo: AuthInfo,
  ): Promise<void> {
    if (this.closed) return reply(res, 404, rpcError(-32001, 'Session not found'));
    if (req.method === 'DELETE') return this.handleDelete(req, res);
    if (req.method !== 'POST')
      return reply(res, 405, rpcError(-32000, 'Method not allowed.'), { allow: 'POST, DELETE' });

    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return reply(
        res,
        406,
        rpcError(-32000, 'Not Acceptable: Client must accept both application/json and text/event-stream'),
      );
    }
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return reply(
        res,
        415,
        rpcError(-32000, 'Unsupported Media Type: Content-Type must be application/json'),
      );
    }
    const batch = Array.isArray(body);
    const raw: unknown[] = batch ? body : [body];
    if (raw.length > MAX_BATCH) {
      return reply(
        res,
        400,
        rpcError(-32600, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`),
      );
    }
    const parsed = raw.map((entry) => JSONRPCMessageSchema.safeParse(entry));
    if (raw.length === 0 || parsed.some((result) => !result.success)) {
      return reply(res, 400, rpcError(-32700, 'Parse error: Invalid JSON-RPC message'));
    }
    const messages = parsed.map((result) => result.data!);

    if (messages.some(isInitializeRequest)) {
      if (this.sessionId !== undefined)
        return reply(res, 400, rpcError(-32600, 'Invalid Request: Server already initialized'));
      if (messages.length > 1)
        return reply(
          res,
          400,
          rpcError(-32600, 'Invalid Request: Only one initialization request is allowed'),
        );
      this.sessionId = this.options.sessionIdGenerator();
      this.options.onSessionInitialized?.(this.sessionId);
    } else {
      const refusal = this.checkSession(req);
      if (refusal !== undefined) return reply(res, refusal.status, refusal.body);
    }

    const extra = { authInfo, requestInfo: { headers: req.headers } };
    const requests = messages.filter(isJSONRPCRequest);
    if (requests.length === 0) {
      for (const message of messages) this.onmessage?.(message, extra);
      return reply(res, 202, undefined);
    }
    const ids = requests.map((request) => request.id);
    if (new Set(ids).size !== ids.length || ids.some((id) => this.waiting.has(id))) {
      return reply(
        res,
        400,
        rpcError(-32600, 'Invalid Request: a request id is already in use in this session'),
      );
    }
    const answered = new Promise<Map<RequestId, JSONRPCResponse>>((resolve) => {
      const exchange: Exchange = { ids, answers: new Map(), done: () => resolve(exchange.answers) };
      for (const id of ids) this.waiting.set(id, exchange);
    });
    for (const message of messages) this.onmessage?.(message, extra);
    const answers = await answered;
    const ordered = ids.map((id) => answers.get(id)!);
    reply(
      res,
      200,
      batch ? ordered : ordered[0],
      this.sessionId === undefined ? {} : { 'mcp-session-id': this.sessionId },
    );
  }

  private async handleDelete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = this.checkSession(req);
    if (refusal !== undefined) return reply(res, refusal.status, refusal.body);
    if (this.sessionId !== undefined) this.options.onSessionClosed?.(this.sessionId);
    await this.close();
    reply(res, 200, undefined);
  }

  /** The session and protocol headers every request but `initialize` carries. */
  private checkSession(req: IncomingMessage): { status: number; body: unknown } | undefined {
    if (this.sessionId === undefined)
      return { status: 400, body: rpcError(-32000, 'Bad Request: Server not initialized') };
    const sessionId = req.headers['mcp-session-id'];
    if (sessionId === undefined)
      return { status: 400, body: rpcError(-32000, 'Bad Request: Mcp-Session-Id header is required') };
    if (sessionId !== this.sessionId) return { status: 404, body: rpcError(-32001, 'Session not found') };
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return {
        status: 400,
        body: rpcError(
          -32000,
          `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        ),
      };
    }
    return undefined;
  }
}
