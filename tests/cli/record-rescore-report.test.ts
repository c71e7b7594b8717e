import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResults, type AssessmentResults } from '../../src/protocol/index.js';
import { CHAT_COMPLETIONS, startOpenAiStandIn } from '../support/openai-stand-in.js';
import { recordedCalls, standInCompletion } from '../support/recordings.js';
import { runCli } from './run-cli.js';

/**
 * The commands as a user runs them: `demo --record` against an OpenAI-compatible stand-in, then
 * `demo --replay` without `--seed` (the recording's one seed; the same prompts, action log and
 * scores byte for byte; no live calls), `rescore --replay` of the demo's folder (same criteria),
 * a replay with another seed refused with the seeds it has, `report`, and the flags they refuse.
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
  it('records a demo, replays it to the same prompts, actions and scores, rescores and reports it', async () => {
    // A provider model (a local OpenAI-compatible stand-in), so the judge reads the chat transcript:
    // the user's task and the assistant's first post share an instant, and a replay used to fail
    // when their order came out otherwise.
    const standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: standInCompletion });
    const model = ['--model', 'openai:stand-in'];
    const recorded = join(root, 'recorded');
    const replayed = join(root, 'replayed');
    const recordings = join(root, 'recordings');
    const rerecorded = join(root, 'rerecorded');
    try {
      const first = runCli([
        ...DEMO,
        ...model,
        '--base-url',
        standIn.baseUrl,
        '--out',
        recorded,
        '--record',
        recordings,
      ]);
      expect(await first.exited, first.output()).toBe(0);
      expect(first.output()).toContain(`Report written to ${join(recorded, 'report.html')}`);
      await access(join(recorded, 'evaluation-input.json'));
      const live = standIn.count(CHAT_COMPLETIONS);
      expect(live).toBeGreaterThan(0);

      // No --seed: the recording holds one seed for this scenario version, and the replay takes it.
      // No base URL either: a replay never reaches the model (and records what it asked).
      const second = runCli([
        ...UNSEEDED_DEMO,
        ...model,
        '--out',
        replayed,
        '--replay',
        recordings,
        '--record',
        rerecorded,
      ]);
      expect(await second.exited, second.output()).toBe(0);
      expect(second.output()).toContain(
        'Replayed seed 5: no --seed was given, and it is the only seed the recording holds for this scenario version.',
      );
      expect(standIn.count(CHAT_COMPLETIONS)).toBe(live);
      const [a, b] = [await results(recorded), await results(replayed)];
      expect(a.criteria_results.filter((c) => c.details?.['method'] === 'llm').length).toBeGreaterThan(0);
      expect(JSON.stringify(b.action_log)).toBe(JSON.stringify(a.action_log));
      expect(JSON.stringify(b.criteria_results)).toBe(JSON.stringify(a.criteria_results));
      expect(b.scores).toEqual(a.scores);
      expect(b.metadata).toMatchObject({
        seed: 5,
        model_calls: { mode: 'replay+record', seed_from_recording: true },
      });
      expect(await recordedCalls(rerecorded)).toEqual(await recordedCalls(recordings));

      const rescore = runCli(['rescore', recorded, '--replay', recordings]);
      expect(await rescore.exited, rescore.output()).toBe(0);
      expect(rescore.output()).toContain('is the version the run used');
      expect(rescore.output()).toContain('No criterion changed.');
      expect(standIn.count(CHAT_COMPLETIONS)).toBe(live);
      const rescored = await results(recorded, 'rescored-results.json');
      expect(rescored.scores).toEqual(a.scores);
      expect(JSON.stringify(rescored.criteria_results)).toBe(JSON.stringify(a.criteria_results));
    } finally {
      await standIn.close();
    }

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
