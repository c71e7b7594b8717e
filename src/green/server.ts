import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino, type Logger } from 'pino';
import { ModelChecker, createChatModel, isOfflineModel, replaysOnly, type LlmEnv } from '../llm/index.js';
import { effectivePublicUrl, startA2AServer, type GreenAgentConfig } from '../protocol/index.js';
import { PACKAGE_VERSION } from '../version.js';
import type { GreenAgentOptions } from './agent/green-agent.js';
import { recordingSettingsOf } from './agent/run-models.js';
import { greenModelOptions } from './agent/run-settings.js';
import { REQUEST_EXAMPLE, SUITE_REQUEST_EXAMPLE } from './executor/assessment-request.js';
import { GreenAgentExecutor, type ScenarioSource } from './executor/green-executor.js';
import { AssessmentMcpHost } from './mcp/mcp-host.js';
import { startUesProxyServer, type UesProxyServer } from './runtime/ues-proxy-server.js';
import { UesProxyRegistry, mountUesProxy, type UesProxyHandle } from './runtime/ues-proxy.js';
import { forwardUesWebSockets, type UesWebSocketForwarding } from './runtime/ues-proxy-websocket.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from './scenarios/loader.js';

/**
 * The green agent's A2A server: JSON-RPC at `/`, the agent card, and the UES proxy through which
 * purples reach their simulator — at `/ues/<contextId>/…` on the same port, or on a listener of
 * its own (`ues_proxy_port`) so the A2A port can stay private to the platform — with each
 * assessment's MCP server beside it at `/mcp/<contextId>`.
 */

export interface GreenServerOptions {
  logger?: Logger;
  /** Provider keys for the LLM factory; the CLI passes `process.env`. */
  env?: LlmEnv;
  /** Default: a ScenarioManager on `config.scenarios_dir`. */
  scenarios?: ScenarioSource;
  /** Runner, models and purple channel overrides for the per-context agents (tests). */
  agent?: Omit<GreenAgentOptions, 'contextId' | 'config' | 'proxy' | 'logger' | 'env'>;
  /** How long a context's UES outlives its last assessment. Default: `context_idle_timeout_seconds`. */
  agentIdleTimeoutMs?: number;
  onAgentEvicted?: (contextId: string) => void;
  /**
   * The check of the configured models before each assessment. Default: one small call to each
   * non-offline model, successes remembered for 5 minutes. `false` skips it (tests with injected models).
   */
  modelChecker?: ModelChecker | false;
}

export interface GreenServerHandle {
  /** A URL this process can reach the server at. */
  url: string;
  /** The URL in the agent card. */
  cardUrl: string;
  /** The base of the UES URLs handed to purples. */
  publicUrl: string;
  /** Where the separate UES proxy listener is reachable from this process (with `ues_proxy_port`). */
  uesProxyUrl: string | undefined;
  executor: GreenAgentExecutor;
  /** Stops accepting requests, cancels running assessments and stops every UES. */
  close(): Promise<void>;
}

export const GREEN_SKILL_ID = 'ues_assessment';

export async function startGreenServer(
  config: GreenAgentConfig,
  options: GreenServerOptions = {},
): Promise<GreenServerHandle> {
  const logger = options.logger ?? pino({ level: config.log_level }, pino.destination(2));
  const env = options.env ?? {};
  // A pure replay never calls its models: no key is needed, and none is checked.
  const replayOnly = replaysOnly(recordingSettingsOf(config));
  if (!replayOnly) checkModels(config, env, logger);
  const scenarios =
    options.scenarios ?? new ScenarioManager(resolveScenariosDir(config.scenarios_dir, logger));
  await logScenarios(scenarios, logger);

  const proxyRegistry = new UesProxyRegistry();
  const mcp = new AssessmentMcpHost({ registry: proxyRegistry, logger });
  const checker = options.modelChecker ?? (replayOnly ? false : new ModelChecker({ env, logger }));
  const executor = new GreenAgentExecutor({
    config,
    scenarios,
    proxyRegistry,
    mcp,
    logger,
    agent: { ...options.agent, env },
    ...(options.agentIdleTimeoutMs !== undefined ? { agentIdleTimeoutMs: options.agentIdleTimeoutMs } : {}),
    ...(options.onAgentEvicted ? { onAgentEvicted: options.onAgentEvicted } : {}),
    ...(checker === false
      ? {}
      : {
          checkModels: (signal: AbortSignal) =>
            checker.check(
              [
                { role: 'characters (response)', options: greenModelOptions(config, 'response') },
                { role: 'judge (evaluation)', options: greenModelOptions(config, 'evaluation') },
              ],
              signal,
            ),
        }),
  });
  // Its own listener, when configured: purples then never need the A2A port.
  const separateProxy: UesProxyServer | undefined =
    config.ues_proxy_port === undefined
      ? undefined
      : await startUesProxyServer({
          registry: proxyRegistry,
          host: config.ues_proxy_host ?? config.host,
          port: config.ues_proxy_port,
          logger,
          mountBeside: (app) => mcp.mount(app),
        });
  let proxy: UesProxyHandle | undefined;
  let websockets: UesWebSocketForwarding | undefined;
  let publicUrl = '';
  const server = await startA2AServer({
    card: {
      name: 'UES Green Agent',
      description:
        'Evaluates AI personal assistants in a simulated user environment (email, SMS, calendar, chat, contacts): ' +
        'the assistant reads its tasks in chat, acts through the UES REST API turn by turn, and is scored ' +
        'on the scenario’s criteria.',
      version: PACKAGE_VERSION,
      skills: [
        {
          id: GREEN_SKILL_ID,
          name: 'UES Personal Assistant Assessment',
          description:
            'Send {"participants": {"assistant": "<purple A2A URL>"}, "config": {"scenario_id": "…", "max_turns"?, "seed"?, "turn_timeout_seconds"?, "variant_seed"?}} as JSON text for one assessment, ' +
            'or "scenarios": "all" | "family:<name>" | [ids] with "trials"?, "concurrency"?, "shard_index"?, "num_shards"? for a suite (one result per trial, then suite_results).',
          tags: [
            'assessment',
            'personal-assistant',
            'email',
            'calendar',
            'sms',
            'chat',
            'contacts',
            'agentbeats',
          ],
          examples: [JSON.stringify(REQUEST_EXAMPLE), JSON.stringify(SUITE_REQUEST_EXAMPLE)],
        },
      ],
    },
    executor,
    host: config.host,
    port: config.port,
    ...(config.card_url !== undefined ? { cardUrl: config.card_url } : {}),
    bearerToken: config.auth_token,
    logger,
    configure: (app, info) => {
      publicUrl = effectivePublicUrl(config, info.port, separateProxy?.port);
      executor.setPublicBaseUrl(publicUrl);
      // Before the JSON-RPC body parser: the proxy streams raw bodies.
      if (separateProxy === undefined) {
        proxy = mountUesProxy(app, proxyRegistry, logger);
        mcp.mount(app);
      }
    },
    onShutdown: async () => {
      websockets?.close();
      await executor.shutdown();
      await mcp.close();
      await proxy?.close();
      await separateProxy?.close();
    },
  }).catch(async (error: unknown) => {
    await mcp.close();
    await separateProxy?.close();
    throw error;
  });
  // Purples' WebSocket notifications take the same way as their REST calls.
  if (separateProxy === undefined) websockets = forwardUesWebSockets(server.server, proxyRegistry, logger);
  logger.info(
    { url: server.url, cardUrl: server.cardUrl, publicUrl, uesProxyUrl: separateProxy?.url },
    'green agent listening',
  );
  return {
    url: server.url,
    cardUrl: server.cardUrl,
    publicUrl,
    uesProxyUrl: separateProxy?.url,
    executor,
    close: server.close,
  };
}

/** Fails at startup, not mid-assessment, when a model cannot be created (unknown name, no key). */
function checkModels(config: GreenAgentConfig, env: LlmEnv, logger: Logger): void {
  createChatModel({ ...greenModelOptions(config, 'response'), logger }, env);
  if (!isOfflineModel(config.evaluation_model))
    createChatModel({ ...greenModelOptions(config, 'evaluation'), logger }, env);
}

/** `scenarios` (the default) falls back to the package's own folder when the working directory has none. */
function resolveScenariosDir(dir: string, logger: Logger): string {
  if (existsSync(dir) || dir !== 'scenarios') return resolve(dir);
  logger.info({ dir: DEFAULT_SCENARIOS_DIR }, 'no ./scenarios folder; using the packaged scenarios');
  return DEFAULT_SCENARIOS_DIR;
}

async function logScenarios(scenarios: ScenarioSource, logger: Logger): Promise<void> {
  const ids = await scenarios.listIds();
  if (ids.length === 0) logger.warn('no scenarios found: every assessment request will be rejected');
  else logger.info({ scenarios: ids }, 'scenarios available');
}
