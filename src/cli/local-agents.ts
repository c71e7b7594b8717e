import { randomBytes } from 'node:crypto';
import { pino, type Logger } from 'pino';
import { DEFAULT_SCENARIOS_DIR } from '../green/scenarios/index.js';
import { startGreenServer, type GreenServerHandle } from '../green/server.js';
import { loadGreenConfig, loadPurpleConfig } from '../protocol/index.js';
import { startPurpleServer, type PurpleServerHandle } from '../purple/index.js';

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
    },
    options.env,
  );
  const green = await startGreenServer(config, { logger: fileLogger(options.logFile), env: options.env });
  return Object.assign(green, { headers: { authorization: `Bearer ${authToken}` } });
}

export interface LocalPurpleOptions {
  agent: string;
  model?: string | undefined;
  /** Base URL of the purple model's server. */
  baseUrl?: string | undefined;
  /** Seed for the purple model's sampling. */
  seed?: number | undefined;
  logFile?: string | undefined;
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
    },
    options.env,
  );
  return startPurpleServer(config, { logger: fileLogger(options.logFile), env: options.env });
}
