import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

describe('simulation routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes({ running: false });
  });
  afterEach(() => ues.close());

  it('starts once (409 the second time), reports status and stops', async () => {
    const started = await ues.call('POST', '/simulation/start', { body: { auto_advance: false } });
    expect(started.body).toMatchObject({
      status: 'running',
      current_time: '2025-01-01T12:00:00+00:00',
      auto_advance: false,
      time_scale: null,
    });
    const again = await ues.call('POST', '/simulation/start');
    expect(again).toMatchObject({ status: 409, body: { detail: 'Simulation is already running' } });
    const status = await ues.call('GET', '/simulation/status');
    expect(status.body).toMatchObject({ is_running: true, pending_events: 0, next_event_time: null });
    const stopped = await ues.call('POST', '/simulation/stop');
    expect(stopped.body).toMatchObject({
      status: 'stopped',
      final_time: '2025-01-01T12:00:00+00:00',
      total_events: 0,
    });
    const stoppedAgain = await ues.call('POST', '/simulation/stop');
    expect(stoppedAgain.body).toMatchObject({ status: 'stopped', final_time: null });
  });

  it('refuses to advance a stopped simulation', async () => {
    const response = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect(response).toMatchObject({
      status: 400,
      body: { detail: 'Cannot advance time: simulation is not running' },
    });
  });

  it('validates start bodies', async () => {
    const response = await ues.call('POST', '/simulation/start', { body: { auto_advance: 'yes' } });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'auto_advance']);
    expect((await ues.call('POST', '/simulation/start', { body: { time_scale: 0 } })).status).toBe(422);
  });

  it('auto-advance moves the clock on its own', async () => {
    await ues.call('POST', '/simulation/start', { body: { auto_advance: true, time_scale: 3600 } });
    const first = Date.parse((await ues.call('GET', '/simulator/time')).body.current_time);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = Date.parse((await ues.call('GET', '/simulator/time')).body.current_time);
    expect(second).toBeGreaterThan(first);
    expect((await ues.call('GET', '/simulator/time')).body.mode).toBe('auto');
    await ues.call('POST', '/simulation/stop');
  });

  it('resets (undoing executed events) and clears (emptying everything, moving the clock)', async () => {
    await ues.call('POST', '/simulation/start');
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'hi' } });
    await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T12:05:00Z',
        modality: 'chat',
        data: { role: 'user', content: 'later' },
      },
    });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 600 } });
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(2);
    const reset = await ues.call('POST', '/simulation/reset');
    expect(reset.body).toMatchObject({
      status: 'reset',
      cleared_events: 2,
      events_undone: 2,
      undo_errors: [],
    });
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(0);
    expect((await ues.call('GET', '/simulation/status')).body).toMatchObject({
      is_running: false,
      pending_events: 2,
    });

    const badClear = await ues.call('POST', '/simulation/clear', { body: { reset_time_to: 'noon' } });
    expect(badClear).toMatchObject({
      status: 400,
      body: { detail: 'Invalid datetime format for reset_time_to: noon' },
    });
    const cleared = await ues.call('POST', '/simulation/clear', {
      body: { reset_time_to: '2024-06-01T00:00:00Z' },
    });
    expect(cleared.body).toMatchObject({
      status: 'cleared',
      events_removed: 2,
      time_reset: '2024-06-01T00:00:00+00:00',
      current_time: '2024-06-01T00:00:00+00:00',
    });
    expect((await ues.call('POST', '/simulation/clear')).status).toBe(200);
  });

  it('validates hold, clear and undo bodies with 422 naming the field, and acquires nothing', async () => {
    for (const body of [{ timeout_seconds: 0 }, { timeout_seconds: 3601 }, { timeout_seconds: 'long' }]) {
      const response = await ues.call('POST', '/simulation/hold', { body });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['body', 'timeout_seconds']);
    }
    const badReason = await ues.call('POST', '/simulation/hold', { body: { reason: 42 } });
    expect(badReason.body.detail[0].loc).toEqual(['body', 'reason']);
    expect((await ues.call('GET', '/simulation/holds')).body.active_count).toBe(0);
    const badClear = await ues.call('POST', '/simulation/clear', { body: { reset_time_to: 5 } });
    expect(badClear.status).toBe(422);
    expect(badClear.body.detail[0].loc).toEqual(['body', 'reset_time_to']);
    const notJson = await ues.call('POST', '/simulation/undo', { rawBody: '{count:' });
    expect(notJson.status).toBe(422);
    expect((await ues.call('POST', '/simulation/undo', { body: { count: 'all' } })).status).toBe(422);
  });

  it('undoes and redoes while running (409 when stopped)', async () => {
    expect((await ues.call('POST', '/simulation/undo')).status).toBe(409);
    await ues.call('POST', '/simulation/start');
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'one' } });
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'two' } });
    const undone = await ues.call('POST', '/simulation/undo', { body: { count: 2 } });
    expect(undone.body).toMatchObject({ undone_count: 2, can_undo: false, can_redo: true });
    expect(undone.body.undone_events[0]).toMatchObject({ modality: 'chat', action: 'send_message' });
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(0);
    const redone = await ues.call('POST', '/simulation/redo');
    expect(redone.body).toMatchObject({ redone_count: 1, can_redo: true });
    const chat = (await ues.call('GET', '/chat/state')).body;
    expect(chat.messages.map((message: any) => message.content)).toEqual(['one']);
    expect((await ues.call('POST', '/simulation/undo', { body: { count: 101 } })).status).toBe(422);
    const nothing = await ues.call('POST', '/simulation/redo', { body: { count: 5 } });
    expect(nothing.body.redone_count).toBe(1);
  });
});
