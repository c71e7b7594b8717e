import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PURPLE_PERMISSIONS } from '../../../src/green/assessment/index.js';
import {
  ACCESS_CLOSED_CODE,
  MAX_STREAMS_PER_CONTEXT,
  UesProxyRegistry,
  forwardUesWebSockets,
  mountUesProxy,
  uesProxyUrl,
  type UesInstance,
  type UesProxyHandle,
  type UesWebSocketForwarding,
} from '../../../src/green/runtime/index.js';
import {
  UesAuthError,
  UesClient,
  UesNotFoundError,
  UesNotificationStreamClosedError,
  UesPermissionError,
  type UesNotificationStream,
} from '../../../src/ues/client/index.js';
import { startAdminUes } from '../../support/ues.js';

/**
 * WebSocket notifications through the green's UES proxy: forwarded for a context's key, refused
 * with the REST proxy's answers (unknown context, closed access, the simulator's 401 for a key it
 * does not know — another context's, say), and closed the moment the context's access closes.
 */

let ues: UesInstance;
let other: UesInstance;
let admin: UesClient;
let purpleKey: string;
let server: Server;
let proxy: UesProxyHandle;
let websockets: UesWebSocketForwarding;
let base: string;
let registry: UesProxyRegistry;
const streams: UesNotificationStream[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ({ instance: ues, client: admin } = await startAdminUes());
  ({ instance: other } = await startAdminUes());
  await admin.simulation.start({ auto_advance: false });
  purpleKey = (await admin.keys.create({ name: 'purple', permissions: [...PURPLE_PERMISSIONS] })).secret;
  const app = express();
  registry = new UesProxyRegistry();
  proxy = mountUesProxy(app, registry);
  server = createServer(app);
  websockets = forwardUesWebSockets(server, registry);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterEach(async () => {
  await Promise.all(streams.splice(0).map((stream) => stream.close()));
  for (const socket of sockets.splice(0)) socket.terminate();
  for (const id of ['ctx-a', 'ctx-b']) registry.unregister(id);
});

afterAll(async () => {
  websockets.close();
  await proxy.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all([ues.stop(), other.stop()]);
});

function purpleClient(contextId: string, apiKey: string | undefined = purpleKey): UesClient {
  return new UesClient({ baseUrl: uesProxyUrl(base, contextId), apiKey, retry: false });
}

async function connect(contextId: string, apiKey?: string): Promise<UesNotificationStream> {
  const stream = await purpleClient(contextId, apiKey).notifications.connect({ events: ['email.'] });
  streams.push(stream);
  return stream;
}

/** A bare `ws` client through the proxy (no client library): resolves once open. */
function rawSocket(path: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, { headers });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

const nextMessage = (socket: WebSocket): Promise<Record<string, unknown>> =>
  new Promise((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)),
  );

describe('WebSocket notifications through the UES proxy', () => {
  it('forwards the purple’s key and pushes the events it may see', async () => {
    registry.register('ctx-a', ues.url);
    const stream = await connect('ctx-a');
    expect(registry.streams('ctx-a')).toBe(1);
    await admin.email.receive({
      from_address: 'bob@example.com',
      to_addresses: ['alex@example.com'],
      subject: 'Pushed through the proxy',
      body_text: 'hello',
    });
    const received = await stream.waitFor('email.received');
    expect(received.data).toMatchObject({ subject: 'Pushed through the proxy' });
    await stream.close();
    await expect.poll(() => registry.streams('ctx-a')).toBe(0);
  });

  it('lets a client that cannot set headers authenticate in its first message', async () => {
    registry.register('ctx-a', ues.url);
    const socket = await rawSocket('ues/ctx-a/ws');
    const ok = nextMessage(socket);
    socket.send(JSON.stringify({ action: 'auth', api_key: purpleKey }));
    expect(await ok).toMatchObject({ type: 'auth.ok', data: { key_name: 'purple' } });
    const pong = nextMessage(socket);
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(await pong).toEqual({ action: 'pong' });
  });

  it('refuses what the REST proxy refuses: unknown contexts, closed access, keys the simulator does not know', async () => {
    registry.register('ctx-a', ues.url);
    registry.register('ctx-b', other.url);
    await expect(connect('nowhere')).rejects.toBeInstanceOf(UesNotFoundError);
    await expect(connect('ctx-a', 'not-a-key')).rejects.toBeInstanceOf(UesAuthError);
    // ctx-a's purple key on ctx-b's simulator: another context is another simulator.
    await expect(connect('ctx-b')).rejects.toBeInstanceOf(UesAuthError);
    await registry.closeAccess('ctx-a', 'the assessment’s turns are over');
    const closed = await connect('ctx-a').catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(UesPermissionError);
    expect((closed as Error).message).toContain('the assessment’s turns are over');
    await expect(rawSocket('elsewhere/ws')).rejects.toThrow('HTTP 404');
    expect(registry.streams('ctx-a') + registry.streams('ctx-b')).toBe(0);
  });

  it('closes open connections the moment access closes, without holding the close up', async () => {
    registry.register('ctx-a', ues.url);
    const [first, second] = [await connect('ctx-a'), await connect('ctx-a')];
    // A grace that would time the test out if streams were drained like requests.
    await registry.closeAccess('ctx-a', 'the assessment’s turns are over', 60_000);
    for (const stream of [first, second]) {
      await expect(stream.next()).rejects.toBeInstanceOf(UesNotificationStreamClosedError);
      expect(await stream.closed).toEqual({
        code: ACCESS_CLOSED_CODE,
        reason: "this UES no longer accepts the assistant's requests: the assessment’s turns are over",
      });
    }
    expect(registry.streams('ctx-a')).toBe(0);
  });

  it('closes them when the context’s simulator is stopped, and caps them per context', async () => {
    registry.register('ctx-a', ues.url);
    const open = await Promise.all(Array.from({ length: MAX_STREAMS_PER_CONTEXT }, () => connect('ctx-a')));
    await expect(rawSocket('ues/ctx-a/ws', { 'x-api-key': purpleKey })).rejects.toThrow('HTTP 503');
    registry.unregister('ctx-a');
    for (const stream of open) {
      expect((await stream.closed).code).toBe(ACCESS_CLOSED_CODE);
    }
  });
});
