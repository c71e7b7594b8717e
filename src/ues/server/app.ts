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
import { NotificationFanout } from './notify/fanout.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './notify/webhooks/dispatcher.js';
import { WebhookRegistry } from './notify/webhooks/registry.js';
import { WebSocketHub, type WebSocketHubOptions } from './notify/websocket-hub.js';

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
  /** Tuning of `/ws` and webhook delivery (tests shorten the waits). */
  notifications?: {
    webSocket?: Pick<WebSocketHubOptions, 'authTimeoutMs' | 'maxBufferedBytes' | 'maxClients'>;
    webhooks?: Omit<WebhookDispatcherOptions, 'registry' | 'keys' | 'wallClock' | 'logger'>;
  };
}

export interface UesApp {
  app: FastifyInstance;
  engine: SimulationEngine;
  keys: ApiKeyRegistry;
  router: UesRouter;
  notifications: { hub: WebSocketHub; webhooks: WebhookRegistry; dispatcher: WebhookDispatcher };
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
  const wallClock = options.wallClock ?? Date.now;
  const accessLog = new AccessLog();
  installAccessLogging(app, accessLog, wallClock);

  const fanout = new NotificationFanout(engine, wallClock, options.logger);
  const hub = new WebSocketHub({
    keys,
    wallClock,
    logger: options.logger,
    ...options.notifications?.webSocket,
  });
  const webhooks = new WebhookRegistry(wallClock);
  const dispatcher = new WebhookDispatcher({
    registry: webhooks,
    keys,
    wallClock,
    logger: options.logger,
    ...options.notifications?.webhooks,
  });
  hub.onActivityChange = () => fanout.refresh();
  webhooks.onChange = () => fanout.refresh();
  fanout.add(hub);
  fanout.add(dispatcher);
  hub.attach(app.server);
  keys.onRevoke((key) => hub.closeKey(key.key_id));

  const router = new UesRouter(app, { engine, keys, accessLog, notifications: { webhooks, dispatcher } });
  registerCoreRoutes(router);
  for (const plugin of plugins) plugin.registerRoutes(router);
  // Open WebSocket connections would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    hub.close();
    await dispatcher.close();
  });
  app.addHook('onClose', async () => engine.dispose());
  return { app, engine, keys, router, notifications: { hub, webhooks, dispatcher } };
}
