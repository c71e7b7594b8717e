import type { ChatModelOptions } from '../../llm/endpoints.js';
import { recordingEnabled, type ModelRecordingSettings } from '../../llm/recording/settings.js';
import type { GreenAgentConfig } from '../../protocol/config/green.js';

/**
 * How the green configures its models, from its configuration alone: read at startup (to check
 * the models and keys before serving) without loading LangChain or a provider, which a run
 * loads when it builds them.
 */

/**
 * How the green builds a model for a role: its base URL, temperature (0 for the judge), and the
 * per-call timeout and retry budget from the configuration.
 */
export function greenModelOptions(
  green: GreenAgentConfig,
  role: 'response' | 'evaluation',
  model: string = role === 'response' ? green.response_model : green.evaluation_model,
): ChatModelOptions {
  const baseUrl = role === 'response' ? green.response_base_url : green.evaluation_base_url;
  return {
    model,
    temperature: role === 'evaluation' ? 0 : 0.7,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    callPolicy: {
      callTimeoutMs: Math.round(green.llm_call_timeout_seconds * 1_000),
      retryBudgetMs: Math.round(green.llm_retry_budget_seconds * 1_000),
    },
  };
}

export function recordingSettingsOf(config: GreenAgentConfig): ModelRecordingSettings | undefined {
  const settings = {
    recordDir: config.record_dir,
    replayDir: config.replay_dir,
    replayFallthrough: config.replay_fallthrough,
  };
  return recordingEnabled(settings) ? settings : undefined;
}
