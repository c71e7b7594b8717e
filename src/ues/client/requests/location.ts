import type { DateTimeInput } from '../wire.js';

/** `POST /location/update` (and LocationInput for `/events`). */
export interface UpdateLocationRequest {
  /** -90..90. */
  latitude: number;
  /** -180..180. */
  longitude: number;
  address?: string;
  /** A semantic name such as `Home` or `Office`. */
  named_location?: string;
  altitude?: number;
  /** Meters, ≥ 0. */
  accuracy?: number;
  /** m/s, ≥ 0. */
  speed?: number;
  /** Degrees, 0..360. */
  bearing?: number;
}

/** `POST /location/query`: the current position and the history. Default newest first. */
export interface LocationQuery {
  since?: DateTimeInput;
  until?: DateTimeInput;
  named_location?: string;
  limit?: number;
  offset?: number;
  include_current?: boolean;
  sort_by?: 'timestamp' | 'latitude' | 'longitude';
  sort_order?: 'asc' | 'desc';
}
