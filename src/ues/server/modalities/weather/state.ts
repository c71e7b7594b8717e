import type { ModalityInput } from '../../core/event.js';
import { formatTime, parseTime } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import { locationKey, weatherInputProblems, type WeatherInput } from './input.js';
import type { WeatherReport } from './report.js';

export const DEFAULT_MAX_HISTORY_PER_LOCATION = 100;

/** One location's weather: the current report and the reports it replaced (newest last). */
export interface WeatherLocation {
  latitude: number;
  longitude: number;
  current_report: WeatherReport;
  first_seen: string;
  last_updated: string;
  update_count: number;
  report_history: { timestamp: string; report: WeatherReport }[];
}

/**
 * Weather at every location the simulation has reported on, keyed by coordinates rounded to
 * 0.01°. Location entries are replaced, never mutated, so undo puts the previous object back.
 */
export class WeatherState implements ModalityState {
  readonly modalityType = 'weather';
  lastUpdated: number;
  updateCount = 0;
  locations = new Map<string, WeatherLocation>();
  maxHistoryPerLocation = DEFAULT_MAX_HISTORY_PER_LOCATION;

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(input: ModalityInput): string[] {
    return weatherInputProblems(input);
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    const weather = input as unknown as WeatherInput;
    const at = formatTime(parseTime(input.timestamp) ?? context.now);
    const key = locationKey(weather.latitude, weather.longitude);
    const previous = this.locations.get(key);
    if (!previous) {
      context.journal.mapSet(this.locations, key, {
        latitude: weather.latitude,
        longitude: weather.longitude,
        current_report: weather.report,
        first_seen: at,
        last_updated: at,
        update_count: 1,
        report_history: [],
      });
      return;
    }
    const history = [
      ...previous.report_history,
      { timestamp: previous.last_updated, report: previous.current_report },
    ];
    context.journal.mapSet(this.locations, key, {
      ...previous,
      current_report: weather.report,
      last_updated: at,
      update_count: previous.update_count + 1,
      report_history: history.slice(Math.max(0, history.length - this.maxHistoryPerLocation)),
    });
  }

  /** The location updated last, whose weather compact views show. */
  primaryLocation(): [string, WeatherLocation] | undefined {
    let primary: [string, WeatherLocation] | undefined;
    for (const entry of this.locations) {
      if (!primary || Date.parse(entry[1].last_updated) > Date.parse(primary[1].last_updated))
        primary = entry;
    }
    return primary;
  }

  toJSON(): Record<string, unknown> {
    return {
      modality_type: 'weather',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      locations: Object.fromEntries(this.locations),
      max_history_per_location: this.maxHistoryPerLocation,
    };
  }

  summary(): string {
    const count = this.locations.size;
    if (count === 0) return 'No weather data';
    return `Weather data for ${count} location${count === 1 ? '' : 's'}`;
  }

  compact(): Record<string, unknown> {
    const primary = this.primaryLocation();
    const view: Record<string, unknown> = { summary: this.summary(), location_count: this.locations.size };
    if (!primary) return { ...view, current: null };
    const [key, location] = primary;
    const current = location.current_report.current;
    const celsius = current ? Math.round((current.temp - 273.15) * 10) / 10 : null;
    const details: Record<string, unknown> = {
      location: key,
      latitude: location.latitude,
      longitude: location.longitude,
      condition: current?.weather[0]?.main ?? 'Unknown',
      temperature_c: celsius,
      temperature_f: celsius === null ? null : Math.round((celsius * 9) / 5 + 32),
      humidity_percent: current?.humidity ?? null,
    };
    if (current) {
      details.wind_speed_mps = current.wind_speed;
      details.cloud_cover_percent = current.clouds;
    }
    return { ...view, current: details };
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    for (const [key, location] of this.locations) {
      if (!(location.latitude >= -90 && location.latitude <= 90)) {
        problems.push(`Location ${key} has invalid latitude ${location.latitude}`);
      }
      if (!(location.longitude >= -180 && location.longitude <= 180)) {
        problems.push(`Location ${key} has invalid longitude ${location.longitude}`);
      }
      const history = location.report_history;
      for (let index = 1; index < history.length; index++) {
        if (Date.parse(history[index]!.timestamp) < Date.parse(history[index - 1]!.timestamp)) {
          problems.push(`Location ${key} history not in chronological order at index ${index}`);
        }
      }
      if (history.length > this.maxHistoryPerLocation) {
        problems.push(
          `Location ${key} history size ${history.length} exceeds maximum ${this.maxHistoryPerLocation}`,
        );
      }
    }
    return problems;
  }

  clear(now: number): void {
    this.locations = new Map();
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}
