import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGreen, startLocalPurple } from '../../src/cli/local-agents.js';
import { InProcessUesRunner, type UesInstance, type UesRunner } from '../../src/green/runtime/index.js';
import {
  readRunDirectory,
  writeEvaluationInput,
  writeJsonFile,
} from '../../src/green/run-record/run-directory.js';
import { loadReportInput, renderReport } from '../../src/report/index.js';
import { describeWaiting, waitingAtStart } from '../../src/report/timeline.js';
import { MINI_INBOX_PURPLE, makeRunDirectory } from '../support/run-directories.js';
import { assessOnLocalGreen } from '../support/scenario-runs.js';
import { TEST_SCENARIOS_DIR, startAgentHarness } from '../support/green-harness.js';
import { startScriptedPurple, turnComplete } from '../support/scripted-purple.js';
import { ScenarioManager } from '../../src/green/scenarios/index.js';

/**
 * What a report says in words: no value leaks into a page as `[object Object]`, `undefined` or
 * `NaN`, across runs that exercise every part of it — scenarios of each family played by their
 * oracles, one per family (email, SMS, calendar, contacts, weather, the user answering in chat), a run with character
 * replies, a run whose simulator died (partial results), a run without its evaluation input — one
 * page per run and one for the whole folder.
 */

/** One scenario of each family. */
const ORACLE_SCENARIOS = [
  'ask_back_anniversary_dinner',
  'coordination_picnic_weather_call',
  'follow_up_rsvp_stragglers',
  'safety_sms_phishing_bank_code',
  'scheduling_kickoff_three_way',
  'triage_parent_evening_digest',
];
const LEAKS = /\[object Object\]|\bundefined\b|\bNaN\b/;

let root: string;

/** Runs a scenario's oracle on a local green and leaves its run folder in `dir`. */
async function oracleRun(scenarioId: string, dir: string): Promise<void> {
  const green = await startLocalGreen({
    model: 'offline',
    uesRunner: 'in-process',
    seed: 3,
    runRecordSink: async ({ evaluationInput }) => {
      if (evaluationInput) await writeEvaluationInput(dir, evaluationInput);
    },
    env: {},
  });
  const purple = await startLocalPurple({ agent: 'oracle', scenarioId, env: {} });
  try {
    const report = await assessOnLocalGreen(green, purple.url, scenarioId, dir);
    expect(report.outcome.results?.status, report.reason).toBe('completed');
  } finally {
    await purple.close();
    await green.close();
  }
}

/** A mini_inbox run whose simulator is stopped in turn 2: partial results and their input. */
async function failedRun(dir: string): Promise<void> {
  let ues: UesInstance | undefined;
  const inner = new InProcessUesRunner();
  const runner: UesRunner = {
    kind: 'in-process',
    start: async (options) => (ues = await inner.start(options)),
  };
  let saved: Parameters<typeof writeEvaluationInput>[1] | undefined;
  let results: unknown;
  const harness = await startAgentHarness({
    agent: {
      runner,
      runRecordSink: async (record) => {
        saved = record.evaluationInput;
        results = record.results;
      },
    },
  });
  const purple = await startScriptedPurple({
    async onTurn(context) {
      if (context.turn.turn_number === 2) await ues!.stop();
      else await MINI_INBOX_PURPLE.onTurn(context);
      return turnComplete();
    },
  });
  try {
    await harness.agent
      .run({
        taskId: 'task-failed',
        participantRole: 'assistant',
        purpleUrl: purple.url,
        scenario: await new ScenarioManager(TEST_SCENARIOS_DIR).load('mini_inbox'),
        config: { scenario_id: 'mini_inbox', seed: 2 },
        emitter: harness.recorder().emitter,
        signal: new AbortController().signal,
      })
      .then(
        () => expect.fail('the run should fail'),
        () => undefined,
      );
  } finally {
    await purple.close();
    await harness.close();
  }
  await mkdir(dir, { recursive: true });
  await writeEvaluationInput(dir, saved!);
  await writeJsonFile(join(dir, 'results.json'), results);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-report-text-'));
  for (const id of ORACLE_SCENARIOS) await oracleRun(id, join(root, id));
  await makeRunDirectory(join(root, 'mini_inbox'), { scenarioId: 'mini_inbox', purple: MINI_INBOX_PURPLE });
  await failedRun(join(root, 'mini_inbox_failed'));
  await mkdir(join(root, 'bare'));
  await cp(join(root, ORACLE_SCENARIOS[0]!, 'results.json'), join(root, 'bare', 'results.json'));
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function expectNoLeaks(html: string, page: string): void {
  const match = LEAKS.exec(html);
  expect(
    match && html.slice(Math.max(0, match.index - 200), match.index + 60),
    `${page}: a value rendered as "${match?.[0]}"`,
  ).toBeNull();
}

describe('the words of a report', () => {
  it('never show [object Object], undefined or NaN, on any run’s page or the folder’s', async () => {
    const runs = [...ORACLE_SCENARIOS, 'mini_inbox', 'mini_inbox_failed', 'bare'];
    for (const run of runs) expectNoLeaks(renderReport(await loadReportInput([join(root, run)])), run);
    const page = renderReport(await loadReportInput([root]));
    expect(page.match(/<section class="run"/g)).toHaveLength(runs.length);
    expectNoLeaks(page, 'the folder');
    // The kinds of timeline entries these runs produce, so the check covers each of them.
    for (const kind of ['turn', 'action', 'arrival', 'reply', 'user'])
      expect(page).toContain(`data-kind="${kind}"`);
    expect(page).toContain('status-failed');
  });

  it('say what was waiting when the run began: how many, how many unread, and from whom', async () => {
    const { evaluationInput } = await readRunDirectory(join(root, 'mini_inbox'));
    const waiting = waitingAtStart(evaluationInput!);
    expect(waiting).toMatchObject({ messages: 1, emails: 1, sms: 0 });
    expect(describeWaiting(waiting)).toBe(
      `1 message was waiting when the run began (1 email; ${waiting.unread} unread), from ${waiting.senders[0]!.sender}.`,
    );
    expect(waiting.senders[0]!.sender).toContain('ann@example.com');
    const html = renderReport(await loadReportInput([join(root, 'mini_inbox')]));
    expect(html).toContain('1 message was waiting when the run began');
    expect(describeWaiting({ messages: 0, unread: 0, emails: 0, sms: 0, senders: [] })).toBe(
      'No messages were waiting when the run began.',
    );
    const many = {
      messages: 20,
      unread: 7,
      emails: 18,
      sms: 2,
      senders: Array.from({ length: 14 }, (_, index) => ({
        sender: `s${index}`,
        count: index === 0 ? 7 : 1,
      })),
    };
    expect(describeWaiting(many)).toBe(
      '20 messages were waiting when the run began (18 emails and 2 SMS; 7 unread), from s0 × 7, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11 and 2 other senders.',
    );
  });
});
