/**
 * UES benchmark (`npm run bench:ues`). Everything is measured in one run on this machine:
 * the simulator (compiled, in its own process) against a bare node:http server that serves the
 * same state JSON, so the printed ratios compare like with like. Prints a table; exits 1 when a
 * target is missed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { arrivals, scenarioWith, USER_EMAIL } from './fixtures.js';
import { ROOT, callJson, startServerProcess, type ServerProcess } from './processes.js';
import { measureFanout } from './ws-fanout.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const ADMIN_KEY = randomBytes(32).toString('hex');
const TARGETS = { smallReadRatio: 0.6, largeReadRatio: 0.5, contactsQueryRatio: 0.5, advanceMs: 100 };
const FANOUT = { subscribers: 50, events: 10_000 };

function call(ues: ServerProcess, method: string, path: string, body?: unknown): Promise<any> {
  return callJson(ues.url, ADMIN_KEY, method, path, body);
}

async function load(ues: ServerProcess, scenario: Record<string, unknown>): Promise<void> {
  await call(ues, 'POST', '/simulation/clear', {});
  await call(ues, 'POST', '/scenario/import/full', scenario);
  await call(ues, 'POST', '/simulation/start', { auto_advance: false });
}

interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

async function hammer(
  url: string,
  options: { method?: string; body?: string; connections: number },
): Promise<Measured> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: { 'x-api-key': ADMIN_KEY, 'content-type': 'application/json' },
    ...(options.body ? { body: options.body } : {}),
    connections: options.connections,
    duration: DURATION_S,
    timeout: 60,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** A bare node:http server (own process) answering `body` re-serialised on every request. */
function startCeiling(body: unknown): Promise<ServerProcess> {
  const file = join(mkdtempSync(join(tmpdir(), 'ues-bench-')), 'state.json');
  writeFileSync(file, JSON.stringify(body));
  return startServerProcess(['bench/bare-server.mjs', file]);
}

async function readBenchmark(ues: ServerProcess, emails: number, connections: number) {
  await load(ues, scenarioWith({ emails }));
  const state = await call(ues, 'GET', '/email/state');
  const bare = await startCeiling(state);
  try {
    const bytes = Buffer.byteLength(JSON.stringify(state));
    const ceiling = await hammer(`${bare.url}/email/state`, { connections });
    const simulator = await hammer(`${ues.url}/email/state`, { connections });
    const send = await hammer(`${ues.url}/email/send`, {
      method: 'POST',
      connections,
      body: JSON.stringify({
        from_address: USER_EMAIL,
        to_addresses: ['karen.mitchell@acmecorp.com'],
        subject: 'Re: status',
        body_text: 'Thanks — on it.',
      }),
    });
    return { emails, bytes, ceiling, simulator, send };
  } finally {
    await bare.stop();
  }
}

/**
 * `POST /contacts/query` at 10,000 contacts: the whole book (serialisation-bound, against the
 * ceiling serving the same JSON) and a search returning one page (scan-bound; no ceiling applies).
 */
async function contactsBenchmark(ues: ServerProcess, contacts: number, connections: number) {
  await load(ues, scenarioWith({ contacts }));
  const everyone = await call(ues, 'POST', '/contacts/query', {});
  if (everyone.total_count !== contacts)
    throw new Error(`expected ${contacts} contacts, got ${everyone.total_count}`);
  const bare = await startCeiling(everyone);
  try {
    const bytes = Buffer.byteLength(JSON.stringify(everyone));
    const ceiling = await hammer(`${bare.url}/contacts/query`, { method: 'POST', body: '{}', connections });
    const simulator = await hammer(`${ues.url}/contacts/query`, { method: 'POST', body: '{}', connections });
    const search = await hammer(`${ues.url}/contacts/query`, {
      method: 'POST',
      body: JSON.stringify({ search_text: 'müller', group: 'work', limit: 50 }),
      connections: 10,
    });
    return { contacts, bytes, ceiling, simulator, search };
  } finally {
    await bare.stop();
  }
}

async function advanceBenchmark(
  ues: ServerProcess,
  count: number,
): Promise<{ ms: number; executed: number }> {
  await load(ues, scenarioWith({}, arrivals(count)));
  const started = performance.now();
  const result = await call(ues, 'POST', '/simulator/time/advance', { seconds: count * 3 + 10 });
  const ms = performance.now() - started;
  return { ms, executed: result.events_executed };
}

async function fanoutBenchmark(ues: ServerProcess) {
  await load(ues, scenarioWith({}, arrivals(FANOUT.events)));
  return measureFanout({
    url: ues.url,
    adminKey: ADMIN_KEY,
    ...FANOUT,
    advance: () => call(ues, 'POST', '/simulator/time/advance', { seconds: FANOUT.events * 3 + 10 }),
  });
}

const fmt = (value: number, digits = 0): string => value.toFixed(digits).padStart(9);

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/cli.js')))
    throw new Error('dist/cli.js is missing: run `npm run build` first');
  const ues = await startServerProcess(['dist/cli.js', 'ues', '--port', '0', '--log-level', 'silent'], {
    UES_ADMIN_KEY: ADMIN_KEY,
  });
  try {
    console.log(`UES benchmark — ${DURATION_S}s per measurement, node ${process.version}\n`);
    const small = await readBenchmark(ues, 49, 10);
    const large = await readBenchmark(ues, 10_000, 4);
    const contacts = await contactsBenchmark(ues, 10_000, 4);
    // Warm-up pass so the JIT has seen the receive path, then the measured pass.
    await advanceBenchmark(ues, 1000);
    const advance = await advanceBenchmark(ues, 10_000);
    const fanout = await fanoutBenchmark(ues);

    console.log('                              req/s      p99 ms   ratio');
    const rows: [string, Measured, number | null][] = [];
    for (const run of [small, large]) {
      const label = `${run.emails} emails (${(run.bytes / 1024).toFixed(0)} KiB)`;
      rows.push([`GET /email/state  ${label}`, run.simulator, run.simulator.rps / run.ceiling.rps]);
      rows.push([`  bare node:http  ${label}`, run.ceiling, null]);
      rows.push([`POST /email/send  ${run.emails} emails`, run.send, null]);
    }
    const book = `${contacts.contacts} contacts (${(contacts.bytes / 1024 / 1024).toFixed(1)} MiB)`;
    rows.push([
      `POST /contacts/query all, ${book}`,
      contacts.simulator,
      contacts.simulator.rps / contacts.ceiling.rps,
    ]);
    rows.push([`  bare node:http  same JSON`, contacts.ceiling, null]);
    rows.push([`POST /contacts/query search, 1 page`, contacts.search, null]);
    for (const [label, measured, ratio] of rows) {
      console.log(
        `${label.padEnd(42)}${fmt(measured.rps, 1)}${fmt(measured.p99, 1)}${ratio === null ? '' : fmt(ratio * 100, 1) + ' %'}` +
          (measured.errors ? `  (${measured.errors} errors)` : ''),
      );
    }
    console.log(
      `\nadvance through ${advance.executed} scheduled events: ${advance.ms.toFixed(1)} ms (HTTP round trip)`,
    );
    console.log(
      `/ws fan-out, ${FANOUT.events} events to ${FANOUT.subscribers} subscribers: ${fanout.ms.toFixed(0)} ms, ` +
        `${fanout.eventsPerSecond.toFixed(0)} events/s (${fanout.messagesPerSecond.toFixed(0)} messages/s)`,
    );

    const smallRatio = small.simulator.rps / small.ceiling.rps;
    const largeRatio = large.simulator.rps / large.ceiling.rps;
    const contactsRatio = contacts.simulator.rps / contacts.ceiling.rps;
    const checks = [
      [
        `state reads at email_triage size ≥ ${TARGETS.smallReadRatio * 100} % of ceiling`,
        smallRatio >= TARGETS.smallReadRatio,
      ],
      [
        `state reads at 10,000 emails ≥ ${TARGETS.largeReadRatio * 100} % of ceiling`,
        largeRatio >= TARGETS.largeReadRatio,
      ],
      [
        `contacts query at 10,000 contacts ≥ ${TARGETS.contactsQueryRatio * 100} % of ceiling`,
        contactsRatio >= TARGETS.contactsQueryRatio,
      ],
      [
        `10,000 events advanced in < ${TARGETS.advanceMs} ms`,
        advance.ms < TARGETS.advanceMs && advance.executed === 10_000,
      ],
    ] as const;
    console.log('');
    for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${name}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await ues.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
