import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import { pino } from 'pino';
import {
  loadPurpleConfig,
  type ConfigEnv,
  type OraclePlan,
  type PurpleAgentConfig,
} from '../protocol/index.js';
import type { BasePurpleAgent } from './base-agent.js';
import { UnknownPurpleAgentError } from './errors.js';

/**
 * Named purple agents, so one CLI (`ues-agentbeats purple --agent <name>`) can serve any of them.
 * The baselines register themselves in `baselines/index.ts`; authors add theirs the same way.
 */

export interface PurpleAgentOptions {
  /** The purple configuration (model, temperature, max_actions_per_turn, …). */
  config: PurpleAgentConfig;
  logger: Logger;
  /** Where provider API keys are read from (the CLI passes `process.env`). */
  env: ConfigEnv;
  /** A ready chat model for LLM agents, instead of building one from `config.model` (tests). */
  chatModel?: BaseChatModel;
  /**
   * The scenario's oracle plan, for agents registered with `needsOraclePlan` (the `oracle`
   * purples). The CLI loads it from the scenario; a purple never reads scenario files itself.
   */
  oraclePlan?: OraclePlan;
}

/**
 * Builds one agent instance; called once per assessment. Throw (e.g. PurpleAgentConfigError) when
 * the configuration cannot work, so `startPurpleServer` fails at startup rather than mid-run.
 */
export type RegisteredAgentFactory = (options: PurpleAgentOptions) => BasePurpleAgent;

export interface RegisteredAgent {
  name: string;
  description: string;
  factory: RegisteredAgentFactory;
  /** The agent plays a scenario's oracle plan: whoever starts it must pass `oraclePlan`. */
  needsOraclePlan: boolean;
}

const registry = new Map<string, RegisteredAgent>();

/** Registers (or replaces) an agent under `name`. Names are case-sensitive, e.g. `rule-based`. */
export function registerPurpleAgent(
  name: string,
  factory: RegisteredAgentFactory,
  options: { description?: string; needsOraclePlan?: boolean } = {},
): void {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name)) {
    throw new TypeError(`purple agent name ${JSON.stringify(name)} must be letters, digits, ".", "_" or "-"`);
  }
  registry.set(name, {
    name,
    description: options.description ?? name,
    factory,
    needsOraclePlan: options.needsOraclePlan ?? false,
  });
}

export function unregisterPurpleAgent(name: string): boolean {
  return registry.delete(name);
}

/** The registered agents, sorted by name. */
export function listPurpleAgents(): RegisteredAgent[] {
  return [...registry.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function getPurpleAgent(name: string): RegisteredAgent {
  const entry = registry.get(name);
  if (entry === undefined) {
    throw new UnknownPurpleAgentError(
      name,
      listPurpleAgents().map((agent) => agent.name),
    );
  }
  return entry;
}

/**
 * Creates a registered agent. Missing options get defaults: the configuration from the
 * environment's `AGENTBEATS_PURPLE_*` variables, a silent logger.
 */
export function createPurpleAgent(name: string, options: Partial<PurpleAgentOptions> = {}): BasePurpleAgent {
  const entry = getPurpleAgent(name);
  const env = options.env ?? {};
  return entry.factory({
    config: options.config ?? loadPurpleConfig({}, env),
    logger: options.logger ?? pino({ level: 'silent' }),
    env,
    ...(options.chatModel === undefined ? {} : { chatModel: options.chatModel }),
    ...(options.oraclePlan === undefined ? {} : { oraclePlan: options.oraclePlan }),
  });
}
