/**
 * `npm run bench`: every benchmark, one after the other in processes of their own; each prints
 * its tables, and the exit code is 1 when any of them missed a target (a miss does not stop the
 * others from running).
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './processes.js';

const BENCHMARKS = [
  'bench/ues.bench.ts',
  'bench/mcp.bench.ts',
  'bench/green-turns.bench.ts',
  'bench/check-scoring.bench.ts',
  'bench/cold-start.bench.ts',
];

let failed = false;
for (const file of BENCHMARKS) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
  console.log('');
}
process.exitCode = failed ? 1 : 0;
