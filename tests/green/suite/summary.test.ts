import { describe, expect, it } from 'vitest';
import { buildSuiteResults, scenarioTrials, trialOutcome } from '../../../src/green/suite/summary.js';
import type { ScenarioTrials } from '../../../src/protocol/index.js';
import { fakeResults, fakeScenarioTrials as scenario, scenarioInfo as info } from './fake-scenarios.js';

function suiteOf(scenarios: ScenarioTrials[], shard = { index: 0, count: 1 }) {
  return buildSuiteResults({
    suiteId: 'task-1',
    participant: 'personal_assistant',
    selection: 'all',
    trials: 3,
    seed: 10,
    shard,
    totalScenarios: 3,
    durationSeconds: 5,
    scenarios,
  });
}

describe('trialOutcome', () => {
  it('passes a completed trial at the threshold, and never an incomplete one', () => {
    const at = fakeResults('a', 'x', { accuracy: [174.3, 249] });
    expect(
      trialOutcome({ trial: 1, seed: 1, assessmentId: 'a', results: at, durationSeconds: 1 }, 0.7).passed,
    ).toBe(true);
    const below = fakeResults('a', 'x', { accuracy: [174, 249] });
    expect(
      trialOutcome({ trial: 1, seed: 1, assessmentId: 'a', results: below, durationSeconds: 1 }, 0.7).passed,
    ).toBe(false);
    const incomplete = fakeResults('a', 'x', { accuracy: [249, 249] }, 'incomplete');
    const outcome = trialOutcome(
      { trial: 1, seed: 1, assessmentId: 'a', results: incomplete, durationSeconds: 1 },
      0.7,
    );
    expect(outcome).toMatchObject({ status: 'incomplete', passed: false, overall: { fraction: 1 } });
  });

  it('records a trial without results as an error, unscored', () => {
    expect(
      trialOutcome(
        { trial: 2, seed: 5, assessmentId: 'a', results: undefined, durationSeconds: 1, error: 'UES died' },
        0.7,
      ),
    ).toEqual({
      trial: 2,
      seed: 5,
      assessment_id: null,
      status: 'error',
      passed: false,
      overall: null,
      dimensions: {},
      duration_seconds: 1,
      error: 'UES died',
    });
  });
});

describe('scenarioTrials', () => {
  it('has per-dimension and overall means with intervals, pass@k and pass^k', () => {
    const entry = scenario('x', 'triage', [0.9, 0.5, 0.8]);
    expect(entry.status).toBe('completed');
    expect(entry.trials_passed).toBe(2);
    expect(entry.overall?.mean).toBeCloseTo(0.7333333, 6);
    expect(entry.overall?.n).toBe(3);
    expect(entry.dimensions.accuracy?.mean).toBeCloseTo(0.7333333, 6);
    expect(entry.pass_rate).toBeCloseTo(2 / 3, 12);
    expect(entry.pass_at_k).toBe(1);
    expect(entry.pass_hat_k).toBe(0);
    expect(entry.pass_hat_curve[1]).toBeCloseTo(1 / 3, 12);
  });

  it('is partial when a trial did not complete, and an error with no trials', () => {
    const partial = scenarioTrials(info('x', 'triage'), [
      trialOutcome(
        { trial: 1, seed: 1, assessmentId: 'a', results: undefined, durationSeconds: 1, error: 'x' },
        0.7,
      ),
    ]);
    expect(partial).toMatchObject({ status: 'partial', overall: null, pass_rate: 0, pass_hat_k: 0 });
    const failed = scenarioTrials({ ...info('y', 'unassigned'), error: 'scenario.json: bad' }, []);
    expect(failed).toMatchObject({
      status: 'error',
      error: 'scenario.json: bad',
      trials_run: 0,
      pass_rate: null,
    });
  });
});

describe('buildSuiteResults', () => {
  it('averages scenarios per family and overall, each scenario weighing the same', () => {
    const suite = suiteOf([
      scenario('a', 'triage', [1, 1, 1]),
      scenario('b', 'triage', [0, 0.2, 0.1]),
      scenario('c', 'scheduling', [0.8, 0.8, 0.5]),
    ]);
    expect(suite.status).toBe('completed');
    expect(suite.scenario_ids).toEqual(['a', 'b', 'c']);
    expect(suite.families.map((f) => f.family)).toEqual(['scheduling', 'triage']);
    const triage = suite.families[1]!;
    expect(triage.mean).toBeCloseTo((1 + 0.1) / 2, 12);
    expect(triage.pass_hat_k).toBe(0.5);
    expect(suite.overall).toMatchObject({ scenarios: 3, trials_run: 9, trials_passed: 5 });
    expect(suite.overall.mean).toBeCloseTo((1 + 0.1 + 0.7) / 3, 12);
    expect(suite.overall.pass_at_k).toBeCloseTo(2 / 3, 12);
    expect(suite.overall.pass_hat_k).toBeCloseTo(1 / 3, 12);
    expect(suite.overall.dimensions.accuracy).toBeCloseTo(0.6, 12);
  });

  it('is partial when any scenario is', () => {
    const broken = scenarioTrials({ ...info('z', 'unassigned'), error: 'bad' }, []);
    const suite = suiteOf([scenario('a', 'triage', [1]), broken]);
    expect(suite.status).toBe('partial');
    expect(suite.overall).toMatchObject({ scenarios: 2, scenarios_scored: 1, pass_hat_k: 1 });
  });
});
