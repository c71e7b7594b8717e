import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunDirectory } from '../../src/green/run-record/run-directory.js';
import { ReportInputError, loadReportInput, renderReport, writeReport } from '../../src/report/index.js';
import { buildTimeline } from '../../src/report/timeline.js';
import { diffStates } from '../../src/report/state-diff.js';
import { taggedGreenModel } from '../support/fake-models.js';
import { MINI_INBOX_PURPLE, TRIAGE_PURPLE, makeRunDirectory } from '../support/run-directories.js';

/**
 * The HTML report from real run directories: what the timeline and the state diff find in a run,
 * that the page is self-contained and escapes what the assistant wrote, the suite index, and the
 * size of a 30-scenario suite's report.
 */

let root: string;
let miniRun: string;
let triageRun: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-report-'));
  miniRun = join(root, 'suite', 'mini_inbox');
  triageRun = join(root, 'suite', 'email_triage_basic');
  const model = taggedGreenModel('live');
  await makeRunDirectory(miniRun, {
    scenarioId: 'mini_inbox',
    purple: MINI_INBOX_PURPLE,
    model: () => model,
    config: { response_model: 'openai:characters', evaluation_model: 'openai:judge' },
  });
  await makeRunDirectory(triageRun, { scenarioId: 'email_triage_basic', purple: TRIAGE_PURPLE });
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the timeline and the state diff of a run', () => {
  it('find its turns, the assistant’s actions, the scripted arrivals and the characters’ replies', async () => {
    const { results, evaluationInput } = await readRunDirectory(miniRun);
    const timeline = buildTimeline(results, evaluationInput);
    const kinds = new Set(timeline.map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual(['action', 'arrival', 'reply', 'turn']);
    expect(timeline.filter((entry) => entry.kind === 'turn').map((entry) => entry.title)).toEqual([
      'Turn 1',
      'Turn 2',
      'Turn 3',
      'Turn 4',
    ]);
    const arrival = timeline.find((entry) => entry.kind === 'arrival');
    expect(arrival).toMatchObject({ title: 'email from bob@example.com', turn: 2 });
    expect(Date.parse(arrival!.time)).toBe(Date.parse('2026-01-28T07:30:00Z'));
    const reply = timeline.find((entry) => entry.kind === 'reply');
    expect(reply?.title).toBe('reply email from ann@example.com');
    expect(reply?.detail).toContain('(live)');
    expect(reply?.turn).toBe(1);
    const times = timeline.map((entry) => Date.parse(entry.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const send = timeline.find((entry) => entry.title === 'email.send');
    expect(send?.detail).toContain('to ann@example.com');
  });

  it('lists what was added, removed and changed per modality', async () => {
    const { evaluationInput } = await readRunDirectory(miniRun);
    const diff = diffStates(evaluationInput!.initial_state, evaluationInput!.final_state);
    const email = diff.modalities.find((m) => m.modality === 'email')!;
    // The assistant's email to Ann, Ann's reply, Bob's report.
    expect(email.added.map((item) => item.label.split(' ')[0]).sort()).toEqual([
      'alex@example.com',
      'ann@example.com',
      'bob@example.com',
    ]);
    const chat = diff.modalities.find((m) => m.modality === 'chat')!;
    expect(chat.added).toHaveLength(3);
    expect(diff.clock).toEqual({
      before: '2026-01-28T06:00:00Z',
      after: expect.stringMatching(/^2026-01-28T09/),
    });
  });
});

describe('the report of one run', () => {
  it('is one self-contained page that escapes what the run contains', async () => {
    const html = renderReport(await loadReportInput([miniRun]));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('mini_inbox — UES AgentBeats report');
    // Nothing to fetch: no scripts, no external styles or images, a policy forbidding any load.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=/i);
    expect(html).toContain(`default-src 'none'`);
    expect(html).not.toMatch(/href="(?!#)/);
    // The assistant wrote "<b>See you</b> & thanks": shown as text, never as markup.
    expect(html).toContain('&lt;b&gt;See you&lt;/b&gt; &amp; thanks');
    expect(html).not.toContain('<b>See you</b>');
    expect(html).toContain('Judge’s rationale: </span>Judged live');
    expect(html).toMatch(/<table class="score-table">[\s\S]*overall/);
    expect(html).toContain('<svg class="chart"');
    expect(html).not.toContain('class="suite"');
  });

  it('draws what it can of a run without evaluation-input.json, and says what is missing', async () => {
    const bare = join(root, 'bare');
    await mkdir(bare, { recursive: true });
    await cp(join(miniRun, 'results.json'), join(bare, 'results.json'));
    const html = renderReport(await loadReportInput([join(bare, 'results.json')]));
    expect(html).toContain('No evaluation-input.json: arrivals, replies and turn times are not shown.');
    expect(html).toContain('data-kind="action"');
  });

  it('shows chat posts the user never saw, and the green’s notes on actions and turns', async () => {
    const input = await loadReportInput([miniRun]);
    const run = input.runs[0]!;
    if (!('results' in run) || run.evaluationInput === undefined) throw new Error('expected a readable run');
    const note = 'posted to chat conversation "default", which the user does not read';
    const chat = run.results.action_log.findIndex((entry) => entry.action === 'chat.send_message');
    run.results.action_log[chat] = { ...run.results.action_log[chat]!, notes: note };
    run.evaluationInput.turns[0]!.green_notes = [`A chat message was ${note}.`];
    run.results.metadata = {
      ...run.results.metadata,
      unseen_chat_posts: [
        { turn: 1, timestamp: '2026-01-28T06:00:00Z', conversation_id: 'default', message_id: 'm' },
      ],
    };
    const html = renderReport(input);
    expect(html).toContain('<dt>chat posts the user never saw</dt><dd>1 — turn 1 to “default”</dd>');
    expect(html).toContain(`— ${note.replaceAll('"', '&quot;')}`);
    expect(html).toContain(`A chat message was ${note.replaceAll('"', '&quot;')}.`);
  });

  it('refuses to compare runs scored by another version of the check library', async () => {
    const mixed = join(root, 'mixed');
    await cp(miniRun, join(mixed, 'new'), { recursive: true });
    await cp(miniRun, join(mixed, 'old'), { recursive: true });
    const oldResults = JSON.parse(await readFile(join(mixed, 'old', 'results.json'), 'utf8'));
    delete oldResults.metadata.check_library_version;
    await writeFile(join(mixed, 'old', 'results.json'), JSON.stringify(oldResults));
    const input = await loadReportInput([mixed]);
    const old = input.runs.find((run) => run.source === 'old')!;
    expect(old).toMatchObject({
      error: expect.stringMatching(/check library version before 3, not comparable/),
    });
    expect(input.runs.find((run) => run.source === 'new')).toHaveProperty('results');
  });

  it('names what it cannot report on', async () => {
    await expect(loadReportInput([join(root, 'nowhere')])).rejects.toThrow(/nowhere: no such file or folder/);
    const empty = await mkdtemp(join(root, 'empty-'));
    await expect(loadReportInput([empty])).rejects.toBeInstanceOf(ReportInputError);
  });
});

describe('the report of a suite', () => {
  it('has a row per run linking to its section, and a row for a run it could not read', async () => {
    const broken = join(root, 'suite', 'zz_broken');
    await mkdir(broken, { recursive: true });
    await writeFile(join(broken, 'results.json'), '{"message_type": "assessment_results"}');
    try {
      const input = await loadReportInput([join(root, 'suite')]);
      expect(input.runs.map((run) => run.source)).toEqual(['email_triage_basic', 'mini_inbox', 'zz_broken']);
      const html = renderReport(input);
      expect(html).toContain('<a href="#run-1">email_triage_basic</a>');
      expect(html).toContain('<a href="#run-2">mini_inbox</a>');
      expect(html).toContain('id="run-1"');
      expect(html).toContain('id="run-2"');
      expect(html).toMatch(/unreadable: .*zz_broken.*results\.json: is not an assessment results file/);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('shows the suite summary’s means, pass rates and trials, linking each trial to its run', async () => {
    const suite = join(root, 'summarised');
    await cp(miniRun, join(suite, 'mini_inbox', 'trial-1'), { recursive: true });
    await writeFile(
      join(suite, 'suite_results.json'),
      JSON.stringify({
        message_type: 'suite_results',
        suite_id: 'suite-1',
        participant: 'assistant',
        selection: 'mini_inbox',
        trials: 1,
        seed: 5,
        status: 'completed',
        shard: { index: 0, count: 1 },
        scenarios: [
          {
            scenario_id: 'mini_inbox',
            family: 'unassigned',
            status: 'completed',
            trials: [
              {
                trial: 1,
                seed: 5,
                status: 'completed',
                passed: true,
                overall: { score: 20, max_score: 25, fraction: 0.8 },
                results_file: 'mini_inbox/trial-1/results.json',
              },
            ],
            overall: { mean: 0.8, n: 1, stdev: null, ci95_low: null, ci95_high: null },
            pass_at_k: 1,
            pass_hat_k: 1,
            pass_rate: 1,
          },
        ],
        families: [
          { family: 'unassigned', scenarios: 1, mean: 0.8, pass_rate: 1, pass_at_k: 1, pass_hat_k: 1 },
        ],
        overall: { scenarios: 1, mean: 0.8, pass_rate: 1, pass_at_k: 1, pass_hat_k: 1, a_newer_field: true },
      }),
    );
    const written = await writeReport([suite]);
    expect(written.path).toBe(join(suite, 'report.html'));
    const html = await readFile(written.path, 'utf8');
    expect(html).toContain('<td>unassigned</td>');
    expect(html).toContain('<a href="#run-1" class="trial">#1 completed 80 % ✓</a>');
    expect(html).toContain('pass rate · pass@k · pass^k');
  });

  it('stays under 5 MB for 30 scenarios of 13 turns', async () => {
    const suite = join(root, 'thirty');
    for (let i = 0; i < 30; i++)
      await cp(triageRun, join(suite, `scenario_${String(i).padStart(2, '0')}`), { recursive: true });
    const written = await writeReport([suite]);
    expect(written.runs).toBe(30);
    expect(written.bytes).toBeLessThan(5 * 1024 * 1024);
    const html = await readFile(written.path, 'utf8');
    expect(html.match(/<section class="run"/g)).toHaveLength(30);
  }, 60_000);
});
