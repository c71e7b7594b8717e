import { z } from 'zod';
import type { WeatherReport } from '../../ues/client/index.js';
import { defineTool, type AssistantTool } from './define.js';

/** Location and weather reads: the purple's key may see where the user is and the weather, nothing more. */

function compactWeather(report: WeatherReport) {
  const current = report.current;
  return {
    timezone: report.timezone,
    current: current
      ? {
          temperature: current.temp,
          feels_like: current.feels_like,
          humidity_percent: current.humidity,
          wind_speed: current.wind_speed,
          conditions: current.weather.map((condition) => condition.description),
        }
      : null,
    alerts: (report.alerts ?? []).map((alert) => ({
      event: alert['event'],
      description: alert['description'],
    })),
  };
}

export const PLACE_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'get_location',
    description: 'Where the user is now, and the places before (newest first).',
    permission: 'location:query',
    writes: false,
    schema: z.object({
      limit: z.number().int().min(1).max(100).optional().describe('Most places to return (default 10)'),
    }),
    run: async (args, ues) => ({ locations: await ues.getLocationHistory({ limit: args.limit ?? 10 }) }),
  }),
  defineTool({
    name: 'get_weather',
    description:
      'The current weather (°C, m/s by default) at a place, by default where the user is now. Tells when there is no report.',
    permission: 'weather:query',
    writes: false,
    schema: z.object({
      latitude: z
        .number()
        .min(-90)
        .max(90)
        .optional()
        .describe('Degrees north (give longitude too); default where the user is'),
      longitude: z.number().min(-180).max(180).optional().describe('Degrees east (give latitude too)'),
      units: z
        .enum(['metric', 'imperial', 'standard'])
        .optional()
        .describe('metric (default), imperial or standard'),
    }),
    run: async (args, ues) => {
      let { latitude, longitude } = args;
      if (latitude === undefined || longitude === undefined) {
        const here = await ues.getCurrentLocation();
        if (!here)
          return { report: null, note: 'The user’s location is not known; give latitude and longitude.' };
        ({ latitude, longitude } = here);
      }
      const report = await ues.getWeather(latitude, longitude, args.units ?? 'metric');
      return report
        ? { latitude, longitude, report: compactWeather(report) }
        : { latitude, longitude, report: null, note: 'No weather report for this place.' };
    },
  }),
];
