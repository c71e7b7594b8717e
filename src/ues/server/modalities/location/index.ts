import type { ModalityPlugin } from '../plugin.js';
import { locationInputSchema } from './input.js';
import { loadLocationState } from './load.js';
import { registerLocationRoutes } from './routes.js';
import { LocationState } from './state.js';

export const locationModality: ModalityPlugin = {
  definition: {
    name: 'location',
    inputSchema: locationInputSchema,
    createState: (now) => new LocationState(now),
    loadState: loadLocationState,
  },
  registerRoutes: registerLocationRoutes,
};
