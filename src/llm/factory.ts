import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { fetch as undiciFetch } from 'undici';
import { applyCallPolicy, currentAttemptSignal } from './call-policy.js';
import {
  DEFAULT_OLLAMA_NUM_CTX,
  OPENAI_DEFAULT_BASE_URL,
  describeModelEndpoint,
  isOpenAiReasoningModel,
  ollamaNumCtxFromEnv,
  providerApiKey,
  type ChatModelOptions,
  type LlmEnv,
  type LlmProvider,
} from './endpoints.js';
import type { ModelEndpoint } from './errors.js';
import { OfflineChatModel } from './offline.js';
import { toolCallRepairingFetch } from './openai-compat.js';

// What a model name means (provider, endpoint, key) lives in endpoints.ts, which loads no SDK.
export * from './endpoints.js';

/**
 * One place that turns a model name into a LangChain chat model, for green and purple alike.
 * Provider keys come from the `env` object the caller passes (usually `process.env` at the CLI
 * edge); this module never reads the process environment itself.
 */

/**
 * Creates the chat model a name selects, with the per-call timeout and retry budget of
 * `options.callPolicy` on every call. Constructing makes no network call.
 * @throws UnsupportedModelError for an unknown name; MissingApiKeyError when the provider's key is
 *   not in `env`.
 */
export function createChatModel(options: ChatModelOptions, env: LlmEnv): BaseChatModel {
  const endpoint = describeModelEndpoint(options, env);
  const model = buildProviderModel(options, env, endpoint);
  if (endpoint.provider === 'offline') return model;
  return applyCallPolicy(model, endpoint, options.callPolicy ?? {}, options.logger);
}

function buildProviderModel(options: ChatModelOptions, env: LlmEnv, endpoint: ModelEndpoint): BaseChatModel {
  const provider = endpoint.provider as LlmProvider;
  const model = endpoint.model;
  const extra = options.extra ?? {};
  const temperature = options.temperature;
  // Retries are the call policy's (one budget for every provider), never the SDK's own.
  const noSdkRetries = { maxRetries: 0 };

  switch (provider) {
    case 'offline':
      return new OfflineChatModel();

    case 'openai': {
      const baseUrl = endpoint.baseUrl === OPENAI_DEFAULT_BASE_URL ? undefined : endpoint.baseUrl;
      const apiKey = providerApiKey(options, env, endpoint)!;
      const reasoning = isOpenAiReasoningModel(model);
      if (reasoning && temperature !== undefined) {
        options.logger?.warn(
          { model, temperature },
          'temperature ignored: OpenAI reasoning models do not accept it',
        );
      }
      // Compatible servers send tool-call arguments LangChain cannot parse; repaired on the way in.
      const configuration = {
        fetch: toolCallRepairingFetch(),
        ...(extra.configuration as object | undefined),
        ...(baseUrl ? { baseURL: baseUrl } : {}),
      };
      return new ChatOpenAI({
        model,
        apiKey,
        ...noSdkRetries,
        ...(reasoning || temperature === undefined ? {} : { temperature }),
        // The JS client takes seed only per call; modelKwargs puts it into every request body.
        ...(options.seed === undefined
          ? {}
          : { modelKwargs: { ...(extra.modelKwargs as object | undefined), seed: options.seed } }),
        configuration,
        ...omit(extra, ['configuration', 'modelKwargs']),
      });
    }

    case 'anthropic': {
      const apiKey = providerApiKey(options, env, endpoint)!;
      warnSeedIgnored(options, 'Anthropic');
      return new ChatAnthropic({
        model,
        apiKey,
        ...noSdkRetries,
        ...(temperature === undefined ? {} : { temperature }),
        ...(options.baseUrl ? { anthropicApiUrl: options.baseUrl } : {}),
        ...extra,
      });
    }

    case 'google': {
      const apiKey = providerApiKey(options, env, endpoint)!;
      warnSeedIgnored(options, 'Google');
      return new ChatGoogleGenerativeAI({
        model,
        apiKey,
        ...noSdkRetries,
        ...(temperature === undefined ? {} : { temperature }),
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        ...extra,
      });
    }

    case 'ollama':
      return new ChatOllama({
        model,
        // OLLAMA_BASE_URL lets a containerised green reach an Ollama on its host.
        baseUrl: endpoint.baseUrl,
        numCtx: options.ollamaNumCtx ?? ollamaNumCtxFromEnv(env) ?? DEFAULT_OLLAMA_NUM_CTX,
        // The Ollama client does not pass the call's signal to its requests; this fetch does.
        fetch: attemptAwareFetch,
        ...noSdkRetries,
        ...(temperature === undefined ? {} : { temperature }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...extra,
      });
  }
}

/** A fetch whose requests also end when the current call attempt is abandoned (timeout, cancel). */
const attemptAwareFetch: typeof fetch = (input, init) => {
  const attempt = currentAttemptSignal();
  const signals = [init?.signal, attempt].filter((signal): signal is AbortSignal => signal != null);
  const signal =
    signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  return undiciFetch(input as Parameters<typeof undiciFetch>[0], {
    ...(init as Parameters<typeof undiciFetch>[1]),
    ...(signal ? { signal } : {}),
  }) as unknown as Promise<Response>;
};

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
