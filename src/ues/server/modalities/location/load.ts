import { z } from 'zod';
import { zDateTime, zDateTimeMs } from '../../core/time.js';
import { locationFields } from './input.js';
import { newPosition } from './model.js';
import { DEFAULT_MAX_LOCATION_HISTORY, LocationState } from './state.js';

const zHistoryEntry = z
  .object({ timestamp: zDateTime, ...locationFields })
  .transform((entry) => ({ timestamp: entry.timestamp, ...newPosition(entry) }));

/** The exported location state (ours, or the Python UES's `model_dump`). */
export const locationStateSchema = z
  .object({
    modality_type: z.literal('location').optional(),
    last_updated: zDateTimeMs.optional(),
    update_count: z.number().int().nonnegative().default(0),
    current_latitude: locationFields.latitude.nullish(),
    current_longitude: locationFields.longitude.nullish(),
    current_address: z.string().nullish(),
    current_named_location: z.string().nullish(),
    current_altitude: z.number().nullish(),
    current_accuracy: locationFields.accuracy,
    current_speed: locationFields.speed,
    current_bearing: locationFields.bearing,
    location_history: z.array(zHistoryEntry).default([]),
    max_history_size: z.number().int().positive().default(DEFAULT_MAX_LOCATION_HISTORY),
  })
  .refine((state) => (state.current_latitude == null) === (state.current_longitude == null), {
    message: 'current_latitude and current_longitude must both be set or both be null',
  });

export function loadLocationState(json: unknown, now: number): LocationState {
  const data = locationStateSchema.parse(json);
  const state = new LocationState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  state.maxHistorySize = data.max_history_size;
  state.history = data.location_history;
  if (data.current_latitude != null && data.current_longitude != null) {
    state.current = newPosition({
      latitude: data.current_latitude,
      longitude: data.current_longitude,
      address: data.current_address,
      named_location: data.current_named_location,
      altitude: data.current_altitude,
      accuracy: data.current_accuracy,
      speed: data.current_speed,
      bearing: data.current_bearing,
    });
  }
  return state;
}
