import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UesConflictError, UesNotFoundError, type UesClient } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('simulation sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('stops, reports status and starts again', async () => {
    const status = await client.simulation.status();
    expect(status).toMatchObject({ is_running: true, pending_events: 0, time_scale: 1 });
    expect(Date.parse(status.current_time)).toBe(Date.parse('2025-01-01T12:00:00Z'));

    const stopped = await client.simulation.stop();
    expect(stopped).toMatchObject({ status: 'stopped', total_events: 0 });
    const again = await client.simulation.stop();
    expect(again).toMatchObject({ status: 'stopped', final_time: null, total_events: null });

    const started = await client.simulation.start({ auto_advance: false });
    expect(started).toMatchObject({ status: 'running', auto_advance: false, time_scale: null });
    await expect(client.simulation.start()).rejects.toBeInstanceOf(UesConflictError);
  });

  it('starts in auto mode with a scale', async () => {
    await client.simulation.stop();
    const started = await client.simulation.start({ auto_advance: true, time_scale: 5 });
    expect(started).toMatchObject({ auto_advance: true, time_scale: 5 });
    expect((await client.time.get()).mode).toBe('auto');
    await client.simulation.stop();
  });

  it('undoes and redoes a chat message', async () => {
    await client.chat.send({ role: 'user', content: 'undo me' });
    const undone = await client.simulation.undo();
    expect(undone).toMatchObject({ undone_count: 1, can_redo: true });
    expect(undone.undone_events[0]).toMatchObject({ modality: 'chat' });
    expect((await client.chat.state()).messages).toHaveLength(0);

    const redone = await client.simulation.redo({ count: 1 });
    expect(redone).toMatchObject({ redone_count: 1, can_undo: true });
    expect((await client.chat.state()).messages).toHaveLength(1);

    const nothing = await client.simulation.undo({ count: 5 });
    expect(nothing.undone_count).toBe(1);
    expect((await client.simulation.undo()).message).toBe('Nothing to undo');
  });

  it('resets: undoes changes and puts events back to pending', async () => {
    await client.events.create({
      scheduled_time: '2025-01-01T12:00:10Z',
      modality: 'chat',
      data: { role: 'user', content: 'scheduled' },
    });
    await client.time.advance(20);
    expect((await client.chat.state()).messages).toHaveLength(1);
    const reset = await client.simulation.reset();
    expect(reset).toMatchObject({ status: 'reset', cleared_events: 1, events_undone: 1, undo_errors: [] });
    expect((await client.chat.state()).messages).toHaveLength(0);
    expect((await client.events.summary()).pending).toBe(1);
  });

  it('clears everything and resets the clock', async () => {
    await client.chat.send({ role: 'user', content: 'to be cleared' });
    const cleared = await client.simulation.clear({ reset_time_to: new Date('2025-03-01T00:00:00Z') });
    expect(cleared).toMatchObject({ status: 'cleared', events_removed: 1 });
    expect(Date.parse(cleared.time_reset!)).toBe(Date.parse('2025-03-01T00:00:00Z'));
    expect((await client.time.get()).current_time).toBe('2025-03-01T00:00:00Z');
    expect((await client.simulation.status()).is_running).toBe(false);

    const plain = await client.simulation.clear();
    expect(plain.time_reset ?? null).toBeNull();
  });

  it('acquires, lists and releases holds', async () => {
    const hold = await client.simulation.hold({ reason: 'turn', timeout_seconds: 60, agent_id: 'green' });
    expect(hold).toMatchObject({ reason: 'turn', timeout_seconds: 60, active_hold_count: 1 });
    const listed = await client.simulation.holds();
    expect(listed.active_count).toBe(1);
    expect(listed.holds[0]).toMatchObject({ hold_id: hold.hold_id, agent_id: 'green' });

    const released = await client.simulation.release(hold.hold_id);
    expect(released).toEqual({ released: true, hold_id: hold.hold_id, active_hold_count: 0 });
    await expect(client.simulation.release(hold.hold_id)).rejects.toBeInstanceOf(UesNotFoundError);
    const defaulted = await client.simulation.hold();
    expect(defaulted.timeout_seconds).toBe(300);
  });
});
