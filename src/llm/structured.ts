import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage, BaseMessageLike } from '@langchain/core/messages';
import { OutputParserException } from '@langchain/core/output_parsers';
import { z } from 'zod';
import { LlmOutputError } from './errors.js';

/**
 * Structured answers from any chat model: `withStructuredOutput` where the model implements it,
 * otherwise JSON in the reply text. Either way the result is validated by the caller's zod schema,
 * and anything unusable is an `LlmOutputError` — never a default value.
 */

export interface InvokeStructuredOptions {
  /** Names the task for the provider (function / schema name) and in errors; `[A-Za-z0-9_-]+`. */
  name: string;
  signal?: AbortSignal;
}

/** The plain text of a model reply (string content, or its text blocks joined). */
export function messageText(message: BaseMessage): string {
  return message.text;
}

/** True when the model has its own structured-output support (tool calling or an override). */
export function supportsStructuredOutput(model: BaseChatModel): boolean {
  const bindTools = (model as { bindTools?: unknown }).bindTools;
  return (
    typeof bindTools === 'function' ||
    model.withStructuredOutput !== BaseChatModel.prototype.withStructuredOutput
  );
}

const FENCE = /^\s*```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)\n?\s*```\s*$/;

/**
 * Parses JSON from a model's text: the whole text, the inside of a Markdown code fence, or else
 * the outermost `{…}` span (models like to add a sentence before the object).
 */
export function parseJsonText(text: string, task: string): unknown {
  const trimmed = text.trim();
  const fenced = FENCE.exec(trimmed)?.[1]?.trim();
  const candidates = [fenced ?? trimmed];
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // Try the next candidate.
    }
  }
  throw new LlmOutputError(task, `the model's reply is not JSON: ${preview(trimmed)}`, text);
}

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return JSON.stringify(oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine);
}

function validate<S extends z.ZodType>(schema: S, value: unknown, task: string, raw?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new LlmOutputError(
      task,
      `the model's answer does not fit the expected shape: ${z.prettifyError(parsed.error)}`,
      raw ?? safeStringify(value),
    );
  }
  return parsed.data;
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Errors that mean "the model answered, but not in the requested shape". */
function isOutputShapeError(error: unknown): error is Error {
  if (error instanceof OutputParserException || error instanceof SyntaxError || error instanceof z.ZodError) {
    return true;
  }
  return (
    error instanceof Error &&
    /no tool call|structured output|failed to parse|could not parse|unexpected token|not valid json/i.test(
      error.message,
    )
  );
}

/**
 * Asks `model` for an object matching `schema`.
 * @throws LlmOutputError when the answer is not JSON or does not fit the schema; provider errors
 *   (network, quota, abort) propagate unchanged.
 */
export async function invokeStructured<S extends z.ZodType>(
  model: BaseChatModel,
  messages: BaseMessageLike[],
  schema: S,
  options: InvokeStructuredOptions,
): Promise<z.output<S>> {
  const { name, signal } = options;
  if (supportsStructuredOutput(model)) {
    let value: unknown;
    try {
      const runnable = model.withStructuredOutput(schema as never, { name });
      value = await runnable.invoke(messages, { signal });
    } catch (error) {
      if (error instanceof LlmOutputError || !isOutputShapeError(error)) throw error;
      throw new LlmOutputError(
        name,
        `the model's structured answer could not be parsed: ${error.message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    return validate(schema, value, name);
  }
  const reply = await model.invoke(messages, { signal });
  const text = messageText(reply);
  return validate(schema, parseJsonText(text, name), name, text);
}
