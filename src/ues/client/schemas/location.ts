import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

const position = {
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullish(),
  named_location: z.string().nullish(),
  altitude: z.number().nullish(),
  accuracy: z.number().nullish(),
  speed: z.number().nullish(),
  bearing: z.number().nullish(),
};

export const locationHistoryEntrySchema = z.looseObject({ timestamp: zIsoDateTime, ...position });
export type LocationHistoryEntry = z.infer<typeof locationHistoryEntrySchema>;

/** `GET /location/state`: `current` has null coordinates until a position is set. */
export const locationStateSchema = z.looseObject({
  modality_type: z.literal('location'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  current: z.looseObject({ ...position, latitude: z.number().nullable(), longitude: z.number().nullable() }),
  history: z.array(locationHistoryEntrySchema),
});
export type LocationStateResponse = z.infer<typeof locationStateSchema>;

/** `GET /location/state?compact=true`: `current` is `{}` until a position is set. */
export const compactLocationStateSchema = z.looseObject({
  modality_type: z.literal('location'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  current: zJsonObject,
  history_count: z.number().int(),
});
export type CompactLocationState = z.infer<typeof compactLocationStateSchema>;

export const locationQueryEntrySchema = z.looseObject({
  timestamp: zIsoDateTime,
  ...position,
  is_current: z.boolean(),
});
export type LocationQueryEntry = z.infer<typeof locationQueryEntrySchema>;

/** `POST /location/query`. */
export const locationQueryResponseSchema = z.looseObject({
  locations: z.array(locationQueryEntrySchema),
  count: z.number().int(),
  total_count: z.number().int(),
});
export type LocationQueryResponse = z.infer<typeof locationQueryResponseSchema>;
