/**
 * What the checks cost (issue 26: the reading layer under every text check must stay cheap).
 * Every scenario's saved oracle run (gold/<id>/oracle) is scored offline, as `rescore` and the gold
 * gate do: CPU ms per scoring, median of BENCH_REPEAT passes (default 5) after a warm-up, each pass
 * on a fresh copy of the run (the checks cache what they read per run).
 *
 * Against an older check library on the same runs, in the same process:
 *   git worktree add /tmp/checks-base 78caa2d   # the library when the reading issue was filed
 *   (cd /tmp/checks-base && npm ci && npm run build)
 *   BENCH_CHECKS_BASELINE=/tmp/checks-base npx tsx bench/check-scoring.bench.ts
 * The baseline scores the same saved runs with its own scenario files (an older library cannot
 * read newer check vocabulary). Target: the three-day run (triage_executive_three_day_briefs,
 * ~200 messages) and all runs together at most 2× the baseline. Exits 1 when a target is missed.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_GOLD_DIR, readOracleRun } from '../src/green/gold/store.js';
import { rescoreInput } from '../src/green/gold/rescore-input.js';
import type { EvaluationInput } from '../src/green/run-record/evaluation-input.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../src/green/scenarios/index.js';

const REPEAT = Number(process.env['BENCH_REPEAT'] ?? 5);
const BASELINE = process.env['BENCH_CHECKS_BASELINE'];
const THREE_DAY = 'triage_executive_three_day_briefs';
const TARGET = 2;

type Score = (id: string, input: EvaluationInput) => Promise<unknown>;

interface Library {
  score: Score;
  ids: string[];
}

async function libraryAt(distDir: string, scenariosDir: string): Promise<Library> {
  const load = (path: string) => import(pathToFileURL(join(distDir, path)).href);
  const { rescoreInput: rescore } = (await load('green/gold/rescore-input.js')) as {
    rescoreInput: (scenario: unknown, input: EvaluationInput) => Promise<unknown>;
  };
  const { ScenarioManager: Manager } = (await load('green/scenarios/index.js')) as {
    ScenarioManager: typeof ScenarioManager;
  };
  const manager = new Manager(scenariosDir);
  return {
    ids: await manager.listIds(),
    score: async (id, input) => rescore(await manager.load(id), input),
  };
}

function currentLibrary(manager: ScenarioManager, ids: string[]): Library {
  return { ids, score: async (id, input) => rescoreInput(await manager.load(id), input) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function cpuMs(library: Library, id: string, input: EvaluationInput): Promise<number> {
  await library.score(id, structuredClone(input)); // warm-up: JIT, the scenario's own caches
  const samples: number[] = [];
  for (let pass = 0; pass < REPEAT; pass++) {
    const copy = structuredClone(input);
    const start = process.cpuUsage();
    await library.score(id, copy);
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  return median(samples);
}

const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
const current = currentLibrary(manager, await manager.listIds());
const baseline = BASELINE ? await libraryAt(join(BASELINE, 'dist'), join(BASELINE, 'scenarios')) : undefined;

interface Row {
  id: string;
  messages: number;
  now: number;
  before?: number;
}
const rows: Row[] = [];
for (const id of current.ids) {
  const input = await readOracleRun(DEFAULT_GOLD_DIR, id);
  if (input === undefined) continue;
  const state = input.final_state;
  const messages =
    Object.keys(state.email.emails).length +
    Object.keys(state.sms.messages).length +
    state.chat.messages.length;
  const row: Row = { id, messages, now: await cpuMs(current, id, input) };
  if (baseline?.ids.includes(id)) row.before = await cpuMs(baseline, id, input);
  rows.push(row);
}
if (rows.length === 0) throw new Error('no oracle runs under gold/: run `scenarios gold oracles` first');

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const compared = rows.filter((row) => row.before !== undefined);
const bySize = [...rows].sort((a, b) => b.messages - a.messages);
const shown = [rows.find((row) => row.id === THREE_DAY), bySize[0], bySize[bySize.length - 1]].filter(
  (row, index, all): row is Row => row !== undefined && all.indexOf(row) === index,
);
const ratio = (now: number, before: number | undefined): string =>
  before === undefined ? '—' : `${(now / before).toFixed(2)}×`;

console.log(`## Check scoring (offline, CPU ms per scoring, median of ${REPEAT} after a warm-up)\n`);
console.log(`| run | messages | now | ${baseline ? 'baseline | now ÷ baseline |' : ''}`);
console.log(`|---|---:|---:|${baseline ? '---:|---:|' : ''}`);
for (const row of shown)
  console.log(
    `| ${row.id} | ${row.messages} | ${row.now.toFixed(1)} |${baseline ? ` ${row.before?.toFixed(1) ?? '—'} | ${ratio(row.now, row.before)} |` : ''}`,
  );
const total = { now: sum(compared.map((r) => r.now)), before: sum(compared.map((r) => r.before!)) };
console.log(
  `| all ${rows.length} oracle runs | ${sum(rows.map((r) => r.messages))} | ${sum(rows.map((r) => r.now)).toFixed(0)} |${
    baseline
      ? ` ${total.before.toFixed(0)} (${compared.length} runs) | ${ratio(total.now, total.before)} |`
      : ''
  }`,
);
if (!baseline) {
  console.log('\nNo baseline library: set BENCH_CHECKS_BASELINE to compare (see the header of this file).');
} else {
  const threeDay = rows.find((row) => row.id === THREE_DAY);
  const misses = [
    threeDay?.before !== undefined && threeDay.now / threeDay.before > TARGET
      ? `${THREE_DAY} ${ratio(threeDay.now, threeDay.before)}`
      : '',
    total.now / total.before > TARGET ? `all runs ${ratio(total.now, total.before)}` : '',
  ].filter(Boolean);
  console.log(
    `\nTarget: at most ${TARGET}× the baseline.${misses.length ? ` MISSED: ${misses.join(', ')}` : ' Met.'}`,
  );
  if (misses.length > 0) process.exitCode = 1;
}
