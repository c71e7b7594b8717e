import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PURPLE_UES_PERMISSIONS } from '../../../../src/protocol/purple-permissions.js';
import { startTestUes, type TestUes } from '../../helpers.js';
import { connect, type TestSocket } from './ws-client.js';

const email = (subject: string) => ({
  from_address: 'karen@acme.com',
  to_addresses: ['user@example.com'],
  subject,
  body_text: 'hello',
});

describe('GET /ws notifications', () => {
  let ues: TestUes;
  const sockets: TestSocket[] = [];
  const open = async (key?: string): Promise<TestSocket> => {
    const socket = await connect(ues.url, key);
    sockets.push(socket);
    return socket;
  };
  beforeEach(async () => {
    ues = await startTestUes({ app: { notifications: { webSocket: { authTimeoutMs: 60_000 } } } });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await ues.close();
  });

  it('authenticates with the X-API-Key header and pushes the original envelope for each event', async () => {
    const socket = await open(ues.adminKey);
    expect(await socket.next()).toMatchObject({
      type: 'auth.ok',
      data: { key_id: ues.ues.keys.adminKeyId, key_name: 'Admin Key' },
    });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
    const advanced = await socket.next();
    expect(advanced).toEqual({
      type: 'time.advanced',
      data: {
        current_time: '2025-01-01T12:01:00Z',
        previous_time: '2025-01-01T12:00:00Z',
        delta_seconds: 60,
        events_executed: 0,
        events_failed: 0,
      },
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    });
    await ues.call('POST', '/email/receive', { body: email('Budget') });
    const [executed, received] = await socket.until('email.received');
    expect(executed).toMatchObject({
      type: 'event.executed',
      data: { modality: 'email', status: 'executed', scheduled_time: '2025-01-01T12:01:00Z' },
    });
    expect(received.data).toMatchObject({ from: 'karen@acme.com', subject: 'Budget' });
  });

  it('authenticates with a first message when headers cannot be set', async () => {
    const socket = await open();
    socket.send({ action: 'auth', api_key: ues.adminKey });
    expect((await socket.next()).type).toBe('auth.ok');
    socket.send({ action: 'ping' });
    expect(await socket.next()).toEqual({ action: 'pong' });
  });

  it('refuses unknown keys, late or wrong first messages, and other paths', async () => {
    await expect(connect(ues.url, 'not-a-key')).rejects.toMatchObject({
      status: 401,
      body: JSON.stringify({ detail: 'Invalid or revoked API key.' }),
    });
    await expect(connect(ues.url, ues.adminKey, '/websocket')).rejects.toMatchObject({ status: 404 });
    const wrong = await open();
    wrong.send({ action: 'auth', api_key: 'nope' });
    expect(await wrong.closed).toEqual({ code: 4401, reason: 'Invalid or revoked API key.' });
    const impatient = await open();
    impatient.send({ action: 'subscribe', events: null });
    expect((await impatient.closed).code).toBe(4401);
  });

  it('closes a connection that never authenticates once the auth timeout passes', async () => {
    const quick = await startTestUes({ app: { notifications: { webSocket: { authTimeoutMs: 1 } } } });
    try {
      const socket = await connect(quick.url);
      expect((await socket.closed).code).toBe(4401);
    } finally {
      await quick.close();
    }
  });

  it('filters by subscription (exact types and prefixes), and null resubscribes to everything', async () => {
    const socket = await open(ues.adminKey);
    await socket.next();
    socket.send({ action: 'subscribe', events: ['email.', 'hold.acquired'] });
    expect(await socket.next()).toMatchObject({
      type: 'subscription.updated',
      data: { filters: ['email.', 'hold.acquired'] },
    });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'hi' } });
    const holdId = (await ues.call('POST', '/simulation/hold', { body: {} })).body.hold_id;
    await ues.call('POST', '/email/receive', { body: email('After') });
    // Arrival order is preserved, so whatever was filtered out would have come before these.
    expect((await socket.next()).type).toBe('hold.acquired');
    expect((await socket.next()).type).toBe('email.received');
    socket.send({ action: 'subscribe', events: null });
    expect((await socket.next()).data).toEqual({ filters: null });
    await ues.call('POST', `/simulation/release/${holdId}`);
    expect((await socket.next()).type).toBe('hold.released');
  });

  it('answers malformed messages with an error naming the problem and stays open', async () => {
    const socket = await open(ues.adminKey);
    await socket.next();
    socket.send('not json');
    expect(await socket.next()).toMatchObject({
      type: 'error',
      data: { detail: expect.stringContaining('JSON') },
    });
    socket.send({ action: 'subscribe', events: 'email.' });
    expect((await socket.next()).data.detail).toContain('"events" must be a list');
    socket.send({ action: 'dance' });
    expect((await socket.next()).data.detail).toBe('unknown action "dance": use "subscribe" or "ping"');
    socket.send({ action: 'ping' });
    expect(await socket.next()).toEqual({ action: 'pong' });
  });

  it("never shows a key events its permissions could not read (the purple's key)", async () => {
    const purple = await ues.createKey([...PURPLE_UES_PERMISSIONS], 'Purple Agent');
    const watcher = await open(purple.secret);
    expect((await watcher.next()).data.key_name).toBe('Purple Agent');
    // Proctor-side facts the purple cannot read over REST: future events, holds, keys, simulation control.
    await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T15:00:00Z',
        modality: 'email',
        data: { operation: 'receive', ...email('Future') },
      },
    });
    await ues.call('POST', '/simulation/hold', { body: { reason: 'judging' } });
    await ues.call('POST', '/keys', { body: { name: 'other', permissions: ['*'] } });
    await ues.call('POST', '/simulation/undo');
    // A chat message the purple may read.
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'Summarise my inbox please' } });
    const seen = await watcher.until('chat.message');
    expect(seen.map((message) => message.type)).toEqual(['event.executed', 'chat.message']);
    expect(seen[0].data.modality).toBe('chat');
    expect(seen[1].data).toMatchObject({ role: 'user', preview: 'Summarise my inbox please' });
    expect(JSON.stringify(seen)).not.toContain('Future');
  });

  it('scopes a key without a modality read to the events it may see', async () => {
    const clockOnly = await ues.createKey(['time:read']);
    const socket = await open(clockOnly.secret);
    await socket.next();
    await ues.call('POST', '/email/receive', { body: email('Secret') });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect((await socket.next()).type).toBe('time.advanced');
  });

  it("closes a key's connections when it is revoked", async () => {
    const purple = await ues.createKey([...PURPLE_UES_PERMISSIONS]);
    const socket = await open(purple.secret);
    await socket.next();
    await ues.call('DELETE', `/keys/${purple.keyId}`);
    expect(await socket.closed).toEqual({ code: 4403, reason: 'API key revoked' });
    await expect(connect(ues.url, purple.secret)).rejects.toMatchObject({ status: 401 });
  });

  it("does not accept one simulator's key at another (one context, one key registry)", async () => {
    const other = await startTestUes();
    try {
      await expect(connect(other.url, ues.adminKey)).rejects.toMatchObject({ status: 401 });
    } finally {
      await other.close();
    }
  });

  it('drops a client that does not read, and the simulator keeps answering', async () => {
    const small = await startTestUes({
      app: { notifications: { webSocket: { maxBufferedBytes: 64 * 1024 } } },
    });
    try {
      const slow = await connect(small.url, small.adminKey);
      await slow.next();
      // Stop reading: the server's send buffer for this client can only grow from here.
      (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const big = 'x'.repeat(512 * 1024);
      let sent = 0;
      // Every request is answered while the unread notifications pile up, until the client is dropped.
      while (small.ues.notifications.hub.clientCount > 0) {
        const response = await small.call('POST', '/email/receive', { body: email(big) });
        expect(response.status).toBe(200);
        sent++;
        expect(sent).toBeLessThan(200);
      }
      expect((await small.call('GET', '/health')).status).toBe(200);
      (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
      // Dropped without a close frame: its buffer was full.
      expect((await slow.closed).code).toBe(1006);
    } finally {
      await small.close();
    }
  });

  it('closes open connections when the simulator shuts down', async () => {
    const socket = await connect(ues.url, ues.adminKey);
    await socket.next();
    await ues.close();
    expect([1001, 1006]).toContain((await socket.closed).code);
    ues = await startTestUes();
  });
});
