/**
 * The green's WebSocket relay (issue 18), run with `npm run build && npx tsx bench/ws-proxy.bench.ts`:
 * the UES's `/ws` fan-out measured directly and through the green's UES proxy
 * (`/ues/<context>/ws`), alternating, on the same simulator process, and printed as the ratio
 * proxied / direct of the time until every subscriber got every event. The proxy and the
 * subscribers share this process, as a green and its purples' sockets would share the green's.
 * `BENCH_ROUNDS` (default 5), `BENCH_EVENTS` (default 5,000), `BENCH_SUBSCRIBERS` (default 10).
 * Exits 1 when the median ratio exceeds 4 (a relay that passes each message on once measured
 * 1.8 on a shared 2-core machine).
 */
import express from 'express';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  UesProxyRegistry,
  forwardUesWebSockets,
  mountUesProxy,
  uesProxyUrl,
} from '../src/green/runtime/index.js';
import { arrivals, scenarioWith } from './fixtures.js';
import { ROOT, startServerProcess, type ServerProcess } from './processes.js';
import { measureFanout } from './ws-fanout.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 5_000);
const SUBSCRIBERS = Number(process.env['BENCH_SUBSCRIBERS'] ?? 10);
const MAX_RATIO = 4;
const ADMIN_KEY = randomBytes(32).toString('hex');

async function call(ues: ServerProcess, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${ues.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': ADMIN_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${await response.text()}`);
}

async function fanout(ues: ServerProcess, url: string): Promise<number> {
  await call(ues, '/simulation/clear', {});
  await call(ues, '/scenario/import/full', scenarioWith({}, arrivals(EVENTS)));
  await call(ues, '/simulation/start', { auto_advance: false });
  const measured = await measureFanout({
    url,
    adminKey: ADMIN_KEY,
    subscribers: SUBSCRIBERS,
    events: EVENTS,
    advance: () => call(ues, '/simulator/time/advance', { seconds: EVENTS * 3 + 10 }),
  });
  return measured.ms;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/cli.js')))
    throw new Error('dist/cli.js is missing: run `npm run build` first');
  const ues = await startServerProcess(['dist/cli.js', 'ues', '--port', '0', '--log-level', 'silent'], {
    UES_ADMIN_KEY: ADMIN_KEY,
  });
  const registry = new UesProxyRegistry();
  const app = express();
  const proxy = mountUesProxy(app, registry);
  const server = createServer(app);
  const websockets = forwardUesWebSockets(server, registry);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry.register('bench', ues.url);
  const proxied = uesProxyUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, 'bench');
  try {
    console.log(
      `WebSocket relay — ${EVENTS} events to ${SUBSCRIBERS} subscribers, ${ROUNDS} rounds, node ${process.version}\n`,
    );
    await fanout(ues, ues.url); // warm-up
    await fanout(ues, proxied);
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const direct = await fanout(ues, ues.url);
      const relayed = await fanout(ues, proxied);
      ratios.push(relayed / direct);
      console.log(
        `round ${round}: direct ${direct.toFixed(0)} ms, through the proxy ${relayed.toFixed(0)} ms (× ${(relayed / direct).toFixed(2)})`,
      );
    }
    const ratio = median(ratios);
    console.log(`\nmedian proxied / direct: × ${ratio.toFixed(2)} (target ≤ ${MAX_RATIO})`);
    if (ratio > MAX_RATIO) process.exitCode = 1;
  } finally {
    websockets.close();
    await proxy.close();
    server.closeAllConnections();
    server.close();
    await ues.stop();
  }
}

await main();
