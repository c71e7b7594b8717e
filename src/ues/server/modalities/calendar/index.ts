import type { ModalityPlugin } from '../plugin.js';
import { calendarInputSchema } from './input.js';
import { registerCalendarRoutes } from './routes.js';
import { loadCalendarState } from './load.js';
import { CalendarState } from './state.js';

export const calendarModality: ModalityPlugin = {
  definition: {
    name: 'calendar',
    inputSchema: calendarInputSchema,
    createState: (now) => new CalendarState(now),
    loadState: loadCalendarState,
  },
  registerRoutes: registerCalendarRoutes,
};
