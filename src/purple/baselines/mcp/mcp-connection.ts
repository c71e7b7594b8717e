import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { resolveRetryPolicy, retryDelayMs, type RetryOptions } from '../../../ues/client/index.js';
import { PACKAGE_VERSION } from '../../../version.js';
import { PurpleKitError } from '../../errors.js';

/**
 * An assistant's connection to its assessment's MCP server: connect with the assessment's key,
 * list the tools, call them. A tool error comes back as a thrown `McpToolError` carrying the
 * server's text, so the tool loop shows the model exactly what the server said.
 */

/** The server answered a tool call with `isError`. */
export class McpToolError extends PurpleKitError {
  constructor(
    readonly tool: string,
    readonly text: string,
  ) {
    super(text);
  }
}

export class McpConnection {
  private constructor(
    private readonly client: Client,
    private readonly transport: StreamableHTTPClientTransport,
    readonly tools: readonly Tool[],
  ) {}

  /**
   * Connects to `url` presenting `apiKey` as a bearer token, and lists every tool (all pages).
   * `sessionId` resumes a session an earlier connection opened (a player calling from separate
   * processes keeps one session, as one long-lived client would).
   */
  static async open(
    url: string,
    apiKey: string,
    signal?: AbortSignal,
    sessionId?: string,
  ): Promise<McpConnection> {
    const client = new Client({ name: 'ues-agentbeats-mcp-baseline', version: PACKAGE_VERSION });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
      ...(sessionId === undefined ? {} : { sessionId }),
    });
    const options = signal === undefined ? {} : { signal };
    await client.connect(transport, options);
    try {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, options);
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return new McpConnection(client, transport, tools);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  /** The session the server assigned (to resume it later with `open(…, sessionId)`). */
  get sessionId(): string | undefined {
    return this.transport.sessionId;
  }

  /** Closes the client but leaves the session open on the server, to be resumed. */
  async detach(): Promise<void> {
    await this.client.close();
  }

  /** The server's instructions (what it says about this assessment), if any. */
  get instructions(): string | undefined {
    return this.client.getInstructions();
  }

  /**
   * The tool's structured content, else its text; throws McpToolError when the tool failed. A
   * transient failure (the server says so: nothing was done) is tried again after a back-off, as
   * the kit's REST client retries a 503.
   */
  async call(name: string, args: unknown, signal: AbortSignal): Promise<unknown> {
    const policy = resolveRetryPolicy(this.retry);
    for (let attempt = 0; ; attempt += 1) {
      const result = (await this.client.callTool(
        { name, arguments: (args ?? {}) as Record<string, unknown> },
        undefined,
        { signal },
      )) as CallToolResult;
      const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
      if (result.isError !== true) return result.structuredContent ?? text;
      if (isTransient(result) && attempt < policy.maxRetries) {
        await policy.sleep(retryDelayMs(policy, attempt), signal);
        continue;
      }
      throw new McpToolError(name, text || `${name} failed without a message`);
    }
  }

  /** How transient tool failures are retried (default: 3 retries from 500 ms, as REST). */
  useRetry(retry: RetryOptions | undefined): void {
    this.retry = retry;
  }

  private retry: RetryOptions | undefined;

  /**
   * Ends the session on the server (best effort: once the assessment is over the server has
   * closed it already and refuses the request) and closes the client.
   */
  async close(): Promise<void> {
    await this.transport.terminateSession().catch(() => undefined);
    await this.client.close();
  }
}

/** A tool error the server marks as transient: the call did nothing and may be made again. */
function isTransient(result: CallToolResult): boolean {
  const structured = result.structuredContent as { error?: unknown } | undefined;
  return structured?.error === 'transient_failure';
}

/** A tool's input schema as a model takes it (JSON Schema, without the draft marker). */
export function modelSchemaOf(tool: Tool): Record<string, unknown> {
  const { $schema: _draft, ...schema } = tool.inputSchema as Record<string, unknown>;
  return schema;
}
