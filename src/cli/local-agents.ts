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
  seed?: number | undefined;
  uesRunner?: 'child' | 'in-process' | undefined;
  scenariosDir?: string | undefined;
  logFile?: string | undefined;
  env: Env;
}

/** A green agent on a free loopback port, for `demo` and `run` without `--green`. */
export async function startLocalGreen(options: LocalGreenOptions): Promise<GreenServerHandle> {
  const config = loadGreenConfig(
    {
      host: '127.0.0.1',
      port: 0,
      scenariosDir: options.scenariosDir ?? DEFAULT_SCENARIOS_DIR,
      responseModel: options.model,
      evaluationModel: options.judgeModel ?? options.model,
      ...(options.seed !== undefined ? { llmSeed: options.seed } : {}),
      ...(options.uesRunner ? { uesRunner: options.uesRunner } : {}),
    },
    options.env,
  );
  return startGreenServer(config, { logger: fileLogger(options.logFile), env: options.env });
}

export interface LocalPurpleOptions {
  agent: string;
  model?: string | undefined;
  logFile?: string | undefined;
  env: Env;
}

/** A registered purple agent on a free loopback port. */
export async function startLocalPurple(options: LocalPurpleOptions): Promise<PurpleServerHandle> {
  const config = loadPurpleConfig(
    { host: '127.0.0.1', port: 0, agent: options.agent, ...(options.model ? { model: options.model } : {}) },
    options.env,
  );
  return startPurpleServer(config, { logger: fileLogger(options.logFile), env: options.env });
}
