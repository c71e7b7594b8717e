import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UesPermissionError } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

const report = {
  lat: 51.5,
  lon: -0.12,
  timezone: 'Europe/London',
  timezone_offset: 0,
  current: {
    dt: 1735732800,
    sunrise: 1735718400,
    sunset: 1735747200,
    temp: 280.15,
    feels_like: 278.15,
    pressure: 1012,
    humidity: 80,
    dew_point: 277.15,
    uvi: 0.5,
    clouds: 90,
    visibility: 8000,
    wind_speed: 6,
    wind_deg: 200,
    weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: '10d' }],
  },
};

describe('location and weather sub-clients (validating every response)', () => {
  let env: ClientUes;
  beforeEach(async () => {
    env = await startClientUes();
  });
  afterEach(() => env.close());

  it('moves the user as proctor and reads location as a user key', async () => {
    await env.admin.location.update({ latitude: 51.5, longitude: -0.12, named_location: 'Home' });
    await env.admin.time.advance(600);
    await env.admin.location.update({ latitude: 51.51, longitude: -0.13, named_location: 'Office' });
    const { client } = await env.userClient(['location:state', 'location:query']);
    expect((await client.location.state()).current).toMatchObject({ named_location: 'Office' });
    expect((await client.location.state({ compact: true })).history_count).toBe(1);
    const history = await client.location.query({
      since: new Date('2025-01-01T12:00:00Z'),
      include_current: false,
    });
    expect(history.locations.map((entry) => entry.named_location)).toEqual(['Home']);
    await expect(client.location.update({ latitude: 0, longitude: 0 })).rejects.toBeInstanceOf(
      UesPermissionError,
    );
  });

  it('files weather as proctor and queries it in metric units as a user key', async () => {
    await env.admin.weather.update({ latitude: 51.5, longitude: -0.12, report });
    const { client } = await env.userClient(['weather:state', 'weather:query']);
    const result = await client.weather.query({
      lat: 51.5,
      lon: -0.12,
      units: 'metric',
      exclude: ['alerts'],
    });
    expect(result.count).toBe(1);
    expect(result.reports[0]!.current!.temp).toBeCloseTo(7, 6);
    expect((await client.weather.state()).location_count).toBe(1);
    expect((await client.weather.state({ compact: true })).locations['51.50,-0.12']!.report_count).toBe(0);
    expect((await client.weather.query({ lat: 10, lon: 10 })).error).toBe(
      'No weather data for this location',
    );
  });
});
