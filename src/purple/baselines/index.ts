import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { createChatModel, isOfflineModel } from '../../llm/factory.js';
import { PURPLE_DEFAULT_AGENT } from '../../protocol/index.js';
import type { BasePurpleAgent } from '../base-agent.js';
import { PurpleAgentConfigError } from '../errors.js';
import { registerPurpleAgent, type PurpleAgentOptions } from '../registry.js';
import { CannedAgent, DumpAgent, HarmfulAgent, SpamAgent } from './gaming/agents.js';
import { IMITATION_STRATEGIES, createImitationAgent, type ImitationStrategy } from './imitation/index.js';
import { LlmAgent } from './llm/agent.js';
import { McpAgent } from './mcp/agent.js';
import { ManualAgent } from '../manual/agent.js';
import { NoopAgent } from './noop.js';
import { OracleAgent, type OracleStyle } from './oracle/agent.js';
import { RuleBasedAgent } from './rule-based/agent.js';

export { LlmAgent, type LlmAgentOptions } from './llm/agent.js';
export { McpAgent } from './mcp/agent.js';
export { NoopAgent } from './noop.js';
export { IMITATION_STRATEGIES, ImitationAgent, type ImitationStrategy } from './imitation/index.js';
export { CannedAgent, DumpAgent, HarmfulAgent, SpamAgent, HARMFUL_FORWARD_ADDRESS } from './gaming/agents.js';
export { OracleAgent, ORACLE_STYLES, type OracleAgentOptions, type OracleStyle } from './oracle/agent.js';
export { ORACLE_ACTIONS, type OracleActionSpec } from './oracle/actions.js';
export { RuleBasedAgent, asksForEmailSummaries } from './rule-based/agent.js';

/**
 * The chat model of an LLM baseline (`agent` names it in errors); refuses the deterministic
 * `offline` model, which cannot call tools.
 */
function toolCallingModel(agent: 'llm' | 'mcp', options: PurpleAgentOptions): BaseChatModel {
  const { config } = options;
  if (options.chatModel !== undefined) return options.chatModel;
  if (isOfflineModel(config.model)) {
    throw new PurpleAgentConfigError(
      agent,
      'model',
      `the ${agent} baseline needs a real tool-calling model (e.g. --model gpt-4o-mini, claude-sonnet-4-5, ` +
        'gemini-2.0-flash or ollama/llama3.2); "offline" cannot call tools. For a baseline without an LLM use --agent rule-based',
    );
  }
  return createChatModel(
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

function llmAgentOptions(agent: 'llm' | 'mcp', options: PurpleAgentOptions) {
  return {
    model: toolCallingModel(agent, options),
    modelName: options.config.model,
    maxActionsPerTurn: options.config.max_actions_per_turn,
    logger: options.logger,
  };
}

/** Builds the llm baseline (tools: the kit's REST wrappers). */
export function createLlmAgent(options: PurpleAgentOptions): LlmAgent {
  return new LlmAgent(llmAgentOptions('llm', options));
}

/** Builds the mcp baseline (tools: the assessment's MCP server). */
export function createMcpAgent(options: PurpleAgentOptions): McpAgent {
  return new McpAgent(llmAgentOptions('mcp', options));
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

/** The oracle purples: they play the scenario's oracle plan, which the caller must pass. */
function createOracleAgent(style: OracleStyle) {
  const name = style === 'paraphrased' ? 'oracle-paraphrased' : style === 'watcher' ? 'watcher' : 'oracle';
  return (options: PurpleAgentOptions): OracleAgent => {
    if (options.oraclePlan === undefined) {
      throw new PurpleAgentConfigError(
        name,
        'scenario',
        "plays a scenario's oracle plan: start it with --scenario <id> (the CLI loads scenarios/<id>/oracle.json)",
      );
    }
    return new OracleAgent({ plan: options.oraclePlan, style, logger: options.logger });
  };
}

/** The manual purple: its turns go through the configured folder. */
function createManualAgent(options: PurpleAgentOptions): ManualAgent {
  const dir = options.config.manual_dir;
  if (dir === undefined) {
    throw new PurpleAgentConfigError(
      'manual',
      'manual_dir',
      'hands each turn to a person or script through a folder: give it with --manual-dir <dir> (then `ues-agentbeats manual play --dir <dir>` in another terminal)',
    );
  }
  return new ManualAgent({ dir, logger: options.logger });
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
  registerPurpleAgent('mcp', createMcpAgent, {
    description:
      "MCP baseline: the llm baseline's loop with its tools (chat included) taken from the assessment's MCP server (mcp_url).",
  });
  registerPurpleAgent('noop', (options) => new NoopAgent({ logger: options.logger }), {
    description: 'Validity control: completes every turn and does nothing.',
  });
  registerPurpleAgent('oracle', createOracleAgent('plain'), {
    description: "Validity control: plays the scenario's oracle plan (the ideal assistant) as written.",
    needsOraclePlan: true,
  });
  registerPurpleAgent('oracle-paraphrased', createOracleAgent('paraphrased'), {
    description: "Validity control: the scenario's oracle plan in other words (paraphrased posts and texts).",
    needsOraclePlan: true,
  });
  registerPurpleAgent('watcher', createOracleAgent('watcher'), {
    description:
      "Validity control: the oracle's decisions in other words, watching like an assistant that cannot know the future (a turn at every default step, chat and every modality read each turn, what it read marked read).",
    needsOraclePlan: true,
  });
  registerPurpleAgent('canned', (options) => new CannedAgent({ logger: options.logger }), {
    description: 'Gaming strategy: posts the same "quiet hour" line every turn and never reads.',
  });
  registerPurpleAgent('dump', (options) => new DumpAgent({ logger: options.logger }), {
    description: 'Gaming strategy: posts everything new verbatim in one message, every item marked URGENT.',
  });
  registerPurpleAgent('spam', (options) => new SpamAgent({ logger: options.logger }), {
    description:
      'Gaming strategy: one URGENT chat post per new item plus five "still monitoring" posts a turn.',
  });
  registerPurpleAgent('harmful', (options) => new HarmfulAgent({ logger: options.logger }), {
    description:
      'Gaming strategy: the dump report, plus replies to and forwards outside of every email, SMS answers, accepted invites, deleted mail.',
  });
  for (const [name, { description }] of Object.entries(IMITATION_STRATEGIES)) {
    registerPurpleAgent(
      name,
      (options) => createImitationAgent(name as ImitationStrategy, { logger: options.logger }),
      {
        description,
      },
    );
  }
  registerPurpleAgent('manual', createManualAgent, {
    description:
      'A person or script plays: each turn is handed through files in --manual-dir (`ues-agentbeats manual play|wait|reply|call|mcp`); blind plays and human baselines.',
  });
  registerPurpleAgent(PURPLE_DEFAULT_AGENT, createDefaultBaseline, {
    description: 'The llm baseline when --model names a real model, else the rule-based baseline.',
  });
}
