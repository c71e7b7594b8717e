import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import type { Logger } from 'pino';
import { OFFLINE_MODEL } from '../protocol/config/models.js';
import { MissingApiKeyError, UnsupportedModelError } from './errors.js';
import { OfflineChatModel } from './offline.js';

export { OFFLINE_MODEL };

/**
 * One place that turns a model name into a LangChain chat model, for green and purple alike.
 * Provider keys come from the `env` object the caller passes (usually `process.env` at the CLI
 * edge); this module never reads the process environment itself.
 */

export type LlmProvider = 'openai' | 'anthropic' | 'google' | 'ollama' | 'offline';

export interface ChatModelOptions {
  /** e.g. `gpt-4o-mini`, `o3-mini`, `claude-sonnet-4-5`, `gemini-2.0-flash`, `ollama/llama3.2`, `offline`. */
  model: string;
  /** Ignored by OpenAI reasoning models (o-series, gpt-5), which reject it. */
  temperature?: number;
  /** Passed to OpenAI and Ollama; the other providers have no seed. */
  seed?: number;
  /** Endpoint override (OpenAI-compatible servers, Anthropic proxies, Gemini gateways, Ollama hosts). */
  baseUrl?: string;
  /** Provider-specific constructor fields, passed through unchanged (and winning over ours). */
  extra?: Record<string, unknown>;
  /** Told when an option is dropped because the provider cannot use it. */
  logger?: Logger;
}

export type LlmEnv = Readonly<Record<string, string | undefined>>;

export const OLLAMA_DEFAULT_BASE_URL = 'http://localhost:11434';

export const ACCEPTED_MODEL_FORMS: readonly string[] = [
  `"${OFFLINE_MODEL}" (deterministic, no key)`,
  'gpt-*, o1*, o3*, o4*, chatgpt-* (OpenAI, needs OPENAI_API_KEY)',
  'claude-* (Anthropic, needs ANTHROPIC_API_KEY)',
  'gemini-* (Google, needs GOOGLE_API_KEY)',
  'ollama/<name> (local Ollama server, no key)',
];

export function isOfflineModel(model: string): boolean {
  return model.trim().toLowerCase() === OFFLINE_MODEL;
}

/** The provider a model name selects (case-insensitive prefixes). */
export function detectProvider(model: string): LlmProvider {
  if (typeof model !== 'string') throw new UnsupportedModelError(String(model), ACCEPTED_MODEL_FORMS);
  const name = model.trim().toLowerCase();
  if (name === OFFLINE_MODEL) return 'offline';
  if (name.startsWith('ollama/') && name.length > 'ollama/'.length) return 'ollama';
  if (/^(gpt-|chatgpt-|o[134])/.test(name)) return 'openai';
  if (name.startsWith('claude-')) return 'anthropic';
  if (name.startsWith('gemini-')) return 'google';
  throw new UnsupportedModelError(model, ACCEPTED_MODEL_FORMS);
}

/** OpenAI models that reject `temperature`: the o-series and gpt-5 (but not gpt-5-chat). */
export function isOpenAiReasoningModel(model: string): boolean {
  const name = model.toLowerCase();
  return /^o\d/.test(name) || (name.startsWith('gpt-5') && !name.startsWith('gpt-5-chat'));
}

function requireKey(env: LlmEnv, model: string, provider: string, names: readonly string[]): string {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  throw new MissingApiKeyError(model, provider, names[0]!);
}

/**
 * Creates the chat model a name selects. Constructing makes no network call.
 * @throws UnsupportedModelError for an unknown name; MissingApiKeyError when the provider's key is
 *   not in `env`.
 */
export function createChatModel(options: ChatModelOptions, env: LlmEnv): BaseChatModel {
  const provider = detectProvider(options.model);
  const model = options.model.trim();
  const extra = options.extra ?? {};
  const temperature = options.temperature;

  switch (provider) {
    case 'offline':
      return new OfflineChatModel();

    case 'openai': {
      const apiKey = requireKey(env, model, 'OpenAI', ['OPENAI_API_KEY']);
      const reasoning = isOpenAiReasoningModel(model);
      if (reasoning && temperature !== undefined) {
        options.logger?.warn(
          { model, temperature },
          'temperature ignored: OpenAI reasoning models do not accept it',
        );
      }
      const configuration = options.baseUrl
        ? { ...(extra.configuration as object | undefined), baseURL: options.baseUrl }
        : (extra.configuration as object | undefined);
      return new ChatOpenAI({
        model,
        apiKey,
        ...(reasoning || temperature === undefined ? {} : { temperature }),
        // The JS client takes seed only per call; modelKwargs puts it into every request body.
        ...(options.seed === undefined
          ? {}
          : { modelKwargs: { ...(extra.modelKwargs as object | undefined), seed: options.seed } }),
        ...(configuration ? { configuration } : {}),
        ...omit(extra, ['configuration', 'modelKwargs']),
      });
    }

    case 'anthropic': {
      const apiKey = requireKey(env, model, 'Anthropic', ['ANTHROPIC_API_KEY']);
      warnSeedIgnored(options, 'Anthropic');
      return new ChatAnthropic({
        model,
        apiKey,
        ...(temperature === undefined ? {} : { temperature }),
        ...(options.baseUrl ? { anthropicApiUrl: options.baseUrl } : {}),
        ...extra,
      });
    }

    case 'google': {
      const apiKey = requireKey(env, model, 'Google', ['GOOGLE_API_KEY', 'GEMINI_API_KEY']);
      warnSeedIgnored(options, 'Google');
      return new ChatGoogleGenerativeAI({
        model,
        apiKey,
        ...(temperature === undefined ? {} : { temperature }),
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        ...extra,
      });
    }

    case 'ollama':
      return new ChatOllama({
        model: model.slice('ollama/'.length),
        // OLLAMA_BASE_URL lets a containerised green reach an Ollama on its host.
        baseUrl: options.baseUrl ?? nonEmpty(env.OLLAMA_BASE_URL) ?? OLLAMA_DEFAULT_BASE_URL,
        ...(temperature === undefined ? {} : { temperature }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...extra,
      });
  }
}

function warnSeedIgnored(options: ChatModelOptions, provider: string): void {
  if (options.seed !== undefined) {
    options.logger?.debug(
      { model: options.model, seed: options.seed },
      `seed ignored: ${provider} models take none`,
    );
  }
}

function omit(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}
