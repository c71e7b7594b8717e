import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UesAuthError,
  UesNotFoundError,
  UesNotificationStreamClosedError,
  UesClient,
  type UesNotificationStream,
} from '../../../src/ues/client/index.js';
import { startReceiver, type Receiver } from '../server/notify/receiver.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('webhooks and notifications sub-clients', () => {
  let env: ClientUes;
  let receiver: Receiver;
  const streams: UesNotificationStream[] = [];
  beforeEach(async () => {
    env = await startClientUes({ app: { notifications: { webhooks: { retryDelaysMs: [1, 1] } } } });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.close();
    await env.close();
    await receiver.close();
  });

  it('manages a webhook through its whole life', async () => {
    const webhooks = env.admin.webhooks;
    const hook = await webhooks.create({ url: receiver.url, events: ['email.'], secret: 'k' });
    expect(hook).toMatchObject({ status: 'active', has_secret: true });
    expect((await webhooks.list({ status: 'active' })).total).toBe(1);
    expect((await webhooks.update(hook.id, { events: [] })).events).toBeNull();
    expect((await webhooks.test(hook.id)).success).toBe(true);
    await env.admin.email.receive({
      from_address: 'a@x.io',
      to_addresses: ['user@example.com'],
      subject: 'S',
      body_text: 'B',
    });
    await env.ues.ues.notifications.dispatcher.whenIdle();
    const log = await webhooks.deliveries(hook.id, { limit: 10 });
    expect(log.items.map((item) => item.event_type)).toContain('email.received');
    expect((await webhooks.pause(hook.id)).status).toBe('paused');
    expect((await webhooks.resume(hook.id)).status).toBe('active');
    await webhooks.delete(hook.id);
    await expect(webhooks.get(hook.id)).rejects.toBeInstanceOf(UesNotFoundError);
  });

  it('streams the notifications a key may see, and waits for a type', async () => {
    const { client } = await env.userClient(['email:state', 'time:read']);
    const stream = await client.notifications.connect({ events: ['email.', 'time.advanced'] });
    streams.push(stream);
    await env.admin.chat.send({ role: 'user', content: 'not subscribed' });
    await env.admin.time.advance(30);
    expect((await stream.next()).type).toBe('time.advanced');
    await env.admin.email.receive({
      from_address: 'karen@acme.com',
      to_addresses: ['user@example.com'],
      subject: 'Budget',
      body_text: 'B',
    });
    const received = await stream.waitFor('email.received');
    expect(received.data).toMatchObject({ from: 'karen@acme.com', subject: 'Budget' });
    await stream.subscribe(null);
    await env.admin.time.advance(1);
    expect((await stream.next()).type).toBe('time.advanced');
  });

  it('ends the stream when the key is revoked, and refuses unknown keys at connect', async () => {
    const { client, keyId } = await env.userClient(['email:state']);
    const stream = await client.notifications.connect();
    await env.admin.keys.revoke(keyId);
    await expect(stream.next()).rejects.toBeInstanceOf(UesNotificationStreamClosedError);
    expect(await stream.closed).toEqual({ code: 4403, reason: 'API key revoked' });
    const stranger = new UesClient({ baseUrl: env.ues.url, apiKey: 'nope', retry: false });
    await expect(stranger.notifications.connect()).rejects.toBeInstanceOf(UesAuthError);
  });

  it('iterates with for await until the stream closes', async () => {
    const stream = await env.admin.notifications.connect({ events: ['time.advanced'] });
    await env.admin.time.advance(1);
    await env.admin.time.advance(2);
    const seen: unknown[] = [];
    for await (const notification of stream) {
      seen.push(notification.data.delta_seconds);
      if (seen.length === 2) await stream.close();
    }
    expect(seen).toEqual([1, 2]);
  });
});
