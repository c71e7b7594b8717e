import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliProcess } from './run-cli.js';

/** `--agent oracle` / `oracle-paraphrased` on run, demo and purple, as a user runs them. */

const FIXTURES = 'tests/support/scenarios/check';
const TIMEOUT_MS = 120_000;

describe('oracle agents on the command line', () => {
  let temp: string;
  const running: CliProcess[] = [];
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'oracle-cli-'));
  });
  afterEach(async () => {
    for (const cli of running.splice(0)) {
      if (cli.child.exitCode === null) {
        cli.child.kill('SIGTERM');
        await cli.exited;
      }
    }
    await rm(temp, { recursive: true, force: true });
  });

  it(
    'run --agent oracle plays the scenario’s oracle plan on a local purple',
    async () => {
      const cli = runCli([
        'run',
        '--scenario',
        'check_gate',
        '--scenarios-dir',
        FIXTURES,
        '--agent',
        'oracle',
        '--out',
        temp,
      ]);
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain('Assessing oracle as "personal_assistant" on check_gate');
      const results = JSON.parse(await readFile(join(temp, 'results.json'), 'utf8')) as {
        scores: { overall: { score: number; max_score: number } };
      };
      expect(results.scores.overall).toMatchObject({ score: 20, max_score: 20 });
    },
    TIMEOUT_MS,
  );

  it(
    'run --agent oracle fails clearly for a scenario without an oracle',
    async () => {
      const cli = runCli([
        'run',
        '--scenario',
        'no_oracle',
        '--scenarios-dir',
        FIXTURES,
        '--agent',
        'oracle',
        '--out',
        temp,
      ]);
      expect(await cli.exited).toBe(1);
      expect(cli.output()).toMatch(
        /scenario "no_oracle" has no oracle plan \(.*no_oracle[\\/]oracle\.json does not exist\)/,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'demo --agent oracle-paraphrased runs the packaged scenario’s oracle',
    async () => {
      const cli = runCli([
        'demo',
        '--agent',
        'oracle-paraphrased',
        '--max-turns',
        '2',
        '--ues-runner',
        'in-process',
        '--out',
        temp,
      ]);
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toMatch(/purple http:\/\/\S+ \(agent: oracle-paraphrased\)/);
      expect(cli.output()).toContain("✓ chat.send_message “Here's your 7 AM inbox rundown.");
    },
    TIMEOUT_MS,
  );

  it('purple --agent oracle needs --scenario, and serves the plan when given one', async () => {
    const missing = runCli(['purple', '--agent', 'oracle', '--port', '0']);
    running.push(missing);
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain(
      "--agent oracle plays a scenario's oracle plan: say which scenario with --scenario <id>",
    );

    const cli = runCli([
      'purple',
      '--agent',
      'oracle',
      '--scenario',
      'check_gate',
      '--scenarios-dir',
      FIXTURES,
      '--port',
      '0',
      '--log-level',
      'silent',
    ]);
    running.push(cli);
    const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)/);
    const card = (await (await fetch(new URL('.well-known/agent-card.json', url))).json()) as Record<
      string,
      unknown
    >;
    expect(card['name']).toBe('UES purple agent: oracle');
    expect(card['description']).toContain("plays the scenario's oracle plan");
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
