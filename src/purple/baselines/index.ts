import { createChatModel, isOfflineModel } from '../../llm/factory.js';
import { PURPLE_DEFAULT_AGENT } from '../../protocol/index.js';
import type { BasePurpleAgent } from '../base-agent.js';
import { PurpleAgentConfigError } from '../errors.js';
import { registerPurpleAgent, type PurpleAgentOptions } from '../registry.js';
import { LlmAgent } from './llm/agent.js';
import { NoopAgent } from './noop.js';
import { RuleBasedAgent } from './rule-based/agent.js';

export { LlmAgent, type LlmAgentOptions } from './llm/agent.js';
export { NoopAgent } from './noop.js';
export { RuleBasedAgent, asksForEmailSummaries } from './rule-based/agent.js';

/** Builds the llm baseline; refuses the deterministic `offline` model, which cannot call tools. */
export function createLlmAgent(options: PurpleAgentOptions): LlmAgent {
  const { config } = options;
  let model = options.chatModel;
  if (model === undefined) {
    if (isOfflineModel(config.model)) {
      throw new PurpleAgentConfigError(
        'llm',
        'model',
        'the llm baseline needs a real tool-calling model (e.g. --model gpt-4o-mini, claude-sonnet-4-5, ' +
          'gemini-2.0-flash or ollama/llama3.2); "offline" cannot call tools. For a baseline without an LLM use --agent rule-based',
      );
    }
    model = createChatModel(
      {
        model: config.model,
        temperature: config.temperature,
        baseUrl: config.base_url,
        seed: config.seed,
        callPolicy: {
          callTimeoutMs: Math.round(config.llm_call_timeout_seconds * 1_000),
          retryBudgetMs: Math.round(config.llm_retry_budget_seconds * 1_000),
        },
        logger: options.logger,
      },
      options.env,
    );
  }
  return new LlmAgent({
    model,
    modelName: config.model,
    maxActionsPerTurn: config.max_actions_per_turn,
    logger: options.logger,
  });
}

/**
 * `baseline` (the configuration's default agent): the llm baseline when a model is configured,
 * otherwise the rule-based one, so `ues-agentbeats purple` works with no flags and no keys.
 */
function createDefaultBaseline(options: PurpleAgentOptions): BasePurpleAgent {
  if (options.chatModel !== undefined || !isOfflineModel(options.config.model))
    return createLlmAgent(options);
  return new RuleBasedAgent({ logger: options.logger });
}

/** Registers the built-in agents (idempotent). */
export function registerBaselineAgents(): void {
  registerPurpleAgent('rule-based', (options) => new RuleBasedAgent({ logger: options.logger }), {
    description:
      'Rule-based baseline without an LLM: hourly email triage summaries from sender and keyword rules; acknowledges other tasks once.',
  });
  registerPurpleAgent('llm', createLlmAgent, {
    description:
      'LLM baseline: a LangChain tool-calling assistant whose tools are the UES actions its key allows.',
  });
  registerPurpleAgent('noop', (options) => new NoopAgent({ logger: options.logger }), {
    description: 'Validity control: completes every turn and does nothing.',
  });
  registerPurpleAgent(PURPLE_DEFAULT_AGENT, createDefaultBaseline, {
    description: 'The llm baseline when --model names a real model, else the rule-based baseline.',
  });
}
