/**
 * Model names accepted by the configuration. "offline" selects the deterministic built-in model
 * (no network, no key); other names select a provider by prefix, as the LLM factory does.
 */
export const OFFLINE_MODEL = 'offline';

export const MODEL_NAME_PREFIXES = [
  'gpt-',
  'o1',
  'o3',
  'o4',
  'chatgpt-',
  'claude-',
  'gemini-',
  'ollama/',
] as const;

export function isSupportedModelName(name: string): boolean {
  if (name === OFFLINE_MODEL) return true;
  if (name.startsWith('ollama/')) return name.length > 'ollama/'.length;
  return MODEL_NAME_PREFIXES.some((prefix) => name.startsWith(prefix));
}

export const MODEL_NAME_HELP = `"${OFFLINE_MODEL}" or a name starting with ${MODEL_NAME_PREFIXES.join(', ')}`;
