import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../../src/green/scenarios/index.js';
import type { ScenarioConfig } from '../../../../src/green/scenarios/schema.js';
import { allowedShiftWeeks } from '../../../../src/green/scenarios/variants/apply.js';
import {
  shiftWeatherEpochs,
  weatherReportInstants,
} from '../../../../src/green/scenarios/variants/epoch-shift.js';

/**
 * Weather reports keep their times as Unix seconds; a variant moves exactly those by its shift and
 * no other number, and the location section's ISO times move with the text rewrite.
 */

const WEEK_S = 7 * 86_400;
const T = 1_781_334_000; // 2026-06-13T07:00:00Z

/** Every number in `value`, by its path. */
function numbers(value: unknown, path = '', into = new Map<string, number>()): Map<string, number> {
  if (typeof value === 'number') into.set(path, value);
  else if (Array.isArray(value)) value.forEach((entry, index) => numbers(entry, `${path}/${index}`, into));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) numbers(entry, `${path}/${key}`, into);
  return into;
}

/** The paths whose number differs, each with the difference. */
function numberChanges(before: unknown, after: unknown): Record<string, number> {
  const a = numbers(before);
  const b = numbers(after);
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  const out: Record<string, number> = {};
  for (const [path, value] of a) if (b.get(path) !== value) out[path] = b.get(path)! - value;
  return out;
}

function condition() {
  return { id: 501, main: 'Rain', description: 'moderate rain', icon: '10d' };
}

/** A report with every section OpenWeather writes, times around `dt`. */
function report(dt: number) {
  return {
    lat: 51.5394,
    lon: -0.1609,
    timezone: 'Europe/London',
    timezone_offset: 3600,
    current: {
      dt,
      sunrise: dt - 3600,
      sunset: dt + 32_400,
      temp: 289.15,
      feels_like: 288.4,
      pressure: 1013,
      humidity: 70,
      dew_point: 283.15,
      uvi: 1,
      clouds: 75,
      visibility: 10_000,
      wind_speed: 6,
      wind_deg: 220,
      weather: [condition()],
    },
    minutely: [{ dt: dt + 60, precipitation: 0.4 }],
    hourly: [
      {
        dt: dt + 3600,
        temp: 289.15,
        feels_like: 289.15,
        pressure: 1013,
        humidity: 80,
        dew_point: 285.15,
        uvi: 1,
        clouds: 100,
        visibility: 6000,
        wind_speed: 7,
        wind_deg: 230,
        weather: [condition()],
        pop: 0.9,
        rain: { '1h': 4.5 },
      },
    ],
    daily: [
      {
        dt: dt + 18_000,
        sunrise: dt - 3600,
        sunset: dt + 32_400,
        moonrise: dt + 40_000,
        moonset: dt - 20_000,
        moon_phase: 0.25,
        temp: { day: 289, min: 285, max: 291, night: 284, eve: 287, morn: 286 },
        feels_like: { day: 288, night: 283, eve: 286, morn: 285 },
        pressure: 1010,
        humidity: 85,
        dew_point: 284,
        wind_speed: 8,
        wind_deg: 240,
        weather: [condition()],
        clouds: 100,
        pop: 1,
        rain: 12.5,
        uvi: 2,
      },
    ],
    alerts: [
      {
        sender_name: 'Met Office',
        event: 'Yellow warning of heavy rain',
        start: dt + 18_000,
        end: dt + 39_600,
        description: 'Heavy rain from midday.',
        tags: ['Rain'],
      },
    ],
  };
}

/** The Unix-second paths of `report(…)` under `at`. */
function epochPaths(at: string): string[] {
  return [
    'current/dt',
    'current/sunrise',
    'current/sunset',
    'minutely/0/dt',
    'hourly/0/dt',
    'daily/0/dt',
    'daily/0/sunrise',
    'daily/0/sunset',
    'daily/0/moonrise',
    'daily/0/moonset',
    'alerts/0/start',
    'alerts/0/end',
  ].map((path) => `${at}/${path}`);
}

function initialScenario() {
  return {
    environment: {
      modality_states: {
        location: {
          last_updated: '2026-06-12T17:40:00Z',
          current_latitude: 51.5422,
          current_longitude: -0.1537,
          location_history: [{ timestamp: '2026-06-12T08:00:00Z', latitude: 51.5, longitude: -0.12 }],
        },
        weather: {
          update_count: 2,
          locations: {
            '51.54,-0.16': {
              latitude: 51.5394,
              longitude: -0.1609,
              current_report: report(T),
              update_count: 2,
              report_history: [{ timestamp: '2026-06-13T06:00:00Z', report: report(T - 3600) }],
            },
          },
          max_history_per_location: 100,
        },
      },
    },
    events: {
      events: [
        {
          event_id: 'evt-warning',
          modality: 'weather',
          priority: 50,
          data: { latitude: 51.5394, longitude: -0.1609, report: report(T + 5400) },
        },
        // Not a weather event: its numbers stay, even one that looks like a Unix time.
        { event_id: 'evt-move', modality: 'location', data: { latitude: 51.5, longitude: 1_781_334 } },
      ],
    },
  };
}

describe('shiftWeatherEpochs', () => {
  it('moves exactly the reports’ Unix-second fields by the shift, and no other number', () => {
    for (const weeks of [3, -2]) {
      const before = initialScenario();
      const after = structuredClone(before);
      shiftWeatherEpochs(after, weeks * WEEK_S);
      const location = '/environment/modality_states/weather/locations/51.54,-0.16';
      const expected = Object.fromEntries(
        [
          ...epochPaths(`${location}/current_report`),
          ...epochPaths(`${location}/report_history/0/report`),
          ...epochPaths('/events/events/0/data/report'),
        ].map((path) => [path, weeks * WEEK_S]),
      );
      expect(numberChanges(before, after)).toEqual(expected);
      // Strings (ISO times included) are the text rewrite's, not this one's.
      expect(after.environment.modality_states.location).toEqual(before.environment.modality_states.location);
    }
  });

  it('a zero shift changes nothing; odd shapes are left alone rather than failing', () => {
    const before = initialScenario();
    const after = structuredClone(before);
    shiftWeatherEpochs(after, 0);
    expect(after).toEqual(before);
    const odd = {
      environment: { modality_states: { weather: { locations: { x: { current_report: 'n/a' } } } } },
      events: { events: [{ modality: 'weather', data: { report: { current: { dt: 'soon' } } } }] },
    };
    const copy = structuredClone(odd);
    shiftWeatherEpochs(copy, WEEK_S);
    expect(copy).toEqual(odd);
  });

  it('lists each report’s reading time in its own zone', () => {
    expect(weatherReportInstants(initialScenario())).toEqual([
      { ms: T * 1000, zone: 'Europe/London' },
      { ms: (T - 3600) * 1000, zone: 'Europe/London' },
      { ms: (T + 5400) * 1000, zone: 'Europe/London' },
    ]);
  });
});

describe('allowedShiftWeeks with reports in another zone', () => {
  it('refuses a shift that would make a London report’s offset false in a New York scenario', () => {
    // London leaves summer time on 25 October 2026, New York only on 1 November.
    const config = {
      timezone: 'America/New_York',
      start_time: '2026-10-20T11:00:00Z',
      end_time: '2026-10-20T15:00:00Z',
    } as ScenarioConfig;
    expect(allowedShiftWeeks(config, 1)).toEqual([-1, 1]);
    const london = { ms: Date.parse('2026-10-20T11:00:00Z'), zone: 'Europe/London' };
    expect(allowedShiftWeeks(config, 1, [], [london])).toEqual([-1]);
  });
});

// Loose JSON for reading the exported state in tests.
type Json = Record<string, any>;

function localDay(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(new Date(ms));
}

describe('variants of the location and weather scenarios', () => {
  const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);

  it('coordination_picnic_weather_call: every report moves by the shift and reads on the shifted day', async () => {
    const canonical = await manager.load('coordination_picnic_weather_call');
    const zone = canonical.config.timezone;
    for (const seed of [1, 2, 3]) {
      const variant = await manager.load('coordination_picnic_weather_call', { variantSeed: seed });
      const weeks = variant.variant!.shift_weeks;
      expect(weeks).not.toBe(0);
      const before = canonical.initialState.scenario as Json;
      const after = variant.initialState.scenario as Json;
      const changes = numberChanges(before, after);
      const weatherPaths = Object.keys(changes);
      expect(weatherPaths.length).toBeGreaterThan(0);
      for (const path of weatherPaths) {
        expect(path).toMatch(
          /^\/(environment\/modality_states\/weather\/locations\/[^/]+\/current_report|events\/events\/\d+\/data\/report)\/(current\/(dt|sunrise|sunset)|hourly\/\d+\/dt|alerts\/\d+\/(start|end))$/,
        );
        expect(changes[path]).toBe(weeks * WEEK_S);
      }
      const day = localDay(Date.parse(variant.config.start_time), zone);
      expect(day).not.toBe(localDay(Date.parse(canonical.config.start_time), zone));
      const reports = [
        ...Object.values(after.environment.modality_states.weather.locations as Json).map(
          (location: Json) => location.current_report,
        ),
        ...(after.events.events as Json[])
          .filter((event) => event.modality === 'weather')
          .map((event) => event.data.report),
      ];
      expect(reports.length).toBe(4);
      for (const report of reports) {
        expect(localDay(report.current.dt * 1000, report.timezone)).toBe(day);
        expect(localDay(report.current.sunrise * 1000, report.timezone)).toBe(day);
        for (const alert of report.alerts ?? []) expect(localDay(alert.start * 1000, zone)).toBe(day);
      }
      // The scheduled reports still describe the moment they arrive.
      for (const event of (after.events.events as Json[]).filter((e) => e.modality === 'weather')) {
        expect(event.data.report.current.dt * 1000).toBe(Date.parse(event.scheduled_time));
      }
    }
  });

  it('location histories, moves and last_updated move by the shift too', async () => {
    for (const id of ['follow_up_running_late_eta', 'triage_traveller_morning_brief']) {
      const canonical = await manager.load(id);
      const variant = await manager.load(id, { variantSeed: 1 });
      const shiftMs = variant.variant!.shift_weeks * WEEK_S * 1000;
      expect(shiftMs).not.toBe(0);
      const before = (canonical.initialState.scenario as Json).environment.modality_states.location;
      const after = (variant.initialState.scenario as Json).environment.modality_states.location;
      expect(before.location_history.length).toBeGreaterThan(0);
      expect(after.location_history.map((entry: Json) => Date.parse(entry.timestamp))).toEqual(
        before.location_history.map((entry: Json) => Date.parse(entry.timestamp) + shiftMs),
      );
      expect(Date.parse(after.last_updated)).toBe(Date.parse(before.last_updated) + shiftMs);
      const moves = (scenario: unknown) =>
        ((scenario as Json).events.events as Json[]).filter((event) => event.modality === 'location');
      expect(moves(variant.initialState.scenario).map((event) => Date.parse(event.data.timestamp))).toEqual(
        moves(canonical.initialState.scenario).map((event) => Date.parse(event.data.timestamp) + shiftMs),
      );
      // No number in the location section changes (coordinates, speeds).
      expect(numberChanges(before, after)).toEqual({});
    }
  });

  it('triage_traveller_morning_brief: the London report keeps a true UTC offset after the shift', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const variant = await manager.load('triage_traveller_morning_brief', { variantSeed: seed });
      const locations = (variant.initialState.scenario as Json).environment.modality_states.weather.locations;
      for (const location of Object.values(locations as Json)) {
        const report = (location as Json).current_report;
        const name = new Intl.DateTimeFormat('en-US', {
          timeZone: report.timezone,
          timeZoneName: 'longOffset',
        })
          .formatToParts(new Date(report.current.dt * 1000))
          .find((part) => part.type === 'timeZoneName')!.value;
        const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
        const offset = match[1] ? (match[1] === '-' ? -1 : 1) * (+match[2]! * 3600 + +match[3]! * 60) : 0;
        expect(report.timezone_offset).toBe(offset);
      }
    }
  });
});
