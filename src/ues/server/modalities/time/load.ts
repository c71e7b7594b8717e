import { z } from 'zod';
import { zDateTime, zDateTimeMs } from '../../core/time.js';
import { DATE_FORMATS, TIME_FORMATS, WEEK_STARTS, zTimeZone } from './input.js';
import { DEFAULT_MAX_SETTINGS_HISTORY, TimePreferencesState } from './state.js';

const settingsFields = {
  timezone: zTimeZone.default('UTC'),
  format_preference: z.enum(TIME_FORMATS).default('12h'),
  date_format: z
    .enum(DATE_FORMATS)
    .nullish()
    .transform((value) => value ?? null),
  locale: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  week_start: z
    .enum(WEEK_STARTS)
    .nullish()
    .transform((value) => value ?? null),
};

/** The exported time-preferences state (ours, or the Python UES's `model_dump`). */
export const timeStateSchema = z.object({
  modality_type: z.literal('time').optional(),
  last_updated: zDateTimeMs.optional(),
  update_count: z.number().int().nonnegative().default(0),
  ...settingsFields,
  settings_history: z.array(z.object({ timestamp: zDateTime, ...settingsFields })).default([]),
  max_history_size: z.number().int().positive().default(DEFAULT_MAX_SETTINGS_HISTORY),
});

export function loadTimePreferencesState(json: unknown, now: number): TimePreferencesState {
  const data = timeStateSchema.parse(json);
  const state = new TimePreferencesState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  state.maxHistorySize = data.max_history_size;
  state.settings = {
    timezone: data.timezone,
    format_preference: data.format_preference,
    date_format: data.date_format,
    locale: data.locale,
    week_start: data.week_start,
  };
  state.history = data.settings_history.map((entry) => ({
    timestamp: entry.timestamp,
    timezone: entry.timezone,
    format_preference: entry.format_preference,
    date_format: entry.date_format,
    locale: entry.locale,
    week_start: entry.week_start,
  }));
  return state;
}
