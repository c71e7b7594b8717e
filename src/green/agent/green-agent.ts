import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { createChatModel, isOfflineModel, type LlmEnv } from '../../llm/index.js';
import {
  TASK_SIGNAL_MAX_LISTENERS,
  type AssessmentResults,
  type GreenAgentConfig,
  type TaskUpdateEmitter,
} from '../../protocol/index.js';
import { UesClient, UesConnectionError } from '../../ues/client/index.js';
import type { AssessmentConfig } from '../assessment/assessment-config.js';
import { createUesRunner } from '../runtime/create-ues-runner.js';
import { assessmentMcpUrl, type McpGrants } from '../mcp/mcp-host.js';
import { uesProxyUrl, type UesProxyRegistry } from '../runtime/ues-proxy.js';
import type { UesInstance, UesRunner } from '../runtime/ues-runner.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { runAssessment } from './assessment-run.js';
import {
  AssessmentCanceledError,
  AssessmentFailedError,
  GreenAgentStateError,
  SimulatorFailedError,
  partialResultsOf,
} from './errors.js';
import { A2APurpleChannel, type PurpleChannelFactory } from './purple-channel.js';
import { RunArtifacts } from './run-artifacts.js';
import {
  openRunModels,
  recordingSettingsOf,
  replaySeedOf,
  type ModelRole,
  type RunModels,
} from './run-models.js';
import { greenModelOptions, resolveRunSettings, type RunSettings } from './run-settings.js';
import { runsDirectorySink, type RunRecordSink } from '../run-record/run-directory.js';

/**
 * The green agent of one A2A context. It owns that context's UES (started by `startup`, stopped
 * by `shutdown`), registers it with the green's UES proxy, and runs assessments one at a time.
 */

/** Builds the character and judge models of a run. `null` for the judge means "no LLM". */
export type ModelFactory = (
  role: 'response' | 'evaluation',
  name: string,
  seed: number,
) => BaseChatModel | null;

/** How long a refused connection waits for the simulator's exit to be noticed, if it died. */
const SIMULATOR_EXIT_NOTICE_MS = 2_000;

export interface GreenAgentOptions {
  contextId: string;
  config: GreenAgentConfig;
  /**
   * Where the purple reaches this context's UES: the green's proxy registry and its public URL,
   * and the MCP server beside the proxy (none: no `mcp_url`).
   */
  proxy: { registry: UesProxyRegistry; publicBaseUrl: string; mcp?: McpGrants | undefined };
  logger: Logger;
  /** Default: the runner `config.ues_runner` names. */
  runner?: UesRunner;
  /** Provider keys for the LLM factory (the CLI passes `process.env`). */
  env?: LlmEnv;
  /** Default: models from `config.response_model` / `config.evaluation_model` via `createChatModel`. */
  models?: ModelFactory;
  /** Default: A2A. */
  purpleChannel?: PurpleChannelFactory;
  /** Receives each finished run's results and evaluation input (besides `config.runs_dir`). */
  runRecordSink?: RunRecordSink;
}

export interface RunInput {
  taskId: string;
  /** Must be this agent's context, when given. */
  contextId?: string;
  /** Role name of the participant in the request, e.g. `assistant`. */
  participantRole: string;
  purpleUrl: string;
  scenario: LoadedScenario;
  config: AssessmentConfig;
  emitter: TaskUpdateEmitter;
  signal: AbortSignal;
}

export class GreenAgent {
  readonly contextId: string;
  private readonly options: GreenAgentOptions;
  private readonly logger: Logger;
  private ues: UesInstance | undefined;
  private client: UesClient | undefined;
  private running = false;
  private stopped = false;
  private currentActivity = 'idle';

  constructor(options: GreenAgentOptions) {
    this.options = options;
    this.contextId = options.contextId;
    this.logger = options.logger.child({ contextId: options.contextId });
  }

  /** Starts this context's UES and makes it reachable through the proxy. */
  async startup(options: { signal?: AbortSignal } = {}): Promise<void> {
    if (this.ues !== undefined) return;
    if (this.stopped)
      throw new GreenAgentStateError(`the green agent of context ${this.contextId} was shut down`);
    this.currentActivity = 'starting the simulator';
    const runner = this.options.runner ?? createUesRunner(this.options.config.ues_runner);
    const ues = await runner.start({
      logger: this.logger,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    this.ues = ues;
    this.client = new UesClient({ baseUrl: ues.url, apiKey: ues.adminKey, retry: false });
    this.options.proxy.registry.register(this.contextId, ues.url);
    this.currentActivity = 'idle';
    this.logger.info(
      { runner: ues.runner, uesUrlForPurple: this.uesUrlForPurple },
      'UES started for context',
    );
  }

  /** Stops the UES; the agent cannot be used afterwards. Safe to call twice. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    this.options.proxy.registry.unregister(this.contextId);
    await this.options.proxy.mcp?.revoke(this.contextId);
    const ues = this.ues;
    this.ues = undefined;
    this.client = undefined;
    await ues?.stop();
  }

  /** Started, not shut down, and its simulator has not died. */
  get isHealthy(): boolean {
    return this.ues !== undefined && this.ues.failure === undefined && !this.stopped;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** What the agent is doing now, for heartbeat messages. */
  get activity(): string {
    return this.currentActivity;
  }

  /** The UES URL purples are given: `<public url>/ues/<contextId>`. */
  get uesUrlForPurple(): string {
    return uesProxyUrl(this.options.proxy.publicBaseUrl, this.contextId);
  }

  /** The MCP endpoint purples are given: `<public url>/mcp/<contextId>`, when the green serves MCP. */
  get mcpUrlForPurple(): string | undefined {
    if (this.options.proxy.mcp === undefined) return undefined;
    return assessmentMcpUrl(this.options.proxy.publicBaseUrl, this.contextId);
  }

  /**
   * Runs one assessment and returns its validated results.
   * @throws AssessmentCanceledError when `signal` aborts; any other error means the green broke.
   */
  async run(input: RunInput): Promise<AssessmentResults> {
    if (input.contextId !== undefined && input.contextId !== this.contextId) {
      throw new GreenAgentStateError(
        `run for context ${input.contextId} sent to the agent of ${this.contextId}`,
      );
    }
    const client = this.client;
    if (client === undefined || this.ues === undefined) {
      throw new GreenAgentStateError(`the green agent of context ${this.contextId} is not started`);
    }
    if (this.running)
      throw new GreenAgentStateError(`context ${this.contextId} is already running an assessment`);
    this.running = true;
    // Every concurrent model call of the run listens to this signal (see TASK_SIGNAL_MAX_LISTENERS).
    setMaxListeners(TASK_SIGNAL_MAX_LISTENERS, input.signal);
    const logger = this.logger.child({ taskId: input.taskId, scenarioId: input.scenario.config.scenario_id });
    const recordedSeed = await replaySeedOf(this.options.config, input.config, input.scenario);
    const settings = resolveRunSettings(
      this.options.config,
      recordedSeed === undefined ? input.config : { ...input.config, seed: recordedSeed },
      input.scenario.config,
    );
    if (recordedSeed !== undefined) await this.announceRecordedSeed(recordedSeed, input, logger);
    const purple = (this.options.purpleChannel ?? ((url, opts) => new A2APurpleChannel(url, opts)))(
      input.purpleUrl,
      {
        turnTimeoutMs: settings.turnTimeoutMs,
        logger,
      },
    );
    let artifacts: RunArtifacts | undefined;
    try {
      const models = await this.createModels(settings, input.scenario, logger);
      artifacts = new RunArtifacts({
        taskId: input.taskId,
        scenario: input.scenario,
        seed: settings.seed,
        seedFromRecording: recordedSeed !== undefined,
        recording: models.recording,
        sinks: this.runRecordSinks(),
        logger,
      });
      const { registry, mcp } = this.options.proxy;
      const results = await runAssessment(
        { ...input, signal: artifacts.signal(input.signal) },
        {
          client,
          uesUrlForPurple: this.uesUrlForPurple,
          mcpUrlForPurple: this.mcpUrlForPurple,
          purpleAccess: {
            open: () => registry.openAccess(this.contextId),
            grant: (grant) => mcp?.grant(this.contextId, grant),
            // MCP requests are admitted by the registry too: closing it drains them like REST ones.
            close: async (reason) => {
              await registry.closeAccess(this.contextId, reason);
              await mcp?.revoke(this.contextId);
            },
          },
          purple,
          settings,
          models,
          logger,
          setActivity: (text) => {
            this.currentActivity = text;
          },
          onScoringInput: artifacts.onScoringInput,
          explainFailure: async (error) => {
            await this.noticeSimulatorExit(error);
            return this.explain(error);
          },
        },
      );
      return await artifacts.finish(results);
    } catch (error) {
      throw this.explain(artifacts ? await artifacts.explain(error, input.signal) : error);
    } finally {
      await artifacts?.close();
      await purple
        .close()
        .catch((error: unknown) => logger.warn({ err: error }, 'closing the purple channel failed'));
      this.running = false;
      this.currentActivity = 'idle';
    }
  }

  /** Says which seed a replay given none runs with, and why. */
  private async announceRecordedSeed(seed: number, input: RunInput, logger: Logger): Promise<void> {
    const text =
      `Replaying seed ${seed}: no seed was given, and it is the only one ${this.options.config.replay_dir} ` +
      `holds for scenario ${input.scenario.config.scenario_id} (content hash ${input.scenario.contentHash.slice(0, 19)}…).`;
    logger.info({ seed, replayDir: this.options.config.replay_dir }, text);
    await input.emitter.log(text);
  }

  /**
   * A dead simulator explains any error that followed it better than the error itself. The run
   * asks first, for its partial results; an error explained already is kept as it is, and partial
   * results stay with the error that explains them.
   */
  private explain(error: unknown): unknown {
    const failure = this.ues?.failure;
    if (failure === undefined || error instanceof AssessmentCanceledError) return error;
    for (let link = error; link instanceof Error; link = link.cause) {
      if (link instanceof SimulatorFailedError) return error;
    }
    const explained = new SimulatorFailedError(failure, error);
    const partial = partialResultsOf(error);
    return partial === undefined ? explained : new AssessmentFailedError(explained, partial);
  }

  /**
   * A simulator that no longer accepts connections has probably died: give its exit a moment to
   * be noticed (the refused connection may come first), so the failure is reported as its death.
   */
  private async noticeSimulatorExit(error: unknown): Promise<void> {
    const ues = this.ues;
    if (ues?.waitForExit === undefined || ues.failure !== undefined) return;
    for (let link = error; link instanceof Error; link = link.cause) {
      if (link instanceof UesConnectionError) {
        await ues.waitForExit(SIMULATOR_EXIT_NOTICE_MS);
        return;
      }
    }
  }

  private runRecordSinks(): RunRecordSink[] {
    const runsDir = this.options.config.runs_dir;
    return [
      this.options.runRecordSink,
      runsDir === undefined ? undefined : runsDirectorySink(runsDir),
    ].filter((sink): sink is RunRecordSink => sink !== undefined);
  }

  /** The run's models, wrapped for recording or replay when configured. */
  private createModels(settings: RunSettings, scenario: LoadedScenario, logger: Logger): Promise<RunModels> {
    const injected = this.options.models;
    const build = (role: ModelRole, name: string): BaseChatModel | null =>
      injected
        ? injected(role, name, settings.seed)
        : role === 'evaluation' && isOfflineModel(name)
          ? null
          : createChatModel(
              { ...greenModelOptions(this.options.config, role, name), seed: settings.seed, logger },
              this.options.env ?? {},
            );
    return openRunModels({
      build,
      // The built-in factory knows from the name; it is not called before a live call needs it.
      hasModel: injected ? undefined : (role, name) => !(role === 'evaluation' && isOfflineModel(name)),
      names: { response: settings.responseModel, evaluation: settings.evaluationModel },
      seed: settings.seed,
      scenario,
      recording: recordingSettingsOf(this.options.config),
    });
  }
}
