import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deal } from '../../../src/cli/check/check-workers.js';
import type { CheckReport } from '../../../src/cli/check/run-check.js';
import { runCli } from '../run-cli.js';

/**
 * `scenarios check --workers n` shares the scenarios among n processes of the CLI and merges their
 * reports: the same cells, means and verdict as one process, in the same order.
 */

const FIXTURES = 'tests/support/scenarios/check';

describe('dealing scenarios to workers', () => {
  it('deals round-robin into at most n non-empty hands', () => {
    expect(deal(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
    expect(deal(['a'], 4)).toEqual([['a']]);
    expect(deal([], 3)).toEqual([]);
  });
});

describe('scenarios check in workers', () => {
  let temp: string;
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'check-workers-'));
  });
  afterEach(() => rm(temp, { recursive: true, force: true }));

  const check = async (
    workers: number,
  ): Promise<{ report: CheckReport; code: number | null; output: string }> => {
    const json = join(temp, `report-${workers}.json`);
    const cli = runCli([
      'scenarios',
      'check',
      '--scenarios-dir',
      FIXTURES,
      '--strategies',
      'oracle,noop,dump,traps',
      '--workers',
      String(workers),
      '--json',
      json,
    ]);
    const code = await cli.exited;
    return { report: JSON.parse(await readFile(json, 'utf8')) as CheckReport, code, output: cli.output() };
  };

  it('names a bad --workers and runs nothing', async () => {
    for (const value of ['0', 'two']) {
      const cli = runCli(['scenarios', 'check', '--scenarios-dir', FIXTURES, '--workers', value]);
      expect(await cli.exited).not.toBe(0);
      expect(cli.output()).toMatch(/--workers/);
      expect(cli.output()).not.toContain('Checking');
    }
  });

  it('gives the report one process gives, and its exit code', async () => {
    const [one, two] = await Promise.all([check(1), check(2)]);
    const cells = (report: CheckReport) =>
      report.scenarios.map((scenario) => ({
        label: scenario.label,
        ok: scenario.ok,
        problems: scenario.problems,
        cells: scenario.cells.map(({ strategy, overall_percent, ok, problems }) => ({
          strategy,
          overall_percent,
          ok,
          problems,
        })),
      }));
    expect(cells(two.report)).toEqual(cells(one.report));
    expect(two.report.means).toEqual(one.report.means);
    expect(two.report.scenarios.map((scenario) => scenario.label)).toEqual(['check_gate', 'no_oracle']);
    expect([two.report.ok, two.code]).toEqual([false, 1]);
    expect([one.report.ok, one.code]).toEqual([false, 1]);
    // Each worker's cells are shown as they finish; the table is the parent's alone.
    expect(two.output).toContain('check_gate / dump: overall 80.0 % > 50 %');
    expect(two.output.match(/^scenario\s+oracle/gm)).toHaveLength(1);
  }, 180_000);
});
