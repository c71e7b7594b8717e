import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/**
 * `--variant-seed` as a user passes it: `run --agent oracle` assesses the variant with the
 * variant's oracle plan (taken from the loaded scenario), and the results say which variant.
 */

const TIMEOUT_MS = 120_000;

describe('--variant-seed on run', () => {
  let temp: string;
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'variant-cli-'));
  });
  afterEach(() => rm(temp, { recursive: true, force: true }));

  it(
    'runs the oracle on a variant of a packaged scenario, records the seed and scores it fully',
    async () => {
      const cli = runCli([
        'run',
        '--scenario',
        'ask_back_anniversary_dinner',
        '--agent',
        'oracle',
        '--variant-seed',
        '2',
        '--out',
        temp,
      ]);
      expect(await cli.exited, cli.output()).toBe(0);
      const results = JSON.parse(await readFile(join(temp, 'results.json'), 'utf8')) as {
        scores: { overall: { score: number; max_score: number } };
        metadata: { variant_seed?: number };
        action_log: Array<{ action: string; parameters: Record<string, unknown> }>;
      };
      expect(results.metadata.variant_seed).toBe(2);
      expect(results.scores.overall.score).toBe(results.scores.overall.max_score);
      const booking = results.action_log.find((entry) => entry.action === 'email.send');
      // The variant renamed the restaurant: the canonical address is gone.
      expect(JSON.stringify(booking?.parameters)).not.toContain('bellavista.example');
    },
    TIMEOUT_MS,
  );

  it('refuses a negative or non-integer seed, naming the flag', async () => {
    const cli = runCli(['run', '--scenario', 'x', '--agent', 'oracle', '--variant-seed', '-3']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('--variant-seed must be a non-negative integer, got "-3"');
    const check = runCli(['scenarios', 'check', '--variant-seed', '1,x']);
    expect(await check.exited).toBe(1);
    expect(check.output()).toContain(
      '--variant-seed takes non-negative integers separated by commas, got "1,x"',
    );
  });
});
