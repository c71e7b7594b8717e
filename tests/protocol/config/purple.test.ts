import { describe, expect, it } from 'vitest';
import { ConfigError, loadPurpleConfig } from '../../../src/protocol/index.js';

describe('loadPurpleConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadPurpleConfig({}, {})).toEqual({
      host: '127.0.0.1',
      port: 9019,
      log_level: 'info',
      agent: 'baseline',
      model: 'offline',
      temperature: 0.7,
      max_actions_per_turn: 50,
      ues_retry_delay_ms: 500,
      llm_call_timeout_seconds: 60,
      llm_retry_budget_seconds: 60,
    });
  });

  it('takes an OpenAI-compatible model, its base URL, a seed and the call policy', () => {
    const env = {
      AGENTBEATS_PURPLE_MODEL: 'openai:meta-llama/Llama-3.1-8B-Instruct',
      AGENTBEATS_PURPLE_BASE_URL: 'http://127.0.0.1:8000/v1',
      AGENTBEATS_PURPLE_SEED: '7',
      AGENTBEATS_PURPLE_LLM_RETRY_BUDGET_SECONDS: '5',
    };
    expect(loadPurpleConfig({ llmCallTimeoutSeconds: '20' }, env)).toMatchObject({
      model: 'openai:meta-llama/Llama-3.1-8B-Instruct',
      base_url: 'http://127.0.0.1:8000/v1',
      seed: 7,
      llm_call_timeout_seconds: 20,
      llm_retry_budget_seconds: 5,
    });
  });

  it('reads flags, then AGENTBEATS_PURPLE_*, then AGENTBEATS_* for shared fields', () => {
    const env = {
      AGENTBEATS_PURPLE_MODEL: 'gpt-4o',
      AGENTBEATS_PURPLE_TEMPERATURE: '0.2',
      AGENTBEATS_LOG_LEVEL: 'debug',
      AGENTBEATS_GREEN_PORT: '1111',
      AGENTBEATS_MODEL: 'claude-x',
    };
    expect(loadPurpleConfig({ agent: 'llm', maxActionsPerTurn: '5', uesRetryDelayMs: '25' }, env)).toEqual({
      host: '127.0.0.1',
      port: 9019,
      log_level: 'debug',
      agent: 'llm',
      model: 'gpt-4o',
      temperature: 0.2,
      max_actions_per_turn: 5,
      ues_retry_delay_ms: 25,
      llm_call_timeout_seconds: 60,
      llm_retry_budget_seconds: 60,
    });
  });

  it.each([
    [{ temperature: '2.5' }, '--temperature', 'expected a number >= 0 and <= 2'],
    [{ temperature: 'hot' }, '--temperature', 'expected a number'],
    [{ maxActionsPerTurn: '0' }, '--max-actions-per-turn', 'expected an integer between 1'],
    [{ uesRetryDelayMs: '-1' }, '--ues-retry-delay-ms', 'expected an integer between 0'],
    [{ model: 'mistral' }, '--model', 'expected "offline"'],
    [{ agent: '' }, '--agent', 'must not be empty'],
    [{ baseUrl: 'vllm:8000' }, '--base-url', 'expected an absolute http(s) URL'],
    [{ seed: '-1' }, '--seed', 'expected an integer'],
  ])('rejects %j naming %s', (flags, source, problem) => {
    try {
      loadPurpleConfig(flags, {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).source).toBe(source);
      expect((error as ConfigError).message).toContain(problem);
    }
  });
});
