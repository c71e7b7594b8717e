import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ScenarioManager } from '../../green/scenarios/loader.js';
import { checkReport, type CheckReport, type CheckRunOptions, type ScenarioCheck } from './run-check.js';

/**
 * `scenarios check --workers n`: the gate's scenarios dealt round-robin to n processes of this same
 * CLI, each a `scenarios check --workers 1` of its share — a gate run is one core's work, so one
 * process leaves the others idle — and their reports merged into one, in the order one process
 * would give. Each worker's cell lines are passed on as they come.
 */

export interface WorkerCheckOptions extends CheckRunOptions {
  workers: number;
  /** Told each progress line a worker prints (its cells). */
  onLine?: ((line: string) => void) | undefined;
}

/** How to start this CLI again: the same node, flags (tsx when run from source) and entry point. */
function ownCli(): { command: string; args: string[] } {
  return { command: process.execPath, args: [...process.execArgv, process.argv[1]!] };
}

/** `items` dealt round-robin into at most `n` non-empty hands. */
export function deal<T>(items: readonly T[], n: number): T[][] {
  const hands = Array.from({ length: Math.max(1, Math.min(n, items.length)) }, (): T[] => []);
  items.forEach((item, index) => hands[index % hands.length]!.push(item));
  return hands.filter((hand) => hand.length > 0);
}

function workerArgs(options: WorkerCheckOptions, ids: readonly string[], json: string): string[] {
  return [
    'scenarios',
    'check',
    ...ids,
    '--scenarios-dir',
    options.scenariosDir,
    '--strategies',
    options.strategies.join(','),
    '--concurrency',
    String(options.concurrency),
    '--seed',
    String(options.seed),
    '--variant-seed',
    (options.variantSeeds?.length ? options.variantSeeds : [0]).join(','),
    '--ues-runner',
    options.uesRunner,
    '--workers',
    '1',
    '--json',
    json,
    ...(options.outDir === undefined ? [] : ['--out', options.outDir]),
  ];
}

/** Runs one worker; resolves with its report, or rejects with why it gave none. */
function runWorker(options: WorkerCheckOptions, ids: readonly string[], json: string): Promise<CheckReport> {
  const cli = ownCli();
  return new Promise((resolve, reject) => {
    const child = spawn(cli.command, [...cli.args, ...workerArgs(options, ids, json)], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      // A worker's cells are the indented lines; its header and table are merged away.
      for (const line of lines) if (line.startsWith('  ') && line.includes(' / ')) options.onLine?.(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const stop = (): void => void child.kill('SIGTERM');
    options.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', stop);
      readFile(json, 'utf8')
        .then((text) => resolve(JSON.parse(text) as CheckReport))
        .catch(() =>
          reject(
            new Error(
              `the check worker for ${ids.join(', ')} ended (exit code ${code}) without a report:\n${output.slice(-2000)}`,
            ),
          ),
        );
    });
  });
}

export async function runCheckInWorkers(options: WorkerCheckOptions): Promise<CheckReport> {
  const started = performance.now();
  const ids =
    options.scenarioIds.length > 0
      ? [...options.scenarioIds]
      : await new ScenarioManager(options.scenariosDir).listIds();
  const temp = await mkdtemp(join(tmpdir(), 'check-workers-'));
  try {
    const hands = deal(ids, options.workers);
    const reports = await Promise.all(
      hands.map((hand, index) => runWorker(options, hand, join(temp, `worker-${index}.json`))),
    );
    const byLabel = new Map<string, ScenarioCheck>();
    for (const report of reports)
      for (const scenario of report.scenarios) byLabel.set(scenario.label, scenario);
    const variantSeeds = options.variantSeeds?.length ? [...options.variantSeeds] : [0];
    // The order one process gives: by id as asked, then by variant seed.
    const scenarios = ids.flatMap((id) =>
      variantSeeds.flatMap((seed) => byLabel.get(seed === 0 ? id : `${id}@${seed}`) ?? []),
    );
    return checkReport(scenarios, options, variantSeeds, Math.round(performance.now() - started) / 1000);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
