import type { UesRouter } from '../router.js';
import { registerHealthRoutes } from './health.js';

/** The simulator-wide routes (everything that is not a modality). */
export function registerCoreRoutes(router: UesRouter): void {
  registerHealthRoutes(router);
}
