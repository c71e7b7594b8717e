import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

describe('the time modality (user time preferences, not the clock)', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const schedule = (minutes: number, data: Record<string, unknown>) =>
    ues.call('POST', '/events', {
      body: {
        scheduled_time: new Date(Date.parse('2025-01-01T12:00:00Z') + minutes * 60_000).toISOString(),
        modality: 'time',
        data,
      },
    });
  const timeState = async () => (await ues.call('GET', '/environment/state')).body.modalities.time;

  it('starts at UTC/12h and records each change, keeping the previous settings as history', async () => {
    expect(await timeState()).toEqual({
      modality_type: 'time',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 0,
      timezone: 'UTC',
      format_preference: '12h',
      date_format: null,
      locale: null,
      week_start: null,
      settings_history: [],
      max_history_size: 50,
    });
    expect(
      (await schedule(10, { timezone: 'Europe/Paris', format_preference: '24h', date_format: 'DD/MM/YYYY' }))
        .status,
    ).toBe(200);
    expect(
      (
        await schedule(20, {
          timezone: 'America/New_York',
          format_preference: '12h',
          week_start: 'sunday',
          locale: 'en_US',
        })
      ).status,
    ).toBe(200);
    const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1800 } });
    expect(advanced.body).toMatchObject({ events_executed: 2, events_failed: 0 });
    expect(await timeState()).toMatchObject({
      last_updated: '2025-01-01T12:20:00Z',
      update_count: 2,
      timezone: 'America/New_York',
      format_preference: '12h',
      date_format: null,
      locale: 'en_US',
      week_start: 'sunday',
      settings_history: [
        { timestamp: '2025-01-01T12:00:00Z', timezone: 'UTC', format_preference: '12h', date_format: null },
        {
          timestamp: '2025-01-01T12:10:00Z',
          timezone: 'Europe/Paris',
          format_preference: '24h',
          date_format: 'DD/MM/YYYY',
        },
      ],
    });
    const compact = (await ues.call('GET', '/environment/state?compact=true')).body.modalities.time;
    expect(compact).toEqual({
      summary: 'America/New_York, 12h format',
      timezone: 'America/New_York',
      format_24h: false,
      locale: 'en_US',
      week_start: 'sunday',
    });
    const text = (await ues.call('GET', '/environment/state?compact=true&format=text')).body as string;
    expect(text).toContain('🕐 TIME PREFS');
    expect(text).toContain('America/New_York, 12h format');
  });

  it('refuses unknown zones, formats and date formats with 422 naming the field', async () => {
    for (const [data, field] of [
      [{ timezone: 'Mars/Olympus', format_preference: '24h' }, 'timezone'],
      [{ timezone: 'UTC', format_preference: '36h' }, 'format_preference'],
      [{ timezone: 'UTC', format_preference: '24h', date_format: 'YY' }, 'date_format'],
      [{ format_preference: '24h' }, 'timezone'],
    ] as const) {
      const response = await schedule(5, data);
      expect(response.status, JSON.stringify(data)).toBe(422);
      expect(response.body.detail).toContain(field);
    }
  });

  it('undoes a change through a backward time set', async () => {
    await schedule(10, { timezone: 'Asia/Tokyo', format_preference: '24h' });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 900 } });
    expect((await timeState()).timezone).toBe('Asia/Tokyo');
    await ues.call('POST', '/simulator/time/set', { body: { target_time: '2025-01-01T12:05:00Z' } });
    expect(await timeState()).toMatchObject({ timezone: 'UTC', settings_history: [], update_count: 0 });
  });
});
