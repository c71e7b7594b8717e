import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { formatTime, parseTime } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import type { UesRouter } from '../../http/router.js';
import { zQueryBool } from '../../http/validation.js';
import { locationKey, weatherInputSchema } from './input.js';
import { inUnits, REPORT_SECTIONS, UNIT_SYSTEMS, withoutSections, type WeatherReport } from './report.js';
import type { WeatherState } from './state.js';

const stateQuery = z.object({ compact: zQueryBool.default(false) });

const queryBody = z.object({
  lat: z.number().min(-90).max(90).describe('degrees; reports are kept per location rounded to 0.01°'),
  lon: z.number().min(-180).max(180).describe('degrees'),
  exclude: z.array(z.enum(REPORT_SECTIONS)).nullish(),
  units: z
    .enum(UNIT_SYSTEMS)
    .default('standard')
    .describe('standard: Kelvin and m/s (as stored); metric: °C and m/s; imperial: °F and mph'),
  /** Unix seconds. The original ignores both (it reads other keys); our port applies them. */
  from_time: z.number().int().nullish().describe('unix seconds: reports from the history since then'),
  to_time: z.number().int().nullish().describe('unix seconds'),
  real: z.boolean().default(false),
  limit: z.number().int().min(1).nullish(),
  offset: z.number().int().min(0).default(0),
});

export function registerWeatherRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const weather = (): WeatherState => engine.states.get('weather') as WeatherState;

  router.get('/weather/state', { permission: 'weather:state', query: stateQuery }, ({ query }) => {
    const state = weather();
    const header = {
      modality_type: 'weather',
      last_updated: formatTime(state.lastUpdated),
      update_count: state.updateCount,
      // Ours: the stored reports are OpenWeather "standard" units (Kelvin, m/s); nothing said so.
      units: 'standard',
    };
    if (query.compact) {
      const locations: Record<string, unknown> = {};
      for (const [key, location] of state.locations) {
        locations[key] = {
          latitude: location.latitude,
          longitude: location.longitude,
          last_updated: location.last_updated,
          current_report: location.current_report,
          report_count: location.report_history.length,
        };
      }
      return { ...header, location_count: state.locations.size, locations };
    }
    return {
      ...header,
      locations: Object.fromEntries(state.locations),
      location_count: state.locations.size,
    };
  });

  router.post('/weather/query', { permission: 'weather:query', body: queryBody }, ({ body }) => {
    if (body.real) {
      throw badRequest(
        'Real weather queries are not supported: this simulator serves simulated reports only',
      );
    }
    const location = weather().locations.get(locationKey(body.lat, body.lon));
    if (!location) {
      return {
        reports: [],
        count: 0,
        total_count: 0,
        units: body.units,
        error: 'No weather data for this location',
      };
    }
    const windowed = body.from_time != null || body.to_time != null;
    const inWindow = (timestamp: string): boolean => {
      const seconds = parseTime(timestamp)! / 1000;
      return (
        (body.from_time == null || seconds >= body.from_time) &&
        (body.to_time == null || seconds <= body.to_time)
      );
    };
    const reports: WeatherReport[] = windowed
      ? location.report_history.filter((entry) => inWindow(entry.timestamp)).map((entry) => entry.report)
      : [];
    if (!windowed || inWindow(location.last_updated)) reports.push(location.current_report);
    const shown = reports.map((report) => inUnits(withoutSections(report, body.exclude ?? []), body.units));
    const page = shown.slice(body.offset, body.limit ? body.offset + body.limit : undefined);
    // Ours: `units` says what the numbers are in (standard: K and m/s; metric: °C and m/s; imperial: °F and mph).
    return { reports: page, count: page.length, total_count: shown.length, units: body.units, error: null };
  });

  router.post(
    '/weather/update',
    { permission: 'weather:update', body: weatherInputSchema },
    ({ body, key }) => {
      const event = engine.executeImmediate('weather', body, key.key_id);
      if (event.status === 'executed') {
        engine.broadcast('weather.updated', {
          latitude: body.latitude,
          longitude: body.longitude,
          event_id: event.event_id,
        });
      }
      return actionResponse(
        event,
        `Weather updated for location (${body.latitude}, ${body.longitude})`,
        'update weather',
      );
    },
  );
}
