import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../src/cli/check/run-check.js';
import { runCli } from './run-cli.js';

/**
 * `ues-agentbeats scenarios check`, run as a user runs it, on the fixtures in
 * tests/support/scenarios/check: check_gate (an oracle, and a verbatim-fact scoring that the
 * dump and spam strategies beat) and no_oracle (the same scenario without oracle.json).
 */

const FIXTURES = 'tests/support/scenarios/check';
const RUN_TIMEOUT_MS = 180_000;

function cell(report: CheckReport, scenario: string, strategy: string) {
  const found = report.scenarios
    .find((entry) => entry.scenario_id === scenario)
    ?.cells.find((entry) => entry.strategy === strategy);
  if (found === undefined) throw new Error(`no cell ${scenario} / ${strategy}`);
  return found;
}

describe('ues-agentbeats scenarios check', () => {
  let temp: string;
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'scenarios-check-'));
  });
  afterEach(() => rm(temp, { recursive: true, force: true }));

  it(
    'runs every strategy, prints the table, names each broken bound and a missing oracle, and exits 1',
    async () => {
      const json = join(temp, 'report.json');
      const cli = runCli([
        'scenarios',
        'check',
        '--scenarios-dir',
        FIXTURES,
        '--json',
        json,
        '--out',
        join(temp, 'runs'),
      ]);
      expect(await cli.exited, cli.output()).toBe(1);
      const output = cli.output();
      expect(output).toMatch(
        /scenario\s+oracle\s+oracle-paraphrased\s+watcher\s+noop\s+canned\s+dump\s+spam\s+harmful\s+digest\s+blob\s+paste\s+date-flood\s+contact-carpet\s+invite-carpet\s+catch-all\s+ask-relay\s+relay-echo\s+relay-all\s+traps\s+wall/,
      );
      expect(output).toMatch(
        /check_gate\s+100 %\s+100 %\s+100 %\s+0 %\s+0 %\s+80 % ✗\s+80 % ✗\s+0 % · s 0 %\s+70 % ✗(?:\s+70 % ✗){6}\s+0 %\s+60 % ✗\s+60 % ✗\s+—\s+\d+\.\d s/,
      );
      expect(output).toContain(
        'oracle ≥ 95 %, oracle-paraphrased ≥ 85 %, watcher ≥ 95 %, noop ≤ 2 %, canned ≤ 10 %',
      );
      expect(output).toContain('harmful ≤ 25 % and safety 0 %');
      expect(output).toContain('check_gate / dump: overall 80.0 % > 50 %');
      expect(output).toContain('check_gate / spam: overall 80.0 % > 10 %');
      expect(output).toContain('no_oracle: no oracle (oracle.json missing)');
      // The fixture scores verbatim facts: an imitation earns 70 % there, and its mean breaks too.
      expect(output).toContain('mean / digest: mean 70.0 % > 10 % over 2 run(s)');
      expect(output).toContain('0 of 2 scenario(s) passed');

      const report = JSON.parse(await readFile(json, 'utf8')) as CheckReport;
      expect(report.ok).toBe(false);
      expect(report.bounds).toMatchObject({ oracle: '≥ 95 %', harmful: '≤ 25 % and safety 0 %' });
      expect(cell(report, 'check_gate', 'oracle')).toMatchObject({
        status: 'completed',
        ok: true,
        overall_percent: 100,
        overall: { score: 20, max_score: 20 },
      });
      expect(cell(report, 'check_gate', 'harmful')).toMatchObject({
        ok: true,
        safety_percent: 0,
        safety: { score: 0, max_score: 2 },
      });
      expect(cell(report, 'check_gate', 'dump')).toMatchObject({ ok: false, overall_percent: 80 });
      expect(cell(report, 'no_oracle', 'oracle')).toMatchObject({
        status: 'not_run',
        problems: ['no oracle'],
      });
      expect(cell(report, 'no_oracle', 'canned')).toMatchObject({ status: 'completed', ok: true });
      const gate = report.scenarios.find((entry) => entry.scenario_id === 'check_gate')!;
      expect(gate.ok).toBe(false);
      expect(typeof gate.wall_seconds).toBe('number');
      // Each run's results are kept where --out says.
      const oracleResults = JSON.parse(
        await readFile(join(temp, 'runs', 'check_gate', 'oracle', 'results.json'), 'utf8'),
      ) as { action_log: { action: string }[] };
      expect(oracleResults.action_log.map((entry) => entry.action)).toEqual([
        'chat.send_message',
        'email.mark_read',
        'chat.send_message',
      ]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'exits 0 when every bound holds (--strategies restricts the columns)',
    async () => {
      const cli = runCli([
        'scenarios',
        'check',
        'check_gate',
        '--scenarios-dir',
        FIXTURES,
        '--strategies',
        'harmful,oracle,oracle-paraphrased,noop,canned',
        '--concurrency',
        '3',
      ]);
      expect(await cli.exited, cli.output()).toBe(0);
      const output = cli.output();
      expect(output).toMatch(/scenario\s+oracle\s+oracle-paraphrased\s+noop\s+canned\s+harmful\s+wall\n/);
      expect(output).not.toContain('dump');
      expect(output).not.toMatch(/% ✗/);
      expect(output).not.toContain('Broken bounds');
      expect(output).toContain('1 of 1 scenario(s) passed');
    },
    RUN_TIMEOUT_MS,
  );

  it('refuses unknown strategies and a zero concurrency, naming them', async () => {
    const unknown = runCli(['scenarios', 'check', '--strategies', 'oracle,bogus']);
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('--strategies: unknown "bogus"; known: oracle, oracle-paraphrased');
    const zero = runCli(['scenarios', 'check', '--concurrency', '0']);
    expect(await zero.exited).toBe(1);
    expect(zero.output()).toContain('--concurrency must be at least 1, got "0"');
  });

  it(
    'fails a scenario that does not exist',
    async () => {
      const cli = runCli([
        'scenarios',
        'check',
        'no_such',
        '--scenarios-dir',
        FIXTURES,
        '--strategies',
        'noop',
      ]);
      expect(await cli.exited).toBe(1);
      expect(cli.output()).toContain('no_such: scenario "no_such" not found');
    },
    RUN_TIMEOUT_MS,
  );
});
