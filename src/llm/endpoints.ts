import type { Logger } from 'pino';
import { OFFLINE_MODEL, OPENAI_COMPATIBLE_PREFIX } from '../protocol/config/models.js';
import type { CallPolicy } from './call-policy.js';
import { MissingApiKeyError, UnsupportedModelError, type ModelEndpoint } from './errors.js';

export { OFFLINE_MODEL };

/**
 * What a model name means without building the model: its provider, endpoint and key, and
 * everything `createChatModel` refuses (unknown name, missing key, bad Ollama context) — so a
 * green can fail fast on its configuration at startup without loading any provider's SDK, which
 * only the factory (factory.ts) imports, when a model is really built.
 */

export type LlmProvider = 'openai' | 'anthropic' | 'google' | 'ollama' | 'offline';

export interface ChatModelOptions {
  /**
   * e.g. `gpt-4o-mini`, `o3-mini`, `claude-sonnet-4-5`, `gemini-2.0-flash`, `ollama/llama3.2`,
   * `openai:meta-llama/Llama-3.1-8B-Instruct` (any OpenAI-compatible server), `offline`.
   */
  model: string;
  /** Ignored by OpenAI reasoning models (o-series, gpt-5), which reject it. */
  temperature?: number;
  /** Passed to OpenAI and Ollama; the other providers have no seed. */
  seed?: number;
  /**
   * Endpoint override (OpenAI-compatible servers, Anthropic proxies, Gemini gateways, Ollama hosts).
   * Without it: `OPENAI_BASE_URL` / `OLLAMA_BASE_URL` from `env`, else the provider's public API.
   */
  baseUrl?: string | undefined;
  /** Per-call timeout and total retry budget; defaults in DEFAULT_CALL_POLICY. */
  callPolicy?: Partial<CallPolicy> | undefined;
  /** Ollama context window in tokens; default `OLLAMA_NUM_CTX` from `env`, else 16384. */
  ollamaNumCtx?: number | undefined;
  /** Provider-specific constructor fields, passed through unchanged (and winning over ours). */
  extra?: Record<string, unknown>;
  /** Told when an option is dropped because the provider cannot use it. */
  logger?: Logger;
}

export type LlmEnv = Readonly<Record<string, string | undefined>>;

export const OLLAMA_DEFAULT_BASE_URL = 'http://localhost:11434';
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const GOOGLE_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
/**
 * Ollama's own default context (2–4k tokens) silently cuts our prompts (character replies with
 * thread history and judge rubrics reach ~25k characters, ~7k tokens); 16k holds them.
 */
export const DEFAULT_OLLAMA_NUM_CTX = 16_384;
/** Sent as the key to an OpenAI-compatible server given by base URL when no key is set. */
export const NO_KEY_PLACEHOLDER = 'not-needed';

export const ACCEPTED_MODEL_FORMS: readonly string[] = [
  `"${OFFLINE_MODEL}" (deterministic, no key)`,
  'gpt-*, o1*, o3*, o4*, chatgpt-* (OpenAI, needs OPENAI_API_KEY)',
  `${OPENAI_COMPATIBLE_PREFIX}<any model name> (any OpenAI-compatible server at the configured base URL or OPENAI_BASE_URL; OPENAI_API_KEY if it needs one)`,
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
  if (name.startsWith(OPENAI_COMPATIBLE_PREFIX) && name.length > OPENAI_COMPATIBLE_PREFIX.length)
    return 'openai';
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

/** The model name the provider's API expects (`openai:` and `ollama/` prefixes removed). */
export function providerModelName(model: string): string {
  const trimmed = model.trim();
  const lower = trimmed.toLowerCase();
  if (lower.startsWith(OPENAI_COMPATIBLE_PREFIX))
    return trimmed.slice(OPENAI_COMPATIBLE_PREFIX.length).trim();
  if (lower.startsWith('ollama/')) return trimmed.slice('ollama/'.length);
  return trimmed;
}

/** Where calls for these options go: provider, model and base URL (for errors and checks). */
export function describeModelEndpoint(options: ChatModelOptions, env: LlmEnv): ModelEndpoint {
  const provider = detectProvider(options.model);
  const model = providerModelName(options.model);
  const override = nonEmpty(options.baseUrl);
  switch (provider) {
    case 'offline':
      return { provider, model, baseUrl: '(built in)' };
    case 'openai':
      return {
        provider,
        model,
        baseUrl: override ?? nonEmpty(env.OPENAI_BASE_URL) ?? OPENAI_DEFAULT_BASE_URL,
      };
    case 'anthropic':
      return { provider, model, baseUrl: override ?? ANTHROPIC_DEFAULT_BASE_URL };
    case 'google':
      return { provider, model, baseUrl: override ?? GOOGLE_DEFAULT_BASE_URL };
    case 'ollama':
      return {
        provider,
        model,
        baseUrl: override ?? nonEmpty(env.OLLAMA_BASE_URL) ?? OLLAMA_DEFAULT_BASE_URL,
      };
  }
}

/** `OLLAMA_NUM_CTX` as a positive integer; a bad value is an error, not silently ignored. */
export function ollamaNumCtxFromEnv(env: LlmEnv): number | undefined {
  const raw = nonEmpty(env.OLLAMA_NUM_CTX);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 256 || value > 1_048_576) {
    throw new RangeError(
      `OLLAMA_NUM_CTX must be an integer between 256 and 1048576 (tokens), got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/**
 * The key a provider model is called with: a compatible server given by base URL needs none (a
 * placeholder is sent), the hosted APIs need theirs; undefined for providers without keys.
 * @throws MissingApiKeyError naming the variable to set.
 */
export function providerApiKey(
  options: ChatModelOptions,
  env: LlmEnv,
  endpoint: ModelEndpoint,
): string | undefined {
  switch (endpoint.provider) {
    case 'openai': {
      const baseUrl = endpoint.baseUrl === OPENAI_DEFAULT_BASE_URL ? undefined : endpoint.baseUrl;
      return baseUrl !== undefined && !nonEmpty(env.OPENAI_API_KEY)
        ? NO_KEY_PLACEHOLDER
        : requireKey(env, options.model, 'OpenAI', ['OPENAI_API_KEY']);
    }
    case 'anthropic':
      return requireKey(env, endpoint.model, 'Anthropic', ['ANTHROPIC_API_KEY']);
    case 'google':
      return requireKey(env, endpoint.model, 'Google', ['GOOGLE_API_KEY', 'GEMINI_API_KEY']);
    default:
      return undefined;
  }
}

/**
 * Everything `createChatModel` would refuse these options for, checked without building the model.
 * @throws UnsupportedModelError, MissingApiKeyError, or RangeError for a bad `OLLAMA_NUM_CTX`.
 */
export function checkModelOptions(options: ChatModelOptions, env: LlmEnv): ModelEndpoint {
  const endpoint = describeModelEndpoint(options, env);
  providerApiKey(options, env, endpoint);
  if (endpoint.provider === 'ollama' && options.ollamaNumCtx === undefined) ollamaNumCtxFromEnv(env);
  return endpoint;
}

export function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}
