import { zoneOffsetMinutes } from '../../src/green/scenarios/zone-offset.js';
import type {
  ConditionsDef,
  LocationDef,
  PlaceDef,
  ScenarioDefinition,
  WeatherDef,
  WeatherMain,
} from './definition.js';
import { DefinitionError } from './people.js';
import type { Clock } from './time.js';

/**
 * The `location` and `weather` sections of the initial state (the UES export's shapes, see
 * src/ues/server/modalities/{location,weather}/load.ts), and the later moves and reports as
 * scheduled updates. Reports are written from a few human numbers (°C, m/s, a condition); the
 * rest of the OpenWeather fields get plausible fixed values so the output stays byte-stable.
 */

type Json = Record<string, unknown>;

/** A scheduled arrival in another modality; state.ts wraps it into the export's event shape. */
export interface PlaceArrival {
  id: string;
  at: string;
  modality: 'location' | 'weather';
  data: Json;
}

const CONDITIONS: Record<WeatherMain, { id: number; icon: string; clouds: number; visibility: number }> = {
  Clear: { id: 800, icon: '01d', clouds: 5, visibility: 10000 },
  Clouds: { id: 803, icon: '04d', clouds: 75, visibility: 10000 },
  Drizzle: { id: 300, icon: '09d', clouds: 90, visibility: 8000 },
  Rain: { id: 501, icon: '10d', clouds: 100, visibility: 6000 },
  Thunderstorm: { id: 211, icon: '11d', clouds: 100, visibility: 4000 },
  Snow: { id: 601, icon: '13d', clouds: 100, visibility: 3000 },
  Mist: { id: 701, icon: '50d', clouds: 90, visibility: 2000 },
  Fog: { id: 741, icon: '50d', clouds: 100, visibility: 500 },
};

const KELVIN = 273.15;
const round2 = (value: number): number => Math.round(value * 100) / 100;

function placeFields(place: PlaceDef): Json {
  return {
    latitude: place.latitude,
    longitude: place.longitude,
    ...(place.address !== undefined ? { address: place.address } : {}),
    ...(place.named_location !== undefined ? { named_location: place.named_location } : {}),
    ...(place.speed !== undefined ? { speed: place.speed } : {}),
  };
}

/** The export's location state, and the later moves as scheduled `location` updates. */
export function buildLocation(
  def: ScenarioDefinition,
  location: LocationDef,
  clock: Clock,
): { state: Json; arrivals: PlaceArrival[] } {
  const startMs = clock.ms(def.start);
  const since = location.since ?? def.start;
  if (clock.ms(since) > startMs)
    throw new DefinitionError(def.id, `location.since (${since}) must be at or before the start`);
  const history = (location.history ?? []).map((entry) => {
    if (clock.ms(entry.at) > clock.ms(since))
      throw new DefinitionError(
        def.id,
        `location.history: ${entry.at} is later than location.since (${since})`,
      );
    return {
      timestamp: clock.utc(entry.at),
      address: null,
      named_location: null,
      altitude: null,
      accuracy: null,
      speed: null,
      bearing: null,
      ...placeFields(entry),
    };
  });
  const arrivals = (location.moves ?? []).map((move): PlaceArrival => {
    if (clock.ms(move.at) <= startMs)
      throw new DefinitionError(def.id, `location move ${move.id}: a move must come after the start`);
    return { id: move.id, at: clock.utc(move.at), modality: 'location', data: placeFields(move) };
  });
  const state: Json = {
    modality_type: 'location',
    last_updated: clock.utc(since),
    update_count: history.length + 1,
    current_latitude: location.latitude,
    current_longitude: location.longitude,
    current_address: location.address ?? null,
    current_named_location: location.named_location ?? null,
    current_altitude: null,
    current_accuracy: null,
    current_speed: location.speed ?? null,
    current_bearing: null,
    location_history: history,
    max_history_size: 100,
  };
  return { state, arrivals };
}

function conditions(at: ConditionsDef): Json {
  const group = CONDITIONS[at.main];
  const humidity = at.humidity ?? 70;
  return {
    temp: round2(at.temp + KELVIN),
    feels_like: round2((at.feels_like ?? at.temp) + KELVIN),
    pressure: 1013,
    humidity,
    // The Magnus rule of thumb: about one degree per five points of humidity below 100 %.
    dew_point: round2(at.temp - (100 - humidity) / 5 + KELVIN),
    uvi: at.main === 'Clear' ? 4 : 1,
    clouds: group.clouds,
    visibility: group.visibility,
    wind_speed: at.wind ?? 3,
    wind_deg: 220,
    weather: [{ id: group.id, main: at.main, description: at.description, icon: group.icon }],
  };
}

/** The report a WeatherDef describes (OpenWeather One Call fields, standard units). */
export function weatherReport(report: WeatherDef, clock: Clock, at: string): Json {
  const zone = report.timezone ?? clock.zone;
  const atMs = clock.ms(at);
  const unix = (spec: string): number => Math.floor(clock.ms(spec) / 1000);
  const sameDay = (time: string): string => `${clock.iso(at).slice(0, 11)}${time}${clock.iso(at).slice(19)}`;
  return {
    lat: report.latitude,
    lon: report.longitude,
    timezone: zone,
    timezone_offset: zoneOffsetMinutes(atMs, zone) * 60,
    current: {
      dt: Math.floor(atMs / 1000),
      sunrise: unix(report.sunrise ?? sameDay('07:00:00')),
      sunset: unix(report.sunset ?? sameDay('17:00:00')),
      ...conditions(report.now),
    },
    ...(report.hours
      ? {
          hourly: report.hours.map((hour) => ({
            dt: unix(hour.at),
            ...conditions(hour),
            pop: hour.pop ?? 0,
            ...(hour.rain_mm !== undefined ? { rain: { '1h': hour.rain_mm } } : {}),
          })),
        }
      : {}),
    ...(report.alerts
      ? {
          alerts: report.alerts.map((alert) => ({
            sender_name: alert.sender ?? 'National Weather Service',
            event: alert.event,
            start: unix(alert.from),
            end: unix(alert.until),
            description: alert.description,
            tags: [],
          })),
        }
      : {}),
  };
}

/** Locations are keyed by coordinates rounded to 0.01°, as the simulator keys them. */
function locationKey(latitude: number, longitude: number): string {
  const round = (value: number): string => (Math.round(value * 100) / 100 || 0).toFixed(2);
  return `${round(latitude)},${round(longitude)}`;
}

/**
 * The export's weather state (every report filed by the start; several for one place keep the
 * older ones as its history) and the later reports as scheduled `weather` updates.
 */
export function buildWeather(
  def: ScenarioDefinition,
  reports: WeatherDef[],
  clock: Clock,
): { state: Json; arrivals: PlaceArrival[] } {
  const startMs = clock.ms(def.start);
  const locations: Record<string, Json & { report_history: Json[] }> = {};
  const arrivals: PlaceArrival[] = [];
  let updates = 0;
  const ordered = [...reports].sort((a, b) => clock.ms(a.at ?? def.start) - clock.ms(b.at ?? def.start));
  for (const report of ordered) {
    const at = report.at ?? def.start;
    const body = weatherReport(report, clock, at);
    if (clock.ms(at) > startMs) {
      arrivals.push({
        id: report.id,
        at: clock.utc(at),
        modality: 'weather',
        data: { latitude: report.latitude, longitude: report.longitude, report: body },
      });
      continue;
    }
    updates++;
    const key = locationKey(report.latitude, report.longitude);
    const previous = locations[key];
    locations[key] = previous
      ? {
          ...previous,
          current_report: body,
          last_updated: clock.utc(at),
          update_count: (previous.update_count as number) + 1,
          report_history: [
            ...previous.report_history,
            { timestamp: previous.last_updated, report: previous.current_report },
          ],
        }
      : {
          latitude: report.latitude,
          longitude: report.longitude,
          current_report: body,
          first_seen: clock.utc(at),
          last_updated: clock.utc(at),
          update_count: 1,
          report_history: [],
        };
  }
  const ids = new Set<string>();
  for (const report of reports) {
    if (ids.has(report.id))
      throw new DefinitionError(def.id, `weather report id "${report.id}" is used twice`);
    ids.add(report.id);
  }
  const state: Json = {
    modality_type: 'weather',
    last_updated: clock.utc(def.start),
    update_count: updates,
    locations,
    max_history_per_location: 100,
  };
  return { state, arrivals };
}
