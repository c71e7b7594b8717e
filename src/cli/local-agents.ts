import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../green/scenarios/index.js';
import type { RunRecordSink } from '../green/run-record/run-directory.js';
import { startGreenServer, type GreenServerHandle } from '../green/server.js';
import {
  loadGreenConfig,
  loadPurpleConfig,
  type OraclePlan,
  type PurpleAgentConfig,
} from '../protocol/index.js';
import {
  getPurpleAgent,
  startPurpleServer,
  type PurpleServerHandle,
  type PurpleServerOptions,
} from '../purple/index.js';

type Env = Record<string, string | undefined>;

/** A logger writing to a file (so the terminal keeps the progress display), or silent. */
export function fileLogger(path: string | undefined, level = 'info'): Logger {
  if (!path) return pino({ level: 'silent' });
  return pino({ level }, pino.destination({ dest: path, mkdir: true, sync: true }));
}

export interface LocalGreenOptions {
  /** Model for character replies and the LLM judge ("offline" needs no API key). */
  model: string;
  /** Judge model when it should differ from `model`. */
  judgeModel?: string | undefined;
  /** Base URL of the model server (e.g. an OpenAI-compatible server for `openai:<name>`). */
  baseUrl?: string | undefined;
  /** The judge's server, when it differs from `baseUrl`. */
  judgeBaseUrl?: string | undefined;
  seed?: number | undefined;
  uesRunner?: 'child' | 'in-process' | undefined;
  scenariosDir?: string | undefined;
  logFile?: string | undefined;
  /** How long a context's UES outlives its assessment (default 10 minutes; `scenarios check` uses 0). */
  agentIdleTimeoutMs?: number | undefined;
  /** Most simulators alive at once (a suite's `--concurrency` needs one per running trial). */
  maxContexts?: number | undefined;
  /** Record the green's model calls here / answer them from recordings here (see llm/recording). */
  recordDir?: string | undefined;
  replayDir?: string | undefined;
  replayFallthrough?: boolean | undefined;
  /** Receives each finished run's results and evaluation input (e.g. to save evaluation-input.json). */
  runRecordSink?: RunRecordSink | undefined;
  env: Env;
}

export interface LocalGreen extends GreenServerHandle {
  /** Headers its A2A calls need (its random operator token). */
  headers: Record<string, string>;
}

/**
 * A green agent on a free loopback port, for `demo` and `run` without `--green`. It gets a random
 * bearer token, so the purple it assesses (which learns the green's address from its UES URL)
 * cannot start, list or cancel assessments on it.
 */
export async function startLocalGreen(options: LocalGreenOptions): Promise<LocalGreen> {
  const authToken = randomBytes(24).toString('hex');
  const judgeBaseUrl = options.judgeBaseUrl ?? options.baseUrl;
  const config = loadGreenConfig(
    {
      host: '127.0.0.1',
      port: 0,
      authToken,
      scenariosDir: options.scenariosDir ?? DEFAULT_SCENARIOS_DIR,
      responseModel: options.model,
      evaluationModel: options.judgeModel ?? options.model,
      ...(options.baseUrl ? { responseBaseUrl: options.baseUrl } : {}),
      ...(judgeBaseUrl ? { evaluationBaseUrl: judgeBaseUrl } : {}),
      ...(options.seed !== undefined ? { llmSeed: options.seed } : {}),
      ...(options.uesRunner ? { uesRunner: options.uesRunner } : {}),
      ...(options.maxContexts !== undefined ? { maxContexts: options.maxContexts } : {}),
      ...(options.recordDir ? { recordDir: options.recordDir } : {}),
      ...(options.replayDir ? { replayDir: options.replayDir } : {}),
      ...(options.replayFallthrough ? { replayFallthrough: true } : {}),
    },
    options.env,
  );
  const green = await startGreenServer(config, {
    logger: fileLogger(options.logFile),
    env: options.env,
    ...(options.runRecordSink ? { agent: { runRecordSink: options.runRecordSink } } : {}),
    ...(options.agentIdleTimeoutMs === undefined ? {} : { agentIdleTimeoutMs: options.agentIdleTimeoutMs }),
  });
  return Object.assign(green, { headers: { authorization: `Bearer ${authToken}` } });
}

/** An agent that plays a scenario's oracle was started without saying which scenario. */
export class MissingScenarioError extends Error {
  override readonly name = 'MissingScenarioError';
  constructor(agent: string) {
    super(`--agent ${agent} plays a scenario's oracle plan: say which scenario with --scenario <id>`);
  }
}

/** The scenario has no `oracle.json`, so no oracle can play it. */
export class NoOraclePlanError extends Error {
  override readonly name = 'NoOraclePlanError';
  constructor(scenarioId: string, dir: string) {
    super(
      `scenario ${JSON.stringify(scenarioId)} has no oracle plan (${join(dir, 'oracle.json')} does not exist)`,
    );
  }
}

/**
 * A scenario's oracle plan, taken from the loaded scenario (checked against it), so the plan of a
 * variant is transformed together with the scenario the green assesses.
 * @throws NoOraclePlanError, or the loader's errors (ScenarioValidationError naming file and field).
 */
export async function readOraclePlan(
  scenariosDir: string,
  scenarioId: string,
  variantSeed = 0,
): Promise<OraclePlan> {
  const loaded = await new ScenarioManager(scenariosDir).load(scenarioId, { variantSeed });
  if (loaded.oracle === null) throw new NoOraclePlanError(scenarioId, loaded.dir);
  return loaded.oracle;
}

export interface PurpleScenarioOptions {
  /** The scenario an oracle agent plays; ignored by other agents. */
  scenarioId?: string | undefined;
  scenariosDir?: string | undefined;
  /** The scenario's variant the oracle plays (default 0: canonical). */
  variantSeed?: number | undefined;
  /** The plan itself, already loaded (then the scenario is not read). */
  oraclePlan?: OraclePlan | undefined;
  logger: Logger;
  env: Env;
}

/**
 * Server options for the configured agent. Agents that play an oracle plan get the scenario's
 * plan, loaded here (the CLI's job: a purple never reads scenario files).
 */
export async function purpleServerOptions(
  config: PurpleAgentConfig,
  options: PurpleScenarioOptions,
): Promise<PurpleServerOptions> {
  const base = { logger: options.logger, env: options.env };
  const entry = getPurpleAgent(config.agent);
  if (!entry.needsOraclePlan) return base;
  let oraclePlan = options.oraclePlan;
  if (oraclePlan === undefined) {
    if (options.scenarioId === undefined) throw new MissingScenarioError(entry.name);
    oraclePlan = await readOraclePlan(
      options.scenariosDir ?? DEFAULT_SCENARIOS_DIR,
      options.scenarioId,
      options.variantSeed ?? 0,
    );
  }
  const plan = oraclePlan;
  const logger = options.logger.child({ agent: entry.name });
  return {
    ...base,
    createAgent: () => entry.factory({ config, logger, env: options.env, oraclePlan: plan }),
    card: { description: entry.description },
  };
}

export interface LocalPurpleOptions {
  agent: string;
  model?: string | undefined;
  /** Base URL of the purple model's server. */
  baseUrl?: string | undefined;
  /** Seed for the purple model's sampling. */
  seed?: number | undefined;
  /** Wait before retrying a transient simulator failure (default 500 ms, doubled per retry). */
  uesRetryDelayMs?: number | undefined;
  logFile?: string | undefined;
  /** The scenario, for agents that play its oracle plan. */
  scenarioId?: string | undefined;
  scenariosDir?: string | undefined;
  /** The scenario variant an oracle agent plays. */
  variantSeed?: number | undefined;
  /** The oracle plan, already loaded (instead of reading the scenario's). */
  oraclePlan?: OraclePlan | undefined;
  /** The folder the `manual` agent hands its turns through. */
  manualDir?: string | undefined;
  env: Env;
}

/** A registered purple agent on a free loopback port. */
export async function startLocalPurple(options: LocalPurpleOptions): Promise<PurpleServerHandle> {
  const config = loadPurpleConfig(
    {
      host: '127.0.0.1',
      port: 0,
      agent: options.agent,
      ...(options.model ? { model: options.model } : {}),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.uesRetryDelayMs !== undefined ? { uesRetryDelayMs: options.uesRetryDelayMs } : {}),
      ...(options.manualDir !== undefined ? { manualDir: options.manualDir } : {}),
    },
    options.env,
  );
  return startPurpleServer(
    config,
    await purpleServerOptions(config, {
      scenarioId: options.scenarioId,
      scenariosDir: options.scenariosDir,
      variantSeed: options.variantSeed,
      oraclePlan: options.oraclePlan,
      logger: fileLogger(options.logFile),
      env: options.env,
    }),
  );
}
