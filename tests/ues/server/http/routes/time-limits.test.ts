import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

/**
 * Every time input is checked against the range the simulator can represent and read back
 * (0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z): beyond it, a 422 naming the field and the
 * limit, never a 5xx, and the clock keeps working.
 */
describe('time inputs beyond the representable range', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const clockStillWorks = async (expected: string): Promise<void> => {
    const time = await ues.call('GET', '/simulator/time');
    expect(time.status).toBe(200);
    expect(time.body.current_time).toBe(expected);
    const status = await ues.call('GET', '/simulation/status');
    expect(status.status).toBe(200);
    const step = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect(step.status).toBe(200);
    expect(step.body.previous_time).toBe(expected);
  };

  it('refuses an advance past year 9999 with 422 naming seconds and the limit', async () => {
    const response = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 8.64e12 } });
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('Validation Error');
    expect(response.body.detail[0].loc).toEqual(['body', 'seconds']);
    expect(response.body.detail[0].msg).toMatch(/9999-12-31T23:59:59\.999Z/);
    expect(response.body.detail[0].msg).toMatch(/at most 251\d+/);
    await clockStillWorks('2025-01-01T12:00:00Z');
  });

  it('accepts an advance up to the very last representable instant', async () => {
    const last = Date.parse('9999-12-31T23:59:59.999Z');
    const seconds = (last - Date.parse('2025-01-01T12:00:00Z')) / 1000;
    const response = await ues.call('POST', '/simulator/time/advance', { body: { seconds } });
    expect(response.status).toBe(200);
    expect(response.body.current_time).toBe('9999-12-31T23:59:59.999Z');
    const beyond = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 0.001 } });
    expect(beyond.status).toBe(422);
    expect((await ues.call('GET', '/simulator/time')).body.current_time).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses set targets outside the range (year 0, offsets past 9999) with 422', async () => {
    for (const target_time of ['0000-12-31T23:59:59Z', '9999-12-31T23:59:59-05:00']) {
      const response = await ues.call('POST', '/simulator/time/set', { body: { target_time } });
      expect(response.status, target_time).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['body', 'target_time']);
      expect(response.body.detail[0].msg).toMatch(/0001-01-01T00:00:00Z and 9999-12-31T23:59:59\.999Z/);
    }
    const first = await ues.call('POST', '/simulator/time/set', {
      body: { target_time: '0001-01-01T00:00:00Z' },
    });
    expect(first.status).toBe(200);
    expect(first.body.current_time).toBe('0001-01-01T00:00:00Z');
    await clockStillWorks('0001-01-01T00:00:00Z');
  });

  it('refuses out-of-range times on clear, events and imports without touching the clock', async () => {
    const clear = await ues.call('POST', '/simulation/clear', {
      body: { reset_time_to: '0000-01-01T00:00:00Z' },
    });
    expect(clear.status).toBe(422);
    expect(clear.body.detail[0].loc).toEqual(['body', 'reset_time_to']);
    const event = await ues.call('POST', '/events', {
      body: {
        scheduled_time: '9999-12-31T23:59:59-01:00',
        modality: 'chat',
        data: { role: 'user', content: 'x' },
      },
    });
    expect(event.status).toBe(422);
    expect(event.body.detail[0].loc).toEqual(['body', 'scheduled_time']);
    await ues.call('POST', '/simulation/stop');
    const exported = (await ues.call('GET', '/scenario/export/full')).body.scenario;
    exported.environment.time_state.current_time = '0000-06-01T00:00:00Z';
    const imported = await ues.call('POST', '/scenario/import/full', { body: { scenario: exported } });
    expect(imported.status).toBe(422);
    await ues.call('POST', '/simulation/start', { body: {} });
    await clockStillWorks('2025-01-01T12:00:00Z');
  });
});
