import { afterEach, describe, expect, it } from 'vitest';
import { ScenarioManager } from '../../../src/green/scenarios/index.js';
import type { GreenServerHandle } from '../../../src/green/server.js';
import { mergeSuiteResults } from '../../../src/green/suite/merge.js';
import {
  A2AAgentClient,
  parseResults,
  parseSuiteResults,
  parseUpdate,
  payloadOfParts,
  type AssessmentResults,
  type SuiteResults,
} from '../../../src/protocol/index.js';
import {
  startTestGreen,
  streamAssessment,
  terminalStates,
  type StreamRecord,
} from '../../support/green-server.js';
import { startScriptedPurple, turnComplete, type ScriptedPurple } from '../../support/scripted-purple.js';
import { startInboxPurple } from '../../support/inbox-purple.js';
import { makeSuiteScenarios, type SuiteScenarios } from '../../support/suite-scenarios.js';

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;
let client: A2AAgentClient | undefined;
let scenarios: SuiteScenarios | undefined;

afterEach(async () => {
  await client?.close();
  await purple?.close();
  await green?.close();
  await scenarios?.close();
  client = purple = green = scenarios = undefined;
});

async function setup(list: Parameters<typeof makeSuiteScenarios>[0], broken: string[] = [], config = {}) {
  scenarios = await makeSuiteScenarios(list, broken);
  green = await startTestGreen(config, { scenarios: new ScenarioManager(scenarios.dir) });
  client = await A2AAgentClient.connect(green.url);
  return client;
}

function artifactsOf(record: StreamRecord): { trials: AssessmentResults[]; suite: SuiteResults } {
  const trials = record.artifacts
    .filter((artifact) => artifact.name === 'assessment_results')
    .map((artifact) => parseResults(payloadOfParts(artifact.parts)));
  const suites = record.artifacts.filter((artifact) => artifact.name === 'suite_results');
  expect(suites).toHaveLength(1);
  expect(record.artifacts.at(-1)?.name).toBe('suite_results');
  return { trials, suite: parseSuiteResults(payloadOfParts(suites[0]!.parts)) };
}

describe('trials and suites over A2A (in-process UES, offline models)', () => {
  it('runs k trials of one scenario on fresh simulators, one result each, then the suite summary', async () => {
    await setup([{ id: 'inbox_a', family: 'triage' }]);
    purple = await startInboxPurple((assessment) => assessment === 2);
    const record = await streamAssessment(client!, {
      participants: { assistant: purple.url },
      config: { scenario_id: 'inbox_a', trials: 3, seed: 5 },
    }).done;

    expect(terminalStates(record)).toEqual(['completed']);
    expect(record.texts[0]).toContain('Suite assessment of assistant');
    const { trials, suite } = artifactsOf(record);
    expect(trials.map((r) => [r.assessment_id, r.metadata?.seed, r.metadata?.trial?.passed])).toEqual([
      [`${record.taskId}/inbox_a/1`, 5, true],
      [`${record.taskId}/inbox_a/2`, 6, false],
      [`${record.taskId}/inbox_a/3`, 7, true],
    ]);
    expect(trials.map((r) => r.scores.overall)).toEqual([
      expect.objectContaining({ score: 20, max_score: 20 }),
      expect.objectContaining({ score: 10, max_score: 20 }),
      expect.objectContaining({ score: 20, max_score: 20 }),
    ]);
    // Each trial had a simulator of its own.
    const uesUrls = new Set(
      purple.received.flatMap((m) =>
        m.message.message_type === 'assessment_start' ? [m.message.ues_url] : [],
      ),
    );
    expect(uesUrls.size).toBe(3);

    expect(suite).toMatchObject({
      suite_id: record.taskId,
      participant: 'assistant',
      selection: 'inbox_a',
      trials: 3,
      seed: 5,
      shard: { index: 0, count: 1 },
      status: 'completed',
      scenario_ids: ['inbox_a'],
    });
    const [entry] = suite.scenarios;
    expect(entry).toMatchObject({
      family: 'triage',
      pass_threshold: 0.7,
      trials_passed: 2,
      pass_at_k: 1,
      pass_hat_k: 0,
      content_hash: trials[0]!.metadata?.content_hash,
    });
    expect(entry!.overall?.mean).toBeCloseTo(5 / 6, 12);
    expect(entry!.overall?.ci95_half_width).toBeGreaterThan(0);
    expect(entry!.trials.map((t) => t.assessment_id)).toEqual(trials.map((r) => r.assessment_id));

    // The stream: trial updates instead of per-turn ones.
    const types = record.updates.map((update) => parseUpdate(update).message_type);
    expect(types.filter((t) => t === 'update_trial_started')).toHaveLength(3);
    expect(types.filter((t) => t === 'update_trial_completed')).toHaveLength(3);
    expect(types.filter((t) => t === 'update_trial_progress')).toHaveLength(12);
    expect(types).not.toContain('update_turn_started');
    expect(types).not.toContain('update_action_observed');
    // No simulator is left running.
    expect(green!.executor.activeContexts).toBe(0);
  });

  it('keeps going past a scenario that does not load, and ends completed with a partial suite', async () => {
    await setup([{ id: 'inbox_a', family: 'triage' }, { id: 'inbox_b' }], ['broken_one']);
    purple = await startInboxPurple();
    const record = await streamAssessment(client!, {
      participants: { assistant: purple.url },
      config: { scenarios: 'all', concurrency: 2, seed: 1 },
    }).done;
    expect(terminalStates(record)).toEqual(['completed']);
    const { trials, suite } = artifactsOf(record);
    expect(trials).toHaveLength(2);
    expect(suite.status).toBe('partial');
    expect(suite.scenarios.map((s) => [s.scenario_id, s.family, s.status])).toEqual([
      ['broken_one', 'unassigned', 'error'],
      ['inbox_a', 'triage', 'completed'],
      ['inbox_b', 'unassigned', 'completed'],
    ]);
    expect(suite.scenarios[0]?.error).toContain('broken_one');
    expect(suite.families.map((f) => [f.family, f.scenarios])).toEqual([
      ['triage', 1],
      ['unassigned', 2],
    ]);
  });

  it('cancels a suite mid-way: the finished trials’ results stay, no summary, canceled', async () => {
    const c = await setup([{ id: 'inbox_a' }]);
    let assessments = 0;
    purple = await startScriptedPurple({
      onStart() {
        assessments += 1;
        return { payload: {} };
      },
      onTurn: () => (assessments >= 2 ? { hang: true } : turnComplete('PT1H')),
    });
    const run = streamAssessment(c, {
      participants: { assistant: purple.url },
      config: { scenario_id: 'inbox_a', trials: 3, turn_timeout_seconds: 600 },
    });
    const taskId = await run.taskId;
    // Trial 2's first turn is in flight once its turn_start has arrived.
    await purple.next('turn_start');
    while (assessments < 2) await purple.next('turn_start');
    const canceler = await A2AAgentClient.connect(green!.url);
    try {
      await canceler.cancelTask(taskId);
    } finally {
      await canceler.close();
    }
    const record = await run.done;
    expect(terminalStates(record)).toEqual(['canceled']);
    expect(record.artifacts.map((artifact) => artifact.name)).toEqual(['assessment_results']);
    expect(parseResults(payloadOfParts(record.artifacts[0]!.parts)).metadata?.trial?.index).toBe(1);
  });

  it('rejects a suite naming unknown scenarios, listing those that exist', async () => {
    await setup([{ id: 'inbox_a' }]);
    purple = await startInboxPurple();
    const record = await streamAssessment(client!, {
      participants: { assistant: purple.url },
      config: { scenarios: ['inbox_a', 'nope'] },
    }).done;
    expect(terminalStates(record)).toEqual(['rejected']);
    expect(record.texts.join(' ')).toContain(
      'invalid suite: unknown scenario "nope"; available scenarios: inbox_a',
    );
  });

  it('two shards of a suite together equal the unsharded run', async () => {
    await setup([
      { id: 'inbox_a', family: 'triage' },
      { id: 'inbox_b', family: 'triage', passThreshold: 1 },
      { id: 'inbox_c', family: 'scheduling' },
    ]);
    purple = await startInboxPurple();
    const run = async (extra: Record<string, unknown>): Promise<SuiteResults> => {
      client!.startNewConversation();
      const record = await streamAssessment(client!, {
        participants: { assistant: purple!.url },
        config: { scenarios: 'all', trials: 2, seed: 11, concurrency: 2, ...extra },
      }).done;
      expect(terminalStates(record)).toEqual(['completed']);
      return artifactsOf(record).suite;
    };
    const whole = await run({});
    const first = await run({ shard_index: 0, num_shards: 2 });
    const second = await run({ shard_index: 1, num_shards: 2 });
    expect(first.scenario_ids).toEqual(['inbox_a', 'inbox_c']);
    expect(second.scenario_ids).toEqual(['inbox_b']);
    expect([first.total_scenarios, second.total_scenarios]).toEqual([3, 3]);

    /** What must not differ between runs: everything but ids and wall-clock times. */
    const comparable = (suite: SuiteResults) => ({
      ...suite,
      suite_id: 'x',
      duration_seconds: 0,
      scenarios: suite.scenarios.map((s) => ({
        ...s,
        trials: s.trials.map((t) => ({ ...t, assessment_id: t.trial, duration_seconds: 0 })),
      })),
    });
    expect(
      comparable(
        mergeSuiteResults([
          { suite: second, source: 'second' },
          { suite: first, source: 'first' },
        ]),
      ),
    ).toEqual(comparable(whole));
    expect(whole.scenarios.find((s) => s.scenario_id === 'inbox_b')).toMatchObject({
      pass_threshold: 1,
      trials_passed: 2,
    });
  });
});
