import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PurpleUESClient } from '../../purple/ues/purple-ues-client.js';
import { UES_TOOLS, type AssistantTool } from '../../purple/tools/index.js';
import { PACKAGE_VERSION } from '../../version.js';
import { transientFailureBody, type InjectedFault } from '../runtime/ues-proxy-noise.js';
import { describeTool, serverInstructions } from './descriptions.js';
import type { UserContext } from './grant.js';

/**
 * The MCP server of one session: the kit's UES tools (exactly what the purple key may do), each
 * run with the session's client — the purple's own key, straight to its simulator, so the UES
 * checks the same permissions and logs the same events as for a REST call. Results are structured
 * content (with the same JSON as text, for clients that read only text); failures are tool errors
 * whose text names the problem.
 */

export const MCP_SERVER_NAME = 'ues-agentbeats';

/**
 * One JSON Schema validator for every session: the SDK builds an Ajv instance per server
 * otherwise (half of a session's memory), and these servers never validate elicitation answers.
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * Injected noise for tool calls: each call draws once from the context's fault sequence (shared
 * with its REST requests). A transient failure answers a tool error saying so and when to retry,
 * with nothing done; a slow one answers late.
 */
export interface ToolNoise {
  faultFor(tool: string): InjectedFault | null;
  retryAfterSeconds(): number;
}

export function createSessionServer(options: {
  user: UserContext;
  ues: PurpleUESClient;
  tools?: readonly AssistantTool[];
  noise?: ToolNoise;
}): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: PACKAGE_VERSION },
    {
      instructions: serverInstructions(options.user),
      capabilities: { tools: {} },
      jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()),
    },
  );
  for (const tool of options.tools ?? UES_TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: describeTool(tool, options.user),
        inputSchema: tool.schema,
        annotations: annotationsOf(tool),
      },
      async (args: unknown, extra): Promise<CallToolResult> => {
        const admission = extra.authInfo?.extra?.['signal'];
        return underEither(
          extra.signal,
          admission instanceof AbortSignal ? admission : undefined,
          async (signal) => {
            const fault = options.noise?.faultFor(tool.name) ?? null;
            if (fault?.kind === 'transient_failure') return transientFailure(tool.name, options.noise!);
            if (fault?.kind === 'slow') await pause(fault.delay_ms ?? 0, signal);
            try {
              return toolResult(await tool.execute(args, options.ues.withSignal(signal)));
            } catch (error) {
              return {
                isError: true,
                content: [{ type: 'text', text: `${tool.name}: ${messageOf(error, signal)}` }],
              };
            }
          },
        );
      },
    );
  }
  return server;
}

/**
 * Runs `work` under a signal that aborts with either the caller's cancellation or the admission's
 * cut-off (the drain grace when the purple's access closes). Cheaper per call than
 * `AbortSignal.any`, whose weak references cost more than the rest of a small tool call.
 */
async function underEither<T>(
  first: AbortSignal,
  second: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (second === undefined) return work(first);
  const controller = new AbortController();
  const forward = (event: Event): void => controller.abort((event.target as AbortSignal).reason);
  if (first.aborted || second.aborted) controller.abort(first.aborted ? first.reason : second.reason);
  first.addEventListener('abort', forward);
  second.addEventListener('abort', forward);
  try {
    return await work(controller.signal);
  } finally {
    first.removeEventListener('abort', forward);
    second.removeEventListener('abort', forward);
  }
}

/** The tool error of an injected transient failure: the same words as the REST proxy's 503. */
function transientFailure(name: string, noise: ToolNoise): CallToolResult {
  const retryAfter = noise.retryAfterSeconds();
  const { detail } = transientFailureBody(retryAfter);
  return {
    isError: true,
    content: [{ type: 'text', text: `${name}: ${detail}` }],
    // For clients that retry by rule, as REST clients do on a 503 with Retry-After.
    structuredContent: { error: 'transient_failure', retry_after_seconds: retryAfter, detail },
  };
}

/** Waits `ms`, or less when `signal` aborts (the call is then cut off anyway). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function toolResult(value: unknown): CallToolResult {
  // Structured content must be an object; the kit's tools all answer one.
  const structured =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { result: value ?? null };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function messageOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return `the call was cut off: ${String(signal.reason)}`;
  return error instanceof Error ? error.message : String(error);
}

/** Hints for clients that ask before acting: reads, sends that reach other people, deletions. */
function annotationsOf(tool: AssistantTool) {
  const reachesOthers =
    /^(send_|reply_|forward_|respond_)/.test(tool.name) && tool.name !== 'send_chat_message';
  return {
    readOnlyHint: !tool.writes,
    destructiveHint: tool.writes && /^delete_/.test(tool.name),
    openWorldHint: reachesOthers,
  };
}
