import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UesProxyRegistry,
  mountUesProxy,
  uesProxyUrl,
  type UesInstance,
  type UesProxyHandle,
} from '../../../src/green/runtime/index.js';
import { UesClient } from '../../../src/ues/client/index.js';
import { startAdminUes } from '../../support/ues.js';

describe('UES reverse proxy', () => {
  let ues: UesInstance;
  let admin: UesClient;
  let server: Server;
  let proxy: UesProxyHandle;
  let base: string;
  const registry = new UesProxyRegistry();

  beforeAll(async () => {
    ({ instance: ues, client: admin } = await startAdminUes());
    await admin.simulation.start({ auto_advance: false });
    const app = express();
    proxy = mountUesProxy(app, registry);
    app.use(express.json());
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    registry.register('ctx/with slash', ues.url);
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ues.stop();
  });

  it('builds the purple-facing URL on the public base, never the loopback UES port', () => {
    const url = uesProxyUrl(base, 'ctx/with slash');
    expect(url).toBe(`${base}ues/ctx%2Fwith%20slash`);
    expect(url).not.toContain(new URL(ues.url).port);
  });

  it('forwards method, path, query, key and raw body, and streams the answer back', async () => {
    const client = new UesClient({
      baseUrl: uesProxyUrl(base, 'ctx/with slash'),
      apiKey: ues.adminKey,
      retry: false,
    });
    const sent = await client.email.receive({
      from_address: 'ann@example.com',
      to_addresses: ['user@example.com'],
      subject: 'Through the proxy',
      body_text: 'hello',
    });
    expect(sent.status).toBe('executed');
    const found = await client.email.query({ subject_contains: 'proxy' });
    expect(found.emails.map((email) => email.subject)).toEqual(['Through the proxy']);
    const events = await client.events.list({ status: 'executed', limit: 1 });
    expect(events.events).toHaveLength(1);

    const logs = await admin.accessLogs.list({ path_prefix: '/email/query' });
    expect(logs.entries[0]).toMatchObject({ method: 'POST', status_code: 200 });
  });

  it('passes UES errors through unchanged', async () => {
    const response = await fetch(`${uesProxyUrl(base, 'ctx/with slash')}/email/state`, {
      headers: { 'x-api-key': 'wrong-key' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ detail: expect.stringContaining('API key') });
  });

  it('answers 404 JSON for an unknown context and a bare prefix', async () => {
    const unknown = await fetch(`${uesProxyUrl(base, 'nope')}/health`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      detail: 'no UES is running for context "nope" (it may have finished)',
    });
    const bare = await fetch(`${base}ues`);
    expect(bare.status).toBe(404);
    expect(((await bare.json()) as { detail: string }).detail).toContain('/ues/<contextId>/<path>');
  });

  it('answers 502 JSON when the context’s UES is gone', async () => {
    registry.register('dead', 'http://127.0.0.1:1');
    const response = await fetch(`${uesProxyUrl(base, 'dead')}/health`);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { detail: string }).detail).toContain('did not answer');
    registry.unregister('dead');
    expect((await fetch(`${uesProxyUrl(base, 'dead')}/health`)).status).toBe(404);
  });
});
