import { afterEach, describe, expect, it } from 'vitest';
import { ModelCheckError, ModelChecker, type LlmCallError } from '../../src/llm/index.js';
import {
  CHAT_COMPLETIONS,
  completion,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../support/openai-stand-in.js';

/**
 * The pre-assessment model check: one small call per configured provider model, failing fast
 * with provider, address and status; successes remembered for a while; offline never checked.
 */

const FAST = { callTimeoutMs: 1_000, retryBudgetMs: 200, initialBackoffMs: 20 };

let standIn: OpenAiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function checkError(work: Promise<unknown>): Promise<ModelCheckError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ModelCheckError);
  return error as ModelCheckError;
}

describe('ModelChecker', () => {
  it('names the role, provider, address and status of a bad key', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 401, message: 'invalid api key' } });
    const checker = new ModelChecker({ env: {} });
    const error = await checkError(
      checker.check([
        {
          role: 'judge (evaluation)',
          options: { model: 'openai:judge-1', baseUrl: standIn.baseUrl, callPolicy: FAST },
        },
      ]),
    );
    expect(error.message).toContain('judge (evaluation)');
    expect(error.message).toContain(standIn.baseUrl);
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('API key');
    expect((error.failure as LlmCallError).status).toBe(401);
  });

  it('reports an unknown model (404) and a failing server (500)', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 404, message: 'no such model' } });
    const checker = new ModelChecker({ env: {} });
    const target = {
      role: 'characters (response)',
      options: { model: 'openai:nope', baseUrl: standIn.baseUrl, callPolicy: FAST },
    };
    expect((await checkError(checker.check([target]))).message).toMatch(/HTTP 404.*unknown model/);
    standIn.route(CHAT_COMPLETIONS, { status: 500 });
    expect((await checkError(checker.check([target]))).message).toContain('HTTP 500');
  });

  it('skips offline models and remembers a success for the TTL', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: completion('OK') });
    let now = 1_000_000;
    const checker = new ModelChecker({ env: {}, successTtlMs: 60_000, now: () => now });
    const targets = [
      { role: 'characters', options: { model: 'openai:m', baseUrl: standIn.baseUrl, callPolicy: FAST } },
      { role: 'judge', options: { model: 'offline' } },
    ];
    await checker.check(targets);
    await checker.check(targets);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);
    now += 60_001;
    await checker.check(targets);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(2);
  });

  it('does not remember a failure: the next check calls again', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: [{ status: 401 }, completion('OK')] });
    const checker = new ModelChecker({ env: {} });
    const targets = [
      { role: 'judge', options: { model: 'openai:m', baseUrl: standIn.baseUrl, callPolicy: FAST } },
    ];
    await checkError(checker.check(targets));
    await checker.check(targets);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(2);
  });

  it('a missing provider key is a check failure too', async () => {
    const checker = new ModelChecker({ env: {} });
    const error = await checkError(checker.check([{ role: 'judge', options: { model: 'gpt-4o-mini' } }]));
    expect(error.message).toContain('OPENAI_API_KEY');
  });
});
