/**
 * Benchmarks of issue 13's second half (run with `npm run build && npx tsx bench/replay-report.bench.ts`):
 *
 * 1. recording overhead: the same assessment (mini_inbox, a purple that writes to two characters
 *    every turn: 13 character and judge calls) run in pairs with and without `record_dir`. With a
 *    fake model answering in 50 ms — still far faster than a hosted LLM (0.5–5 s) — the target is
 *    a median paired difference < 5 % of the run; with an instant model (the worst case, where
 *    the run is only the simulator and the protocol) the share is printed for information;
 * 2. rescore of a 13-turn run (email_triage_basic): read the run folder, load the scenario, score —
 *    in a fresh Node process (cold, as `rescore` runs) and again in the same process; target < 1 s
 *    cold;
 * 3. the report of a 30-scenario suite (13-turn runs): size (target < 5 MB) and build time.
 *
 * Exits non-zero when a target is missed. `BENCH_RUNS=<n>` sets the pairs of runs (default 21).
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../src/green/scenarios/index.js';
import { writeReport } from '../src/report/index.js';
import { ScriptedModel, taggedAnswer, taggedGreenModel } from '../tests/support/fake-models.js';
import { startAgentHarness } from '../tests/support/green-harness.js';
import { TRIAGE_PURPLE, makeRunDirectory } from '../tests/support/run-directories.js';
import { earlyCompletion, startScriptedPurple, turnComplete } from '../tests/support/scripted-purple.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env['BENCH_RUNS'] ?? 21);
const failures: string[] = [];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A fake model that takes `latencyMs` per call, as a (very fast) provider would. */
class SlowModel extends ScriptedModel {
  constructor(private readonly latencyMs: number) {
    super(taggedAnswer('bench'));
  }
  override async _generate(...args: Parameters<ScriptedModel['_generate']>) {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    return super._generate(...args);
  }
}

/** One mini_inbox assessment; returns its wall time in ms and the number of model calls. */
async function timedRun(
  config: Record<string, unknown>,
  latencyMs: number,
): Promise<{ ms: number; calls: number }> {
  const model = latencyMs > 0 ? new SlowModel(latencyMs) : taggedGreenModel('bench');
  const harness = await startAgentHarness({
    config: { response_model: 'openai:characters', evaluation_model: 'openai:judge', ...config },
    agent: { models: () => model },
  });
  const purple = await startScriptedPurple({
    async onTurn({ turn, ues }) {
      if (turn.turn_number > 3) return earlyCompletion();
      for (const to of ['ann@example.com', 'bob@example.com']) {
        await ues.email.send({
          from_address: 'alex@example.com',
          to_addresses: [to],
          subject: `Update ${turn.turn_number}`,
          body_text: `Here is update ${turn.turn_number}, as promised. Could you confirm?`,
        });
      }
      return turnComplete('PT1H');
    },
  });
  try {
    const scenario = await harness.scenarios.load('mini_inbox');
    const started = performance.now();
    await harness.agent.run({
      taskId: 'bench',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario,
      config: { scenario_id: 'mini_inbox', seed: 3 },
      emitter: harness.recorder().emitter,
      signal: new AbortController().signal,
    });
    return { ms: performance.now() - started, calls: model.calls };
  } finally {
    await purple.close();
    await harness.close();
  }
}

/** Median run time without recording and median paired difference with it. */
async function pairedOverhead(root: string, latencyMs: number, pairs: number) {
  await timedRun({}, latencyMs); // warm-up: module loading, JIT
  await timedRun({ record_dir: join(root, 'recordings-warm-up') }, latencyMs);
  const plain: number[] = [];
  const differences: number[] = [];
  let calls = 0;
  for (let i = 0; i < pairs; i++) {
    // Paired and in alternating order, so drift on a shared machine hits both modes alike.
    const recordFirst = i % 2 === 1;
    const recording = { record_dir: join(root, `recordings-${latencyMs}-${i}`) };
    const first = await timedRun(recordFirst ? recording : {}, latencyMs);
    const second = await timedRun(recordFirst ? {} : recording, latencyMs);
    const [without, withRecording] = recordFirst ? [second, first] : [first, second];
    plain.push(without.ms);
    differences.push(withRecording.ms - without.ms);
    calls = withRecording.calls;
  }
  return { run: median(plain), difference: median(differences), calls };
}

async function recordingOverhead(root: string): Promise<void> {
  for (const latencyMs of [0, 50]) {
    const { run, difference, calls } = await pairedOverhead(
      root,
      latencyMs,
      latencyMs === 0 ? RUNS : Math.ceil(RUNS / 2),
    );
    const share = difference / run;
    console.log(
      `recording, model answering in ${latencyMs} ms: ${calls} calls per run; median run ${run.toFixed(1)} ms ` +
        `without recording, median paired difference ${difference.toFixed(1)} ms (${(share * 100).toFixed(1)} %)` +
        (latencyMs === 0 ? ' — the worst case, for information' : ''),
    );
    if (latencyMs > 0 && share >= 0.05)
      failures.push(
        `recording adds ${(share * 100).toFixed(1)} % with a ${latencyMs} ms model (target < 5 %)`,
      );
  }
}

async function rescoreTime(runDir: string): Promise<void> {
  const script = `
    const t0 = performance.now();
    const { readRunDirectory } = await import('./dist/green/run-record/run-directory.js');
    const { ScenarioManager, DEFAULT_SCENARIOS_DIR } = await import('./dist/green/scenarios/loader.js');
    const { rescoreRun } = await import('./dist/green/run-record/rescore.js');
    const { pino } = await import('pino');
    const t1 = performance.now();
    const run = await readRunDirectory(${JSON.stringify(runDir)}, { requireEvaluationInput: true });
    const scenario = await new ScenarioManager(DEFAULT_SCENARIOS_DIR).load(run.results.scenario_id);
    await rescoreRun(run, scenario, { model: null, modelName: 'offline' }, { logger: pino({ level: 'silent' }) });
    const t2 = performance.now();
    console.log(JSON.stringify({ imports: t1 - t0, rescore: t2 - t1 }));`;
  const cold = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
  ) as { imports: number; rescore: number };
  const { readRunDirectory } = await import('../src/green/run-record/run-directory.js');
  const { rescoreRun } = await import('../src/green/run-record/rescore.js');
  const { pino } = await import('pino');
  const run = await readRunDirectory(runDir, { requireEvaluationInput: true });
  const scenario = await new ScenarioManager(DEFAULT_SCENARIOS_DIR).load(run.results.scenario_id);
  const logger = pino({ level: 'silent' });
  await rescoreRun(run, scenario, { model: null, modelName: 'offline' }, { logger });
  const started = performance.now();
  await rescoreRun(run, scenario, { model: null, modelName: 'offline' }, { logger });
  const warm = performance.now() - started;
  console.log(
    `rescore of a ${run.results.turns_taken}-turn run: ${cold.rescore.toFixed(0)} ms cold in a fresh process ` +
      `(read, load the scenario, score; module imports another ${cold.imports.toFixed(0)} ms), ${warm.toFixed(1)} ms warm`,
  );
  if (cold.rescore >= 1_000) failures.push(`rescore took ${cold.rescore.toFixed(0)} ms (target < 1 s)`);
}

async function reportSize(root: string, runDir: string): Promise<void> {
  const suite = join(root, 'suite');
  for (let i = 0; i < 30; i++)
    await cp(runDir, join(suite, `scenario_${String(i).padStart(2, '0')}`), { recursive: true });
  const started = performance.now();
  const written = await writeReport([suite]);
  const ms = performance.now() - started;
  console.log(
    `report of a 30-scenario suite: ${(written.bytes / 1024 / 1024).toFixed(2)} MB, built in ${ms.toFixed(0)} ms`,
  );
  if (written.bytes >= 5 * 1024 * 1024)
    failures.push(`the suite report is ${written.bytes} bytes (target < 5 MB)`);
}

const root = await mkdtemp(join(tmpdir(), 'bench-replay-report-'));
try {
  await recordingOverhead(root);
  const runDir = join(root, 'triage');
  await makeRunDirectory(runDir, { scenarioId: 'email_triage_basic', purple: TRIAGE_PURPLE });
  await rescoreTime(runDir);
  await reportSize(root, runDir);
} finally {
  await rm(root, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`targets missed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
}
