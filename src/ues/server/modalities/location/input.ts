import { z } from 'zod';

/** Where the user is: coordinates plus optional description and motion (LocationInput). */
export const locationFields = {
  latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  address: z.string().nullish(),
  named_location: z.string().nullish(),
  altitude: z.number().nullish(),
  accuracy: z.number().min(0, 'Accuracy must be non-negative').nullish(),
  speed: z.number().min(0, 'Speed must be non-negative').nullish(),
  bearing: z
    .number()
    .min(0, 'Bearing must be between 0 and 360')
    .max(360, 'Bearing must be between 0 and 360')
    .nullish(),
};

export const locationInputSchema = z.object(locationFields);
export type LocationInput = z.output<typeof locationInputSchema>;

/** The optional fields of a location, in wire order. */
export const LOCATION_DETAILS = [
  'address',
  'named_location',
  'altitude',
  'accuracy',
  'speed',
  'bearing',
] as const;
