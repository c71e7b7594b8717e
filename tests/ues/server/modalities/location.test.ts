import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

const home = { latitude: 40.7128, longitude: -74.006, address: '1 Main St', named_location: 'Home' };
const office = { latitude: 40.7589, longitude: -73.9851, named_location: 'Office', accuracy: 5, speed: 0 };

describe('location routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const update = (body: unknown) => ues.call('POST', '/location/update', { body });
  const minutes = (count: number) =>
    ues.call('POST', '/simulator/time/advance', { body: { seconds: count * 60 } });
  const query = async (body: Record<string, unknown>) => {
    const response = await ues.call('POST', '/location/query', { body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('starts unset, then updates the current position and keeps the previous one as history', async () => {
    expect((await ues.call('GET', '/location/state')).body).toEqual({
      modality_type: 'location',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 0,
      current: {
        latitude: null,
        longitude: null,
        address: null,
        named_location: null,
        altitude: null,
        accuracy: null,
        speed: null,
        bearing: null,
      },
      history: [],
    });
    const first = await update(home);
    expect(first.body).toMatchObject({
      status: 'executed',
      modality: 'location',
      message: 'Location updated to (40.7128, -74.006)',
    });
    await minutes(30);
    await update(office);
    const state = (await ues.call('GET', '/location/state')).body;
    expect(state).toMatchObject({
      last_updated: '2025-01-01T12:30:00Z',
      update_count: 2,
      current: { ...office, address: null, altitude: null, bearing: null },
      history: [{ timestamp: '2025-01-01T12:00:00Z', ...home, altitude: null, accuracy: null }],
    });
    expect((await ues.call('GET', '/location/state?compact=true')).body).toEqual({
      modality_type: 'location',
      last_updated: '2025-01-01T12:30:00Z',
      update_count: 2,
      current: office,
      history_count: 1,
    });
    const environment = (await ues.call('GET', '/environment/state?compact=true')).body;
    expect(environment.modalities.location).toEqual({
      summary: 'At Office',
      current: {
        latitude: 40.7589,
        longitude: -73.9851,
        named_location: 'Office',
        accuracy_meters: 5,
        speed_mps: 0,
      },
    });
  });

  it('answers 422 for coordinates and details out of range, and records nothing', async () => {
    for (const [body, field] of [
      [{ latitude: 91, longitude: 0 }, 'latitude'],
      [{ latitude: 0, longitude: -180.5 }, 'longitude'],
      [{ latitude: 0, longitude: 0, bearing: 361 }, 'bearing'],
      [{ latitude: 0, longitude: 0, accuracy: -1 }, 'accuracy'],
      [{ latitude: 0, longitude: 0, speed: -3 }, 'speed'],
      [{ longitude: 0 }, 'latitude'],
    ] as const) {
      const response = await update(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['body', field]);
    }
    expect(ues.ues.engine.queue.size).toBe(0);
  });

  it('queries current and past positions with filters, sorting and paging', async () => {
    await update(home);
    await minutes(10);
    await update(office);
    await minutes(10);
    await update({ ...home, latitude: 40.7 });
    const all = await query({});
    expect(
      all.locations.map((entry: any) => [entry.timestamp, entry.named_location, entry.is_current]),
    ).toEqual([
      ['2025-01-01T12:20:00Z', 'Home', true],
      ['2025-01-01T12:10:00Z', 'Office', false],
      ['2025-01-01T12:00:00Z', 'Home', false],
    ]);
    expect(all).toMatchObject({ count: 3, total_count: 3 });
    // Only the details that are set appear in a query entry.
    expect(all.locations[1]).toEqual({
      timestamp: '2025-01-01T12:10:00Z',
      latitude: 40.7589,
      longitude: -73.9851,
      named_location: 'Office',
      accuracy: 5,
      speed: 0,
      is_current: false,
    });
    expect((await query({ named_location: 'Home', include_current: false })).total_count).toBe(1);
    expect(
      (await query({ since: '2025-01-01T12:05:00Z', until: '2025-01-01T12:15:00Z' })).locations.map(
        (entry: any) => entry.named_location,
      ),
    ).toEqual(['Office']);
    const byLatitude = await query({ sort_by: 'latitude', sort_order: 'asc', limit: 2, offset: 1 });
    expect(byLatitude.locations.map((entry: any) => entry.latitude)).toEqual([40.7128, 40.7589]);
    expect(byLatitude).toMatchObject({ count: 2, total_count: 3 });
    for (const body of [{ sort_by: 'altitude' }, { limit: 0 }, { since: 'yesterday' }]) {
      expect((await ues.call('POST', '/location/query', { body })).status).toBe(422);
    }
  });

  it('keeps at most 100 history entries, and undo restores the trimmed one', async () => {
    for (let index = 0; index <= 101; index++) {
      await update({ latitude: index / 10, longitude: 0 });
      await minutes(1);
    }
    let state = (await ues.call('GET', '/location/state')).body;
    expect(state.history).toHaveLength(100);
    expect(state.history[0].latitude).toBe(0.1);
    expect((await ues.call('POST', '/simulation/undo')).body.undone_count).toBe(1);
    state = (await ues.call('GET', '/location/state')).body;
    expect(state.history).toHaveLength(100);
    expect(state.history[0].latitude).toBe(0);
    expect(state.current.latitude).toBe(10);
  });

  it('accepts location events through POST /events', async () => {
    const scheduled = await ues.call('POST', '/events', {
      body: { scheduled_time: '2025-01-01T12:05:00Z', modality: 'location', data: office },
    });
    expect(scheduled.status).toBe(200);
    const bad = await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T12:05:00Z',
        modality: 'location',
        data: { latitude: 100, longitude: 0 },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('latitude');
    await minutes(5);
    expect((await ues.call('GET', '/location/state')).body.current.named_location).toBe('Office');
  });
});
