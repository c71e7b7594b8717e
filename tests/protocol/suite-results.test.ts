import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  parseResults,
  parseSuiteResults,
  type SuiteResults,
  type TrialOutcome,
} from '../../src/protocol/index.js';
import { validResults } from './fixtures.js';

function trial(overrides: Partial<TrialOutcome> = {}): TrialOutcome {
  return {
    trial: 1,
    seed: 42,
    assessment_id: 'task-1/email_triage_basic/1',
    status: 'completed',
    passed: true,
    overall: { score: 225, max_score: 249, fraction: 225 / 249 },
    dimensions: { accuracy: { score: 100, max_score: 120, fraction: 100 / 120 } },
    duration_seconds: 3.2,
    ...overrides,
  };
}

function suite(): SuiteResults {
  const stat = { mean: 0.9, n: 1, stdev: null, ci95_half_width: null, ci95_low: null, ci95_high: null };
  return {
    message_type: 'suite_results',
    suite_id: 'task-1',
    participant: 'personal_assistant',
    selection: 'all',
    trials: 1,
    seed: 42,
    shard: { index: 0, count: 1 },
    total_scenarios: 1,
    scenario_ids: ['email_triage_basic'],
    status: 'completed',
    duration_seconds: 3.5,
    scenarios: [
      {
        scenario_id: 'email_triage_basic',
        family: 'triage',
        content_hash: 'abc',
        pass_threshold: 0.7,
        status: 'completed',
        trials_run: 1,
        trials_completed: 1,
        trials_passed: 1,
        trials: [trial()],
        overall: stat,
        dimensions: { accuracy: stat },
        pass_rate: 1,
        pass_at_k: 1,
        pass_hat_k: 1,
        pass_at_curve: [1],
        pass_hat_curve: [1],
      },
    ],
    families: [
      {
        family: 'triage',
        scenarios: 1,
        scenarios_scored: 1,
        mean: 0.9,
        dimensions: { accuracy: 0.83 },
        pass_rate: 1,
        pass_at_k: 1,
        pass_hat_k: 1,
      },
    ],
    overall: {
      scenarios: 1,
      scenarios_scored: 1,
      trials_run: 1,
      trials_completed: 1,
      trials_passed: 1,
      mean: 0.9,
      dimensions: { accuracy: 0.83 },
      pass_rate: 1,
      pass_at_k: 1,
      pass_hat_k: 1,
    },
  };
}

describe('suite_results', () => {
  it('round-trips a valid suite through JSON', () => {
    const value = suite();
    expect(parseSuiteResults(JSON.parse(JSON.stringify(value)))).toEqual(value);
  });

  it('refuses a trial that passed without completing, naming the field', () => {
    const value = suite();
    value.scenarios[0]!.trials[0] = trial({ status: 'incomplete' });
    expect(() => parseSuiteResults(value)).toThrow(ProtocolError);
    expect(() => parseSuiteResults(value)).toThrow(/scenarios\[0\]\.trials\[0\]\.passed/);
  });

  it('refuses counts that disagree with the trials', () => {
    const value = suite();
    value.scenarios[0]!.trials_passed = 0;
    expect(() => parseSuiteResults(value)).toThrow(/trials_passed 0 should be 1/);
  });

  it('refuses fractions outside 0..1 and a shard index beyond the count', () => {
    const value = suite();
    value.overall.mean = 1.5;
    expect(() => parseSuiteResults(value)).toThrow(/overall\.mean/);
    const sharded = suite();
    sharded.shard = { index: 2, count: 2 };
    expect(() => parseSuiteResults(sharded)).toThrow(/shard/);
  });

  it('assessment_results accepts a trial tag in its metadata and checks it', () => {
    const tag = { index: 2, count: 3, suite_id: 'task-1', pass_threshold: 0.7, passed: false };
    const base = validResults();
    const metadata = base['metadata'] as Record<string, unknown>;
    const tagged = { ...base, metadata: { ...metadata, trial: tag } };
    expect(parseResults(tagged).metadata?.trial).toEqual(tag);
    const broken = { ...base, metadata: { ...metadata, trial: { ...tag, index: 0 } } };
    expect(() => parseResults(broken)).toThrow(/metadata\.trial\.index/);
  });
});
