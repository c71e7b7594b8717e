import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

describe('webhook registration routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const create = (body: unknown) => ues.call('POST', '/webhooks', { body });

  it('registers a webhook (201) without ever showing its secret', async () => {
    const created = await create({
      url: 'http://127.0.0.1:9/hook',
      events: ['email.', 'sms.received'],
      secret: 's3cret',
      metadata: { agent_name: 'Email Bot' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^wh_[0-9a-f]{12}$/),
      url: 'http://127.0.0.1:9/hook',
      events: ['email.', 'sms.received'],
      status: 'active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      metadata: { agent_name: 'Email Bot' },
      failure_count: 0,
      last_delivery_at: null,
      last_failure_at: null,
      has_secret: true,
      created_by: ues.ues.keys.adminKeyId,
    });
    const read = await ues.call('GET', `/webhooks/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    expect(JSON.stringify(read.body)).not.toContain('s3cret');
    expect((await create({ url: 'https://example.com/x' })).body).toMatchObject({
      events: null,
      has_secret: false,
    });
  });

  it('answers 422 for bad URLs, empty event lists and bad metadata', async () => {
    for (const [body, field] of [
      [{ url: 'ftp://example.com' }, 'url'],
      [{ url: 'example.com/hook' }, 'url'],
      [{ url: 'http://' }, 'url'],
      [{ url: 'http://127.0.0.1/x', events: [] }, 'events'],
      [{ url: 'http://127.0.0.1/x', metadata: 'x' }, 'metadata'],
      [{}, 'url'],
    ] as const) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail[0].loc[1]).toBe(field);
    }
  });

  it('lists with a status filter and pagination; 404 for unknown ids', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index++)
      ids.push((await create({ url: `http://127.0.0.1/${index}` })).body.id);
    await ues.call('POST', `/webhooks/${ids[1]}/pause`);
    const page = await ues.call('GET', '/webhooks?limit=2&offset=1');
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.items.map((item: any) => item.id)).toEqual([ids[1], ids[2]]);
    const paused = await ues.call('GET', '/webhooks?status=paused');
    expect(paused.body.items.map((item: any) => item.id)).toEqual([ids[1]]);
    expect((await ues.call('GET', '/webhooks?limit=201')).status).toBe(422);
    expect((await ues.call('GET', '/webhooks?status=gone')).status).toBe(422);
    for (const [method, path] of [
      ['GET', '/webhooks/wh_missing'],
      ['PATCH', '/webhooks/wh_missing'],
      ['DELETE', '/webhooks/wh_missing'],
      ['POST', '/webhooks/wh_missing/test'],
      ['GET', '/webhooks/wh_missing/deliveries'],
      ['POST', '/webhooks/wh_missing/pause'],
      ['POST', '/webhooks/wh_missing/resume'],
    ] as const) {
      const response = await ues.call(method, path, { body: method === 'PATCH' ? {} : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ detail: 'Webhook wh_missing not found' });
    }
  });

  it('updates only the given fields; an empty events list means every event', async () => {
    const id = (await create({ url: 'http://127.0.0.1/a', events: ['email.'] })).body.id;
    const updated = await ues.call('PATCH', `/webhooks/${id}`, {
      body: { url: 'http://127.0.0.1/b', secret: 'k', metadata: { team: 'x' }, status: 'paused' },
    });
    expect(updated.body).toMatchObject({
      url: 'http://127.0.0.1/b',
      events: ['email.'],
      has_secret: true,
      metadata: { team: 'x' },
      status: 'paused',
    });
    expect((await ues.call('PATCH', `/webhooks/${id}`, { body: { events: [] } })).body.events).toBeNull();
    expect((await ues.call('PATCH', `/webhooks/${id}`, { body: { url: 'nope' } })).status).toBe(422);
    expect((await ues.call('PATCH', `/webhooks/${id}`, { body: { status: 'broken' } })).status).toBe(422);
  });

  it('pauses, resumes (resetting failures) and deletes with 204', async () => {
    const id = (await create({ url: 'http://127.0.0.1/a' })).body.id;
    expect((await ues.call('POST', `/webhooks/${id}/pause`)).body.status).toBe('paused');
    ues.ues.notifications.webhooks.get(id).failure_count = 7;
    expect((await ues.call('POST', `/webhooks/${id}/resume`)).body).toMatchObject({
      status: 'active',
      failure_count: 0,
    });
    const deleted = await ues.call('DELETE', `/webhooks/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect((await ues.call('GET', `/webhooks/${id}`)).status).toBe(404);
  });

  it('caps the number of registered webhooks', async () => {
    for (let index = 0; index < 100; index++) {
      expect((await create({ url: `http://127.0.0.1/${index}` })).status).toBe(201);
    }
    const over = await create({ url: 'http://127.0.0.1/101' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('At most 100 webhooks');
  });
});
