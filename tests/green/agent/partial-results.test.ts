import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluatePartialRun } from '../../../src/green/agent/partial-results.js';
import { resolveRunSettings } from '../../../src/green/agent/run-settings.js';
import { rescoreRun } from '../../../src/green/run-record/rescore.js';
import type { JsonObject } from '../../../src/protocol/index.js';
import type { Evaluator } from '../../../src/green/judge/types.js';
import type { EvaluationInput } from '../../../src/green/run-record/evaluation-input.js';
import { ScenarioManager, type LoadedScenario } from '../../../src/green/scenarios/index.js';
import { TEST_SCENARIOS_DIR, testGreenConfig } from '../../support/green-harness.js';
import { testLogger } from '../../support/logger.js';
import { MINI_INBOX_PURPLE, makeRunDirectory } from '../../support/run-directories.js';

/**
 * The partial results of a run that broke: criteria scored on the last state the green read, with
 * the usual judge, and never on a simulator that is gone.
 */

let dir: string;
let recorded: EvaluationInput;
let scenario: LoadedScenario;

/** The assistant's posts in the state the check is handed. */
const postsInState: Evaluator = async (ctx) => {
  const posts = ctx.finalState.chat.messages.filter((message) => message.role === 'assistant').length;
  return { score: Math.min(posts, 3), max_score: 3, explanation: `${posts} post(s) in the state` };
};

/** An evaluator that asks the simulator rather than the saved states. */
const asksSimulator: Evaluator = async (ctx) => {
  const email = await ctx.client.email.state();
  return { score: 10, max_score: 10, explanation: `${email.total_email_count} emails` };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ues-partial-'));
  const record = await makeRunDirectory(join(dir, 'run'), {
    scenarioId: 'mini_inbox',
    purple: MINI_INBOX_PURPLE,
  });
  recorded = record.evaluationInput!;
  const loaded = await new ScenarioManager(TEST_SCENARIOS_DIR).load('mini_inbox');
  const base = loaded.config.criteria[0]!;
  scenario = {
    ...loaded,
    config: {
      ...loaded.config,
      criteria: [
        {
          ...base,
          criterion_id: 'posts',
          name: 'Posts',
          dimension: 'instruction_following',
          max_score: 3,
          evaluator_id: 'posts',
        },
        { ...base, criterion_id: 'asks', name: 'Asks the simulator', max_score: 10, evaluator_id: 'asks' },
      ],
    },
    evaluators: new Map([
      ['posts', postsInState],
      ['asks', asksSimulator],
    ]),
  };
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function partialRun(
  state: 'initial' | 'final',
  afterTurn: number,
  signal = new AbortController().signal,
): ReturnType<typeof evaluatePartialRun> {
  return evaluatePartialRun(
    {
      taskId: 'task-partial',
      participantRole: 'assistant',
      settings: resolveRunSettings(
        testGreenConfig(),
        { scenario_id: 'mini_inbox', seed: 3 },
        scenario.config,
      ),
      startedAtMs: Date.now(),
      record: {
        actionLog: recorded.action_log,
        turns: recorded.turns,
        readCount: recorded.read_count,
        initialState: recorded.initial_state,
        finalState: state === 'initial' ? recorded.initial_state : recorded.final_state,
        finalStateReadAfterTurn: afterTurn,
      },
    },
    new Error('the UES child process was killed by SIGKILL unexpectedly. Its last output:\n  | …'),
    { scenario, evaluationModel: null, evaluationModelName: 'offline', logger: testLogger(), signal },
  );
}

describe('evaluatePartialRun', () => {
  it('scores the criteria on the state it is handed, and says which state that was', async () => {
    const early = await partialRun('initial', 0);
    const late = await partialRun('final', 3);
    for (const results of [early, late]) {
      expect(results.status).toBe('failed');
      expect(results.metadata).toMatchObject({
        end_reason: 'green_error',
        failure: expect.stringContaining('killed by SIGKILL'),
      });
      expect(results.action_log).toEqual(recorded.action_log);
    }
    const posts = (results: typeof early) =>
      results.criteria_results.find((c) => c.criterion_id === 'posts')!;
    expect(posts(early)).toMatchObject({ score: 0 });
    expect(posts(early).explanation).toMatch(
      /^Scored on the initial state \(2026-01-28T06:00:00Z; .*\), the run having failed: 0 post/,
    );
    expect(posts(late)).toMatchObject({ score: 3 });
    expect(posts(late).explanation).toMatch(
      /after turn 3's actions \(2026-01-28T09:00:00Z\), the run having failed: 3 post/,
    );
    expect(late.metadata?.['partial_evaluation']).toEqual({
      final_state: 'last_read',
      read_after_turn: 3,
      simulated_time: '2026-01-28T09:00:00Z',
    });
  });

  it('never asks the simulator: an evaluator that does is not evaluated, saying why', async () => {
    const results = await partialRun('final', 3);
    const asks = results.criteria_results.find((criterion) => criterion.criterion_id === 'asks')!;
    expect(asks.details).toMatchObject({ evaluated: false, reason: 'check_error' });
    expect(asks.explanation).toContain('the assessment failed: its simulator is no longer asked');
    expect(asks.explanation).toContain('client.email.state()');
    expect(results.scores.overall).toMatchObject({ score: 3, max_score: 3 });
    expect(results.judge).toMatchObject({ criteria_evaluated: 1, criteria_not_evaluated: 1 });
  });

  it('is rescored as it was scored: the same criteria on the same last state, still failed', async () => {
    const results = await partialRun('final', 2);
    const outcome = await rescoreRun(
      {
        dir: '/runs/partial',
        results,
        rawResults: results as unknown as JsonObject,
        evaluationInput: { ...recorded, final_state_read_after_turn: 2 },
      },
      scenario,
      { model: null, modelName: 'offline' },
      { logger: testLogger() },
    );
    expect(outcome.results.status).toBe('failed');
    const [posts, asks] = outcome.results.criteria_results;
    expect(posts).toEqual(results.criteria_results[0]);
    expect(posts!.explanation).toContain("after turn 2's actions");
    // Rescoring has no simulator either, and says so in its own words.
    expect(asks!.details).toMatchObject({ evaluated: false, reason: 'check_error' });
    expect(asks!.explanation).toContain('rescore has no simulator');
    expect(outcome.changes).toEqual([]);
  });

  it('leaves every criterion not evaluated, with the failure, when scoring itself cannot run', async () => {
    const canceled = new AbortController();
    canceled.abort(new Error('stop'));
    const results = await partialRun('final', 3, canceled.signal);
    expect(results.status).toBe('failed');
    expect(results.metadata?.['partial_evaluation']).toBeUndefined();
    for (const criterion of results.criteria_results) {
      expect(criterion.details).toMatchObject({ evaluated: false, reason: 'assessment_failed' });
      expect(criterion.explanation).toContain('killed by SIGKILL');
    }
  });
});
