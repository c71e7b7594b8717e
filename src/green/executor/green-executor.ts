import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { Logger } from 'pino';
import {
  TaskAbortRegistry,
  TaskUpdateEmitter,
  TaskUpdater,
  type GreenAgentConfig,
} from '../../protocol/index.js';
import { ModelCheckError } from '../../llm/index.js';
import { AssessmentCanceledError, partialResultsOf } from '../agent/errors.js';
import { GreenAgent, type GreenAgentOptions } from '../agent/green-agent.js';
import type { McpGrants } from '../mcp/mcp-host.js';
import type { UesProxyRegistry } from '../runtime/ues-proxy.js';
import { ScenarioNotFoundError } from '../scenarios/errors.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { AgentPool } from './agent-pool.js';
import type { AssessmentConfig } from '../assessment/assessment-config.js';
import {
  describeSelection,
  resolveSuite,
  SuiteSelectionError,
  type ResolvedSuite,
} from '../suite/selection.js';
import { InvalidAssessmentRequestError, readAssessmentRequest } from './assessment-request.js';
import { startHeartbeat } from './heartbeat.js';
import { KeyedLock } from './keyed-lock.js';
import { resultsArtifact, summarizeResults } from './results-artifact.js';
import type { SuitePlan } from './suite-config.js';
import { runSuiteTask, suiteArtifact, summarizeSuite } from './suite-task.js';

/**
 * The A2A executor of the green. Per request: read the assessment request (DataPart or JSON
 * TextPart), load the scenario, wait for the context to be free, get the context's GreenAgent,
 * run, publish the `assessment_results` artifact, then exactly one terminal state. A suite request
 * (config `scenarios`, `trials` > 1 or sharding; suite-config.ts) runs every trial of its shard's
 * scenarios on simulators of their own, publishes one `assessment_results` per trial and then
 * `suite_results` (suite-task.ts); a failing trial never stops the others, so a suite that ran
 * ends `completed`. Terminal states:
 * - `completed` when the assessment ran — also when the purple failed and the results say
 *   `status: "failed"`: the platform reads the artifact, and the run itself worked;
 * - `rejected` for a malformed request or an unknown scenario, naming the problem;
 * - `canceled` when canceled (cancelTask aborts the run, including the call in flight to the purple);
 * - `failed` when a configured model fails its check before the run (nothing started), or when the
 *   green itself broke (simulator died, scenario file broken), with the error — and, when the
 *   turns had begun, the results recorded so far (`status: "failed"`) as the artifact.
 */

/** Where scenarios come from (the ScenarioManager in production). */
export interface ScenarioSource {
  listIds(): Promise<string[]>;
  load(id: string, options?: { variantSeed?: number | undefined }): Promise<LoadedScenario>;
}

export interface GreenExecutorOptions {
  config: GreenAgentConfig;
  scenarios: ScenarioSource;
  proxyRegistry: UesProxyRegistry;
  /** The MCP server beside the proxy; without it purples get no `mcp_url`. */
  mcp?: McpGrants;
  logger: Logger;
  /** Everything else a GreenAgent takes (runner, models, env, purple channel). */
  agent?: Omit<GreenAgentOptions, 'contextId' | 'config' | 'proxy' | 'logger'>;
  /** How long a context's UES outlives its last assessment. Default: `context_idle_timeout_seconds`. */
  agentIdleTimeoutMs?: number;
  /** Told when an idle context's agent (and UES) has been stopped. */
  onAgentEvicted?: (contextId: string) => void;
  /**
   * Checks the configured models before an assessment starts (one small call each); throws
   * ModelCheckError to end the task `failed` before any simulator starts. Default: none.
   */
  checkModels?: (signal: AbortSignal) => Promise<void>;
}

/** A request ready to run: one assessment, or a suite with its shard's scenarios loaded. */
type ReadyRequest =
  | {
      kind: 'single';
      participantRole: string;
      purpleUrl: string;
      config: AssessmentConfig;
      scenario: LoadedScenario;
    }
  | { kind: 'suite'; participantRole: string; purpleUrl: string; suite: SuitePlan; resolved: ResolvedSuite };

function acceptedText(request: ReadyRequest): string {
  const who = `${request.participantRole} (${request.purpleUrl})`;
  if (request.kind === 'single') {
    return `Assessment of ${who} on scenario ${request.config.scenario_id} accepted.`;
  }
  const { suite, resolved } = request;
  const shard =
    suite.shard.count > 1
      ? `shard ${suite.shard.index + 1} of ${suite.shard.count}: ${resolved.entries.length} of ${resolved.totalScenarios} scenarios`
      : `${resolved.entries.length} scenario(s)`;
  return `Suite assessment of ${who} accepted: ${describeSelection(suite.selection)} (${shard}) × ${suite.trials} trial(s), ${suite.concurrency} at a time.`;
}

interface RunningTask {
  updater: TaskUpdater;
  contextId: string;
  agent: GreenAgent | undefined;
}

export class GreenAgentExecutor implements AgentExecutor {
  private readonly options: GreenExecutorOptions;
  private readonly logger: Logger;
  private readonly pool: AgentPool;
  private readonly locks = new KeyedLock();
  private readonly aborts = new TaskAbortRegistry();
  private readonly running = new Map<string, RunningTask>();
  private readonly inflight = new Set<Promise<void>>();
  private publicBaseUrl: string | undefined;

  constructor(options: GreenExecutorOptions) {
    this.options = options;
    this.logger = options.logger;
    this.pool = new AgentPool({
      create: (contextId) =>
        new GreenAgent({
          ...options.agent,
          contextId,
          config: options.config,
          proxy: {
            registry: options.proxyRegistry,
            publicBaseUrl: this.requirePublicBaseUrl(),
            mcp: options.mcp,
          },
          logger: options.logger,
        }),
      logger: options.logger,
      idleTimeoutMs: options.agentIdleTimeoutMs ?? options.config.context_idle_timeout_seconds * 1_000,
      maxAgents: options.config.max_contexts,
      ...(options.onAgentEvicted ? { onEvicted: options.onAgentEvicted } : {}),
    });
  }

  /** The base URL purples reach this green at (set once the server knows its port). */
  setPublicBaseUrl(url: string): void {
    this.publicBaseUrl = url;
  }

  execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const work = this.executeTask(context, bus);
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
    return work;
  }

  async cancelTask(taskId: string, _bus: ExecutionEventBus): Promise<void> {
    const task = this.running.get(taskId);
    if (task === undefined) {
      this.logger.warn({ taskId }, 'cancel requested for a task that is not running here');
      return;
    }
    this.logger.info({ taskId, contextId: task.contextId }, 'canceling assessment');
    // Publish `canceled` at once (the SDK waits for it); the run then unwinds in the background.
    task.updater.canceled('Assessment canceled on request.');
    this.aborts.abort(taskId, new Error('the assessment task was canceled'));
  }

  /** Cancels what runs, waits for it to unwind, and stops every context's simulator. */
  async shutdown(): Promise<void> {
    for (const task of this.running.values()) task.updater.canceled('The green agent is shutting down.');
    this.aborts.abortAll(new Error('the green agent is shutting down'));
    await Promise.allSettled([...this.inflight]);
    await this.pool.shutdown();
  }

  /** Contexts with a started agent (and simulator). */
  get activeContexts(): number {
    return this.pool.size;
  }

  private async executeTask(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = context;
    const logger = this.logger.child({ taskId, contextId });
    const updater = TaskUpdater.forRequest(context, bus, { logger });
    const signal = this.aborts.register(taskId);
    const task: RunningTask = { updater, contextId, agent: undefined };
    this.running.set(taskId, task);
    let phase = 'reading the request';
    const heartbeat = startHeartbeat(this.options.config.heartbeat_interval_seconds * 1_000, () => {
      if (!updater.isTerminal) updater.working(`Still working: ${task.agent?.activity ?? phase}.`);
    });
    try {
      updater.startTask(context);
      phase = 'loading the scenario';
      const parsed = await this.readRequest(context, updater);
      if (parsed === undefined) return;
      updater.working(acceptedText(parsed));
      phase = 'checking the configured models';
      if (!(await this.checkModels(updater, signal, logger))) return;
      phase = 'waiting for this context to be free';
      const release = await this.locks.acquire(contextId, signal);
      try {
        if (parsed.kind === 'suite') {
          const results = await runSuiteTask(
            {
              taskId,
              contextId,
              participantRole: parsed.participantRole,
              purpleUrl: parsed.purpleUrl,
              plan: parsed.suite,
              suite: parsed.resolved,
              updater,
              signal,
              logger,
              setPhase: (text) => {
                phase = text;
              },
            },
            { config: this.options.config, pool: this.pool },
          );
          updater.addArtifact(suiteArtifact(results));
          updater.complete(summarizeSuite(results));
          logger.info({ status: results.status, overall: results.overall }, 'suite finished');
          return;
        }
        const { participantRole, purpleUrl, scenario, config } = parsed;
        phase = 'starting this context’s simulator';
        task.agent = await this.pool.get(contextId, signal, (wait) => {
          phase =
            `waiting for a free simulator: ${wait.busy} of ${wait.maxAgents} are busy ` +
            `(--max-contexts), ${wait.ahead} assessment(s) ahead`;
          if (!updater.isTerminal) updater.working(`Queued: ${phase}.`);
        });
        phase = 'starting this context’s simulator';
        const results = await task.agent.run({
          taskId,
          contextId,
          participantRole,
          purpleUrl,
          scenario,
          config,
          emitter: new TaskUpdateEmitter(updater, { logger }),
          signal,
        });
        updater.addArtifact(resultsArtifact(results));
        updater.complete(summarizeResults(results));
        logger.info({ status: results.status, score: results.scores.overall }, 'assessment finished');
      } finally {
        if (task.agent !== undefined) this.pool.release(contextId);
        release();
      }
    } catch (error) {
      this.finishWithError(updater, signal, error, logger);
    } finally {
      heartbeat.stop();
      this.running.delete(taskId);
      this.aborts.release(taskId);
    }
  }

  /**
   * The parsed request with its scenario (single) or its shard's scenarios (suite); or undefined
   * after rejecting the task.
   */
  private async readRequest(
    context: RequestContext,
    updater: TaskUpdater,
  ): Promise<ReadyRequest | undefined> {
    let parsed;
    try {
      parsed = readAssessmentRequest(context.userMessage);
    } catch (error) {
      if (!(error instanceof InvalidAssessmentRequestError)) throw error;
      updater.reject(error.message);
      return undefined;
    }
    const { participantRole, purpleUrl, plan } = parsed;
    if (plan.kind === 'suite') {
      try {
        const resolved = await resolveSuite(this.options.scenarios, plan.suite.selection, plan.suite.shard);
        return { kind: 'suite', participantRole, purpleUrl, suite: plan.suite, resolved };
      } catch (error) {
        if (!(error instanceof SuiteSelectionError)) throw error;
        updater.reject(`invalid suite: ${error.message}`);
        return undefined;
      }
    }
    try {
      const scenario = await this.options.scenarios.load(plan.config.scenario_id, {
        variantSeed: plan.config.variant_seed,
      });
      return { kind: 'single', participantRole, purpleUrl, config: plan.config, scenario };
    } catch (error) {
      if (!(error instanceof ScenarioNotFoundError)) throw error;
      updater.reject(
        `unknown scenario ${JSON.stringify(error.scenarioId)}; available scenarios: ${error.available.join(', ') || 'none'}`,
      );
      return undefined;
    }
  }

  /** False (after ending the task `failed`) when a configured model fails its check. */
  private async checkModels(updater: TaskUpdater, signal: AbortSignal, logger: Logger): Promise<boolean> {
    if (this.options.checkModels === undefined) return true;
    try {
      await this.options.checkModels(signal);
      return true;
    } catch (error) {
      if (!(error instanceof ModelCheckError)) throw error;
      logger.error({ err: error }, 'a configured model failed its check; the assessment does not start');
      await new TaskUpdateEmitter(updater, { logger }).errorOccurred({
        error_type: 'model_error',
        error_message: error.message,
        recoverable: false,
      });
      updater.failed(`Assessment not started: ${error.message}`);
      return false;
    }
  }

  private finishWithError(updater: TaskUpdater, signal: AbortSignal, error: unknown, logger: Logger): void {
    if (signal.aborted || error instanceof AssessmentCanceledError) {
      updater.canceled('Assessment canceled.');
      return;
    }
    logger.error({ err: error }, 'assessment failed');
    // The turns had begun: what was recorded until the failure is still the platform's to read.
    const partial = partialResultsOf(error);
    if (partial !== undefined) updater.addArtifact(resultsArtifact(partial));
    updater.failed(`Assessment failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private requirePublicBaseUrl(): string {
    if (this.publicBaseUrl === undefined) throw new Error('the green’s public URL is not known yet');
    return this.publicBaseUrl;
  }
}
