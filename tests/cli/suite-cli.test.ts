import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResults, parseSuiteResults } from '../../src/protocol/index.js';
import { runCli } from './run-cli.js';

describe('run and demo with --trials and --scenarios', () => {
  it('demo --trials runs k trials with derived seeds and writes the suite', async () => {
    const out = await mkdtemp(join(tmpdir(), 'demo-trials-'));
    const cli = runCli([
      'demo',
      '--trials',
      '2',
      '--seed',
      '9',
      '--max-turns',
      '2',
      '--ues-runner',
      'in-process',
      '--out',
      out,
    ]);
    expect(await cli.exited, cli.output()).toBe(0);
    const text = cli.output();
    expect(text).toContain('UES AgentBeats demo — scenario email_triage_basic × 2 trials');
    expect(text).toMatch(/■ email_triage_basic #2\s+completed/);
    expect(text).toMatch(/email_triage_basic\s+triage\s+\d\/2/);
    expect(text).toContain(`Suite summary written to ${join(out, 'suite_results.json')}`);
    const suite = parseSuiteResults(JSON.parse(await readFile(join(out, 'suite_results.json'), 'utf8')));
    expect(suite).toMatchObject({ selection: 'email_triage_basic', trials: 2, seed: 9, status: 'completed' });
    const second = parseResults(
      JSON.parse(await readFile(join(out, 'email_triage_basic', 'trial-2', 'results.json'), 'utf8')),
    );
    expect(second.metadata).toMatchObject({ seed: 10, trial: { index: 2, count: 2 } });
    expect(second.turns_taken).toBe(2);
  });

  it('refuses bad suite flags with a message naming them', async () => {
    const cases: Array<[string[], string]> = [
      [['demo', '--trials', '0'], '--trials must be between 1 and 100, got "0"'],
      [
        ['run', '--agent', 'noop', '--scenarios', 'family:games'],
        '--scenarios unknown scenario family "games"',
      ],
      [
        ['run', '--agent', 'noop', '--scenario', 'a', '--scenarios', 'all'],
        'run needs exactly one of --scenario <id> (one scenario) and --scenarios',
      ],
      [
        ['demo', '--scenario', 'a', '--scenarios', 'all'],
        'demo takes --scenario <id> (one scenario) or --scenarios <selection>',
      ],
      [
        ['demo', '--agent', 'oracle', '--scenarios', 'all'],
        "--agent oracle plays one scenario's oracle plan",
      ],
    ];
    // Started together: each is a process of its own.
    const runs = cases.map(([args]) => runCli(args));
    for (const [index, cli] of runs.entries()) {
      expect(await cli.exited, cli.output()).toBe(1);
      expect(cli.output()).toContain(cases[index]![1]);
    }
  });
});
