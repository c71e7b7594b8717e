import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { Runnable, RunnableConfig } from '@langchain/core/runnables';
import type { Logger } from 'pino';
import { FINISH_TURN_TOOL, finishTurnSchema } from './finish-turn.js';

/**
 * One turn of tool calling: ask the model, run the tools it calls against UES, feed the results
 * back, until it calls finish_turn, stops calling tools, or reaches the action limit. Tool errors
 * go back to the model as tool messages; only model failures end the turn with an error.
 */

export type ToolCallingModel = Runnable<BaseLanguageModelInput, AIMessageChunk, RunnableConfig>;

/**
 * A tool the loop can run, wherever it executes: the kit's UES tools in this process, or an MCP
 * server's tools. `call` gets the arguments as the model sent them and answers a JSON value (or
 * text, shown as is); a thrown error goes back to the model as `Error: <message>`.
 */
export interface LoopTool {
  name: string;
  call(args: unknown, signal: AbortSignal): Promise<unknown>;
}

export interface ToolLoopInput {
  model: ToolCallingModel;
  messages: BaseMessage[];
  tools: readonly LoopTool[];
  maxActions: number;
  signal: AbortSignal;
  logger: Logger;
  /** Largest tool result (JSON characters) sent back to the model. */
  maxResultChars?: number;
}

export type ToolLoopEnd = 'finish_turn' | 'no_tool_calls' | 'action_limit' | 'model_call_limit';

export interface ToolLoopResult {
  end: ToolLoopEnd;
  timeStep: string | undefined;
  notes: string | undefined;
  /** Names of the UES tools executed (successfully or not), in order. */
  actions: string[];
  /** The model's last text, when it stopped without finish_turn. */
  finalText: string | undefined;
}

const DEFAULT_MAX_RESULT_CHARS = 20_000;

export async function runToolLoop(input: ToolLoopInput): Promise<ToolLoopResult> {
  const byName = new Map(input.tools.map((tool) => [tool.name, tool]));
  const messages = input.messages;
  const actions: string[] = [];
  // Each round either executes a tool or ends the turn, so this bound is only hit by a model that
  // keeps sending calls the loop refuses (unknown names, bad finish_turn arguments).
  const maxModelCalls = input.maxActions + 5;
  for (let call = 0; call < maxModelCalls; call++) {
    const reply = await input.model.invoke(messages, { signal: input.signal });
    messages.push(reply);
    const calls = reply.tool_calls ?? [];
    const invalid = reply.invalid_tool_calls ?? [];
    if (calls.length === 0 && invalid.length === 0) {
      return {
        end: 'no_tool_calls',
        timeStep: undefined,
        notes: undefined,
        actions,
        finalText: textOf(reply),
      };
    }
    for (const bad of invalid) {
      messages.push(
        toolMessage(
          bad.id,
          bad.name ?? 'unknown',
          `Error: the arguments were not valid JSON (${bad.error ?? 'unparsable'}).`,
        ),
      );
    }
    let finish: { timeStep: string | undefined; notes: string | undefined } | undefined;
    for (const toolCall of calls) {
      const id = toolCall.id;
      if (toolCall.name === FINISH_TURN_TOOL) {
        const parsed = finishTurnSchema.safeParse(toolCall.args ?? {});
        if (parsed.success) {
          finish = { timeStep: parsed.data.time_step, notes: parsed.data.notes };
          messages.push(toolMessage(id, FINISH_TURN_TOOL, 'Turn finished.'));
        } else {
          const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
          messages.push(
            toolMessage(
              id,
              FINISH_TURN_TOOL,
              `Error: invalid arguments for finish_turn: ${problems.join('; ')}`,
            ),
          );
        }
        continue;
      }
      const tool = byName.get(toolCall.name);
      if (tool === undefined) {
        messages.push(
          toolMessage(id, toolCall.name, `Error: there is no tool named ${JSON.stringify(toolCall.name)}.`),
        );
        continue;
      }
      if (actions.length >= input.maxActions) {
        messages.push(
          toolMessage(
            id,
            tool.name,
            `Not executed: the limit of ${input.maxActions} tool calls per turn is reached.`,
          ),
        );
        continue;
      }
      actions.push(tool.name);
      messages.push(toolMessage(id, tool.name, await runTool(tool, toolCall.args, input)));
    }
    if (finish !== undefined) {
      return {
        end: 'finish_turn',
        timeStep: finish.timeStep,
        notes: finish.notes,
        actions,
        finalText: undefined,
      };
    }
    if (actions.length >= input.maxActions) {
      return { end: 'action_limit', timeStep: undefined, notes: undefined, actions, finalText: undefined };
    }
  }
  return { end: 'model_call_limit', timeStep: undefined, notes: undefined, actions, finalText: undefined };
}

async function runTool(tool: LoopTool, args: unknown, input: ToolLoopInput): Promise<string> {
  try {
    const result = await tool.call(args, input.signal);
    // A tool that answers text (an MCP tool without structured content) is shown as it is.
    const json = typeof result === 'string' ? result : JSON.stringify(result ?? { ok: true });
    const max = input.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
    if (json.length <= max) return json;
    // Never cut silently: the model is told what is missing and how to get it.
    input.logger.warn({ tool: tool.name, characters: json.length, max }, 'tool result truncated');
    return (
      `${json.slice(0, max)}\n[RESULT TRUNCATED: ${json.length - max} of ${json.length} characters are not shown. ` +
      'Ask for less to see the rest: a smaller limit, an offset, or a narrower filter.]'
    );
  } catch (error) {
    // A canceled turn must stop, not be reported to the model as one more tool error.
    if (input.signal.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    input.logger.debug({ tool: tool.name, err: error }, 'tool call failed');
    return `Error: ${message}`;
  }
}

function toolMessage(id: string | undefined, name: string, content: string): ToolMessage {
  return new ToolMessage({ content, tool_call_id: id ?? `${name}-call`, name });
}

function textOf(message: BaseMessage): string | undefined {
  const text = typeof message.content === 'string' ? message.content : message.text;
  return text.trim() === '' ? undefined : text.trim();
}
