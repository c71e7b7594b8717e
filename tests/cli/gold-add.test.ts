import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScenarioManager } from '../../src/green/scenarios/index.js';
import { runCli } from './run-cli.js';

/**
 * `scenarios gold add`: a reviewed run joins the gold set only if it was played in the world at
 * hand — the same scenario files, whichever check library scored it at the time.
 */
const SCENARIO = 'ask_back_budget_for_gift';

describe('scenarios gold add', () => {
  let temp: string;
  let runDir: string;
  let verdict: string;

  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'gold-add-'));
    runDir = join(temp, 'run');
    const run = runCli(['run', '--agent', 'oracle', '--scenario', SCENARIO, '--out', runDir]);
    expect(await run.exited, run.output()).toBe(0);
    verdict = join(temp, 'verdict.json');
    await writeFile(
      verdict,
      JSON.stringify({
        run_id: 'blind-T1',
        player: { kind: 'blind', interface: 'rest', style: 'plain' },
        review: { by: ['test'] },
        criteria: { order_texted: { fair: 35, why: 'the order went out' } },
      }),
    );
  }, 120_000);
  afterAll(() => rm(temp, { recursive: true, force: true }));

  const add = async (goldDir: string): Promise<{ code: number | null; output: string }> => {
    const cli = runCli(['scenarios', 'gold', 'add', runDir, '--verdict', verdict, '--gold-dir', goldDir]);
    const code = await cli.exited;
    return { code, output: cli.output() };
  };

  /** Rewrites the saved run as if another check library (or other files) had scored it. */
  const playedAs = async (contentHash: string, libraryVersion: string): Promise<void> => {
    const inputFile = join(runDir, 'evaluation-input.json');
    const input = JSON.parse(await readFile(inputFile, 'utf8')) as { content_hash: string };
    await writeFile(inputFile, JSON.stringify({ ...input, content_hash: contentHash }));
    const resultsFile = join(runDir, 'results.json');
    const results = JSON.parse(await readFile(resultsFile, 'utf8')) as { metadata: Record<string, unknown> };
    results.metadata = { ...results.metadata, check_library_version: libraryVersion };
    await writeFile(resultsFile, JSON.stringify(results));
  };

  it('adds a run of these scenario files, also when an older check library scored it', async () => {
    expect((await add(join(temp, 'gold-now'))).output).toContain(`Added ${SCENARIO}/blind-T1`);
    const scenario = await new ScenarioManager('scenarios').load(SCENARIO);
    await playedAs(await scenario.contentHashAt!('1'), '1');
    const older = await add(join(temp, 'gold-older'));
    expect(older.code, older.output).toBe(0);
    expect(older.output).toContain(`Added ${SCENARIO}/blind-T1`);
  }, 60_000);

  it('refuses a run of other scenario files, naming the way out', async () => {
    await playedAs('sha256:0000', '1');
    const other = await add(join(temp, 'gold-other'));
    expect(other.code).not.toBe(0);
    expect(other.output).toContain('was played on another version of ask_back_budget_for_gift');
    expect(other.output).toContain('--scenarios-dir');
  }, 60_000);
});
