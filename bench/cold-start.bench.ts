/**
 * Cold start (`npx tsx bench/cold-start.bench.ts` after `npm run build`; part of `npm run bench`,
 * issue 30): how long a process takes before it is of use, against bare node started the same way.
 *
 * - `node dist/cli.js --help`, from spawn to exit, against `node -e ""`;
 * - a green agent serving its card: `node dist/cli.js green --port 0`, from spawn to the first
 *   `GET /.well-known/agent-card.json` answered, against a bare `node:http` server answering a
 *   JSON card (`bench/bare-card-server.mjs`), measured alike.
 *
 * "Today's" — the code before the cold-start work, `BENCH_COLD_START_BASELINE` (a git ref; default
 * below; `none` skips it) — is built into a temporary folder and measured in the same run, every
 * round alternating bare, current and baseline, so the machine's load falls on all of them. Medians
 * of `BENCH_COLD_START_ROUNDS` rounds (default 7). Targets: **≤ 3× bare node** for both (on the
 * development machine: --help under 300 ms, the card under 500 ms); exits 1 when one is missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './processes.js';

/** The last commit before issue 30's cold-start changes. */
const DEFAULT_BASELINE = 'ac36d47';
const BASELINE = process.env['BENCH_COLD_START_BASELINE'] ?? DEFAULT_BASELINE;
const ROUNDS = Number(process.env['BENCH_COLD_START_ROUNDS'] ?? 7);
const TARGET_RATIO = 3;
const CARD_PATH = '/.well-known/agent-card.json';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Milliseconds from spawning `node <args>` in `cwd` to its exit (which must be 0). */
function timeToExit(cwd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`node ${args.join(' ')} exited with ${code}: ${errors}`));
    });
  });
}

/**
 * Milliseconds from spawning a server to its card answering 200: the URL is read from its
 * `listening on <url>` line, then the card is asked for until it answers (a server may print the
 * line before it serves).
 */
function timeToCard(cwd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let asked = false;
    const finish = (outcome: { ms: number } | { error: Error }) => {
      child.once('exit', () => ('ms' in outcome ? resolve(outcome.ms) : reject(outcome.error)));
      child.kill('SIGTERM');
    };
    const ask = async (url: string): Promise<void> => {
      for (;;) {
        const response = await fetch(new URL(CARD_PATH, url)).catch(() => undefined);
        if (response?.status === 200) {
          await response.text();
          return finish({ ms: performance.now() - started });
        }
        await new Promise((done) => setTimeout(done, 2));
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url !== undefined && !asked) {
        asked = true;
        void ask(url);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (!asked)
        reject(new Error(`node ${args.join(' ')} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** `ref` built into a temporary folder (sharing node_modules); undefined, with the reason, if it cannot be. */
async function buildBaseline(ref: string): Promise<{ dir: string } | { skipped: string }> {
  if (ref === 'none') return { skipped: 'BENCH_COLD_START_BASELINE=none' };
  const dir = await mkdtemp(join(tmpdir(), 'cold-start-baseline-'));
  const archive = spawnSync(
    'sh',
    ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (archive.status !== 0 || !existsSync(join(dir, 'package.json'))) {
    return { skipped: `git archive ${ref} failed: ${archive.stderr.trim() || 'no git checkout here'}` };
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  if (tsc.status !== 0) return { skipped: `building ${ref} failed: ${tsc.stdout.slice(0, 500)}` };
  return { dir };
}

interface Row {
  name: string;
  floor: number[];
  current: number[];
  baseline: number[];
}

async function main(): Promise<void> {
  console.log(`Building today's code (${BASELINE}) for comparison…`);
  const baseline = await buildBaseline(BASELINE);
  if ('skipped' in baseline) console.log(`No baseline: ${baseline.skipped}`);
  const greenArgs = ['dist/cli.js', 'green', '--host', '127.0.0.1', '--port', '0', '--log-level', 'warn'];
  const help: Row = { name: '`--help` (to exit)', floor: [], current: [], baseline: [] };
  const card: Row = { name: 'green serving its card', floor: [], current: [], baseline: [] };
  // Warm the file system cache first, so no side pays for the first read of node_modules.
  await timeToExit(ROOT, ['dist/cli.js', '--help']);
  await timeToCard(ROOT, greenArgs);
  if ('dir' in baseline) await timeToCard(baseline.dir, greenArgs);
  for (let round = 0; round < ROUNDS; round++) {
    help.floor.push(await timeToExit(ROOT, ['-e', '']));
    help.current.push(await timeToExit(ROOT, ['dist/cli.js', '--help']));
    if ('dir' in baseline) help.baseline.push(await timeToExit(baseline.dir, ['dist/cli.js', '--help']));
    card.floor.push(await timeToCard(ROOT, ['bench/bare-card-server.mjs']));
    card.current.push(await timeToCard(ROOT, greenArgs));
    if ('dir' in baseline) card.baseline.push(await timeToCard(baseline.dir, greenArgs));
  }
  if ('dir' in baseline) await rm(baseline.dir, { recursive: true, force: true });

  const failures: string[] = [];
  console.log(`\nCold start, medians of ${ROUNDS} rounds (ms; ratio to bare node started alike)\n`);
  console.log(
    `${'measurement'.padEnd(26)}${'bare node'.padStart(11)}${'now'.padStart(9)}${'ratio'.padStart(8)}` +
      `${'today'.padStart(9)}${'ratio'.padStart(8)}   target`,
  );
  for (const row of [help, card]) {
    const floor = median(row.floor);
    const now = median(row.current);
    const ratio = now / floor;
    const before = row.baseline.length > 0 ? median(row.baseline) : undefined;
    console.log(
      `${row.name.padEnd(26)}${floor.toFixed(0).padStart(11)}${now.toFixed(0).padStart(9)}${`${ratio.toFixed(1)}×`.padStart(8)}` +
        `${(before === undefined ? '—' : before.toFixed(0)).padStart(9)}` +
        `${(before === undefined ? '—' : `${(before / floor).toFixed(1)}×`).padStart(8)}   ≤ ${TARGET_RATIO}×`,
    );
    if (ratio > TARGET_RATIO)
      failures.push(`${row.name}: ${ratio.toFixed(1)}× bare node (target ≤ ${TARGET_RATIO}×)`);
  }
  if (failures.length > 0) {
    console.log(`\nMissed: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
