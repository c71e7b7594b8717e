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
import { FaultInjector } from '../../../src/green/runtime/ues-proxy-noise.js';
import type { UesClient } from '../../../src/ues/client/index.js';
import { startAdminUes } from '../../support/ues.js';

/** Noise in the green's UES proxy: seeded, recorded, and a 503 never reaches the simulator. */

const SETTINGS = { transient_failure_rate: 0.2, slow_rate: 0.1, slow_ms: 30, retry_after_seconds: 1 };

describe('fault injection', () => {
  it('is deterministic for a seed and close to its rates', () => {
    const draw = (seed: number) => {
      const injector = new FaultInjector(SETTINGS, seed);
      return Array.from(
        { length: 2_000 },
        (_, i) => injector.next('GET', `/email/state?i=${i}`)?.kind ?? 'none',
      );
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    const kinds = draw(7);
    expect(kinds.filter((k) => k === 'transient_failure').length / kinds.length).toBeCloseTo(0.2, 1);
    expect(kinds.filter((k) => k === 'slow').length / kinds.length).toBeCloseTo(0.1, 1);
    const injector = new FaultInjector(SETTINGS, 7);
    for (let i = 0; i < 50; i++) injector.next('POST', '/chat/send?x=1');
    const summary = injector.summary();
    expect(summary.counts.requests).toBe(50);
    expect(summary.faults.every((fault) => fault.path === '/chat/send')).toBe(true);
  });
});

describe('the proxy with noise', () => {
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
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    registry.register('ctx', ues.url);
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ues.stop();
  });

  it('answers a seeded share 503 with Retry-After without applying it, and records every fault', async () => {
    const injector = registry.injectFaults(
      'ctx',
      { ...SETTINGS, transient_failure_rate: 0.5, slow_rate: 0 },
      11,
    )!;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${uesProxyUrl(base, 'ctx')}/chat/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': ues.adminKey },
        body: JSON.stringify({ role: 'assistant', content: `post ${i}`, conversation_id: 'c' }),
      });
      statuses.push(response.status);
      if (response.status === 503) {
        expect(response.headers.get('retry-after')).toBe('1');
        expect(((await response.json()) as { detail: string }).detail).toMatch(
          /temporarily unavailable.*not applied/,
        );
      } else await response.arrayBuffer();
    }
    const failed = statuses.filter((status) => status === 503).length;
    expect(failed).toBe(injector.counts.transient_failure);
    expect(failed).toBeGreaterThan(0);
    const chat = await admin.chat.query({ conversation_id: 'c' });
    expect(chat.messages).toHaveLength(20 - failed);
    // A new assessment in the context starts without noise.
    registry.openAccess('ctx');
    expect(registry.faultFor('ctx', 'GET', '/time')).toBeNull();
  });
});
