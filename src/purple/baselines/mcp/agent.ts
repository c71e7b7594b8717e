import type { AssessmentEndReason } from '../../../protocol/index.js';
import type { AssessmentContext } from '../../base-agent.js';
import { PurpleAgentConfigError } from '../../errors.js';
import { LlmAgent, type LlmAgentOptions, type UserChat } from '../llm/agent.js';
import { McpConnection, modelSchemaOf } from './mcp-connection.js';

/**
 * The MCP baseline: the llm baseline's loop and prompts, with every tool taken from the
 * assessment's MCP server (`mcp_url` in `assessment_start`) instead of the kit's REST wrappers —
 * the user's chat included. It shows what an MCP client (a desktop assistant, an agent framework)
 * does here: connect with the assessment's key, list the tools, call them.
 */
export class McpAgent extends LlmAgent {
  private connection: McpConnection | undefined;
  private readonly seenChat = new Set<string>();

  constructor(options: Omit<LlmAgentOptions, 'tools'>) {
    super({ ...options, tools: null });
  }

  override get agentName(): string {
    return 'mcp';
  }

  protected override async onAssessmentStart(context: AssessmentContext): Promise<void> {
    if (context.mcpUrl === undefined) {
      throw new PurpleAgentConfigError(
        'mcp',
        'mcp_url',
        'assessment_start carried no mcp_url: this green serves no MCP; use --agent llm, which works over REST',
      );
    }
    const connection = await McpConnection.open(context.mcpUrl, context.apiKey);
    connection.useRetry(this.uesRetry);
    this.connection = connection;
    this.useTools(
      connection.tools.map((tool) => ({
        name: tool.name,
        description: tool.description ?? tool.name,
        schema: modelSchemaOf(tool),
      })),
      connection.tools.map((tool) => ({
        name: tool.name,
        call: (args, signal) => connection.call(tool.name, args, signal),
      })),
    );
    this.logger.info({ mcpUrl: context.mcpUrl, tools: connection.tools.length }, 'MCP tools bound');
  }

  protected override get toolNotes(): string | undefined {
    return this.connection?.instructions;
  }

  /** The user's messages, through the server's `read_chat` tool like any other read. */
  protected override async readUserChat(signal: AbortSignal): Promise<UserChat> {
    const connection = this.requireConnection();
    const answer = (await connection.call('read_chat', {}, signal)) as {
      messages?: Array<{ message_id: string; role: string; text: string }>;
    };
    const mine = (answer.messages ?? []).filter((message) => message.role === 'user');
    const fresh = mine.filter((message) => !this.seenChat.has(message.message_id));
    for (const message of fresh) this.seenChat.add(message.message_id);
    return { all: mine.map((message) => message.text), fresh: fresh.map((message) => message.text) };
  }

  override async onAssessmentComplete(_reason: AssessmentEndReason): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close();
  }

  private requireConnection(): McpConnection {
    if (this.connection === undefined) {
      throw new PurpleAgentConfigError('mcp', 'mcp_url', 'not connected: assessment_start has not arrived');
    }
    return this.connection;
  }
}
