import { describe, expect, it } from 'vitest';
import { loadDefinition } from '../../../scenarios/_kit/build-cli.js';
import { buildScenarioFiles, validateScenarioFiles } from '../../../scenarios/_kit/build.js';
import type { ScenarioDefinition } from '../../../scenarios/_kit/definition.js';
import { buildInitialState } from '../../../scenarios/_kit/state.js';
import { Clock } from '../../../scenarios/_kit/time.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeScenarioFiles } from '../../../scenarios/_kit/build.js';
import { InProcessUesRunner } from '../../../src/green/runtime/index.js';
import { scenarioModalities } from '../../../src/green/scenarios/modalities.js';
import { ScenarioManager } from '../../../src/green/scenarios/loader.js';
import { UesClient, type ScenarioInput } from '../../../src/ues/client/index.js';

/**
 * Location and weather in definitions: the user's place (with history and later moves) and
 * weather reports (at the start and later) reach the initial state in the UES export's shapes,
 * the simulator imports them, and the scheduled move and report apply when time passes.
 * Scenarios without them are written as before.
 */

type State = {
  scenario: {
    environment: { modality_states: Record<string, Record<string, unknown>> };
    events: { events: Array<{ event_id: string; modality: string; data: Record<string, unknown> }> };
  };
};

async function withPlaces(): Promise<ScenarioDefinition> {
  const pilot = await loadDefinition('scheduling_kickoff_three_way');
  return {
    ...pilot,
    location: {
      latitude: 40.7411,
      longitude: -73.9897,
      named_location: 'Flatiron office',
      since: '08:30',
      history: [{ latitude: 40.6782, longitude: -73.9442, named_location: 'Home', at: 'd-1 19:00' }],
      moves: [{ id: 'to_park', at: '10:00', latitude: 40.7829, longitude: -73.9654, named_location: 'Park' }],
    },
    weather: [
      {
        id: 'office_morning',
        latitude: 40.7411,
        longitude: -73.9897,
        now: { temp: 2, main: 'Snow', description: 'light snow', wind: 5 },
        hours: [{ at: '11:00', temp: 3, main: 'Snow', description: 'snow', pop: 0.8 }],
        alerts: [
          {
            event: 'Winter Storm Warning',
            description: 'Heavy snow from noon.',
            from: '12:00',
            until: '20:00',
          },
        ],
      },
      {
        id: 'office_later',
        at: '10:30',
        latitude: 40.7411,
        longitude: -73.9897,
        now: { temp: -1, main: 'Snow', description: 'heavy snow' },
      },
    ],
  };
}

describe('kit: location and weather', () => {
  it('writes the place, its history and the reports in the export shapes, moves and later reports as events', async () => {
    const definition = await withPlaces();
    const clock = new Clock(definition.date, definition.timezone);
    const state = buildInitialState(definition, clock) as State;
    const modalities = state.scenario.environment.modality_states;
    expect(modalities.location).toMatchObject({
      current_latitude: 40.7411,
      current_named_location: 'Flatiron office',
      last_updated: clock.utc('08:30'),
      location_history: [{ named_location: 'Home', timestamp: clock.utc('d-1 19:00') }],
    });
    const office = (modalities.weather!.locations as Record<string, any>)['40.74,-73.99'];
    expect(office.current_report.current.temp).toBeCloseTo(275.15, 6);
    expect(office.current_report.current.weather[0]).toEqual({
      id: 601,
      main: 'Snow',
      description: 'light snow',
      icon: '13d',
    });
    expect(office.current_report.timezone).toBe('America/New_York');
    expect(office.current_report.alerts[0]).toMatchObject({
      event: 'Winter Storm Warning',
      start: clock.ms('12:00') / 1000,
    });
    const scheduled = state.scenario.events.events.filter((event) =>
      ['location', 'weather'].includes(event.modality),
    );
    expect(scheduled.map((event) => [event.event_id, event.modality])).toEqual([
      ['evt-to_park', 'location'],
      ['evt-office_later', 'weather'],
    ]);
  });

  it('leaves scenarios without a place or weather as they were', async () => {
    const pilot = await loadDefinition('scheduling_kickoff_three_way');
    const state = buildInitialState(pilot, new Clock(pilot.date, pilot.timezone)) as State;
    expect(Object.keys(state.scenario.environment.modality_states)).not.toContain('location');
    expect(Object.keys(state.scenario.environment.modality_states)).not.toContain('weather');
  });

  it('imports into the simulator, and the move and the later report apply as time passes', async () => {
    const definition = await withPlaces();
    const files = buildScenarioFiles(definition);
    await expect(validateScenarioFiles(definition.id, files)).resolves.toBeDefined();
    expect(files['README.md']).toContain('weather `office_morning`');

    const runner = new InProcessUesRunner();
    const ues = await runner.start();
    try {
      const client = new UesClient({ baseUrl: ues.url, apiKey: ues.adminKey, retry: false });
      const state = JSON.parse(files['initial_state.json']!) as {
        scenario: ScenarioInput;
        strict_modalities: boolean;
      };
      await client.scenario.importFull(state);
      const before = await client.weather.query({ lat: 40.7411, lon: -73.9897, units: 'metric' });
      expect(before.reports[0]?.current?.temp).toBeCloseTo(2, 6);
      await client.simulation.start({ auto_advance: false });
      await client.time.advance(2 * 3600);
      const here = await client.location.query({ limit: 3 });
      expect(here.locations.map((entry) => entry['named_location'])).toEqual([
        'Park',
        'Flatiron office',
        'Home',
      ]);
      const after = await client.weather.query({ lat: 40.7411, lon: -73.9897, units: 'metric' });
      expect(after.reports[0]?.current?.weather[0]?.description).toBe('heavy snow');
    } finally {
      await ues.stop();
    }
  }, 60_000);

  it('lists location and weather among the modalities the catalogue shows', async () => {
    const definition = await withPlaces();
    const root = await mkdtemp(join(tmpdir(), 'kit-places-'));
    try {
      await writeScenarioFiles(join(root, definition.id), buildScenarioFiles(definition));
      const loaded = await new ScenarioManager(root).load(definition.id);
      expect(scenarioModalities(loaded)).toEqual([
        'email',
        'sms',
        'calendar',
        'contacts',
        'location',
        'weather',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('names the problem when a move is not later than the start or a report id repeats', async () => {
    const definition = await withPlaces();
    const clock = new Clock(definition.date, definition.timezone);
    const early = {
      ...definition,
      location: {
        ...definition.location!,
        moves: [{ id: 'early', at: definition.start, latitude: 1, longitude: 1 }],
      },
    };
    expect(() => buildInitialState(early, clock)).toThrow(
      /location move early: a move must come after the start/,
    );
    const twice = {
      ...definition,
      weather: [definition.weather![0]!, { ...definition.weather![0]!, at: '11:00' }],
    };
    expect(() => buildInitialState(twice, clock)).toThrow(/weather report id "office_morning" is used twice/);
  });
});
