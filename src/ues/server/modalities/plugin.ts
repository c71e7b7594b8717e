import type { UesRouter } from '../http/router.js';
import type { ModalityDefinition } from './modality.js';

/** A modality as the server plugs it in: its state model plus its `/<name>/…` routes. */
export interface ModalityPlugin {
  definition: ModalityDefinition;
  registerRoutes(router: UesRouter): void;
}
