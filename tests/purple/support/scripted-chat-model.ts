import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';

/**
 * A fake tool-calling chat model: each call returns the next scripted AIMessage (optionally
 * computed from the conversation so far). It records what it was asked and which tools were
 * bound, so tests can check what reached the model (e.g. tool error messages).
 */

export type ScriptStep = AIMessage | ((messages: BaseMessage[]) => AIMessage);

export interface ScriptedToolCall {
  name: string;
  args?: Record<string, unknown>;
  id?: string;
}

let callCounter = 0;

/** An AIMessage calling the given tools. */
export function callTools(...calls: ScriptedToolCall[]): AIMessage {
  return new AIMessage({
    content: '',
    tool_calls: calls.map((call) => ({
      name: call.name,
      args: call.args ?? {},
      id: call.id ?? `call-${++callCounter}`,
      type: 'tool_call' as const,
    })),
  });
}

/** The texts of the tool messages in a conversation, in order. */
export function toolMessageTexts(messages: BaseMessage[]): string[] {
  return messages
    .filter((message) => ToolMessage.isInstance(message))
    .map((message) => String(message.content));
}

export class ScriptedToolCallingModel extends BaseChatModel {
  /** The messages of every call, in order. */
  readonly calls: BaseMessage[][] = [];
  /** Names of the tools passed to bindTools. */
  boundTools: string[] = [];
  private readonly script: ScriptStep[];

  constructor(script: ScriptStep[]) {
    super({});
    this.script = [...script];
  }

  _llmType(): string {
    return 'scripted-tool-calling';
  }

  get remainingSteps(): number {
    return this.script.length;
  }

  override bindTools(
    tools: BindToolsInput[],
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
    this.boundTools = tools.map((tool) => String((tool as { name?: unknown }).name));
    return this;
  }

  async _generate(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.calls.push([...messages]);
    const step = this.script.shift();
    if (step === undefined) throw new Error('ScriptedToolCallingModel: the script is exhausted');
    const message = typeof step === 'function' ? step(messages) : step;
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}
