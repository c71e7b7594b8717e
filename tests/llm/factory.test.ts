import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCEPTED_MODEL_FORMS,
  MissingApiKeyError,
  OFFLINE_MODEL,
  OfflineChatModel,
  UnsupportedModelError,
  checkModelOptions,
  createChatModel,
  detectProvider,
  isOfflineModel,
  isOpenAiReasoningModel,
  type LlmEnv,
} from '../../src/llm/index.js';

const KEYS = {
  OPENAI_API_KEY: 'sk-test-openai',
  ANTHROPIC_API_KEY: 'sk-ant-test',
  GOOGLE_API_KEY: 'google-test-key',
};

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/** Fields the provider classes keep but do not declare publicly. */
type Inspectable = Record<string, any>;

describe('createChatModel: provider routing (constructs only, no network)', () => {
  it('offline → OfflineChatModel, no key needed', () => {
    expect(OFFLINE_MODEL).toBe('offline');
    expect(createChatModel({ model: 'offline' }, {})).toBeInstanceOf(OfflineChatModel);
    expect(isOfflineModel('offline')).toBe(true);
    expect(isOfflineModel(' Offline ')).toBe(true);
    expect(isOfflineModel('gpt-4o')).toBe(false);
  });

  it('gpt-* and chatgpt-* → ChatOpenAI with temperature, seed and base URL', () => {
    const model = createChatModel(
      { model: 'gpt-4o-mini', temperature: 0.2, seed: 42, baseUrl: 'http://127.0.0.1:9999/v1' },
      KEYS,
    ) as Inspectable;
    expect(model).toBeInstanceOf(ChatOpenAI);
    expect(model.model).toBe('gpt-4o-mini');
    expect(model.temperature).toBe(0.2);
    expect(model.apiKey).toBe('sk-test-openai');
    expect(model.modelKwargs).toEqual({ seed: 42 });
    expect(model.clientConfig.baseURL).toBe('http://127.0.0.1:9999/v1');
    expect(model.invocationParams({}).seed).toBe(42);
    expect(createChatModel({ model: 'chatgpt-4o-latest' }, KEYS)).toBeInstanceOf(ChatOpenAI);
  });

  it('o1/o3/o4 reasoning models get no temperature (with a warning) but keep the seed', () => {
    const warn = vi.fn();
    const logger = { warn, debug: vi.fn() } as unknown as Logger;
    for (const name of ['o1', 'o1-mini', 'o3-mini', 'o4-mini']) {
      const model = createChatModel({ model: name, temperature: 0.7, seed: 1, logger }, KEYS) as Inspectable;
      expect(model).toBeInstanceOf(ChatOpenAI);
      expect(model.temperature).toBeUndefined();
      expect(model.invocationParams({}).temperature).toBeUndefined();
      expect(model.modelKwargs).toEqual({ seed: 1 });
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(isOpenAiReasoningModel('gpt-5')).toBe(true);
    expect(isOpenAiReasoningModel('gpt-5-chat-latest')).toBe(false);
    expect(isOpenAiReasoningModel('gpt-4o')).toBe(false);
  });

  it('claude-* → ChatAnthropic with key, temperature and base URL', () => {
    const model = createChatModel(
      { model: 'claude-3-5-haiku-latest', temperature: 0, seed: 3, baseUrl: 'http://127.0.0.1:9998' },
      KEYS,
    ) as Inspectable;
    expect(model).toBeInstanceOf(ChatAnthropic);
    expect(model.model).toBe('claude-3-5-haiku-latest');
    expect(model.temperature).toBe(0);
    expect(model.anthropicApiKey).toBe('sk-ant-test');
    expect(model.apiUrl).toBe('http://127.0.0.1:9998');
  });

  it('gemini-* → ChatGoogleGenerativeAI, accepting GEMINI_API_KEY as an alternative', () => {
    const model = createChatModel({ model: 'gemini-2.0-flash', temperature: 0.3 }, KEYS) as Inspectable;
    expect(model).toBeInstanceOf(ChatGoogleGenerativeAI);
    expect(model.model).toBe('gemini-2.0-flash');
    expect(model.temperature).toBe(0.3);
    expect(model.apiKey).toBe('google-test-key');
    const viaGemini = createChatModel({ model: 'gemini-2.0-flash' }, { GEMINI_API_KEY: 'g2' }) as Inspectable;
    expect(viaGemini.apiKey).toBe('g2');
  });

  it('ollama/<name> → ChatOllama on localhost:11434 by default, seed passed, no key', () => {
    const model = createChatModel({ model: 'ollama/llama3.2', temperature: 0.1, seed: 9 }, {}) as Inspectable;
    expect(model).toBeInstanceOf(ChatOllama);
    expect(model.model).toBe('llama3.2');
    expect(model.baseUrl).toBe('http://localhost:11434');
    expect(model.seed).toBe(9);
    expect(model.temperature).toBe(0.1);
    const custom = createChatModel(
      { model: 'ollama/gpt-oss:20b', baseUrl: 'http://gpu-box:11434' },
      {},
    ) as Inspectable;
    expect(custom.model).toBe('gpt-oss:20b');
    expect(custom.baseUrl).toBe('http://gpu-box:11434');
    const fromEnv = createChatModel(
      { model: 'ollama/llama3.2' },
      { OLLAMA_BASE_URL: 'http://host.docker.internal:11434' },
    ) as Inspectable;
    expect(fromEnv.baseUrl).toBe('http://host.docker.internal:11434');
  });

  it('passes provider-specific extras through', () => {
    const model = createChatModel(
      { model: 'gpt-4o', extra: { maxTokens: 123, timeout: 5000 } },
      KEYS,
    ) as Inspectable;
    expect(model.maxTokens).toBe(123);
    expect(model.timeout).toBe(5000);
  });

  it('detects providers case-insensitively', () => {
    expect(detectProvider('GPT-4o')).toBe('openai');
    expect(detectProvider('Claude-3-opus')).toBe('anthropic');
    expect(detectProvider('OLLAMA/phi3')).toBe('ollama');
  });
});

describe('createChatModel: errors', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('rejects unknown names, listing the accepted forms', () => {
    expect(thrownBy(() => createChatModel({ model: undefined as never }, KEYS))).toBeInstanceOf(
      UnsupportedModelError,
    );
    for (const name of ['llama-3', 'mistral-large', 'ollama/', '', 'offline-ish']) {
      const error = thrownBy(() => createChatModel({ model: name }, KEYS));
      expect(error).toBeInstanceOf(UnsupportedModelError);
      expect((error as UnsupportedModelError).acceptedForms).toEqual(ACCEPTED_MODEL_FORMS);
      expect((error as Error).message).toContain('ollama/<name>');
      expect((error as Error).message).toContain('"offline"');
    }
  });

  it('names the missing key, and reads keys only from the env passed in', () => {
    vi.stubEnv('OPENAI_API_KEY', 'from-process-env');
    vi.stubEnv('ANTHROPIC_API_KEY', 'from-process-env');
    vi.stubEnv('GOOGLE_API_KEY', 'from-process-env');
    const cases: Array<[string, string]> = [
      ['gpt-4o', 'OPENAI_API_KEY'],
      ['o3-mini', 'OPENAI_API_KEY'],
      ['claude-sonnet-4-5', 'ANTHROPIC_API_KEY'],
      ['gemini-1.5-pro', 'GOOGLE_API_KEY'],
    ];
    for (const [model, envVar] of cases) {
      expect(() => createChatModel({ model }, { [envVar]: '  ' })).toThrow(MissingApiKeyError);
      const error = thrownBy(() => createChatModel({ model }, {}));
      expect(error).toBeInstanceOf(MissingApiKeyError);
      expect(error).toMatchObject({ envVar, model });
      expect((error as Error).message).toContain(`set the environment variable ${envVar}`);
    }
  });

  it('checks without building a model exactly what building it would refuse (a green checks at startup)', () => {
    const models = ['offline', 'gpt-4o', 'o3-mini', 'openai:local/model', 'claude-sonnet-4-5'];
    models.push('gemini-2.0-flash', 'ollama/llama3.2', 'llama-3', 'ollama/', '');
    const envs: LlmEnv[] = [{}, KEYS, { GEMINI_API_KEY: 'gemini-key' }, { OPENAI_API_KEY: '  ' }];
    envs.push({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, { OLLAMA_NUM_CTX: 'lots' });
    for (const model of models) {
      for (const env of envs) {
        for (const baseUrl of [undefined, 'http://127.0.0.1:9/v1']) {
          const options = { model, baseUrl };
          const built = errorOf(() => createChatModel(options, env));
          const checked = errorOf(() => checkModelOptions(options, env));
          expect(checked, `${model} ${JSON.stringify(env)} ${baseUrl}`).toEqual(built);
          expect(checked?.constructor).toBe(built?.constructor);
        }
      }
    }
  });
});

/** What `fn` throws, or undefined. */
function errorOf(fn: () => unknown): unknown {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error;
  }
}
