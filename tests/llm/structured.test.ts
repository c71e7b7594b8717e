import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { FakeChatModel, FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LlmOutputError,
  OfflineChatModel,
  invokeStructured,
  parseJsonText,
  supportsStructuredOutput,
} from '../../src/llm/index.js';

const schema = z.object({ score: z.number(), explanation: z.string() });
const options = { name: 'criterion_evaluation' };

class ExplodingModel extends BaseChatModel {
  _llmType(): string {
    return 'exploding';
  }
  async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:443');
  }
}

describe('invokeStructured', () => {
  it('uses withStructuredOutput when the model has it', async () => {
    const model = new FakeListChatModel({ responses: ['{"score": 7, "explanation": "good"}'] });
    expect(supportsStructuredOutput(model)).toBe(true);
    expect(await invokeStructured(model, ['human', 'rate it'] as never, schema, options)).toEqual({
      score: 7,
      explanation: 'good',
    });
  });

  it('falls back to JSON in the reply text (code fences stripped) for models without it', async () => {
    const model = new FakeChatModel({}); // echoes the prompt back
    expect(supportsStructuredOutput(model)).toBe(false);
    expect(supportsStructuredOutput(new OfflineChatModel())).toBe(true);
    const fenced = '```json\n{"score": 3, "explanation": "partial"}\n```';
    expect(await invokeStructured(model, [['human', fenced]], schema, options)).toEqual({
      score: 3,
      explanation: 'partial',
    });
  });

  it('throws LlmOutputError for text that is not JSON', async () => {
    const model = new FakeListChatModel({ responses: ['I would give it a 7.'] });
    const error = await invokeStructured(model, [['human', 'rate it']], schema, options).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LlmOutputError);
    expect(error).toMatchObject({ task: 'criterion_evaluation' });

    const echo = new FakeChatModel({});
    const fromText = await invokeStructured(echo, [['human', 'no json here']], schema, options).catch(
      (e: unknown) => e,
    );
    expect(fromText).toBeInstanceOf(LlmOutputError);
    expect((fromText as LlmOutputError).rawOutput).toBe('no json here');
  });

  it('throws LlmOutputError naming the field when JSON does not fit the schema', async () => {
    const model = new FakeListChatModel({ responses: ['{"score": "high", "explanation": "good"}'] });
    const error = await invokeStructured(model, [['human', 'x']], schema, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmOutputError);
    expect((error as Error).message).toContain('score');
  });

  it('lets provider failures through unchanged (they are not output errors)', async () => {
    const error = await invokeStructured(
      new ExplodingModel({ maxRetries: 0 }),
      [['human', 'x']],
      schema,
      options,
    ).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(LlmOutputError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});

describe('parseJsonText', () => {
  it('reads plain, fenced and prose-wrapped objects', () => {
    expect(parseJsonText('{"a": 1}', 't')).toEqual({ a: 1 });
    expect(parseJsonText('```\n{"a": 2}\n```', 't')).toEqual({ a: 2 });
    expect(parseJsonText('Here you go: {"a": 3} — hope that helps', 't')).toEqual({ a: 3 });
    expect(() => parseJsonText('{"a": ', 't')).toThrow(LlmOutputError);
  });
});
