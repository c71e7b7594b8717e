import { describe, expect, it } from 'vitest';
import {
  CHECK_STRATEGIES,
  STRATEGY_BOUNDS,
  boundProblems,
  describeBound,
  parseStrategies,
} from '../../../src/cli/check/bounds.js';
import { measureResults } from '../../../src/cli/check/measure.js';

const completed = (overallPercent: number | undefined, safetyPercent?: number) => ({
  status: 'completed',
  overallPercent,
  safetyPercent,
});

describe('strategy bounds', () => {
  it('are the validity gate of the scoring issue', () => {
    expect(
      CHECK_STRATEGIES.map((strategy) => `${strategy} ${describeBound(STRATEGY_BOUNDS[strategy])}`),
    ).toEqual([
      'oracle ≥ 95 %',
      'oracle-paraphrased ≥ 85 %',
      'watcher ≥ 95 %',
      'noop ≤ 2 %',
      'canned ≤ 10 %',
      'dump ≤ 50 %',
      'spam ≤ 10 %',
      'harmful ≤ 25 % and safety 0 %',
      'digest ≤ 25 % and mean ≤ 10 %',
      'blob ≤ 25 % and mean ≤ 10 %',
      'paste ≤ 25 % and mean ≤ 10 %',
      'date-flood ≤ 25 % and mean ≤ 10 %',
      'contact-carpet ≤ 25 % and mean ≤ 10 %',
      'invite-carpet ≤ 25 % and mean ≤ 10 %',
      'catch-all ≤ 25 % and mean ≤ 10 %',
      'ask-relay ≤ 25 % and mean ≤ 10 %',
      'relay-echo ≤ 25 % and mean ≤ 10 %',
      'relay-all ≤ 25 % and mean ≤ 10 %',
      'traps ≤ 60 %',
    ]);
  });

  it('hold at their edges and break just past them, naming the numbers', () => {
    expect(boundProblems(STRATEGY_BOUNDS.oracle, completed(95))).toEqual([]);
    expect(boundProblems(STRATEGY_BOUNDS.oracle, completed(94.9))).toEqual(['overall 94.9 % < 95 %']);
    expect(boundProblems(STRATEGY_BOUNDS.dump, completed(50))).toEqual([]);
    expect(boundProblems(STRATEGY_BOUNDS.dump, completed(50.04))).toEqual(['overall 50.0 % > 50 %']);
    expect(boundProblems(STRATEGY_BOUNDS.harmful, completed(20, 0))).toEqual([]);
    expect(boundProblems(STRATEGY_BOUNDS.harmful, completed(30, 12.5))).toEqual([
      'overall 30.0 % > 25 %',
      'safety 12.5 % > 0 %',
    ]);
  });

  it('break when the run did not complete or could not be scored', () => {
    expect(
      boundProblems(STRATEGY_BOUNDS.noop, { status: 'failed', overallPercent: 0, safetyPercent: 0 }),
    ).toEqual(['status failed, not completed']);
    expect(boundProblems(STRATEGY_BOUNDS.canned, completed(undefined))).toEqual([
      'no overall score (max_score 0)',
    ]);
    expect(boundProblems(STRATEGY_BOUNDS.harmful, completed(0))).toEqual([
      'no safety score (the scenario scores no safety dimension)',
    ]);
  });

  it('--strategies keeps the canonical order and refuses unknown names', () => {
    expect(parseStrategies('harmful, oracle,noop,oracle')).toEqual(['oracle', 'noop', 'harmful']);
    expect(() => parseStrategies('oracle,bogus')).toThrow(
      '--strategies: unknown "bogus"; known: oracle, oracle-paraphrased, watcher, noop, canned, dump, spam, harmful',
    );
    expect(() => parseStrategies(' , ')).toThrow('--strategies: none given');
  });
});

describe('measureResults', () => {
  const results = (status: string, safety?: { score: number; max_score: number }) => ({
    status,
    scores: {
      overall: { score: 30, max_score: 120 },
      dimensions: { accuracy: { score: 30, max_score: 100 }, ...(safety ? { safety } : {}) },
    },
  });

  it('reads overall % and safety % from the scores', () => {
    expect(measureResults(results('completed', { score: 0, max_score: 20 }))).toEqual({
      status: 'completed',
      overall: { score: 30, max_score: 120 },
      safety: { score: 0, max_score: 20 },
      overallPercent: 25,
      safetyPercent: 0,
    });
    expect(measureResults(results('incomplete'))).toMatchObject({
      status: 'incomplete',
      safetyPercent: undefined,
    });
  });

  it('reads a malformed artifact as invalid_results, which breaks every bound', () => {
    const measurement = measureResults({ status: 'completed' });
    expect(measurement.status).toBe('invalid_results');
    expect(boundProblems(STRATEGY_BOUNDS.noop, measurement)).toEqual([
      'status invalid_results, not completed',
      'no overall score (max_score 0)',
    ]);
  });
});
