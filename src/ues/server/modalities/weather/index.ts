import type { ModalityPlugin } from '../plugin.js';
import { weatherInputSchema } from './input.js';
import { loadWeatherState } from './load.js';
import { registerWeatherRoutes } from './routes.js';
import { WeatherState } from './state.js';

export const weatherModality: ModalityPlugin = {
  definition: {
    name: 'weather',
    inputSchema: weatherInputSchema,
    createState: (now) => new WeatherState(now),
    loadState: loadWeatherState,
  },
  registerRoutes: registerWeatherRoutes,
};
