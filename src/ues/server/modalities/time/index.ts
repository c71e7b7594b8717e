import type { ModalityPlugin } from '../plugin.js';
import { timeInputSchema } from './input.js';
import { loadTimePreferencesState } from './load.js';
import { TimePreferencesState } from './state.js';

/** User time preferences: state and events only; the original has no `/time` routes either. */
export const timePreferencesModality: ModalityPlugin = {
  definition: {
    name: 'time',
    inputSchema: timeInputSchema,
    createState: (now) => new TimePreferencesState(now),
    loadState: loadTimePreferencesState,
  },
  registerRoutes: () => undefined,
};
