import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

/** A One Call report at New York; temperatures in Kelvin, wind in m/s. */
function report(tempK: number, main = 'Clouds', lat = 40.7128, lon = -74.006) {
  return {
    lat,
    lon,
    timezone: 'America/New_York',
    timezone_offset: -18000,
    current: {
      dt: 1735732800,
      sunrise: 1735733000,
      sunset: 1735767000,
      temp: tempK,
      feels_like: tempK - 2,
      pressure: 1015,
      humidity: 60,
      dew_point: 270.15,
      uvi: 1.5,
      clouds: 75,
      visibility: 10000,
      wind_speed: 10,
      wind_deg: 270,
      wind_gust: 15,
      weather: [{ id: 803, main, description: 'broken clouds', icon: '04d' }],
    },
    hourly: [
      {
        dt: 1735736400,
        temp: tempK + 1,
        feels_like: tempK,
        pressure: 1014,
        humidity: 58,
        dew_point: 270.15,
        uvi: 1.2,
        clouds: 60,
        wind_speed: 5,
        wind_deg: 260,
        weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: '10d' }],
        pop: 0.4,
        rain: { '1h': 0.3 },
      },
    ],
    alerts: [{ sender_name: 'NWS', event: 'Wind Advisory', start: 1, end: 2, description: 'Windy' }],
  };
}

describe('weather routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const update = (body: unknown) => ues.call('POST', '/weather/update', { body });
  const query = async (body: Record<string, unknown>) => {
    const response = await ues.call('POST', '/weather/query', { body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const hour = () => ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });

  it('files reports per location (0.01° keys) and keeps the replaced ones as history', async () => {
    const first = await update({ latitude: 40.7128, longitude: -74.006, report: report(275.15) });
    expect(first.body).toMatchObject({
      status: 'executed',
      modality: 'weather',
      message: 'Weather updated for location (40.7128, -74.006)',
    });
    await hour();
    await update({
      latitude: 40.714,
      longitude: -74.0058,
      report: report(280.15, 'Clear', 40.714, -74.0058),
    });
    const state = (await ues.call('GET', '/weather/state')).body;
    expect(state).toMatchObject({ modality_type: 'weather', update_count: 2, location_count: 1 });
    expect(state.locations['40.71,-74.01']).toMatchObject({
      latitude: 40.7128,
      longitude: -74.006,
      first_seen: '2025-01-01T12:00:00Z',
      last_updated: '2025-01-01T13:00:00Z',
      update_count: 2,
      current_report: { current: { temp: 280.15 } },
      report_history: [{ timestamp: '2025-01-01T12:00:00Z', report: { current: { temp: 275.15 } } }],
    });
    const compact = (await ues.call('GET', '/weather/state?compact=true')).body;
    expect(compact.locations['40.71,-74.01']).toMatchObject({
      report_count: 1,
      last_updated: '2025-01-01T13:00:00Z',
    });
    expect(compact.locations['40.71,-74.01'].report_history).toBeUndefined();
    const environment = (await ues.call('GET', '/environment/state?compact=true')).body;
    expect(environment.modalities.weather).toEqual({
      summary: 'Weather data for 1 location',
      location_count: 1,
      current: {
        location: '40.71,-74.01',
        latitude: 40.7128,
        longitude: -74.006,
        condition: 'Clear',
        temperature_c: 7,
        temperature_f: 45,
        humidity_percent: 60,
        wind_speed_mps: 10,
        cloud_cover_percent: 75,
      },
    });
  });

  it('refuses a report filed under other coordinates (400) and malformed reports (422)', async () => {
    const elsewhere = await update({ latitude: 51.5, longitude: -0.12, report: report(275) });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toContain("Report latitude 40.7128 doesn't match input latitude 51.5");
    const broken = report(275) as any;
    delete broken.current.temp;
    const malformed = await update({ latitude: 40.7128, longitude: -74.006, report: broken });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['body', 'report', 'current', 'temp']);
    expect((await update({ latitude: -91, longitude: 0, report: report(1, 'x', -91, 0) })).status).toBe(422);
    expect(ues.ues.engine.queue.size).toBe(0);
  });

  it('queries the current report in standard, metric or imperial units, minus excluded sections', async () => {
    await update({ latitude: 40.7128, longitude: -74.006, report: report(283.15) });
    const standard = await query({ lat: 40.71, lon: -74.01 });
    // The answer says what its numbers are in (ours; the original leaves Kelvin unsaid).
    expect(standard).toMatchObject({ count: 1, total_count: 1, units: 'standard', error: null });
    expect(standard.reports[0].current.temp).toBe(283.15);
    expect((await ues.call('GET', '/weather/state')).body.units).toBe('standard');
    expect((await ues.call('GET', '/weather/state?compact=true')).body.units).toBe('standard');
    const metricAnswer = await query({ lat: 40.7128, lon: -74.006, units: 'metric' });
    expect(metricAnswer.units).toBe('metric');
    const metric = metricAnswer.reports[0];
    expect(metric.current.temp).toBeCloseTo(10, 6);
    expect(metric.current.wind_speed).toBe(10);
    expect(metric.hourly[0].temp).toBeCloseTo(11, 6);
    const imperial = (
      await query({ lat: 40.7128, lon: -74.006, units: 'imperial', exclude: ['hourly', 'alerts'] })
    ).reports[0];
    expect(imperial.current.temp).toBeCloseTo(50, 6);
    expect(imperial.current.wind_speed).toBeCloseTo(22.3694, 4);
    expect(imperial.current.wind_gust).toBeCloseTo(33.5541, 4);
    expect(imperial.hourly).toBeNull();
    expect(imperial.alerts).toBeNull();
    // The stored report is untouched by conversions.
    expect((await query({ lat: 40.7128, lon: -74.006 })).reports[0].current.temp).toBe(283.15);
  });

  it('answers an empty result with an error for unknown locations, and 422 for bad queries', async () => {
    expect(await query({ lat: 10, lon: 10 })).toEqual({
      reports: [],
      count: 0,
      total_count: 0,
      units: 'standard',
      error: 'No weather data for this location',
    });
    for (const body of [
      { lat: 10 },
      { lat: 10, lon: 10, units: 'kelvin' },
      { lat: 10, lon: 10, exclude: ['x'] },
    ]) {
      expect((await ues.call('POST', '/weather/query', { body })).status).toBe(422);
    }
    const real = await ues.call('POST', '/weather/query', { body: { lat: 10, lon: 10, real: true } });
    expect(real.status).toBe(400);
  });

  it('applies from_time/to_time to the report history (the original ignored them)', async () => {
    for (const temp of [270, 275, 280]) {
      await update({ latitude: 40.7128, longitude: -74.006, report: report(temp) });
      await hour();
    }
    const at = (iso: string) => Date.parse(iso) / 1000;
    const temps = (result: any) => result.reports.map((entry: any) => entry.current.temp);
    expect(temps(await query({ lat: 40.7128, lon: -74.006 }))).toEqual([280]);
    expect(temps(await query({ lat: 40.7128, lon: -74.006, from_time: at('2025-01-01T12:00:00Z') }))).toEqual(
      [270, 275, 280],
    );
    expect(
      temps(
        await query({
          lat: 40.7128,
          lon: -74.006,
          from_time: at('2025-01-01T12:30:00Z'),
          to_time: at('2025-01-01T13:30:00Z'),
        }),
      ),
    ).toEqual([275]);
    const paged = await query({ lat: 40.7128, lon: -74.006, from_time: 0, limit: 1, offset: 1 });
    expect(paged).toMatchObject({ count: 1, total_count: 3 });
    expect(temps(paged)).toEqual([275]);
  });

  it('undoes an update exactly (history and counts included)', async () => {
    await update({ latitude: 40.7128, longitude: -74.006, report: report(270) });
    const before = JSON.stringify((await ues.call('GET', '/weather/state')).body);
    await update({ latitude: 40.7128, longitude: -74.006, report: report(290) });
    await ues.call('POST', '/simulation/undo');
    expect(JSON.stringify((await ues.call('GET', '/weather/state')).body)).toBe(before);
  });
});
