import type { ModalityPlugin } from '../plugin.js';
import { smsInputSchema } from './input.js';
import { loadSmsState } from './load.js';
import { registerSmsRoutes } from './routes.js';
import { SmsState } from './state.js';

export const smsModality: ModalityPlugin = {
  definition: {
    name: 'sms',
    inputSchema: smsInputSchema,
    createState: (now) => new SmsState(now),
    loadState: loadSmsState,
  },
  registerRoutes: registerSmsRoutes,
};
