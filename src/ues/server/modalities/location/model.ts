import { LOCATION_DETAILS } from './input.js';

/** A position: coordinates and optional details, null when unknown. */
export interface Position {
  latitude: number;
  longitude: number;
  address: string | null;
  named_location: string | null;
  altitude: number | null;
  accuracy: number | null;
  speed: number | null;
  bearing: number | null;
}

/** A former position with the simulated time it was set (LocationHistoryEntry). */
export interface LocationHistoryEntry extends Position {
  timestamp: string;
}

export function newPosition(fields: {
  latitude: number;
  longitude: number;
  [detail: string]: unknown;
}): Position {
  const position: Position = {
    latitude: fields.latitude,
    longitude: fields.longitude,
    address: null,
    named_location: null,
    altitude: null,
    accuracy: null,
    speed: null,
    bearing: null,
  };
  for (const detail of LOCATION_DETAILS) {
    const value = fields[detail];
    if (value !== null && value !== undefined)
      (position as unknown as Record<string, unknown>)[detail] = value;
  }
  return position;
}

/**
 * A query result entry: timestamp, coordinates and the details that are set (the original's
 * `to_dict`, which leaves out empty ones), plus whether it is the current position.
 */
export function locationEntry(
  timestamp: string,
  position: Position,
  isCurrent: boolean,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    timestamp,
    latitude: position.latitude,
    longitude: position.longitude,
  };
  for (const detail of LOCATION_DETAILS) {
    const value = position[detail];
    if (value !== null && value !== '') entry[detail] = value;
  }
  entry.is_current = isCurrent;
  return entry;
}
