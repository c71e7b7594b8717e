import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CHECK_STRATEGIES, type CheckStrategy } from '../../src/cli/check/bounds.js';
import type { CheckReport } from '../../src/cli/check/run-check.js';
import { IMITATION_STRATEGIES } from '../../src/purple/baselines/imitation/index.js';
import { runCli } from '../cli/run-cli.js';

/**
 * The validity gate on the repository's own scenarios, through the CLI as a user runs it, split
 * in two halves of about equal cost (two files, so the two test workers run them side by side;
 * measured on all 60 scenarios: ~630 and ~610 cell-seconds): the imitation strategies but the
 * costliest, and everything else. Each half covers every scenario, so each strategy's mean bound
 * is checked whole.
 */
const MOVED_TO_OTHER_HALF: readonly CheckStrategy[] = ['relay-all'];
export const IMITATION_HALF = (Object.keys(IMITATION_STRATEGIES) as CheckStrategy[]).filter(
  (strategy) => !MOVED_TO_OTHER_HALF.includes(strategy),
);
export const OTHER_HALF = CHECK_STRATEGIES.filter((strategy) => !IMITATION_HALF.includes(strategy));

export async function expectRepoGateHolds(strategies: readonly CheckStrategy[]): Promise<void> {
  const temp = await mkdtemp(join(tmpdir(), 'repo-check-'));
  try {
    const json = join(temp, 'report.json');
    // One process each: the two halves already run side by side, one per core.
    const cli = runCli([
      'scenarios',
      'check',
      '--strategies',
      strategies.join(','),
      '--workers',
      '1',
      '--json',
      json,
    ]);
    const code = await cli.exited;
    const report = JSON.parse(await readFile(json, 'utf8')) as CheckReport;
    const broken = [
      ...report.scenarios.flatMap((s) =>
        s.cells.filter((c) => !c.ok).map((c) => `${s.scenario_id}/${c.strategy}: ${c.problems.join('; ')}`),
      ),
      ...report.means.filter((m) => !m.ok).map((m) => `mean/${m.strategy}: ${m.problems.join('; ')}`),
    ];
    expect(broken, cli.output()).toEqual([]);
    expect(code).toBe(0);
    expect(report.scenarios.length).toBeGreaterThan(0);
    expect(new Set(report.scenarios.flatMap((s) => s.cells.map((c) => c.strategy)))).toEqual(
      new Set(strategies),
    );
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
