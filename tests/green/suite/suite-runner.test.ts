import { describe, expect, it } from 'vitest';
import { runSuite, type SuiteTrial, type TrialRun } from '../../../src/green/suite/suite-runner.js';
import type { SuiteEntry } from '../../../src/green/suite/selection.js';
import type { AssessmentResults } from '../../../src/protocol/index.js';
import { fakeResults, fakeScenario } from './fake-scenarios.js';

const entries: SuiteEntry[] = [
  { id: 'a', scenario: fakeScenario('a', 'triage') },
  { id: 'b', error: 'b/scenario.json: bad' },
  { id: 'c', scenario: fakeScenario('c', undefined, 0.5) },
];

describe('runSuite', () => {
  it('runs every scenario × trial in a stable order with derived seeds, and tags each result', async () => {
    const started: string[] = [];
    const published: AssessmentResults[] = [];
    const scenarios = await runSuite({
      suiteId: 'task-9',
      entries,
      trials: 2,
      baseSeed: 7,
      concurrency: 1,
      signal: new AbortController().signal,
      runTrial: async (trial) => ({
        results: fakeResults(trial.assessmentId, trial.scenario.config.scenario_id, {
          accuracy: [trial.trial === 1 ? 6 : 4, 10],
        }),
      }),
      onTrialStarted: (trial, count, total) => {
        started.push(`${trial.assessmentId} seed ${trial.seed} (${count}/${total})`);
      },
      onTrialResults: (_trial, results) => {
        published.push(results);
      },
    });
    expect(started).toEqual([
      'task-9/a/1 seed 7 (1/4)',
      'task-9/a/2 seed 8 (2/4)',
      'task-9/c/1 seed 7 (3/4)',
      'task-9/c/2 seed 8 (4/4)',
    ]);
    expect(published.map((r) => r.metadata?.trial)).toEqual([
      { index: 1, count: 2, suite_id: 'task-9', pass_threshold: 0.7, passed: false },
      { index: 2, count: 2, suite_id: 'task-9', pass_threshold: 0.7, passed: false },
      { index: 1, count: 2, suite_id: 'task-9', pass_threshold: 0.5, passed: true },
      { index: 2, count: 2, suite_id: 'task-9', pass_threshold: 0.5, passed: false },
    ]);
    expect(scenarios.map((s) => [s.scenario_id, s.family, s.status, s.trials_passed])).toEqual([
      ['a', 'triage', 'completed', 0],
      ['b', 'unassigned', 'error', 0],
      ['c', 'unassigned', 'completed', 1],
    ]);
    expect(scenarios[1]?.error).toBe('b/scenario.json: bad');
    expect(scenarios[2]).toMatchObject({ pass_at_k: 1, pass_hat_k: 0 });
  });

  it('keeps going when a trial throws or fails, and records why', async () => {
    const scenarios = await runSuite({
      suiteId: 's',
      entries: [entries[0]!],
      trials: 3,
      baseSeed: 0,
      concurrency: 2,
      signal: new AbortController().signal,
      runTrial: async (trial): Promise<TrialRun> => {
        if (trial.trial === 1) throw new Error('the simulator died');
        if (trial.trial === 2) {
          return {
            results: fakeResults(trial.assessmentId, 'a', { accuracy: [1, 10] }, 'failed'),
            error: 'purple kept failing',
          };
        }
        return { results: fakeResults(trial.assessmentId, 'a', { accuracy: [10, 10] }) };
      },
    });
    const [a] = scenarios;
    expect(a?.trials.map((t) => [t.trial, t.status, t.error ?? null])).toEqual([
      [1, 'error', 'the simulator died'],
      [2, 'failed', 'purple kept failing'],
      [3, 'completed', null],
    ]);
    expect(a).toMatchObject({ status: 'partial', trials_passed: 1, pass_at_k: 1, pass_hat_k: 0 });
    expect(a?.overall?.n).toBe(2);
  });

  it('never runs more than `concurrency` trials at once', async () => {
    let inFlight = 0;
    let most = 0;
    const waiting: Array<() => void> = [];
    const release = (): void => {
      // Let one trial finish whenever the pool is full or nothing else can start.
      waiting.shift()?.();
    };
    const run = runSuite({
      suiteId: 's',
      entries: [entries[0]!, entries[2]!],
      trials: 4,
      baseSeed: 0,
      concurrency: 3,
      signal: new AbortController().signal,
      runTrial: async (trial: SuiteTrial) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight -= 1;
        return {
          results: fakeResults(trial.assessmentId, trial.scenario.config.scenario_id, { safety: [1, 1] }),
        };
      },
      onTrialStarted: () => {
        queueMicrotask(() => {
          if (inFlight >= 3 || waiting.length > 0) release();
        });
      },
      onTrialCompleted: () => {
        queueMicrotask(release);
      },
    });
    const scenarios = await run;
    expect(most).toBe(3);
    expect(scenarios.flatMap((s) => s.trials).length).toBe(8);
  });

  it('stops on cancellation, rejecting with the reason', async () => {
    const controller = new AbortController();
    let runs = 0;
    await expect(
      runSuite({
        suiteId: 's',
        entries: [entries[0]!],
        trials: 5,
        baseSeed: 0,
        concurrency: 1,
        signal: controller.signal,
        runTrial: async () => {
          runs += 1;
          controller.abort(new Error('canceled by the user'));
          throw new Error('aborted mid-run');
        },
      }),
    ).rejects.toThrow('canceled by the user');
    expect(runs).toBe(1);
  });
});
