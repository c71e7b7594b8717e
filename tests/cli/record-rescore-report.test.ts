import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResults, type AssessmentResults } from '../../src/protocol/index.js';
import { runCli } from './run-cli.js';

/**
 * The commands as a user runs them: `demo --record` then `demo --replay` without `--seed` (the
 * recording's one seed, same scores, no live calls), a replay with another seed refused with the seeds it has, `rescore` and `report` of the
 * demo's folder, and the flags they refuse.
 */

let root: string;
const UNSEEDED_DEMO = ['demo', '--ues-runner', 'in-process', '--max-turns', '2'];
const DEMO = [...UNSEEDED_DEMO, '--seed', '5'];

async function results(dir: string, file = 'results.json'): Promise<AssessmentResults> {
  return parseResults(JSON.parse(await readFile(join(dir, file), 'utf8')));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-cli-replay-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('demo --record / --replay, rescore and report', () => {
  it('records a demo, replays it to the same scores, rescores and reports it', async () => {
    const recorded = join(root, 'recorded');
    const replayed = join(root, 'replayed');
    const recordings = join(root, 'recordings');
    const first = runCli([...DEMO, '--out', recorded, '--record', recordings]);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain(`Report written to ${join(recorded, 'report.html')}`);
    await access(join(recorded, 'evaluation-input.json'));
    await access(join(recordings, 'email_triage_basic'));

    // No --seed: the recording holds one seed for this scenario version, and the replay takes it.
    const second = runCli([...UNSEEDED_DEMO, '--out', replayed, '--replay', recordings]);
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toContain(
      'Replayed seed 5: no --seed was given, and it is the only seed the recording holds for this scenario version.',
    );
    const [a, b] = [await results(recorded), await results(replayed)];
    expect(b.scores).toEqual(a.scores);
    expect(b.metadata).toMatchObject({ seed: 5, model_calls: { mode: 'replay', seed_from_recording: true } });

    const rescore = runCli(['rescore', recorded]);
    expect(await rescore.exited, rescore.output()).toBe(0);
    expect(rescore.output()).toContain('is the version the run used');
    expect(rescore.output()).toContain('No criterion changed.');
    const rescored = await results(recorded, 'rescored-results.json');
    expect(rescored.scores).toEqual(a.scores);
    expect(rescored.criteria_results).toEqual(a.criteria_results);

    const out = join(root, 'elsewhere', 'page.html');
    const report = runCli(['report', recorded, '-o', out]);
    expect(await report.exited, report.output()).toBe(0);
    expect(report.output()).toMatch(new RegExp(`Report of 1 run written to ${out} \\(\\d+ KB\\)`));
    expect(await readFile(out, 'utf8')).toContain('email_triage_basic — UES AgentBeats report');
  }, 120_000);

  it('saves each trial’s evaluation input beside its results and reports the suite on one page', async () => {
    const out = join(root, 'suite');
    const cli = runCli([
      'demo',
      '--ues-runner',
      'in-process',
      '--max-turns',
      '2',
      '--scenarios',
      'email_triage_basic',
      '--trials',
      '2',
      '--out',
      out,
    ]);
    expect(await cli.exited, cli.output()).toBe(0);
    for (const trial of [1, 2]) {
      const dir = join(out, 'email_triage_basic', `trial-${trial}`);
      const input = JSON.parse(await readFile(join(dir, 'evaluation-input.json'), 'utf8')) as {
        assessment_id: string;
      };
      expect(input.assessment_id).toBe((await results(dir)).assessment_id);
    }
    await expect(access(join(out, '.evaluation-inputs'))).rejects.toThrow();
    expect(cli.output()).toContain(`Report written to ${join(out, 'report.html')}`);
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html).toContain('pass rate · pass@k · pass^k');
    expect(html.match(/<section class="run"/g)).toHaveLength(2);
  }, 120_000);

  it('refuses a replay without a recording of its seed, naming the seeds recorded', async () => {
    const recordings = join(root, 'recordings-2');
    const record = runCli([...DEMO, '--out', join(root, 'r2'), '--record', recordings]);
    expect(await record.exited, record.output()).toBe(0);
    const other = runCli([
      'demo',
      '--ues-runner',
      'in-process',
      '--max-turns',
      '2',
      '--seed',
      '6',
      '--out',
      join(root, 'r3'),
      '--replay',
      recordings,
    ]);
    expect(await other.exited).toBe(1);
    expect(other.output()).toContain('holds no recording of scenario email_triage_basic');
    expect(other.output()).toContain('seed(s) 5');
  }, 120_000);

  it('names bad paths and flags', async () => {
    const report = runCli(['report', join(root, 'missing')]);
    expect(await report.exited).toBe(1);
    expect(report.output()).toContain('missing: no such file or folder');
    const rescore = runCli(['rescore', root]);
    expect(await rescore.exited).toBe(1);
    expect(rescore.output()).toContain('results.json: does not exist: not a run directory');
    const remote = runCli([
      'run',
      '--scenario',
      'email_triage_basic',
      '--purple',
      'http://127.0.0.1:9/',
      '--green',
      'http://127.0.0.1:9/',
      '--replay',
      root,
    ]);
    expect(await remote.exited).toBe(1);
    expect(remote.output()).toContain('--record/--replay configure a local green');
    const fallthrough = runCli(['demo', '--replay-fallthrough', '--out', join(root, 'x')]);
    expect(await fallthrough.exited).toBe(1);
    expect(fallthrough.output()).toContain('--replay-fallthrough needs --replay <dir>');
  }, 60_000);
});
