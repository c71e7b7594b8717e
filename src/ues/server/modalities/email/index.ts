import type { ModalityPlugin } from '../plugin.js';
import { emailInputSchema } from './input.js';
import { loadEmailState } from './load.js';
import { registerEmailRoutes } from './routes.js';
import { EmailState } from './state.js';

export const emailModality: ModalityPlugin = {
  definition: {
    name: 'email',
    inputSchema: emailInputSchema,
    createState: (now) => new EmailState(now),
    loadState: loadEmailState,
  },
  registerRoutes: registerEmailRoutes,
};
