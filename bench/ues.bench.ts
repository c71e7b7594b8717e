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
import { ROOT, startServerProcess, type ServerProcess } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const ADMIN_KEY = randomBytes(32).toString('hex');
const START = Date.parse('2026-01-28T06:00:00Z');
const TARGETS = { smallReadRatio: 0.6, largeReadRatio: 0.5, advanceMs: 100 };

const iso = (ms: number): string => new Date(ms).toISOString();

function makeEmail(index: number): Record<string, unknown> {
  const at = iso(START - (index + 1) * 60_000);
  return {
    message_id: `bench_${index}`,
    thread_id: `thread_${index % 500}`,
    from_address: `sender${index % 97}@example.com`,
    to_addresses: ['alex.thompson@meridiantech.com'],
    cc_addresses: index % 5 === 0 ? ['team@meridiantech.com'] : [],
    bcc_addresses: [],
    reply_to_address: null,
    subject: `Quarterly planning follow-up #${index}: budget, hiring and roadmap`,
    body_text: `Hi Alex,\n\nFollowing up on item ${index}. ${'Here are the details we discussed. '.repeat(12)}\n\nThanks,\nSender ${index % 97}`,
    body_html: null,
    attachments: [],
    in_reply_to: null,
    references: [],
    sent_at: at,
    received_at: at,
    is_read: index % 3 === 0,
    is_starred: false,
    priority: 'normal',
    folder: 'inbox',
    labels: index % 7 === 0 ? ['work'] : [],
  };
}

function scenarioWith(emailCount: number, events: Record<string, unknown>[] = []): Record<string, unknown> {
  const emails = Object.fromEntries(
    Array.from({ length: emailCount }, (_, i) => [`bench_${i}`, makeEmail(i)]),
  );
  return {
    scenario: {
      metadata: { ues_version: '0.3.0', scenario_version: '1' },
      environment: {
        time_state: {
          current_time: iso(START),
          time_scale: 1,
          is_paused: false,
          auto_advance: false,
          last_wall_time_update: iso(START),
        },
        modality_states: {
          email: { emails, user_email_address: 'alex.thompson@meridiantech.com' },
          sms: {},
          calendar: {},
          chat: {},
        },
      },
      events: { events },
    },
  };
}

async function call(ues: ServerProcess, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${ues.url}${path}`, {
    method,
    headers: { 'x-api-key': ADMIN_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
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

async function readBenchmark(ues: ServerProcess, emails: number, connections: number) {
  await load(ues, scenarioWith(emails));
  const state = await call(ues, 'GET', '/email/state');
  const file = join(mkdtempSync(join(tmpdir(), 'ues-bench-')), 'state.json');
  writeFileSync(file, JSON.stringify(state));
  const bare = await startServerProcess(['bench/bare-server.mjs', file]);
  try {
    const bytes = Buffer.byteLength(JSON.stringify(state));
    const ceiling = await hammer(`${bare.url}/email/state`, { connections });
    const simulator = await hammer(`${ues.url}/email/state`, { connections });
    const send = await hammer(`${ues.url}/email/send`, {
      method: 'POST',
      connections,
      body: JSON.stringify({
        from_address: 'alex.thompson@meridiantech.com',
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

async function advanceBenchmark(
  ues: ServerProcess,
  count: number,
): Promise<{ ms: number; executed: number }> {
  const events = Array.from({ length: count }, (_, i) => ({
    scheduled_time: iso(START + 1000 + i * 3000),
    modality: 'email',
    priority: 50,
    status: 'pending',
    data: {
      operation: 'receive',
      message_id: `arrival_${i}`,
      from_address: `sender${i % 97}@example.com`,
      to_addresses: ['alex.thompson@meridiantech.com'],
      subject: `Arrival ${i}`,
      body_text: 'Scheduled arrival body text. '.repeat(8),
      thread_id: `arrival_thread_${i % 300}`,
    },
  }));
  await load(ues, scenarioWith(0, events));
  const started = performance.now();
  const result = await call(ues, 'POST', '/simulator/time/advance', { seconds: count * 3 + 10 });
  const ms = performance.now() - started;
  return { ms, executed: result.events_executed };
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
    // Warm-up pass so the JIT has seen the receive path, then the measured pass.
    await advanceBenchmark(ues, 1000);
    const advance = await advanceBenchmark(ues, 10_000);

    console.log('                              req/s      p99 ms   ratio');
    const rows: [string, Measured, number | null][] = [];
    for (const run of [small, large]) {
      const label = `${run.emails} emails (${(run.bytes / 1024).toFixed(0)} KiB)`;
      rows.push([`GET /email/state  ${label}`, run.simulator, run.simulator.rps / run.ceiling.rps]);
      rows.push([`  bare node:http  ${label}`, run.ceiling, null]);
      rows.push([`POST /email/send  ${run.emails} emails`, run.send, null]);
    }
    for (const [label, measured, ratio] of rows) {
      console.log(
        `${label.padEnd(42)}${fmt(measured.rps, 1)}${fmt(measured.p99, 1)}${ratio === null ? '' : fmt(ratio * 100, 1) + ' %'}` +
          (measured.errors ? `  (${measured.errors} errors)` : ''),
      );
    }
    console.log(
      `\nadvance through ${advance.executed} scheduled events: ${advance.ms.toFixed(1)} ms (HTTP round trip)`,
    );

    const smallRatio = small.simulator.rps / small.ceiling.rps;
    const largeRatio = large.simulator.rps / large.ceiling.rps;
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
