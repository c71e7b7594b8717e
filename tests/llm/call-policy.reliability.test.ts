import { HumanMessage } from '@langchain/core/messages';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  LlmCallError,
  createChatModel,
  invokeStructured,
  type ChatModelOptions,
} from '../../src/llm/index.js';
import {
  CHAT_COMPLETIONS,
  completion,
  startOpenAiStandIn,
  toolCallCompletion,
  type OpenAiStandIn,
} from '../support/openai-stand-in.js';

/**
 * Every model the factory builds has a per-call timeout and a total retry budget: retryable
 * failures (429, 5xx, network, timeouts) are retried while the budget lasts, others fail at once,
 * and the error names provider, model, base URL and status. Checked against a local stand-in of
 * an OpenAI-compatible server (and of Ollama's API).
 */

const FAST = { callTimeoutMs: 2_000, retryBudgetMs: 1_500, initialBackoffMs: 20 };
const LLAMA = 'openai:meta-llama/Llama-3.1-8B-Instruct';

let standIn: OpenAiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

function model(options: Partial<ChatModelOptions> & { baseUrl: string }, env: Record<string, string> = {}) {
  return createChatModel({ model: LLAMA, callPolicy: FAST, ...options }, env);
}

async function failureOf(work: Promise<unknown>): Promise<LlmCallError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmCallError);
  return error as LlmCallError;
}

describe('openai:<any model name> against an OpenAI-compatible server', () => {
  it('sends the name unchanged to the base URL, with a placeholder key when none is set', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: completion('Hello from the stand-in') });
    const reply = await model({ baseUrl: standIn.baseUrl }).invoke([new HumanMessage('hi')]);
    expect(reply.text).toBe('Hello from the stand-in');
    const [request] = standIn.requests;
    expect((request!.body as { model: string }).model).toBe('meta-llama/Llama-3.1-8B-Instruct');
    expect(request!.headers.authorization).toBe('Bearer not-needed');
  });

  it('uses OPENAI_API_KEY and OPENAI_BASE_URL from the env it is given', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: completion('ok') });
    const chat = createChatModel(
      { model: LLAMA, callPolicy: FAST },
      { OPENAI_API_KEY: 'sk-local', OPENAI_BASE_URL: standIn.baseUrl },
    );
    await chat.invoke('hi');
    expect(standIn.requests[0]!.headers.authorization).toBe('Bearer sk-local');
  });
});

describe('retries and the retry budget', () => {
  it('retries a 500 and succeeds when the server recovers', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: [{ status: 500 }, { status: 503 }, completion('recovered')],
    });
    const reply = await model({ baseUrl: standIn.baseUrl }).invoke('hi');
    expect(reply.text).toBe('recovered');
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(3);
  });

  it('retries 429 too', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: [{ status: 429 }, completion('ok')] });
    expect((await model({ baseUrl: standIn.baseUrl }).invoke('hi')).text).toBe('ok');
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(2);
  });

  it('gives up on a server answering 500 to everything once the budget is spent, naming status and address', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 500, message: 'upstream exploded' } });
    const failure = await failureOf(model({ baseUrl: standIn.baseUrl }).invoke('hi'));
    expect(failure.kind).toBe('server');
    expect(failure.status).toBe(500);
    expect(failure.attempts).toBeGreaterThan(1);
    expect(failure.attempts).toBe(standIn.count(CHAT_COMPLETIONS));
    expect(failure.message).toContain('HTTP 500');
    expect(failure.message).toContain(standIn.baseUrl);
    expect(failure.message).toContain('meta-llama/Llama-3.1-8B-Instruct');
    expect(failure.message).toContain('upstream exploded');
  });

  it('never retries a bad key (401) or an unknown model (404)', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 401, message: 'Incorrect API key' } });
    const auth = await failureOf(model({ baseUrl: standIn.baseUrl }).invoke('hi'));
    expect(auth.kind).toBe('auth');
    expect(auth.status).toBe(401);
    expect(auth.attempts).toBe(1);
    expect(auth.message).toMatch(/API key/);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);

    standIn.route(CHAT_COMPLETIONS, { status: 404, message: 'model not found' });
    const missing = await failureOf(model({ baseUrl: standIn.baseUrl }).invoke('hi'));
    expect(missing.kind).toBe('not_found');
    expect(missing.attempts).toBe(1);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(2);
  });

  it('a hanging server costs one per-call timeout per attempt, within the budget', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { hang: true } });
    const failure = await failureOf(
      model({ baseUrl: standIn.baseUrl, callPolicy: { callTimeoutMs: 150, retryBudgetMs: 0 } }).invoke('hi'),
    );
    expect(failure.kind).toBe('timeout');
    expect(failure.attempts).toBe(1);
    expect(failure.message).toMatch(/per-call timeout/);
  });

  it('an unreachable address is reported as such', async () => {
    const port = await closedPort();
    const failure = await failureOf(
      model({ baseUrl: `http://127.0.0.1:${port}/v1`, callPolicy: { ...FAST, retryBudgetMs: 0 } }).invoke(
        'hi',
      ),
    );
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toContain(`127.0.0.1:${port}`);
  });

  it('the caller aborting ends the call at once, with no retry', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { hang: true } });
    const controller = new AbortController();
    const call = model({ baseUrl: standIn.baseUrl, callPolicy: { callTimeoutMs: 60_000 } }).invoke('hi', {
      signal: controller.signal,
    });
    await waitFor(() => standIn!.count(CHAT_COMPLETIONS) === 1);
    controller.abort(new Error('assessment canceled'));
    await expect(call).rejects.toThrow(/canceled|abort/i);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);
  });

  it('structured output goes through the same policy', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: [{ status: 502 }, completion(JSON.stringify({ verdict: 'yes' }))],
    });
    const answer = await invokeStructured(
      model({ baseUrl: standIn.baseUrl }),
      [new HumanMessage('answer as JSON')],
      z.object({ verdict: z.string() }),
      { name: 'verdict' },
    );
    expect(answer).toEqual({ verdict: 'yes' });
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(2);
  });
});

describe('tool binding keeps the policy', () => {
  it('a model with bound tools retries a 502 and returns the tool call', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: [{ status: 502 }, toolCallCompletion('finish_turn', { time_step: 'PT1H' })],
    });
    const bound = model({ baseUrl: standIn.baseUrl }).bindTools!([
      { name: 'finish_turn', description: 'end', schema: z.object({ time_step: z.string() }) },
    ]);
    const reply = await bound.invoke('work');
    expect(reply.tool_calls?.[0]?.name).toBe('finish_turn');
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(2);
  });
});

describe('tool calls from OpenAI-compatible servers', () => {
  const rawToolCall = (args: unknown) => ({
    status: 200 as const,
    json: {
      id: 'chatcmpl-x',
      object: 'chat.completion',
      created: 1,
      model: 'local',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: '',
            tool_calls: [
              { id: 'call_9', type: 'function', function: { name: 'get_current_time', arguments: args } },
            ],
          },
        },
      ],
    },
  });

  it.each([
    ['an empty string', ''],
    ['a JSON object instead of a string', { zone: 'UTC' }],
  ])(
    'parses arguments sent as %s, without LangChain’s "upgrade your packages" notice',
    async (_label, args) => {
      standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: rawToolCall(args) });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const bound = model({ baseUrl: standIn.baseUrl }).bindTools!([
          { name: 'get_current_time', description: 'now', schema: z.object({ zone: z.string().optional() }) },
        ]);
        const reply = await bound.invoke('what time is it?');
        expect(reply.tool_calls).toEqual([
          expect.objectContaining({ name: 'get_current_time', args: typeof args === 'string' ? {} : args }),
        ]);
        expect(reply.invalid_tool_calls ?? []).toEqual([]);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
      }
    },
  );
});

describe('Ollama', () => {
  const OLLAMA_CHAT = 'POST /api/chat';
  const ollamaReply = (text: string) => ({
    status: 200 as const,
    json: {
      model: 'llama3.2',
      created_at: '2026-01-28T06:00:00Z',
      message: { role: 'assistant', content: text },
      done: true,
      done_reason: 'stop',
    },
  });
  const ollamaBase = (stand: OpenAiStandIn) => stand.baseUrl.replace(/\/v1$/, '');

  it('retries a transient 500 and sets num_ctx', async () => {
    standIn = await startOpenAiStandIn({ [OLLAMA_CHAT]: [{ status: 500 }, ollamaReply('hello')] });
    const chat = createChatModel(
      { model: 'ollama/llama3.2', baseUrl: ollamaBase(standIn), callPolicy: FAST },
      {},
    );
    expect((await chat.invoke('hi')).text).toBe('hello');
    expect(standIn.count(OLLAMA_CHAT)).toBe(2);
    const options = (standIn.requests.at(-1)!.body as { options: { num_ctx: number } }).options;
    expect(options.num_ctx).toBe(16_384);
  });

  it('takes num_ctx from OLLAMA_NUM_CTX and rejects a bad value', async () => {
    standIn = await startOpenAiStandIn({ [OLLAMA_CHAT]: ollamaReply('hello') });
    const chat = createChatModel(
      { model: 'ollama/llama3.2', baseUrl: ollamaBase(standIn), callPolicy: FAST },
      { OLLAMA_NUM_CTX: '32768' },
    );
    await chat.invoke('hi');
    expect((standIn.requests[0]!.body as { options: { num_ctx: number } }).options.num_ctx).toBe(32_768);
    expect(() => createChatModel({ model: 'ollama/llama3.2' }, { OLLAMA_NUM_CTX: 'lots' })).toThrow(
      /OLLAMA_NUM_CTX/,
    );
  });

  it('errors carry the HTTP status; a hung server is cut off by the per-call timeout', async () => {
    standIn = await startOpenAiStandIn({
      [OLLAMA_CHAT]: { status: 404, message: 'model "llama9" not found' },
    });
    const missing = await failureOf(
      createChatModel({ model: 'ollama/llama9', baseUrl: ollamaBase(standIn), callPolicy: FAST }, {}).invoke(
        'hi',
      ),
    );
    expect(missing.status).toBe(404);
    expect(missing.kind).toBe('not_found');
    expect(missing.message).toContain('ollama');

    standIn.route(OLLAMA_CHAT, { hang: true });
    const hung = await failureOf(
      createChatModel(
        {
          model: 'ollama/llama3.2',
          baseUrl: ollamaBase(standIn),
          callPolicy: { callTimeoutMs: 150, retryBudgetMs: 0 },
        },
        {},
      ).invoke('hi'),
    );
    expect(hung.kind).toBe('timeout');
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
