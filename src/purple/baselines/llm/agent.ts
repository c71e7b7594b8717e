import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import {
  BasePurpleAgent,
  completeTurn,
  defaultTimeStep,
  type BasePurpleAgentOptions,
  type TurnContext,
  type TurnOutcome,
} from '../../base-agent.js';
import { PurpleAgentConfigError } from '../../errors.js';
import { chatMessageText } from '../../ues/action-results.js';
import { UES_TOOLS, type AssistantTool } from '../../tools/index.js';
import { FINISH_TURN_DEFINITION } from './finish-turn.js';
import { systemPrompt, turnPrompt, type TurnMemory } from './prompt.js';
import { runToolLoop, type LoopTool, type ToolCallingModel, type ToolLoopResult } from './tool-loop.js';

export interface LlmAgentOptions extends BasePurpleAgentOptions {
  /** A LangChain chat model that supports tool calling. */
  model: BaseChatModel;
  /** Most UES tool calls in one turn (`max_actions_per_turn`). */
  maxActionsPerTurn: number;
  /** Name for logs and the agent card (e.g. the model name). */
  modelName?: string;
  /** The tools offered; default all UES tools. `null`: none yet, a subclass binds them (`useTools`). */
  tools?: readonly AssistantTool[] | null;
}

/** A tool as the model is told about it: a zod schema, or a JSON Schema object (MCP tools). */
export interface ModelToolDefinition {
  name: string;
  description: string;
  schema: AssistantTool['schema'] | Record<string, unknown>;
}

/** The user's messages in chat, oldest first, and those not seen in an earlier turn. */
export interface UserChat {
  all: string[];
  fresh: string[];
}

type BindTools = NonNullable<BaseChatModel['bindTools']>;

/**
 * The LLM baseline: a LangChain tool-calling assistant whose tools are exactly the UES actions
 * its key allows, plus finish_turn. Each turn it gets the user's task from chat, a note of what is
 * new, and a short memory of its earlier turns; it works until it calls finish_turn (or reaches
 * `maxActionsPerTurn`). It never ends the assessment early: the green stops at the scenario end.
 * Subclasses may take their tools from elsewhere (`useTools`) and read chat another way (`readUserChat`).
 */
export class LlmAgent extends BasePurpleAgent {
  private readonly bindTools: BindTools;
  private bound: { model: ToolCallingModel; tools: readonly LoopTool[] } | undefined;
  private readonly maxActions: number;
  private readonly memory: TurnMemory[] = [];

  constructor(options: LlmAgentOptions) {
    super(options);
    if (!Number.isInteger(options.maxActionsPerTurn) || options.maxActionsPerTurn < 1) {
      throw new PurpleAgentConfigError(
        'llm',
        'max_actions_per_turn',
        `must be an integer >= 1, got ${options.maxActionsPerTurn}`,
      );
    }
    this.maxActions = options.maxActionsPerTurn;
    const bindTools = options.model.bindTools?.bind(options.model);
    if (bindTools === undefined) {
      throw new PurpleAgentConfigError(
        this.agentName,
        'model',
        `${options.modelName ?? options.model.getName()} does not support tool calling; choose a model that does`,
      );
    }
    this.bindTools = bindTools;
    if (options.tools !== null) {
      const tools = options.tools ?? UES_TOOLS;
      this.useTools(
        tools,
        tools.map((tool) => ({ name: tool.name, call: (args) => tool.execute(args, this.ues) })),
      );
    }
  }

  /** What the tools' provider says about them (an MCP server's instructions); none by default. */
  protected get toolNotes(): string | undefined {
    return undefined;
  }

  /** Binds the model to these tools (plus finish_turn) for the turns to come. */
  protected useTools(definitions: readonly ModelToolDefinition[], tools: readonly LoopTool[]): void {
    this.bound = {
      model: this.bindTools([
        ...definitions.map(({ name, description, schema }) => ({ name, description, schema })),
        FINISH_TURN_DEFINITION,
      ]),
      tools,
    };
  }

  /** The user's chat messages; by default read over REST (the `ues` client). */
  protected async readUserChat(_signal: AbortSignal): Promise<UserChat> {
    const all = await this.ues.getUserMessages();
    const fresh = await this.ues.getNewUserMessages();
    return { all: all.map(chatMessageText), fresh: fresh.map(chatMessageText) };
  }

  override get agentName(): string {
    return 'llm';
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const bound = this.bound;
    if (bound === undefined)
      throw new PurpleAgentConfigError(this.agentName, 'tools', 'no tools are bound yet');
    const chat = await this.readUserChat(turn.signal);
    const messages = [
      new SystemMessage(
        systemPrompt({
          assessmentInstructions: this.assessment.instructions,
          userTask: chat.all.join('\n\n'),
          currentTime: turn.currentTime,
          userTimezone: turn.userTimezone ?? this.assessment.userTimezone,
          suggestedTimeStep: turn.suggestedTimeStep ?? this.assessment.suggestedTimeStep,
          maxActionsPerTurn: this.maxActions,
          memory: this.memory,
          toolNotes: this.toolNotes,
        }),
      ),
      new HumanMessage(
        turnPrompt({
          turnNumber: turn.turnNumber,
          currentTime: turn.currentTime,
          eventsProcessed: turn.eventsProcessed,
          newUserMessages: chat.fresh,
          endTime: turn.endTime,
          isFinalTurn: turn.isFinalTurn,
        }),
      ),
    ];
    const result = await runToolLoop({
      model: bound.model,
      messages,
      tools: bound.tools,
      maxActions: this.maxActions,
      signal: turn.signal,
      logger: this.logger.child({ turn: turn.turnNumber }),
    });
    const notes = describeEnd(result, this.maxActions);
    this.memory.push({
      turnNumber: turn.turnNumber,
      time: turn.currentTime.toISOString(),
      actions: result.actions,
      notes,
    });
    this.logger.info(
      { turn: turn.turnNumber, end: result.end, actions: result.actions.length },
      'llm turn done',
    );
    return completeTurn({
      timeStep: result.timeStep ?? defaultTimeStep(turn),
      ...(notes === undefined ? {} : { notes }),
    });
  }
}

function describeEnd(result: ToolLoopResult, maxActions: number): string | undefined {
  switch (result.end) {
    case 'finish_turn':
      return result.notes;
    case 'no_tool_calls':
      return result.finalText === undefined
        ? 'Ended without calling finish_turn.'
        : `Ended without calling finish_turn: ${result.finalText.slice(0, 500)}`;
    case 'action_limit':
      return `Stopped after ${maxActions} tool calls (max_actions_per_turn).`;
    case 'model_call_limit':
      return 'Stopped: too many model calls without progress.';
  }
}
