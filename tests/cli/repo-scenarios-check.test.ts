import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../src/cli/check/run-check.js';
import { runCli } from './run-cli.js';

/**
 * The validity gate on the repository's own scenarios: every scenario's oracle and paraphrased
 * oracle score high and every gaming and imitation strategy scores low, each imitation strategy
 * also on average (bounds in src/cli/check/bounds.ts).
 * A scenario added without proof that it measures something fails CI here.
 */
describe('scenarios check on every scenario in scenarios/', () => {
  it('holds every bound', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'repo-check-'));
    try {
      const json = join(temp, 'report.json');
      const cli = runCli(['scenarios', 'check', '--json', json]);
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
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }, 900_000);
});
