import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type {
  BaseLanguageModelInput,
  StructuredOutputMethodOptions,
} from '@langchain/core/language_models/base';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import {
  AIMessage,
  HumanMessage,
  type AIMessageChunk,
  coerceMessageLikeToMessage,
  type BaseMessage,
} from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { RunnableLambda, type Runnable } from '@langchain/core/runnables';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { OutputParserException } from '@langchain/core/output_parsers';
import { z } from 'zod';
import { LlmOutputError } from '../errors.js';
import { parseJsonText, supportsStructuredOutput } from '../structured.js';
import { decodeMessage, encodeMessage, promptMessages, schemaFingerprint, toJsonData } from './call-codec.js';
import type { CallRequest } from './recording-file.js';
import type { RoleChannel } from './role-channel.js';

/**
 * A chat model that records or replays every call of one role and delegates live calls to the
 * real model (built lazily, so a pure replay needs no provider key). Plain calls, bound tools and
 * structured output all go through the role's channel, so every caller is covered whatever it
 * uses. Structured answers are recorded as the parsed value the caller receives.
 */

interface BoundTools {
  tools: BindToolsInput[];
  kwargs: Partial<BaseChatModelCallOptions> | undefined;
  definitions: z.core.util.JSONType[];
}

export class RecordedChatModel extends BaseChatModel {
  static override lc_name(): string {
    return 'RecordedChatModel';
  }

  constructor(
    private readonly channel: RoleChannel,
    private readonly bound?: BoundTools,
  ) {
    super({});
  }

  _llmType(): string {
    return 'recorded';
  }

  /** The role's channel (its counts and recording). */
  get recordingChannel(): RoleChannel {
    return this.channel;
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const request: CallRequest = {
      kind: 'generate',
      messages: promptMessages(messages),
      ...(this.bound ? { tools: this.bound.definitions } : {}),
      ...(options.stop && options.stop.length > 0 ? { stop: [...options.stop] } : {}),
    };
    const answer = await this.channel.call(
      request,
      async (live) => {
        const callOptions = {
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.stop ? { stop: options.stop } : {}),
        };
        let reply: BaseMessage | undefined;
        if (this.bound) reply = await bindLive(live, this.bound).invoke(messages, callOptions);
        else {
          // The live model's own generation (with its call policy), without a second round of
          // LangChain's invoke machinery: the caller's invoke of this wrapper already did that.
          const result = await live._generate(messages, callOptions as typeof live.ParsedCallOptions);
          reply = result.generations[0]?.message;
          if (reply === undefined) throw new LlmOutputError('model_call', 'the model returned no generation');
        }
        return { type: 'message', message: encodeMessage(reply) };
      },
      options.signal,
    );
    if (answer.type !== 'message') {
      throw new LlmOutputError('recorded_call', 'the recording holds a structured answer for a plain call');
    }
    const message = decodeMessage(answer.message);
    return { generations: [{ text: message.text, message }] };
  }

  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<BaseChatModelCallOptions>,
  ): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    const definitions = tools.map((tool) => {
      try {
        return toJsonData(convertToOpenAITool(tool as Parameters<typeof convertToOpenAITool>[0]));
      } catch {
        return toJsonData((tool as { name?: unknown }).name ?? String(tool));
      }
    });
    // Answers are AIMessages at run time, as from most providers; the base class types them as chunks.
    return new RecordedChatModel(this.channel, { tools, kwargs, definitions }) as unknown as Runnable<
      BaseLanguageModelInput,
      AIMessageChunk
    >;
  }

  /**
   * Structured output through the channel: live, the real model's own structured output (or JSON
   * in its text when it has none); recorded, the parsed value. Parse failures become
   * LlmOutputError, as `invokeStructured` reports them, so a replay raises the same error.
   */
  // One loose signature stands for the base class's overloads (zod or JSON schema, raw or not).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override withStructuredOutput(outputSchema: any, config?: StructuredOutputMethodOptions<boolean>): any {
    const name = config?.name ?? 'structured_output';
    const includeRaw = config?.includeRaw === true;
    const schema = schemaFingerprint(outputSchema);
    return RunnableLambda.from(async (input: BaseLanguageModelInput, runConfig) => {
      const messages = toMessages(input);
      const signal = runConfig?.signal;
      const request: CallRequest = {
        kind: 'structured',
        messages: promptMessages(messages),
        structured: { name, schema },
      };
      const answer = await this.channel.call(
        request,
        async (live) => {
          const parsed = await liveStructured(live, messages, outputSchema, name, config, signal);
          return { type: 'structured', parsed: toJsonData(parsed) };
        },
        signal,
      );
      if (answer.type !== 'structured') {
        throw new LlmOutputError(name, 'the recording holds a plain answer for a structured call');
      }
      const parsed = validated(outputSchema, answer.parsed, name);
      if (!includeRaw) return parsed;
      // The provider's raw message is not recorded; its parsed content stands for it.
      return { raw: new AIMessage(JSON.stringify(parsed)), parsed };
    });
  }
}

function bindLive(live: BaseChatModel, bound: BoundTools): Runnable<BaseLanguageModelInput, BaseMessage> {
  if (typeof live.bindTools !== 'function') {
    throw new TypeError(`the ${live._llmType()} model cannot bind tools`);
  }
  return live.bindTools(bound.tools, bound.kwargs) as Runnable<BaseLanguageModelInput, BaseMessage>;
}

function toMessages(input: BaseLanguageModelInput): BaseMessage[] {
  if (typeof input === 'string') return [new HumanMessage(input)];
  if (Array.isArray(input)) return input.map((message) => coerceMessageLikeToMessage(message));
  return input.toChatMessages();
}

/**
 * The live model's structured answer, asked for exactly as `invokeStructured` asks (without the
 * raw message: LangChain's include-raw mode swallows parse errors, and the error is what the
 * caller must see).
 */
async function liveStructured(
  live: BaseChatModel,
  messages: BaseMessage[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  outputSchema: any,
  name: string,
  config: StructuredOutputMethodOptions<boolean> | undefined,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const callOptions = signal ? { signal } : {};
  try {
    if (supportsStructuredOutput(live)) {
      const runnable = live.withStructuredOutput(outputSchema as z.ZodType, {
        ...config,
        name,
        includeRaw: false,
      }) as Runnable<BaseMessage[], unknown>;
      return await runnable.invoke(messages, callOptions);
    }
    const reply = await live.invoke(messages, callOptions);
    return parseJsonText(reply.text, name);
  } catch (error) {
    if (error instanceof LlmOutputError || !isParseError(error)) throw error;
    throw new LlmOutputError(
      name,
      `the model's structured answer could not be parsed: ${error.message}`,
      undefined,
      {
        cause: error,
      },
    );
  }
}

function isParseError(error: unknown): error is Error {
  return (
    error instanceof OutputParserException ||
    error instanceof SyntaxError ||
    error instanceof z.ZodError ||
    (error instanceof Error &&
      /no tool call|structured output|failed to parse|could not parse|unexpected token|not valid json/i.test(
        error.message,
      ))
  );
}

/** The recorded value checked against the caller's zod schema (a JSON schema is taken as is). */
function validated(outputSchema: unknown, value: unknown, name: string): unknown {
  if (!(outputSchema instanceof z.ZodType)) return value;
  const checked = outputSchema.safeParse(value);
  if (!checked.success) {
    throw new LlmOutputError(
      name,
      `the model's answer does not fit the expected shape: ${z.prettifyError(checked.error)}`,
      JSON.stringify(value),
    );
  }
  return checked.data;
}
