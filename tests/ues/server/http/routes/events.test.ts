import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

const chatEvent = (time: string, content: string, extra: Record<string, unknown> = {}) => ({
  scheduled_time: time,
  modality: 'chat',
  data: { role: 'user', content },
  ...extra,
});

describe('events routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  it('creates an attributed pending event and lists it with its data', async () => {
    const key = await ues.createKey(['events:*']);
    const created = await ues.call('POST', '/events', {
      body: chatEvent('2025-01-01T13:00:00Z', 'hello', { priority: 70, metadata: { source: 'test' } }),
      key: key.secret,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      status: 'pending',
      modality: 'chat',
      priority: 70,
      data: null,
      agent_id: key.keyId,
      created_at: '2025-01-01T12:00:00Z',
      scheduled_time: '2025-01-01T13:00:00Z',
    });
    const fetched = await ues.call('GET', `/events/${created.body.event_id}`);
    expect(fetched.body.data).toMatchObject({
      modality_type: 'chat',
      timestamp: '2025-01-01T13:00:00Z',
      operation: 'send_message',
      role: 'user',
      content: 'hello',
      input_id: expect.any(String),
    });
    expect(ues.ues.engine.queue.get(created.body.event_id)!.metadata).toEqual({
      source: 'test',
      created_by_key: key.keyId,
    });
  });

  it('honours an explicit agent_id and filters the list by agent_id, status, modality and time', async () => {
    const a = await ues.createKey(['*'], 'a');
    await ues.call('POST', '/events', { body: chatEvent('2025-01-01T13:00:00Z', '1'), key: a.secret });
    await ues.call('POST', '/events', {
      body: chatEvent('2025-01-01T14:00:00Z', '2', { agent_id: 'character-bob' }),
    });
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'now' }, key: a.secret });
    const byAgent = await ues.call('GET', `/events?agent_id=${a.keyId}`);
    expect(byAgent.body.total).toBe(2);
    expect(byAgent.body).toMatchObject({ pending: 2, executed: 1, failed: 0, skipped: 0 });
    expect((await ues.call('GET', '/events?agent_id=character-bob')).body.total).toBe(1);
    const window = await ues.call(
      'GET',
      `/events?start_time=${encodeURIComponent('2025-01-01T12:30:00Z')}&end_time=${encodeURIComponent('2025-01-01T13:30:00Z')}`,
    );
    expect(window.body.total).toBe(1);
    expect((await ues.call('GET', '/events?status=executed')).body.events[0].agent_id).toBe(a.keyId);
    const paged = await ues.call('GET', '/events?limit=1&offset=1');
    expect(paged.body).toMatchObject({ total: 3 });
    expect(paged.body.events).toHaveLength(1);
    const badStatus = await ues.call('GET', '/events?status=done');
    expect(badStatus).toMatchObject({
      status: 400,
      body: { detail: 'Invalid status: done. Must be one of: pending, executed, failed, skipped, cancelled' },
    });
    expect((await ues.call('GET', '/events?start_time=yesterday')).status).toBe(422);
  });

  it('rejects past times (409), unknown modalities (404), bad payloads (422) and rule violations (400)', async () => {
    const past = await ues.call('POST', '/events', { body: chatEvent('2025-01-01T11:00:00Z', 'x') });
    expect(past.status).toBe(409);
    expect(past.body.detail).toMatch(/^Cannot schedule event in the past/);
    const unknown = await ues.call('POST', '/events', {
      body: { ...chatEvent('2025-01-01T13:00:00Z', 'x'), modality: 'fax' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/^Unknown modality: fax\. Supported modalities: /);
    const badData = await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T13:00:00Z',
        modality: 'chat',
        data: { role: 'robot', content: 'x' },
      },
    });
    expect(badData.status).toBe(422);
    expect(badData.body.detail).toMatch(/^Invalid data for chat modality: role/);
    const rule = await ues.call('POST', '/events', {
      body: { scheduled_time: '2025-01-01T13:00:00Z', modality: 'chat', data: { content: 'no role' } },
    });
    expect(rule.status).toBe(400);
    expect(rule.body.detail).toBe('Invalid event: ["send_message requires role"]');
    const naive = await ues.call('POST', '/events', { body: chatEvent('2025-01-01T13:00:00', 'x') });
    expect(naive.status).toBe(422);
    expect(naive.body.detail[0].loc).toEqual(['body', 'scheduled_time']);
    expect(
      (
        await ues.call('POST', '/events', {
          body: { ...chatEvent('2025-01-01T13:00:00Z', 'x'), priority: 101 },
        })
      ).status,
    ).toBe(422);
  });

  it('queues immediate events until the next advance', async () => {
    const created = await ues.call('POST', '/events/immediate', {
      body: { modality: 'chat', data: { role: 'user', content: 'x' } },
    });
    expect(created.body).toMatchObject({
      status: 'pending',
      priority: 100,
      scheduled_time: '2025-01-01T12:00:00Z',
    });
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(0);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(1);
  });

  it('creates batches (201 / 207), validates only, and stops on the first error when asked', async () => {
    const good = chatEvent('2025-01-01T13:00:00Z', 'ok');
    const bad = chatEvent('2025-01-01T11:00:00Z', 'past');
    const all = await ues.call('POST', '/events/batch', { body: { events: [good, good] } });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({ total_submitted: 2, total_created: 2, total_failed: 0 });
    const partial = await ues.call('POST', '/events/batch', { body: { events: [good, bad] } });
    expect(partial.status).toBe(207);
    expect(partial.body.events[1]).toMatchObject({
      index: 1,
      success: false,
      error: expect.stringMatching(/past/),
    });
    const validate = await ues.call('POST', '/events/batch', {
      body: { events: [good, bad], validate_only: true },
    });
    expect(validate.body).toMatchObject({ total_valid: 1, total_invalid: 1, validation_only: true });
    const strict = await ues.call('POST', '/events/batch', {
      body: { events: [good, bad], stop_on_first_error: true },
    });
    expect(strict.status).toBe(400);
    expect(strict.body.detail).toMatchObject({ failed_index: 1, events_validated: 2, total_events: 2 });
    expect((await ues.call('GET', '/events/summary')).body.total).toBe(3);
    const empty = await ues.call('POST', '/events/batch', { body: { events: [] } });
    expect(empty).toMatchObject({ status: 400, body: { detail: 'Batch must contain at least one event' } });
    const tooMany = await ues.call('POST', '/events/batch', { body: { events: Array(1001).fill(good) } });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { detail: 'Batch size 1001 exceeds maximum of 1000' },
    });
  });

  it('gets next and summary, cancels pending events only', async () => {
    expect((await ues.call('GET', '/events/next')).status).toBe(404);
    const created = await ues.call('POST', '/events', { body: chatEvent('2025-01-01T13:00:00Z', 'x') });
    expect((await ues.call('GET', '/events/next')).body.event_id).toBe(created.body.event_id);
    const summary = await ues.call('GET', '/events/summary');
    expect(summary.body).toMatchObject({
      total: 1,
      pending: 1,
      by_modality: { chat: 1 },
      next_event_time: '2025-01-01T13:00:00Z',
    });
    const cancelled = await ues.call('DELETE', `/events/${created.body.event_id}`);
    expect(cancelled.body).toEqual({ cancelled: true, event_id: created.body.event_id });
    const again = await ues.call('DELETE', `/events/${created.body.event_id}`);
    expect(again).toMatchObject({
      status: 400,
      body: { detail: 'Cannot cancel event with status cancelled. Only pending events can be cancelled.' },
    });
    expect((await ues.call('GET', '/events/nope')).status).toBe(404);
    expect((await ues.call('DELETE', '/events/nope')).status).toBe(404);
  });
});

describe('GET /events/executed: what ran since a cursor', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const contents = (page: any): string[] =>
    page.events.map((event: any) => event.data.content ?? event.status);

  it('lists events in the order they ran, each once, from a cursor', async () => {
    // Scheduled for 12:30 (priority 10) and 12:00:30 (priority 90): queue order differs from
    // creation order, and the immediate action at 12:00 runs before both.
    await ues.call('POST', '/events', { body: chatEvent('2025-01-01T12:30:00Z', 'late', { priority: 10 }) });
    await ues.call('POST', '/events', { body: chatEvent('2025-01-01T12:00:30Z', 'early', { priority: 90 }) });
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'now' } });
    const first = await ues.call('GET', '/events/executed');
    expect(first.status).toBe(200);
    expect(contents(first.body)).toEqual(['now']);
    expect(first.body).toMatchObject({ count: 1, has_more: false });
    expect(first.body.events[0]).toMatchObject({ status: 'executed', modality: 'chat', priority: 100 });

    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'after' } });
    const since = await ues.call('GET', `/events/executed?after=${first.body.cursor}`);
    expect(contents(since.body)).toEqual(['early', 'late', 'after']);
    expect(since.body.events.map((event: any) => event.executed_at)).toEqual([
      '2025-01-01T13:00:00Z',
      '2025-01-01T13:00:00Z',
      '2025-01-01T13:00:00Z',
    ]);
    // Nothing new: an empty page and the same position.
    const none = await ues.call('GET', `/events/executed?after=${since.body.cursor}`);
    expect(none.body).toMatchObject({ events: [], count: 0, has_more: false, cursor: since.body.cursor });
  });

  it('pages with limit and includes failed events', async () => {
    for (const content of ['a', 'b', 'c']) {
      await ues.call('POST', '/chat/send', { body: { role: 'assistant', content } });
    }
    await ues.call('POST', '/email/read', { body: { message_ids: ['missing'] } });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await ues.call('GET', `/events/executed?limit=2${cursor ? `&after=${cursor}` : ''}`);
      seen.push(...page.body.events.map((event: any) => `${event.modality}:${event.status}`));
      cursor = page.body.cursor;
      if (!page.body.has_more) break;
    }
    expect(seen).toEqual(['chat:executed', 'chat:executed', 'chat:executed', 'email:executed']);
  });

  it('refuses malformed cursors (400) and cursors from before a restart of the log (409)', async () => {
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'x' } });
    const { cursor } = (await ues.call('GET', '/events/executed')).body;
    for (const bad of ['nonsense', `${cursor}0`, `${cursor.split('.')[0]}.1.x`]) {
      const answer = await ues.call('GET', `/events/executed?after=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.detail).toMatch(/cursor/);
    }
    expect((await ues.call('GET', '/events/executed?limit=0')).status).toBe(422);
    await ues.call('POST', '/simulation/undo', { body: { count: 1 } });
    const stale = await ues.call('GET', `/events/executed?after=${cursor}`);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/list again without `after`/);
    const otherSimulator = cursor.replace(/^[0-9a-f]/, (digit: string) => (digit === '0' ? '1' : '0'));
    expect((await ues.call('GET', `/events/executed?after=${otherSimulator}`)).status).toBe(409);
    // After a clear the log starts again.
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'y' } });
    await ues.call('POST', '/simulation/clear', { body: {} });
    expect((await ues.call('GET', '/events/executed')).body.events).toEqual([]);
  });

  it('needs events:list', async () => {
    const reader = await ues.createKey(['events:read']);
    expect((await ues.call('GET', '/events/executed', { key: reader.secret })).status).toBe(403);
  });
});
