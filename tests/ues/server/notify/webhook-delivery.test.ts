import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UesAppOptions } from '../../../../src/ues/server/app.js';
import { startTestUes, type TestUes } from '../../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

const email = (subject: string) => ({
  from_address: 'karen@acme.com',
  to_addresses: ['user@example.com'],
  subject,
  body_text: 'hello',
});

/** A loopback port nothing listens on (connections are refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('webhook delivery', () => {
  let ues: TestUes;
  let receiver: Receiver;
  const start = async (webhooks: NonNullable<UesAppOptions['notifications']>['webhooks'] = {}) => {
    ues = await startTestUes({
      app: { notifications: { webhooks: { retryDelaysMs: [1, 1], ...webhooks } } },
    });
  };
  const idle = () => ues.ues.notifications.dispatcher.whenIdle();
  const register = async (body: Record<string, unknown>): Promise<string> => {
    const created = await ues.call('POST', '/webhooks', { body: { url: receiver.url, ...body } });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const deliveries = async (id: string, limit = 50) =>
    (await ues.call('GET', `/webhooks/${id}/deliveries?limit=${limit}`)).body;

  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await ues?.close();
    await receiver.close();
  });

  it('POSTs the envelope with the original headers and an HMAC-SHA256 signature', async () => {
    await start();
    const id = await register({ events: ['email.'], secret: 'top-secret' });
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'not for this hook' } });
    await ues.call('POST', '/email/receive', { body: email('Budget') });
    await idle();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.json).toEqual({
      type: 'email.received',
      data: { email_id: expect.any(String), from: 'karen@acme.com', subject: 'Budget' },
      timestamp: expect.stringMatching(/Z$/),
    });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-ues-event': 'email.received',
      'x-ues-delivery-id': expect.stringMatching(/^del_[0-9a-f]{12}$/),
      'x-ues-timestamp': request!.json.timestamp,
    });
    const expected = `sha256=${createHmac('sha256', 'top-secret').update(request!.body).digest('hex')}`;
    expect(request!.headers['x-ues-signature']).toBe(expected);
    const log = await deliveries(id);
    expect(log).toEqual({
      items: [
        {
          id: request!.headers['x-ues-delivery-id'],
          webhook_id: id,
          event_type: 'email.received',
          event_data: request!.json.data,
          status: 'delivered',
          attempt_count: 1,
          created_at: expect.any(String),
          delivered_at: expect.any(String),
          last_attempt_at: expect.any(String),
          response_status: 200,
          response_body: 'ok',
          error_message: null,
        },
      ],
      total: 1,
    });
    expect((await ues.call('GET', `/webhooks/${id}`)).body.last_delivery_at).not.toBeNull();
  });

  it('retries a failing receiver (3 attempts), then counts one delivery as delivered', async () => {
    await start();
    let calls = 0;
    receiver.respond = (_request, response) => {
      calls++;
      response.writeHead(calls < 3 ? 503 : 200).end(calls < 3 ? 'busy' : 'fine');
    };
    const id = await register({});
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await idle();
    expect(receiver.received).toHaveLength(3);
    // One delivery id across its attempts, and the same signed bytes each time.
    expect(new Set(receiver.received.map((request) => request.headers['x-ues-delivery-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    const [record] = (await deliveries(id)).items;
    expect(record).toMatchObject({
      status: 'delivered',
      attempt_count: 3,
      response_status: 200,
      response_body: 'fine',
    });
    expect((await ues.call('GET', `/webhooks/${id}`)).body).toMatchObject({
      failure_count: 0,
      status: 'active',
    });
  });

  it('gives up after three failed attempts and disables the hook after 10 consecutive failures', async () => {
    await start();
    receiver.respond = (_request, response) => response.writeHead(500).end('x'.repeat(2000));
    const id = await register({ events: ['time.advanced'] });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await idle();
    const [first] = (await deliveries(id)).items;
    expect(first).toMatchObject({
      status: 'failed',
      attempt_count: 3,
      response_status: 500,
      error_message: 'HTTP 500',
    });
    expect(first.response_body).toHaveLength(500);
    expect((await ues.call('GET', `/webhooks/${id}`)).body).toMatchObject({
      failure_count: 3,
      status: 'active',
    });
    for (let index = 0; index < 3; index++) {
      await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
      await idle();
    }
    const hook = (await ues.call('GET', `/webhooks/${id}`)).body;
    expect(hook).toMatchObject({ status: 'disabled', failure_count: 10 });
    expect(receiver.received).toHaveLength(10);
    // Disabled: no more deliveries until resumed.
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await idle();
    expect(receiver.received).toHaveLength(10);
    receiver.respond = (_request, response) => response.writeHead(204).end();
    await ues.call('POST', `/webhooks/${id}/resume`);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await idle();
    expect(receiver.received).toHaveLength(11);
    expect((await deliveries(id, 1)).items[0]).toMatchObject({ status: 'delivered', response_body: null });
  });

  it('never blocks the simulator on a receiver that hangs, and bounds what waits for it', async () => {
    await start({ maxConcurrentPerWebhook: 2, maxQueuedPerWebhook: 5 });
    receiver.respond = () => undefined; // never answers
    const id = await register({ events: ['time.advanced'] });
    for (let index = 0; index < 20; index++) {
      const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
      expect(advanced.status).toBe(200);
    }
    expect((await ues.call('GET', '/simulator/time')).body.current_time).toBe('2025-01-01T12:20:00Z');
    await receiver.waitFor(2);
    expect(receiver.received).toHaveLength(2);
    const log = await deliveries(id);
    expect(log.total).toBe(20);
    const byStatus = (status: string) => log.items.filter((item: any) => item.status === status).length;
    expect(byStatus('failed')).toBe(13);
    expect(log.items.filter((item: any) => String(item.error_message).startsWith('dropped:'))).toHaveLength(
      13,
    );
    expect(byStatus('pending')).toBe(7);
    receiver.releaseHeld();
    receiver.respond = (_request, response) => response.writeHead(200).end();
    await idle();
    expect(receiver.received).toHaveLength(7);
    expect((await deliveries(id)).items.filter((item: any) => item.status === 'delivered')).toHaveLength(7);
  });

  it('times a hanging receiver out per attempt', async () => {
    await start({ timeoutMs: 20, retryDelaysMs: [] });
    receiver.respond = () => undefined;
    const id = await register({ events: ['time.advanced'] });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await idle();
    expect((await deliveries(id)).items[0]).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      error_message: 'timed out after 20 ms',
    });
  });

  it('records connection failures without disturbing the request that raised the event', async () => {
    await start();
    const port = await closedPort();
    const created = await ues.call('POST', '/webhooks', { body: { url: `http://127.0.0.1:${port}/x` } });
    const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect(advanced.status).toBe(200);
    await idle();
    const [record] = (await deliveries(created.body.id)).items;
    expect(record).toMatchObject({ status: 'failed', attempt_count: 3, response_status: null });
    expect(record.error_message).toMatch(/ECONNREFUSED|connect/);
  });

  it('tests a webhook once, without retries, failure counting or a log entry', async () => {
    await start();
    receiver.respond = (_request, response) => response.writeHead(202).end('accepted');
    const id = await register({ events: ['email.'], secret: 'k' });
    const tested = await ues.call('POST', `/webhooks/${id}/test`);
    expect(tested.body).toEqual({
      webhook_id: id,
      success: true,
      response_status: 202,
      response_time_ms: expect.any(Number),
      response_body: 'accepted',
      error_message: null,
    });
    expect(receiver.received[0]!.json).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: id, message: 'This is a test event from UES' },
    });
    expect(receiver.received[0]!.headers['x-ues-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    receiver.respond = (_request, response) => response.writeHead(404).end();
    const failed = await ues.call('POST', `/webhooks/${id}/test`);
    expect(failed.body).toMatchObject({ success: false, response_status: 404, error_message: 'HTTP 404' });
    expect(receiver.received).toHaveLength(2);
    expect((await deliveries(id)).total).toBe(0);
    expect((await ues.call('GET', `/webhooks/${id}`)).body.failure_count).toBe(0);
  });

  it('keeps the newest 100 deliveries per webhook, newest first', async () => {
    await start();
    const id = await register({ events: ['time.advanced'] });
    for (let index = 1; index <= 105; index++) {
      await ues.call('POST', '/simulator/time/advance', { body: { seconds: index } });
    }
    await idle();
    const log = await deliveries(id, 200);
    expect(log.total).toBe(100);
    expect(log.items[0].event_data.delta_seconds).toBe(105);
    expect(log.items[99].event_data.delta_seconds).toBe(6);
    expect((await deliveries(id, 3)).items.map((item: any) => item.event_data.delta_seconds)).toEqual([
      105, 104, 103,
    ]);
    await ues.call('DELETE', `/webhooks/${id}`);
    expect((await ues.call('GET', `/webhooks/${id}/deliveries`)).status).toBe(404);
  });

  it('delivers only what the registering key may read, and nothing once it is revoked', async () => {
    await start();
    const operator = await ues.createKey(['webhooks:create', 'email:state']);
    const created = await ues.call('POST', '/webhooks', {
      body: { url: receiver.url },
      key: operator.secret,
    });
    expect(created.body.created_by).toBe(operator.keyId);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await ues.call('POST', '/email/receive', { body: email('Visible') });
    await idle();
    expect(receiver.received.map((request) => request.json.type)).toEqual(['email.received']);
    await ues.call('DELETE', `/keys/${operator.keyId}`);
    await ues.call('POST', '/email/receive', { body: email('After revocation') });
    await idle();
    expect(receiver.received).toHaveLength(1);
  });

  it('sends paused webhooks nothing, and event.executed goes to WebSocket clients only', async () => {
    await start();
    const id = await register({});
    await ues.call('POST', `/webhooks/${id}/pause`);
    await ues.call('POST', '/email/receive', { body: email('While paused') });
    await ues.call('POST', `/webhooks/${id}/resume`);
    await ues.call('POST', '/email/receive', { body: email('Resumed') });
    await idle();
    expect(receiver.received.map((request) => [request.json.type, request.json.data.subject])).toEqual([
      ['email.received', 'Resumed'],
    ]);
  });
});
