/**
 * MCP benchmark (`npm run bench:mcp`, part of `npm run bench`). One run on this machine: the
 * compiled simulator in its own process, and the green's purple-facing surface (UES proxy + MCP
 * host, `bench/mcp-green.mjs`) in another.
 *
 * 1. Cost: the same work as an MCP tool call and as the REST call it makes, both through the
 *    green, both measured here, in alternating quarters. Printed: throughput, p99 and the green's
 *    CPU time per call of each, and the ratios (REST req/s ÷ MCP req/s, MCP CPU ÷ REST CPU).
 *    Target: the CPU ratio ≤ 1.5.
 * 2. Memory: 50 assessments' MCP sessions open at once, each listing the tools and calling some;
 *    the green's memory before and after, against one simulator's (the green already budgets one
 *    per context under its context cap).
 *
 * Prints tables; exits 1 when a target is missed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { scenarioWith } from './fixtures.js';
import { grantContexts, mcpCall, openSession, rpc } from './mcp-client.js';
import { ROOT, callJson, startServerProcess, type ServerProcess } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const ADMIN_KEY = randomBytes(32).toString('hex');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ASSESSMENTS = 50;
const TARGETS = { maxCostRatio: 1.5 };
const MIB = 1024 * 1024;

function call(base: string, method: string, path: string, body?: unknown): Promise<any> {
  return callJson(base, ADMIN_KEY, method, path, body);
}

interface Measured {
  rps: number;
  p99: number;
  errors: number;
  /** The green's CPU time per call (user + system), in microseconds. */
  cpuPerCall: number;
  calls: number;
  seconds: number;
}

let greenUrl = '';

/** Runs one load and reads the green's CPU time around it. */
async function measure(run: () => ReturnType<typeof autocannon>): Promise<Measured> {
  const cpuBefore = ((await call(greenUrl, 'GET', '/bench/cpu')) as { micros: number }).micros;
  const result = await run();
  const cpuAfter = ((await call(greenUrl, 'GET', '/bench/cpu')) as { micros: number }).micros;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuPerCall: (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
    calls: result.requests.total,
    seconds: result.duration,
  };
}

/**
 * Parts of one measurement as one: the rate over all of them, the worst p99, and the least CPU
 * per call of any part — other work on the machine only ever adds to a part's CPU time (cache
 * misses, preemption), so the least is the closest to what the call itself costs.
 */
function combine(first: Measured, second: Measured): Measured {
  const calls = first.calls + second.calls;
  return {
    rps: (first.rps * first.seconds + second.rps * second.seconds) / (first.seconds + second.seconds),
    seconds: first.seconds + second.seconds,
    p99: Math.max(first.p99, second.p99),
    errors: first.errors + second.errors,
    cpuPerCall: Math.min(first.cpuPerCall, second.cpuPerCall),
    calls,
  };
}

/** Load on one URL for `duration` seconds; `body` is built afresh for every request. */
function hammer(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: () => string },
  duration: number,
): Promise<Measured> {
  const { body } = options;
  return measure(() =>
    autocannon({
      url,
      method: options.method,
      headers: options.headers,
      connections: CONNECTIONS,
      duration,
      timeout: 60,
      ...(body === undefined
        ? {}
        : { requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }] }),
    }),
  );
}

interface Pair {
  label: string;
  tool: [string, unknown];
  rest: [string, string, unknown];
}

const PAIRS: Pair[] = [
  {
    label: 'get_current_time ↔ GET /simulator/time',
    tool: ['get_current_time', {}],
    rest: ['GET', '/simulator/time', undefined],
  },
  {
    label: 'mark_emails_read ↔ POST /email/read',
    tool: ['mark_emails_read', { message_ids: ['bench_1'] }],
    rest: ['POST', '/email/read', { message_ids: ['bench_1'] }],
  },
  {
    label: 'send_chat_message ↔ POST /chat/send',
    tool: ['send_chat_message', { content: 'Nothing new this hour.' }],
    rest: [
      'POST',
      '/chat/send',
      { role: 'assistant', content: 'Nothing new this hour.', conversation_id: 'user-assistant' },
    ],
  },
];

async function costBenchmark(green: ServerProcess, key: string) {
  const restBase = `${green.url}/ues/bench`;
  const mcpUrl = `${green.url}/mcp/bench`;
  const headers = await openSession(mcpUrl, key);
  const rows: Array<{ label: string; rest: Measured; mcp: Measured; ratio: number; cpuRatio: number }> = [];
  for (const pair of PAIRS) {
    const [method, path, body] = pair.rest;
    const restBody = body === undefined ? undefined : JSON.stringify(body);
    const viaRest = (duration: number) =>
      hammer(
        `${restBase}${path}`,
        {
          method,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          ...(restBody === undefined ? {} : { body: () => restBody }),
        },
        duration,
      );
    // Each MCP request gets a JSON-RPC id of its own, as a client's would.
    const viaMcp = (duration: number) =>
      hammer(
        mcpUrl,
        {
          method: 'POST',
          headers,
          body: () => rpc('tools/call', { name: pair.tool[0], arguments: pair.tool[1] }),
        },
        duration,
      );
    // Warm both paths up, then measure them in alternating quarters (R M M R R M M R), so a change
    // in the machine's load during the run weighs on both alike.
    await viaRest(1);
    await viaMcp(1);
    const quarter = DURATION_S / 4;
    const restParts: Measured[] = [];
    const mcpParts: Measured[] = [];
    for (let round = 0; round < 2; round++) {
      restParts.push(await viaRest(quarter));
      mcpParts.push(await viaMcp(quarter));
      mcpParts.push(await viaMcp(quarter));
      restParts.push(await viaRest(quarter));
    }
    const restMeasured = restParts.reduce(combine);
    const mcpMeasured = mcpParts.reduce(combine);
    rows.push({
      label: pair.label,
      rest: restMeasured,
      mcp: mcpMeasured,
      ratio: restMeasured.rps / mcpMeasured.rps,
      cpuRatio: mcpMeasured.cpuPerCall / restMeasured.cpuPerCall,
    });
  }
  return rows;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  sessions: number;
}

/** Resident memory of a process (Linux), for the simulator's share. */
function rssOf(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** On a green process of its own, so what the cost benchmark left behind does not count. */
async function memoryBenchmark(ues: ServerProcess) {
  const green = await startServerProcess(['--expose-gc', 'bench/mcp-green.mjs', ues.url]);
  try {
    return await measureMemory(ues, green);
  } finally {
    await green.stop();
  }
}

async function measureMemory(ues: ServerProcess, green: ServerProcess) {
  const ids = Array.from({ length: ASSESSMENTS }, (_, index) => `assessment-${index}`);
  const keys = await grantContexts(ADMIN_KEY, ues, green, ids);
  // What runs once per process (the tool list's JSON Schemas, the code paths) is paid before.
  const warm = await openSession(
    `${green.url}/mcp/bench`,
    (await grantContexts(ADMIN_KEY, ues, green, ['bench'])).get('bench')!,
  );
  await fetch(`${green.url}/mcp/bench`, { method: 'POST', headers: warm, body: rpc('tools/list', {}) }).then(
    (response) => response.text(),
  );
  const before = (await call(green.url, 'GET', '/bench/memory')) as Memory;
  const sessions = await Promise.all(
    ids.map(async (id) => {
      const url = `${green.url}/mcp/${id}`;
      const headers = await openSession(url, keys.get(id)!);
      return { url, headers };
    }),
  );
  // Each assessment lists the tools once and works through a few calls, all at the same time.
  await Promise.all(
    sessions.map(({ url, headers }) =>
      fetch(url, { method: 'POST', headers, body: rpc('tools/list', {}) }).then((response) =>
        response.text(),
      ),
    ),
  );
  const opened = (await call(green.url, 'GET', '/bench/memory')) as Memory;
  let peakRss = 0;
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      sessions.flatMap(({ url, headers }) => [
        mcpCall(url, headers, 'list_emails', { unread_only: true }),
        mcpCall(url, headers, 'read_chat', {}),
        mcpCall(url, headers, 'get_current_time', {}),
      ]),
    );
    peakRss = Math.max(peakRss, ((await call(green.url, 'GET', '/bench/memory')) as Memory).rss);
  }
  const after = (await call(green.url, 'GET', '/bench/memory')) as Memory;
  return { before, opened, after, peakRss };
}

const fmt = (value: number, digits = 0, width = 9): string => value.toFixed(digits).padStart(width);
const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/green/mcp/index.js')))
    throw new Error('dist/ is missing or stale: run `npm run build` first');
  // As the green starts a context's simulator: the simulator-only entry point.
  const ues = await startServerProcess(['dist/ues-cli.js', 'ues', '--port', '0', '--log-level', 'silent'], {
    UES_ADMIN_KEY: ADMIN_KEY,
  });
  let green: ServerProcess | undefined;
  try {
    await call(ues.url, 'POST', '/simulation/clear', {});
    await call(ues.url, 'POST', '/scenario/import/full', scenarioWith({ emails: 49 }));
    await call(ues.url, 'POST', '/simulation/start', { auto_advance: false });
    // What a context's simulator takes, before the benchmark's calls grow its state.
    const simulatorRss = rssOf(ues.child.pid);
    green = await startServerProcess(['--expose-gc', 'bench/mcp-green.mjs', ues.url]);
    greenUrl = green.url;
    console.log(
      `MCP benchmark — ${DURATION_S}s per measurement, ${CONNECTIONS} connections, node ${process.version}\n`,
    );

    const keys = await grantContexts(ADMIN_KEY, ues, green, ['bench']);
    const cost = await costBenchmark(green, keys.get('bench')!);
    console.log(
      `${''.padEnd(42)}${'REST req/s'.padStart(11)}${'p99 ms'.padStart(8)}${'CPU µs'.padStart(8)}${'MCP req/s'.padStart(11)}${'p99 ms'.padStart(8)}${'CPU µs'.padStart(8)}   ratio  CPU ratio`,
    );
    for (const row of cost) {
      const cells = [row.rest, row.mcp].map(
        (measured) =>
          `${fmt(measured.rps, 1, 11)}${fmt(measured.p99, 0, 8)}${fmt(measured.cpuPerCall, 0, 8)}`,
      );
      console.log(
        `${row.label.padEnd(42)}${cells.join('')}   ${row.ratio.toFixed(2)}×  ${row.cpuRatio.toFixed(2)}×` +
          (row.rest.errors + row.mcp.errors ? `  (${row.rest.errors + row.mcp.errors} errors)` : ''),
      );
    }

    const memory = await memoryBenchmark(ues);
    const heap = (at: Memory): number => at.heapUsed + at.external;
    const added = heap(memory.after) - heap(memory.before);
    const addedRss = memory.after.rss - memory.before.rss;
    const peakAddedRss = memory.peakRss - memory.before.rss;
    const perSession = (heap(memory.opened) - heap(memory.before)) / ASSESSMENTS;
    const sessions = memory.after.sessions - memory.before.sessions;
    console.log(
      `\n${ASSESSMENTS} assessments, an MCP session each (${sessions} sessions), after 3 rounds of ${ASSESSMENTS * 3} concurrent calls:`,
    );
    console.log(
      `  green heap + external: ${mib(heap(memory.before))} → ${mib(heap(memory.after))} (+${mib(added)}, ${(added / ASSESSMENTS / 1024).toFixed(0)} KiB per assessment; an open, listed session alone ${(perSession / 1024).toFixed(0)} KiB)`,
    );
    console.log(
      `  green RSS: ${mib(memory.before.rss)} → ${mib(memory.after.rss)} (+${mib(addedRss)}; at the peak of the calls +${mib(peakAddedRss)})`,
    );
    if (simulatorRss !== undefined)
      console.log(`  one simulator (child UES, 49 emails, freshly loaded): RSS ${mib(simulatorRss)}`);

    // The target is the green's CPU per call: what an MCP call costs the green over the same REST
    // call. Throughput follows it when the green is the bottleneck, and the machine's other load
    // otherwise, so it is printed but not judged.
    const checks: Array<[string, boolean]> = cost.map((row) => [
      `${row.label}: an MCP call costs the green ≤ ${TARGETS.maxCostRatio}× the REST call (CPU per call)`,
      row.cpuRatio <= TARGETS.maxCostRatio && row.rest.errors + row.mcp.errors === 0,
    ]);
    checks.push([
      `${ASSESSMENTS} assessments’ MCP sessions add less to the green than one simulator (one context under the cap)` +
        (simulatorRss === undefined ? ' (simulator RSS unknown)' : ''),
      sessions === ASSESSMENTS &&
        (simulatorRss === undefined || Math.max(added, addedRss, peakAddedRss) < simulatorRss),
    ]);
    console.log('');
    for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${name}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await green?.stop();
    await ues.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
