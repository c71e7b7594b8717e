/**
 * Weather reports carry their times as Unix seconds (OpenWeather's `dt`, `sunrise`, alert
 * `start`…), which the text rewrite of a variant never sees. This moves exactly those fields by the
 * variant's shift, wherever a report sits in an initial state: a location's current report, its
 * report history, and scheduled `weather` events. Every other number (temperatures, coordinates,
 * `timezone_offset`…) is left as it is. The location section writes its times as ISO strings
 * (`last_updated`, `location_history[].timestamp`, scheduled moves' `timestamp`), which the text
 * rewrite already shifts, so it holds no epoch numbers to move.
 */

type Json = Record<string, unknown>;

/** The Unix-second fields of one weather report, per section (OpenWeather One Call 3.0). */
export const WEATHER_EPOCH_FIELDS = {
  current: ['dt', 'sunrise', 'sunset'],
  minutely: ['dt'],
  hourly: ['dt'],
  daily: ['dt', 'sunrise', 'sunset', 'moonrise', 'moonset'],
  alerts: ['start', 'end'],
} as const satisfies Record<string, readonly string[]>;

type Section = keyof typeof WEATHER_EPOCH_FIELDS;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shiftFields(entry: unknown, fields: readonly string[], seconds: number): unknown {
  if (!isRecord(entry)) return entry;
  const out: Json = { ...entry };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'number' && Number.isFinite(value)) out[field] = value + seconds;
  }
  return out;
}

/** A copy of one weather report with its Unix-second fields moved by `seconds`. */
export function shiftWeatherReport(report: unknown, seconds: number): unknown {
  if (!isRecord(report) || seconds === 0) return report;
  const out: Json = { ...report };
  for (const section of Object.keys(WEATHER_EPOCH_FIELDS) as Section[]) {
    const fields = WEATHER_EPOCH_FIELDS[section];
    const value = out[section];
    if (Array.isArray(value)) out[section] = value.map((entry) => shiftFields(entry, fields, seconds));
    else if (isRecord(value)) out[section] = shiftFields(value, fields, seconds);
  }
  return out;
}

/** Every weather report in an initial state's `scenario` object, each with what to do with it. */
function visitReports(scenario: Json, visit: (report: unknown) => unknown): void {
  const environment = scenario.environment;
  const states = isRecord(environment) ? environment.modality_states : undefined;
  const weather = isRecord(states) ? states.weather : undefined;
  const locations = isRecord(weather) ? weather.locations : undefined;
  if (isRecord(locations)) {
    for (const location of Object.values(locations)) {
      if (!isRecord(location)) continue;
      if ('current_report' in location) location.current_report = visit(location.current_report);
      if (Array.isArray(location.report_history)) {
        for (const entry of location.report_history) {
          if (isRecord(entry) && 'report' in entry) entry.report = visit(entry.report);
        }
      }
    }
  }
  const events = isRecord(scenario.events) ? scenario.events.events : undefined;
  if (Array.isArray(events)) {
    for (const event of events) {
      if (!isRecord(event) || event.modality !== 'weather' || !isRecord(event.data)) continue;
      if ('report' in event.data) event.data.report = visit(event.data.report);
    }
  }
}

/**
 * Moves every weather report's Unix-second fields in `scenario` (an initial state's `scenario`
 * object, changed in place) by `seconds`.
 */
export function shiftWeatherEpochs(scenario: Json, seconds: number): void {
  if (seconds === 0) return;
  visitReports(scenario, (report) => shiftWeatherReport(report, seconds));
}

/** A report's reading time and zone, so a shift that would make its `timezone_offset` false is refused. */
export interface ZonedInstant {
  ms: number;
  zone: string;
}

/** Each weather report's `current.dt` (or first hourly `dt`) in the report's own zone. */
export function weatherReportInstants(scenario: Json): ZonedInstant[] {
  const out: ZonedInstant[] = [];
  visitReports(scenario, (report) => {
    if (isRecord(report) && typeof report.timezone === 'string') {
      const current = isRecord(report.current) ? report.current.dt : undefined;
      const firstHour =
        Array.isArray(report.hourly) && isRecord(report.hourly[0]) ? report.hourly[0].dt : undefined;
      const dt = typeof current === 'number' ? current : firstHour;
      if (typeof dt === 'number') out.push({ ms: dt * 1000, zone: report.timezone });
    }
    return report;
  });
  return out;
}
