import type { ModalityPlugin } from '../plugin.js';
import { contactsInputSchema } from './input.js';
import { loadContactsState } from './load.js';
import { registerContactsRoutes } from './routes.js';
import { ContactsState } from './state.js';

export const contactsModality: ModalityPlugin = {
  definition: {
    name: 'contacts',
    inputSchema: contactsInputSchema,
    createState: (now) => new ContactsState(now),
    loadState: loadContactsState,
  },
  registerRoutes: registerContactsRoutes,
};
