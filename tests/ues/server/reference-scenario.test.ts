import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_INITIAL_STATE, startTestUes, type TestUes } from '../helpers.js';

const HOUR = 3600;

describe('email_triage_basic initial state over HTTP', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes({ running: false });
  });
  afterEach(() => ues.close());

  it('imports, then delivers its 42 scheduled arrivals hour by hour', async () => {
    const file = JSON.parse(readFileSync(REFERENCE_INITIAL_STATE, 'utf8'));
    const arrivals: string[] = file.scenario.events.events.map((event: any) => event.scheduled_time);
    expect(arrivals).toHaveLength(42);

    const imported = await ues.call('POST', '/scenario/import/full', { body: file });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ success: true, events_loaded: 42 });
    expect(imported.body.modalities_loaded).toEqual(
      expect.arrayContaining(['email', 'sms', 'calendar', 'chat']),
    );
    expect((await ues.call('GET', '/simulator/time')).body.current_time).toBe('2026-01-28T06:00:00Z');
    expect((await ues.call('GET', '/email/state')).body.total_email_count).toBe(7);
    expect((await ues.call('GET', '/sms/state')).body.user_phone_number).toBe('+15550100000');

    expect((await ues.call('POST', '/simulation/start', { body: { auto_advance: false } })).status).toBe(200);
    let total = 7;
    for (let hour = 0; hour < 12; hour++) {
      const end = Date.parse('2026-01-28T07:00:00Z') + hour * HOUR * 1000;
      const expected = arrivals.filter(
        (time) => Date.parse(time) > end - HOUR * 1000 && Date.parse(time) <= end,
      ).length;
      const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: HOUR } });
      expect(advanced.body).toMatchObject({ events_executed: expected, events_failed: 0 });
      total += expected;
      const state = (await ues.call('GET', '/email/state')).body;
      expect(state.total_email_count).toBe(total);
      const arrived = await ues.call('POST', '/email/query', {
        body: {
          received_after: new Date(end - HOUR * 1000).toISOString(),
          received_before: new Date(end).toISOString(),
        },
      });
      expect(arrived.body.total_count).toBe(expected);
    }
    expect(total).toBe(49);
    expect((await ues.call('GET', '/events/summary')).body).toMatchObject({
      pending: 0,
      executed: 42,
      failed: 0,
    });
  });
});
