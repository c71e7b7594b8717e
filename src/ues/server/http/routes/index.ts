import type { UesRouter } from '../router.js';
import { registerAccessLogRoutes } from './access-logs.js';
import { registerEnvironmentRoutes } from './environment.js';
import { registerEventRoutes } from './events.js';
import { registerHealthRoutes } from './health.js';
import { registerKeyRoutes } from './keys.js';
import { registerScenarioRoutes } from './scenario.js';
import { registerSimulationRoutes } from './simulation.js';
import { registerTimeRoutes } from './time.js';
import { registerWebhookRoutes } from './webhooks.js';

/** The simulator-wide routes (everything that is not a modality). */
export function registerCoreRoutes(router: UesRouter): void {
  registerHealthRoutes(router);
  registerTimeRoutes(router);
  registerSimulationRoutes(router);
  registerEventRoutes(router);
  registerEnvironmentRoutes(router);
  registerScenarioRoutes(router);
  registerKeyRoutes(router);
  registerAccessLogRoutes(router, router.context.accessLog);
  registerWebhookRoutes(router);
}
