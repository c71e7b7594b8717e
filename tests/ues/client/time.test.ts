import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UesClient } from '../../../src/ues/client/index.js';
import { UesConflictError, UesNotFoundError } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('time sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('reads the clock', async () => {
    const state = await client.time.get();
    expect(state).toMatchObject({
      current_time: '2025-01-01T12:00:00Z',
      time_scale: 1,
      is_paused: false,
      auto_advance: false,
      mode: 'manual',
    });
  });

  it('advances and reports the events it ran', async () => {
    await client.events.create({
      scheduled_time: '2025-01-01T12:00:30Z',
      modality: 'chat',
      data: { role: 'user', content: 'hello' },
    });
    const advanced = await client.time.advance(60);
    expect(advanced).toMatchObject({
      previous_time: '2025-01-01T12:00:00Z',
      current_time: '2025-01-01T12:01:00Z',
      time_advanced: '0:01:00',
      events_executed: 1,
      events_failed: 0,
    });
    expect(advanced.execution_details[0]).toMatchObject({ modality: 'chat', status: 'executed' });
  });

  it('sets the clock from a Date or a string, forwards and backwards', async () => {
    const forward = await client.time.set(new Date('2025-01-02T08:00:00Z'));
    expect(forward).toMatchObject({
      previous_time: '2025-01-01T12:00:00Z',
      current_time: '2025-01-02T08:00:00Z',
      skipped_events: 0,
      executed_events: 0,
    });
    const backward = await client.time.set('2025-01-01T09:00:00+00:00');
    expect(backward.current_time).toBe('2025-01-01T09:00:00Z');
    expect(backward.rolled_back_events).toBe(0);
  });

  it('skips to the next pending event, and says 404 when there is none', async () => {
    await expect(client.time.skipToNext()).rejects.toBeInstanceOf(UesNotFoundError);
    await client.events.create({
      scheduled_time: '2025-01-01T15:00:00Z',
      modality: 'chat',
      data: { role: 'user', content: 'later' },
    });
    const skipped = await client.time.skipToNext();
    expect(skipped).toMatchObject({ current_time: '2025-01-01T15:00:00Z', events_executed: 1 });
  });

  it('sets the scale, pauses and resumes', async () => {
    expect((await client.time.setScale(2.5)).time_scale).toBe(2.5);
    const paused = await client.time.pause();
    expect(paused).toMatchObject({ message: 'Time paused', is_paused: true });
    expect((await client.time.get()).mode).toBe('paused');
    const resumed = await client.time.resume();
    expect(resumed).toMatchObject({ message: 'Time resumed', is_paused: false });
  });

  it('is blocked by a hold with a 409 that names the hold', async () => {
    await client.simulation.hold({ reason: 'purple is thinking' });
    const error = await client.time.advance(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesConflictError);
    expect((error as UesConflictError).message).toContain(
      'POST /simulator/time/advance failed with HTTP 409',
    );
    expect((error as UesConflictError).message).toContain('purple is thinking');
    expect((error as UesConflictError).detail).toMatchObject({
      active_holds: [{ reason: 'purple is thinking' }],
    });
  });
});
