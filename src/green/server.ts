import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino, type Logger } from 'pino';
import { checkModelOptions, isOfflineModel, type LlmEnv } from '../llm/endpoints.js';
import type { ModelChecker } from '../llm/model-check.js';
import { replaysOnly } from '../llm/recording/settings.js';
import { startA2AServer } from '../protocol/a2a/server.js';
import { effectivePublicUrl, type GreenAgentConfig } from '../protocol/config/green.js';
import { PACKAGE_VERSION } from '../version.js';
import type { GreenAgentOptions } from './agent/green-agent.js';
import { greenModelOptions, recordingSettingsOf } from './agent/model-options.js';
import type { GreenExecutorOptions, ScenarioSource } from './executor/green-executor.js';
import { LazyGreenExecutor } from './executor/lazy-executor.js';
import { REQUEST_EXAMPLE, SUITE_REQUEST_EXAMPLE } from './executor/request-examples.js';
import { AssessmentMcpHost } from './mcp/mcp-host.js';
import { startUesProxyServer, type UesProxyServer } from './runtime/ues-proxy-server.js';
import { UesProxyRegistry, mountUesProxy, type UesProxyHandle } from './runtime/ues-proxy.js';
import { forwardUesWebSockets, type UesWebSocketForwarding } from './runtime/ues-proxy-websocket.js';
import { DEFAULT_SCENARIOS_DIR, listScenarioIds } from './scenarios/scenario-folder.js';

/**
 * The green agent's A2A server: JSON-RPC at `/`, the agent card, and the UES proxy through which
 * purples reach their simulator — at `/ues/<contextId>/…` on the same port, or on a listener of
 * its own (`ues_proxy_port`) so the A2A port can stay private to the platform — with each
 * assessment's MCP server beside it at `/mcp/<contextId>`.
 *
 * Starting imports only what serving needs (the A2A server, the proxy, the configuration): the
 * assessment machinery, LangChain and the providers come with the first request
 * (LazyGreenExecutor), the MCP SDK with the first MCP session.
 */

export interface GreenServerOptions {
  logger?: Logger;
  /** Provider keys for the LLM factory; the CLI passes `process.env`. */
  env?: LlmEnv;
  /** Default: a ScenarioManager on `config.scenarios_dir` (created with the first request). */
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
  executor: LazyGreenExecutor;
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
  if (!replayOnly) checkModels(config, env);
  const scenariosDir = options.scenarios ? undefined : resolveScenariosDir(config.scenarios_dir, logger);
  await logScenarios(options.scenarios ?? { listIds: () => listScenarioIds(scenariosDir!) }, logger);

  const proxyRegistry = new UesProxyRegistry();
  const mcp = new AssessmentMcpHost({ registry: proxyRegistry, logger });
  const checker = options.modelChecker ?? (replayOnly ? false : undefined);
  // The default checker (and LangChain with it) is loaded with the first assessment that needs it.
  let defaultChecker: Promise<ModelChecker> | undefined;
  const modelChecker = async (): Promise<ModelChecker> =>
    checker ||
    (await (defaultChecker ??= import('../llm/model-check.js').then(
      ({ ModelChecker }) => new ModelChecker({ env, logger }),
    )));
  const executor = new LazyGreenExecutor(async (): Promise<GreenExecutorOptions> => ({
    config,
    scenarios:
      options.scenarios ?? new (await import('./scenarios/loader.js')).ScenarioManager(scenariosDir!),
    proxyRegistry,
    mcp,
    logger,
    agent: { ...options.agent, env },
    ...(options.agentIdleTimeoutMs !== undefined ? { agentIdleTimeoutMs: options.agentIdleTimeoutMs } : {}),
    ...(options.onAgentEvicted ? { onAgentEvicted: options.onAgentEvicted } : {}),
    ...(checker === false
      ? {}
      : {
          checkModels: async (signal: AbortSignal) =>
            (await modelChecker()).check(
              [
                { role: 'characters (response)', options: greenModelOptions(config, 'response') },
                { role: 'judge (evaluation)', options: greenModelOptions(config, 'evaluation') },
              ],
              signal,
            ),
        }),
  }));
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

/**
 * Fails at startup, not mid-assessment, when a model cannot be created (unknown name, no key) —
 * checked from the names and the environment, without loading any provider.
 */
function checkModels(config: GreenAgentConfig, env: LlmEnv): void {
  checkModelOptions(greenModelOptions(config, 'response'), env);
  if (!isOfflineModel(config.evaluation_model))
    checkModelOptions(greenModelOptions(config, 'evaluation'), env);
}

/** `scenarios` (the default) falls back to the package's own folder when the working directory has none. */
function resolveScenariosDir(dir: string, logger: Logger): string {
  if (existsSync(dir) || dir !== 'scenarios') return resolve(dir);
  logger.info({ dir: DEFAULT_SCENARIOS_DIR }, 'no ./scenarios folder; using the packaged scenarios');
  return DEFAULT_SCENARIOS_DIR;
}

async function logScenarios(scenarios: Pick<ScenarioSource, 'listIds'>, logger: Logger): Promise<void> {
  const ids = await scenarios.listIds();
  if (ids.length === 0) logger.warn('no scenarios found: every assessment request will be rejected');
  else logger.info({ scenarios: ids }, 'scenarios available');
}
