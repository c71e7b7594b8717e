import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import { pino } from 'pino';
import {
  startA2AServer,
  type AgentCardSpec,
  type ConfigEnv,
  type PurpleAgentConfig,
} from '../protocol/index.js';
import { PACKAGE_VERSION } from '../version.js';
import { PurpleAgentExecutor, type PurpleAgentFactory } from './executor.js';
import { getPurpleAgent } from './registry.js';

export interface PurpleServerOptions {
  /** Serve this factory instead of looking `config.agent` up in the registry. */
  createAgent?: PurpleAgentFactory;
  logger?: Logger;
  /** Where provider API keys are read from; default none (the CLI passes `process.env`). */
  env?: ConfigEnv;
  /** A ready chat model for LLM agents (tests). */
  chatModel?: BaseChatModel;
  /** Card fields to override (name, description, skills…). */
  card?: Partial<Omit<AgentCardSpec, 'url'>>;
  /** How long `close()` waits for in-flight requests. Default 5 s. */
  shutdownGraceMs?: number;
}

export interface PurpleServerHandle {
  /** A URL this process can reach the agent at. */
  url: string;
  /** The URL in the agent card. */
  cardUrl: string;
  host: string;
  port: number;
  agentName: string;
  executor: PurpleAgentExecutor;
  /** Stops the server and aborts running turns. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Serves a purple agent over A2A (JSON-RPC at `/`, card at `/.well-known/agent-card.json`, v0.3
 * and v1.0) on `config.host:config.port`. The agent is built once up front so a configuration it
 * cannot run with fails here, not in the middle of an assessment.
 */
export async function startPurpleServer(
  config: PurpleAgentConfig,
  options: PurpleServerOptions = {},
): Promise<PurpleServerHandle> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const env = options.env ?? {};
  let description = `Purple agent "${config.agent}"`;
  let createAgent = options.createAgent;
  if (createAgent === undefined) {
    const entry = getPurpleAgent(config.agent);
    description = entry.description;
    createAgent = () =>
      entry.factory({
        config,
        logger: logger.child({ agent: entry.name }),
        env,
        ...(options.chatModel === undefined ? {} : { chatModel: options.chatModel }),
      });
  }
  const build = createAgent;
  const retry = { baseDelayMs: config.ues_retry_delay_ms };
  const createConfigured: PurpleAgentFactory = async () => {
    const agent = await build();
    agent.useUesRetry(retry);
    return agent;
  };
  await createConfigured();

  const executor = new PurpleAgentExecutor({ createAgent: createConfigured, logger });
  const server = await startA2AServer({
    card: {
      name: `UES purple agent: ${config.agent}`,
      description,
      version: PACKAGE_VERSION,
      skills: [
        {
          id: 'personal-assistant',
          name: 'Personal assistant',
          description:
            "Acts as the user's personal assistant in a UES AgentBeats assessment: reads the task from UES chat and works on email, calendar, SMS and chat.",
          tags: ['assistant', 'ues', 'agentbeats', 'purple'],
        },
      ],
      ...options.card,
    },
    executor,
    host: config.host,
    port: config.port,
    ...(config.card_url === undefined ? {} : { cardUrl: config.card_url }),
    onShutdown: () => executor.close(),
    shutdownGraceMs: options.shutdownGraceMs ?? 5_000,
    logger,
  });
  logger.info({ url: server.url, cardUrl: server.cardUrl, agent: config.agent }, 'purple agent listening');
  return {
    url: server.url,
    cardUrl: server.cardUrl,
    host: server.host,
    port: server.port,
    agentName: config.agent,
    executor,
    close: () => server.close(),
  };
}
