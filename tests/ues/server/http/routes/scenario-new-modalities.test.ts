import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

const REPORT = {
  lat: 40.7128,
  lon: -74.006,
  timezone: 'America/New_York',
  timezone_offset: -18000,
  current: {
    dt: 1735732800,
    sunrise: 1735733000,
    sunset: 1735767000,
    temp: 275.15,
    feels_like: 272.15,
    pressure: 1015,
    humidity: 60,
    dew_point: 270.15,
    uvi: 1.5,
    clouds: 75,
    visibility: 10000,
    wind_speed: 4.1,
    wind_deg: 270,
    weather: [{ id: 803, main: 'Clouds', description: 'broken clouds', icon: '04d' }],
  },
};

/** A Python UES export of the four modalities (`model_dump`: nulls everywhere, `+00:00` times). */
const PYTHON_STATES = {
  contacts: {
    modality_type: 'contacts',
    last_updated: '2025-01-01T09:00:00+00:00',
    update_count: 1,
    contacts: {
      'c-1': {
        contact_id: 'c-1',
        first_name: 'Karen',
        last_name: 'Mitchell',
        display_name: null,
        nickname: null,
        identifiers: [{ identifier_type: 'email', value: 'karen@acme.com', label: null }],
        company: 'Acme',
        job_title: null,
        addresses: [
          { street: null, city: 'Austin', state: 'TX', postal_code: null, country: null, label: 'work' },
        ],
        birthday: '1980-02-29',
        notes: null,
        photo_url: null,
        is_favorite: true,
        is_blocked: false,
        groups: ['work'],
        created_at: '2025-01-01T09:00:00+00:00',
        updated_at: '2025-01-01T09:00:00+00:00',
      },
    },
  },
  location: {
    modality_type: 'location',
    last_updated: '2025-01-01T10:00:00+00:00',
    update_count: 2,
    current_latitude: 40.7589,
    current_longitude: -73.9851,
    current_address: null,
    current_named_location: 'Office',
    current_altitude: null,
    current_accuracy: 5.0,
    current_speed: null,
    current_bearing: null,
    location_history: [
      {
        timestamp: '2025-01-01T08:00:00+00:00',
        latitude: 40.7128,
        longitude: -74.006,
        address: '1 Main St',
        named_location: 'Home',
        altitude: null,
        accuracy: null,
        speed: null,
        bearing: null,
      },
    ],
    max_history_size: 100,
  },
  weather: {
    modality_type: 'weather',
    last_updated: '2025-01-01T10:00:00+00:00',
    update_count: 1,
    locations: {
      '40.71,-74.01': {
        latitude: 40.7128,
        longitude: -74.006,
        current_report: { ...REPORT, minutely: null, hourly: null, daily: null, alerts: null },
        first_seen: '2025-01-01T10:00:00+00:00',
        last_updated: '2025-01-01T10:00:00+00:00',
        update_count: 1,
        report_history: [],
      },
    },
    max_history_per_location: 100,
  },
  time: {
    modality_type: 'time',
    last_updated: '2025-01-01T07:00:00+00:00',
    update_count: 1,
    timezone: 'America/Chicago',
    format_preference: '24h',
    date_format: 'MM/DD/YYYY',
    locale: null,
    week_start: 'monday',
    settings_history: [
      {
        timestamp: '2025-01-01T00:00:00+00:00',
        timezone: 'UTC',
        format_preference: '12h',
        date_format: null,
        locale: null,
        week_start: null,
      },
    ],
    max_history_size: 50,
  },
};

describe('scenario import/export of contacts, location, weather and time preferences', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  it('lists every modality of the default environment', async () => {
    expect((await ues.call('GET', '/environment/modalities')).body).toEqual({
      modalities: ['email', 'sms', 'chat', 'calendar', 'contacts', 'location', 'weather', 'time'],
      count: 8,
    });
  });

  it('round-trips states and pending events of the new modalities through a full export', async () => {
    const contact = await ues.call('POST', '/contacts/create', {
      body: {
        first_name: 'Ana',
        identifiers: [{ identifier_type: 'phone', value: '5558675309' }],
        addresses: [{ city: 'Lisbon' }],
        birthday: '1990-05-17',
        groups: ['friends'],
      },
    });
    await ues.call('POST', '/location/update', {
      body: { latitude: 38.72, longitude: -9.14, named_location: 'Home' },
    });
    await ues.call('POST', '/weather/update', {
      body: { latitude: 40.7128, longitude: -74.006, report: REPORT },
    });
    const later = '2025-01-01T14:00:00Z';
    for (const [modality, data] of [
      ['contacts', { operation: 'favorite_contact', contact_id: contact.body.contact_id }],
      ['location', { latitude: 38.7, longitude: -9.1 }],
      [
        'weather',
        {
          latitude: 40.7128,
          longitude: -74.006,
          report: { ...REPORT, current: { ...REPORT.current, temp: 280 } },
        },
      ],
      ['time', { timezone: 'Europe/Lisbon', format_preference: '24h' }],
    ] as const) {
      const scheduled = await ues.call('POST', '/events', {
        body: { scheduled_time: later, modality, data },
      });
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    }
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
    const exported = (await ues.call('GET', '/scenario/export/full')).body;
    const statesBefore = exported.scenario.environment.modality_states;

    await ues.call('POST', '/simulation/clear', { body: { reset_time_to: '2030-01-01T00:00:00Z' } });
    expect((await ues.call('GET', '/contacts/state')).body.total_count).toBe(0);
    const imported = await ues.call('POST', '/scenario/import/full', { body: exported });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ success: true, events_loaded: 7, modalities_skipped: [] });
    expect(imported.body.modalities_loaded).toEqual(
      expect.arrayContaining(['contacts', 'location', 'weather', 'time']),
    );
    const again = (await ues.call('GET', '/scenario/export/full')).body.scenario.environment.modality_states;
    expect(again).toEqual(statesBefore);

    // The imported pending events still run against the imported states.
    await ues.call('POST', '/simulation/start', { body: {} });
    const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 7200 } });
    expect(advanced.body).toMatchObject({ events_executed: 4, events_failed: 0 });
    expect((await ues.call('GET', '/contacts/state')).body.favorites_count).toBe(1);
    expect((await ues.call('GET', '/location/state')).body.history).toHaveLength(1);
    expect(
      (await ues.call('GET', '/weather/state')).body.locations['40.71,-74.01'].report_history,
    ).toHaveLength(1);
    expect((await ues.call('GET', '/environment/state')).body.modalities.time.timezone).toBe('Europe/Lisbon');
  });

  it('loads the Python UES export format of the four modalities', async () => {
    await ues.call('POST', '/simulation/stop');
    const environment = (await ues.call('GET', '/scenario/export/environment')).body.environment;
    environment.modality_states = { ...environment.modality_states, ...PYTHON_STATES };
    const imported = await ues.call('POST', '/scenario/import/environment', { body: { data: environment } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const contacts = (await ues.call('GET', '/contacts/state')).body;
    expect(contacts.contacts['c-1']).toMatchObject({
      resolved_display_name: 'Karen Mitchell',
      birthday: '1980-02-29',
      created_at: '2025-01-01T09:00:00Z',
    });
    expect((await ues.call('GET', '/location/state?compact=true')).body).toMatchObject({
      current: { latitude: 40.7589, longitude: -73.9851, named_location: 'Office', accuracy: 5 },
      history_count: 1,
    });
    expect(
      (await ues.call('POST', '/weather/query', { body: { lat: 40.7128, lon: -74.006 } })).body.count,
    ).toBe(1);
    const time = (await ues.call('GET', '/environment/state')).body.modalities.time;
    expect(time).toMatchObject({
      timezone: 'America/Chicago',
      format_preference: '24h',
      week_start: 'monday',
    });
    expect((await ues.call('POST', '/environment/validate')).body).toMatchObject({ valid: true, errors: [] });
  });

  it('names the modality and field of a malformed state (422), changing nothing', async () => {
    await ues.call('POST', '/simulation/stop');
    const environment = (await ues.call('GET', '/scenario/export/environment')).body.environment;
    for (const [name, state] of [
      ['location', { ...PYTHON_STATES.location, current_latitude: 123 }],
      ['time', { ...PYTHON_STATES.time, timezone: 'Nowhere/Land' }],
      ['weather', { ...PYTHON_STATES.weather, locations: { x: { latitude: 1 } } }],
      ['contacts', { contacts: { a: { identifiers: [], created_at: 'yesterday' } } }],
    ] as const) {
      const response = await ues.call('POST', '/scenario/import/environment', {
        body: { data: { ...environment, modality_states: { [name]: state } } },
      });
      expect(response.status, name).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['body', 'data', 'modality_states', name]);
    }
    expect((await ues.call('GET', '/location/state')).body.update_count).toBe(0);
  });
});
