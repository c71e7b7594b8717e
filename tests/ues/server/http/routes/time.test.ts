import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

const chatAt = (time: string, content: string) => ({
  scheduled_time: time,
  modality: 'chat',
  data: { role: 'user', content },
});

describe('time routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  it('reads the clock', async () => {
    const time = await ues.call('GET', '/simulator/time');
    expect(time.body).toEqual({
      current_time: '2025-01-01T12:00:00Z',
      time_scale: 1,
      is_paused: false,
      auto_advance: false,
      mode: 'manual',
    });
  });

  it('advances and executes due events, reporting each one', async () => {
    await ues.call('POST', '/events', { body: chatAt('2025-01-01T12:30:00Z', 'first') });
    await ues.call('POST', '/events', { body: chatAt('2025-01-01T13:30:00Z', 'later') });
    const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({
      previous_time: '2025-01-01T12:00:00Z',
      current_time: '2025-01-01T13:00:00Z',
      time_advanced: '1:00:00',
      events_executed: 1,
      events_failed: 0,
    });
    expect(advanced.body.execution_details).toEqual([
      { event_id: expect.any(String), modality: 'chat', status: 'executed' },
    ]);
    const chat = await ues.call('GET', '/chat/state');
    expect(chat.body.messages.map((message: any) => message.content)).toEqual(['first']);
    expect(chat.body.messages[0].timestamp).toBe('2025-01-01T12:30:00Z');
  });

  it('validates advance, set and scale bodies with 422', async () => {
    for (const body of [{ seconds: 0 }, { seconds: -5 }, { seconds: 'ten' }, {}]) {
      const response = await ues.call('POST', '/simulator/time/advance', { body });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['body', 'seconds']);
    }
    const naive = await ues.call('POST', '/simulator/time/set', {
      body: { target_time: '2025-01-02T00:00:00' },
    });
    expect(naive.status).toBe(422);
    expect(naive.body.detail[0]).toMatchObject({ loc: ['body', 'target_time'] });
    expect((await ues.call('POST', '/simulator/time/set-scale', { body: { scale: 0 } })).status).toBe(422);
  });

  it('sets time forward (skipping) and backward (rolling back)', async () => {
    await ues.call('POST', '/events', { body: chatAt('2025-01-01T12:10:00Z', 'a') });
    await ues.call('POST', '/events', { body: chatAt('2025-01-01T12:20:00Z', 'b') });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 900 } });
    const forward = await ues.call('POST', '/simulator/time/set', {
      body: { target_time: '2025-01-01T13:00:00Z' },
    });
    expect(forward.body).toMatchObject({
      current_time: '2025-01-01T13:00:00Z',
      skipped_events: 1,
      executed_events: 0,
    });
    const skipped = await ues.call('GET', '/events?status=skipped');
    expect(skipped.body.events[0].error_message).toBe(
      'Time jumped from 2025-01-01T12:15:00Z to 2025-01-01T13:00:00Z',
    );
    const backward = await ues.call('POST', '/simulator/time/set', {
      body: { target_time: '2025-01-01T12:00:00+00:00' },
    });
    expect(backward.body).toMatchObject({ rolled_back_events: 1, reset_skipped_events: 1 });
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(0);
  });

  it('skips to the next event, 404 when none', async () => {
    await ues.call('POST', '/events', { body: chatAt('2025-01-01T15:00:00Z', 'x') });
    const skipped = await ues.call('POST', '/simulator/time/skip-to-next');
    expect(skipped.body).toMatchObject({
      current_time: '2025-01-01T15:00:00Z',
      events_executed: 1,
      next_event_time: null,
    });
    const none = await ues.call('POST', '/simulator/time/skip-to-next');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: 'No pending events' });
  });

  it('pauses, resumes and scales', async () => {
    expect((await ues.call('POST', '/simulator/time/pause')).body).toMatchObject({
      message: 'Time paused',
      is_paused: true,
    });
    expect((await ues.call('GET', '/simulator/time')).body.mode).toBe('paused');
    const blocked = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect(blocked).toMatchObject({ status: 400, body: { detail: 'Cannot advance time while paused' } });
    expect((await ues.call('POST', '/simulator/time/resume')).body.is_paused).toBe(false);
    expect(
      (await ues.call('POST', '/simulator/time/set-scale', { body: { scale: 2.5 } })).body.time_scale,
    ).toBe(2.5);
  });

  it('holds block advance/set/skip with 409 until released', async () => {
    const hold = await ues.call('POST', '/simulation/hold', {
      body: { reason: 'judging', timeout_seconds: 60 },
    });
    expect(hold.body).toMatchObject({ reason: 'judging', timeout_seconds: 60, active_hold_count: 1 });
    const blocked = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail.message).toBe('Time advancement blocked by 1 active hold(s): judging');
    expect((await ues.call('POST', '/simulator/time/skip-to-next')).status).toBe(409);
    expect((await ues.call('GET', '/simulation/holds')).body.active_count).toBe(1);
    const released = await ues.call('POST', `/simulation/release/${hold.body.hold_id}`);
    expect(released.body).toEqual({ released: true, hold_id: hold.body.hold_id, active_hold_count: 0 });
    expect((await ues.call('POST', `/simulation/release/${hold.body.hold_id}`)).status).toBe(404);
    expect((await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } })).status).toBe(200);
  });
});
