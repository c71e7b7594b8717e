import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ApiKeyRegistry } from './auth/keys.js';
import { AccessLog } from './core/access-log.js';
import type { WallClock } from './core/clock.js';
import { SimulationEngine } from './core/engine.js';
import { ModalityRegistry } from './core/environment.js';
import { installAccessLogging } from './http/access-logging.js';
import { installErrorHandling, installJsonParsing } from './http/errors.js';
import { UesRouter } from './http/router.js';
import { registerCoreRoutes } from './http/routes/index.js';
import { DEFAULT_MODALITY_PLUGINS } from './modalities/index.js';
import type { ModalityPlugin } from './modalities/plugin.js';

export interface UesAppOptions {
  /** Admin secret (≥ 32 characters). */
  adminKey: string;
  logger?: Logger;
  /** Initial simulated time, epoch ms (defaults to wall-clock now). */
  startTime?: number;
  wallClock?: WallClock;
  modalities?: readonly ModalityPlugin[];
  /** Largest accepted request body; scenario imports can be large. */
  bodyLimitBytes?: number;
}

export interface UesApp {
  app: FastifyInstance;
  engine: SimulationEngine;
  keys: ApiKeyRegistry;
  router: UesRouter;
}

/** Builds the simulator: engine, keys and the Fastify app with every route registered. */
export function createUesApp(options: UesAppOptions): UesApp {
  const plugins = options.modalities ?? DEFAULT_MODALITY_PLUGINS;
  const keys = new ApiKeyRegistry(options.adminKey, options.wallClock);
  const engine = new SimulationEngine({
    registry: new ModalityRegistry(plugins.map((plugin) => plugin.definition)),
    ...(options.startTime !== undefined ? { startTime: options.startTime } : {}),
    ...(options.wallClock ? { wallClock: options.wallClock } : {}),
  });
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : {}),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimitBytes ?? 64 * 1024 * 1024,
  }) as unknown as FastifyInstance;
  installJsonParsing(app);
  installErrorHandling(app);
  const accessLog = new AccessLog();
  installAccessLogging(app, accessLog, options.wallClock ?? Date.now);
  const router = new UesRouter(app, { engine, keys, accessLog });
  registerCoreRoutes(router);
  for (const plugin of plugins) plugin.registerRoutes(router);
  app.addHook('onClose', async () => engine.dispose());
  return { app, engine, keys, router };
}
