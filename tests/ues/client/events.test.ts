import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UesApiError,
  UesConflictError,
  UesNotFoundError,
  type CreateEventRequest,
  type UesClient,
} from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

const chatAt = (time: string, content: string): CreateEventRequest => ({
  scheduled_time: time,
  modality: 'chat',
  data: { role: 'user', content },
});

describe('events sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('creates an event (Date accepted) attributed to the calling key, and gets it with its data', async () => {
    const { client: user, keyId } = await env.userClient(['events:create', 'events:read']);
    const created = await user.events.create({
      scheduled_time: new Date('2025-01-01T13:00:00Z'),
      modality: 'chat',
      data: { operation: 'send_message', role: 'assistant', content: 'scheduled hello' },
      priority: 70,
      metadata: { source: 'test' },
    });
    expect(created).toMatchObject({
      scheduled_time: '2025-01-01T13:00:00Z',
      modality: 'chat',
      status: 'pending',
      priority: 70,
      agent_id: keyId,
      data: null,
    });
    const fetched = await user.events.get(created.event_id);
    expect(fetched.data).toMatchObject({
      role: 'assistant',
      content: 'scheduled hello',
      modality_type: 'chat',
    });
  });

  it('refuses an event in the past with a 409', async () => {
    await expect(client.events.create(chatAt('2025-01-01T11:00:00Z', 'too late'))).rejects.toBeInstanceOf(
      UesConflictError,
    );
  });

  it('queues an immediate event that runs on the next advance', async () => {
    const queued = await client.events.immediate({
      modality: 'chat',
      data: { role: 'user', content: 'now-ish' },
    });
    expect(queued).toMatchObject({
      status: 'pending',
      priority: 100,
      scheduled_time: '2025-01-01T12:00:00Z',
    });
    await client.time.advance(1);
    expect((await client.events.get(queued.event_id)).status).toBe('executed');
  });

  it('lists with filters: status, time window, modality, agent_id, paging', async () => {
    const { client: user, keyId } = await env.userClient(['events:create', 'chat:send']);
    await client.events.create(chatAt('2025-01-01T12:10:00Z', 'admin one'));
    await user.events.create(chatAt('2025-01-01T12:20:00Z', 'user one'));
    await user.chat.send({ role: 'assistant', content: 'executed via route' });
    await client.events.create(chatAt('2025-01-01T14:00:00Z', 'admin late'));

    const all = await client.events.list();
    expect(all.total).toBe(4);
    expect(all).toMatchObject({ pending: 3, executed: 1, failed: 0, skipped: 0 });

    const byAgent = await client.events.list({ agent_id: keyId });
    expect(byAgent.total).toBe(2);
    expect(byAgent.events.every((event) => event.agent_id === keyId)).toBe(true);

    const executedByAgent = await client.events.list({ agent_id: keyId, status: 'executed' });
    expect(executedByAgent.events.map((event) => event.data?.content)).toEqual(['executed via route']);

    const window = await client.events.list({
      start_time: new Date('2025-01-01T12:05:00Z'),
      end_time: '2025-01-01T13:00:00Z',
      modality: 'chat',
      agent_id: undefined,
    });
    expect(window.events.map((event) => event.data?.content)).toEqual(['admin one', 'user one']);

    const page = await client.events.list({ limit: 1, offset: 1 });
    expect(page.total).toBe(4);
    expect(page.events).toHaveLength(1);
  });

  it('batches events: 201 all created, partial failures reported per index', async () => {
    const allGood = await client.events.batch({
      events: [chatAt('2025-01-01T12:30:00Z', 'a'), chatAt('2025-01-01T12:31:00Z', 'b')],
    });
    expect(allGood).toMatchObject({ total_submitted: 2, total_created: 2, total_failed: 0 });
    expect(allGood.events[0]!.event_id).toEqual(expect.any(String));

    const partial = await client.events.batch({
      events: [chatAt('2025-01-01T12:32:00Z', 'c'), chatAt('2025-01-01T11:00:00Z', 'past')],
    });
    expect(partial).toMatchObject({ total_created: 1, total_failed: 1 });
    expect(partial.events[1]).toMatchObject({ index: 1, success: false });

    const strict = await client.events
      .batch({ events: [chatAt('2025-01-01T11:00:00Z', 'past')], stop_on_first_error: true })
      .catch((error: unknown) => error);
    expect(strict).toBeInstanceOf(UesApiError);
    expect((strict as UesApiError).status).toBe(400);
    expect((strict as UesApiError).message).toContain('Batch validation failed at index 0');
  });

  it('validates a batch without creating anything', async () => {
    const checked = await client.events.validateBatch({
      events: [
        chatAt('2025-01-01T12:30:00Z', 'ok'),
        { ...chatAt('2025-01-01T12:30:00Z', 'x'), modality: 'nope' },
      ],
    });
    expect(checked).toMatchObject({
      total_submitted: 2,
      total_valid: 1,
      total_invalid: 1,
      validation_only: true,
    });
    expect((await client.events.summary()).total).toBe(0);
  });

  it('returns the next pending event, or 404 when none', async () => {
    await expect(client.events.next()).rejects.toBeInstanceOf(UesNotFoundError);
    const later = await client.events.create(chatAt('2025-01-01T16:00:00Z', 'later'));
    const sooner = await client.events.create(chatAt('2025-01-01T15:00:00Z', 'sooner'));
    expect((await client.events.next()).event_id).toBe(sooner.event_id);
    expect(later.event_id).not.toBe(sooner.event_id);
  });

  it('summarises by status and modality', async () => {
    await client.events.create(chatAt('2025-01-01T15:00:00Z', 'one'));
    await client.chat.send({ role: 'user', content: 'two' });
    const summary = await client.events.summary();
    expect(summary).toMatchObject({ total: 2, pending: 1, executed: 1, by_modality: { chat: 2 } });
    expect(summary.next_event_time).toBe('2025-01-01T15:00:00Z');
  });

  it('cancels a pending event; cancelling again is a 400 that says why', async () => {
    const event = await client.events.create(chatAt('2025-01-01T15:00:00Z', 'cancel me'));
    expect(await client.events.cancel(event.event_id)).toEqual({ cancelled: true, event_id: event.event_id });
    expect((await client.events.get(event.event_id)).status).toBe('cancelled');
    const again = await client.events.cancel(event.event_id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(UesApiError);
    expect((again as UesApiError).status).toBe(400);
    expect((again as UesApiError).reason).toContain('Only pending events can be cancelled');
  });
});
