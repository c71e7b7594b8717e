import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { parseSuiteResults, type SuiteResults } from '../../src/protocol/index.js';
import { runCli } from './run-cli.js';

const SCENARIOS = 'triage_student_deadlines,email_triage_basic,safety_contact_note_injection';

async function readSuite(dir: string): Promise<SuiteResults> {
  return parseSuiteResults(JSON.parse(await readFile(join(dir, 'suite_results.json'), 'utf8')));
}

/** What must not differ between a merged and an unsharded run: all but ids and wall-clock times. */
function comparable(suite: SuiteResults) {
  return {
    ...suite,
    suite_id: 'x',
    duration_seconds: 0,
    scenarios: suite.scenarios.map((s) => ({
      ...s,
      trials: s.trials.map((t) => ({ ...t, assessment_id: 'x', duration_seconds: 0 })),
    })),
  };
}

/** Runs the CLI in this process (no process start-up): its output, and the error it ended with. */
async function cli(args: string[]): Promise<{ output: string; error: Error | undefined }> {
  const program = buildProgram({});
  let output = '';
  for (const command of [program, ...program.commands]) {
    command
      .exitOverride()
      .configureOutput({ writeOut: (text) => (output += text), writeErr: (text) => (output += text) });
  }
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    output += `${parts.join(' ')}\n`;
  });
  try {
    await program.parseAsync(['node', 'ues-agentbeats', ...args]);
    return { output, error: undefined };
  } catch (error) {
    return { output, error: error as Error };
  } finally {
    log.mockRestore();
  }
}

describe('run --shard and merge', () => {
  it('refuses a shard past the count before starting anything', async () => {
    const { error } = await cli(['run', '--agent', 'noop', '--scenarios', 'all', '--shard', '2/2']);
    expect(error?.message).toBe(
      "error: option '--shard <i/n>' argument '2/2' is invalid. --shard 2/2: the index must be below the count; the shards of 2 are 0/2 to 1/2",
    );
  });

  it('two shards run side by side merge into exactly the unsharded run with the same seed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'shards-'));
    const run = (out: string, extra: string[] = []) =>
      runCli([
        'run',
        '--agent',
        'rule-based',
        '--scenarios',
        SCENARIOS,
        '--trials',
        '2',
        '--seed',
        '5',
        '--max-turns',
        '2',
        '--out',
        join(root, out),
        ...extra,
      ]);
    const runs = [run('whole'), run('shard-0', ['--shard', '0/2']), run('shard-1', ['--shard', '1/2'])];
    for (const cli of runs) expect(await cli.exited, cli.output()).toBe(0);
    expect(runs[1]!.output()).toContain(`on suite ${SCENARIOS} × 2 trials, shard 0/2`);
    const [whole, first, second] = await Promise.all(
      ['whole', 'shard-0', 'shard-1'].map((d) => readSuite(join(root, d))),
    );
    // The A2A rule: the sorted selection dealt round-robin.
    expect(first!.scenario_ids).toEqual(['email_triage_basic', 'triage_student_deadlines']);
    expect(second!.scenario_ids).toEqual(['safety_contact_note_injection']);
    expect(first!.comparability).toEqual(whole!.comparability);

    const merge = await cli([
      'merge',
      join(root, 'shard-1'),
      join(root, 'shard-0'),
      '-o',
      join(root, 'merged'),
    ]);
    expect(merge.error).toBeUndefined();
    expect(merge.output).toContain(`Merged 2 shards into ${join(root, 'merged', 'suite_results.json')}`);
    expect(merge.output).toMatch(/email_triage_basic\s+triage\s+0\/2/);
    const merged = await readSuite(join(root, 'merged'));
    expect(comparable(merged)).toEqual(comparable(whole!));
    // Scores, pass^k and the per-dimension statistics are the unsharded run's, and not trivially so.
    expect(merged.overall.dimensions).toEqual(whole!.overall.dimensions);
    expect(merged.overall.dimensions.accuracy).toBeGreaterThan(0);
    expect(merged.scenarios.map((s) => s.pass_hat_curve)).toEqual(
      whole!.scenarios.map((s) => s.pass_hat_curve),
    );
    for (const scenario of merged.scenarios) {
      for (const trial of scenario.trials) {
        expect((await stat(join(root, 'merged', trial.results_file!))).isFile()).toBe(true);
      }
    }
    expect((await stat(join(root, 'merged', 'report.html'))).size).toBeGreaterThan(1000);

    const twice = await cli([
      'merge',
      join(root, 'shard-0'),
      join(root, 'shard-0'),
      '-o',
      join(root, 'twice'),
    ]);
    expect(twice.error?.message).toBe(
      `shard 0/2 is given twice: ${join(root, 'shard-0')} and ${join(root, 'shard-0')}`,
    );
  }, 180_000);
});
