/**
 * Model names accepted by the configuration. "offline" selects the deterministic built-in model
 * (no network, no key); other names select a provider by prefix, as the LLM factory does.
 * `openai:<name>` is any model of an OpenAI-compatible server (vLLM, llama.cpp, LM Studio,
 * OpenRouter, Azure OpenAI's v1 API…) at the configured base URL: the name is passed as is.
 */
export const OFFLINE_MODEL = 'offline';

export const OPENAI_COMPATIBLE_PREFIX = 'openai:';

export const MODEL_NAME_PREFIXES = [
  'gpt-',
  'o1',
  'o3',
  'o4',
  'chatgpt-',
  'claude-',
  'gemini-',
  'ollama/',
  OPENAI_COMPATIBLE_PREFIX,
] as const;

export function isSupportedModelName(name: string): boolean {
  if (name === OFFLINE_MODEL) return true;
  if (name.startsWith('ollama/')) return name.length > 'ollama/'.length;
  if (name.startsWith(OPENAI_COMPATIBLE_PREFIX))
    return name.slice(OPENAI_COMPATIBLE_PREFIX.length).trim() !== '';
  return MODEL_NAME_PREFIXES.some((prefix) => name.startsWith(prefix));
}

export const MODEL_NAME_HELP = `"${OFFLINE_MODEL}" or a name starting with ${MODEL_NAME_PREFIXES.join(', ')} (${OPENAI_COMPATIBLE_PREFIX}<any model name> is a model of the OpenAI-compatible server at the base URL)`;
