import type { ModalityPlugin } from '../plugin.js';
import { chatInputSchema } from './input.js';
import { registerChatRoutes } from './routes.js';
import { ChatState, loadChatState } from './state.js';

export const chatModality: ModalityPlugin = {
  definition: {
    name: 'chat',
    inputSchema: chatInputSchema,
    createState: (now) => new ChatState(now),
    loadState: loadChatState,
  },
  registerRoutes: registerChatRoutes,
};
