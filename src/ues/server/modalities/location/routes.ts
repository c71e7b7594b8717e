import { z } from 'zod';
import { formatTime, parseTime, zDateTimeMs } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import type { UesRouter } from '../../http/router.js';
import { zQueryBool } from '../../http/validation.js';
import { LOCATION_DETAILS, locationInputSchema } from './input.js';
import { locationEntry } from './model.js';
import type { LocationState } from './state.js';

const stateQuery = z.object({ compact: zQueryBool.default(false) });

const queryBody = z.object({
  since: zDateTimeMs.nullish(),
  until: zDateTimeMs.nullish(),
  named_location: z.string().nullish(),
  limit: z.number().int().min(1).nullish(),
  offset: z.number().int().min(0).default(0),
  include_current: z.boolean().default(true),
  sort_by: z.enum(['timestamp', 'latitude', 'longitude']).default('timestamp'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

export function registerLocationRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const location = (): LocationState => engine.states.get('location') as LocationState;

  router.get('/location/state', { permission: 'location:state', query: stateQuery }, ({ query }) => {
    const state = location();
    const header = {
      modality_type: 'location',
      last_updated: formatTime(state.lastUpdated),
      update_count: state.updateCount,
    };
    if (query.compact) {
      const current: Record<string, unknown> = {};
      if (state.current) {
        current.latitude = state.current.latitude;
        current.longitude = state.current.longitude;
        for (const detail of LOCATION_DETAILS) {
          const value = state.current[detail];
          if (value !== null && value !== '') current[detail] = value;
        }
      }
      return { ...header, current, history_count: state.history.length };
    }
    return {
      ...header,
      current: {
        latitude: state.current?.latitude ?? null,
        longitude: state.current?.longitude ?? null,
        address: state.current?.address ?? null,
        named_location: state.current?.named_location ?? null,
        altitude: state.current?.altitude ?? null,
        accuracy: state.current?.accuracy ?? null,
        speed: state.current?.speed ?? null,
        bearing: state.current?.bearing ?? null,
      },
      history: state.history,
    };
  });

  router.post('/location/query', { permission: 'location:query', body: queryBody }, ({ body }) => {
    const state = location();
    const inWindow = (timestamp: number, named: string | null): boolean =>
      (body.since == null || timestamp >= body.since) &&
      (body.until == null || timestamp <= body.until) &&
      (body.named_location == null || named === body.named_location);
    const results: Record<string, unknown>[] = [];
    if (body.include_current && state.current && inWindow(state.lastUpdated, state.current.named_location)) {
      results.push(locationEntry(formatTime(state.lastUpdated), state.current, true));
    }
    for (let index = state.history.length - 1; index >= 0; index--) {
      const entry = state.history[index]!;
      if (inWindow(parseTime(entry.timestamp)!, entry.named_location)) {
        results.push(locationEntry(entry.timestamp, entry, false));
      }
    }
    const key = body.sort_by;
    const direction = body.sort_order === 'desc' ? -1 : 1;
    const value = (entry: Record<string, unknown>): number =>
      key === 'timestamp' ? parseTime(entry.timestamp as string)! : (entry[key] as number);
    results.sort((a, b) => (value(a) - value(b)) * direction);
    const page = results.slice(body.offset, body.limit ? body.offset + body.limit : undefined);
    return { locations: page, count: page.length, total_count: results.length };
  });

  router.post(
    '/location/update',
    { permission: 'location:update', body: locationInputSchema },
    ({ body, key }) => {
      const event = engine.executeImmediate('location', body, key.key_id);
      if (event.status === 'executed') {
        engine.broadcast('location.updated', {
          latitude: body.latitude,
          longitude: body.longitude,
          address: body.address ?? null,
          named_location: body.named_location ?? null,
        });
      }
      return actionResponse(
        event,
        `Location updated to (${body.latitude}, ${body.longitude})`,
        'update location',
      );
    },
  );
}
