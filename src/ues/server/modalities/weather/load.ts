import { z } from 'zod';
import { zDateTime, zDateTimeMs } from '../../core/time.js';
import { weatherInputSchema } from './input.js';
import { weatherReportSchema } from './report.js';
import { DEFAULT_MAX_HISTORY_PER_LOCATION, WeatherState } from './state.js';

const zLocation = z.object({
  latitude: weatherInputSchema.shape.latitude,
  longitude: weatherInputSchema.shape.longitude,
  current_report: weatherReportSchema,
  first_seen: zDateTime,
  last_updated: zDateTime,
  update_count: z.number().int().nonnegative().default(1),
  report_history: z.array(z.object({ timestamp: zDateTime, report: weatherReportSchema })).default([]),
});

/** The exported weather state (ours, or the Python UES's `model_dump`). */
export const weatherStateSchema = z.object({
  modality_type: z.literal('weather').optional(),
  last_updated: zDateTimeMs.optional(),
  update_count: z.number().int().nonnegative().default(0),
  locations: z.record(z.string(), zLocation).default({}),
  max_history_per_location: z.number().int().positive().default(DEFAULT_MAX_HISTORY_PER_LOCATION),
});

export function loadWeatherState(json: unknown, now: number): WeatherState {
  const data = weatherStateSchema.parse(json);
  const state = new WeatherState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  state.maxHistoryPerLocation = data.max_history_per_location;
  state.locations = new Map(Object.entries(data.locations));
  return state;
}
