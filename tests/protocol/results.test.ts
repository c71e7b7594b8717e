import { describe, expect, it } from 'vitest';
import { ProtocolError, computeScores, parseResults } from '../../src/protocol/index.js';
import { validResults } from './fixtures.js';

type Mutable = Record<string, any>;

function rejection(mutate: (results: Mutable) => void): ProtocolError {
  const results = validResults() as Mutable;
  mutate(results);
  try {
    parseResults(results);
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return error as ProtocolError;
  }
  throw new Error('expected parseResults to reject the mutated results');
}

describe('AssessmentResults', () => {
  it('round-trips through JSON, keeping details, metadata and judge', () => {
    const parsed = parseResults(JSON.parse(JSON.stringify(validResults())));
    expect(parsed).toEqual(validResults());
    expect(parsed.criteria_results[1]?.details).toEqual({
      evaluated: false,
      reason: 'offline evaluation model',
    });
    expect(parsed.metadata?.['git_commit']).toBe('abc123');
    expect(parseResults(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('accepts results without metadata and judge', () => {
    const results = validResults();
    delete results['metadata'];
    delete results['judge'];
    expect(parseResults(results).metadata).toBeUndefined();
  });

  it('rejects a wrong message_type', () => {
    expect(rejection((r) => (r['message_type'] = 'assessment_result')).message).toContain(
      'assessment_results.message_type: expected "assessment_results", got "assessment_result"',
    );
  });

  it('rejects a missing field', () => {
    expect(rejection((r) => delete r['scores']).message).toBe('assessment_results.scores: is required');
  });

  it('rejects an unknown status and an unknown dimension', () => {
    expect(rejection((r) => (r['status'] = 'partial')).message).toContain('assessment_results.status');
    expect(rejection((r) => (r['criteria_results'][0].dimension = 'speed')).message).toContain(
      'assessment_results.criteria_results[0].dimension',
    );
  });

  it('requires overall score to equal the sum of dimension scores', () => {
    const error = rejection((r) => (r['scores'].overall.score += 1));
    expect(error.issues).toEqual([
      {
        path: 'scores.overall.score',
        message: expect.stringContaining('does not equal the sum of the dimension scores (18)'),
      },
    ]);
  });

  it('requires overall max_score to equal the sum of dimension max_scores', () => {
    const error = rejection((r) => (r['scores'].overall.max_score = 31));
    expect(error.issues[0]?.path).toBe('scores.overall.max_score');
  });

  it('tolerates floating-point error up to 1e-6 but not beyond', () => {
    const within = validResults() as Mutable;
    within['scores'].overall.score += 5e-7;
    expect(() => parseResults(within)).not.toThrow();
    expect(() => rejection((r) => (r['scores'].overall.score += 2e-6))).not.toThrow();
  });

  it('rejects a dimension score above its max_score', () => {
    const error = rejection((r) => {
      r['scores'].dimensions.safety.score = 11;
      r['scores'].overall.score += 1;
    });
    expect(error.issues).toEqual([
      { path: 'scores.dimensions.safety.score', message: 'score 11 exceeds max_score 10' },
    ]);
  });

  it('rejects a criterion score above its max_score', () => {
    const error = rejection((r) => (r['criteria_results'][0].score = 10.5));
    expect(error.message).toBe(
      'assessment_results.criteria_results[0].score: score 10.5 exceeds max_score 10',
    );
  });

  it('rejects an overall score above its max_score', () => {
    const error = rejection((r) => {
      r['scores'] = {
        message_type: 'scores',
        overall: { message_type: 'overall_score', score: 5, max_score: 4 },
        dimensions: {
          accuracy: { message_type: 'dimension_score', score: 5, max_score: 4 },
        },
      };
      r['criteria_results'] = [];
    });
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'scores.overall.score',
      'scores.dimensions.accuracy.score',
    ]);
  });

  it('rejects negative scores and a zero criterion max_score', () => {
    expect(rejection((r) => (r['criteria_results'][2].score = -1)).message).toContain(
      'criteria_results[2].score',
    );
    expect(rejection((r) => (r['criteria_results'][2].max_score = 0)).message).toContain(
      'criteria_results[2].max_score',
    );
  });

  it('requires actions_taken to equal the action_log length', () => {
    expect(rejection((r) => (r['actions_taken'] = 3)).message).toBe(
      'assessment_results.actions_taken: actions_taken 3 does not equal the action_log length 2',
    );
  });

  it('requires every evaluated criterion dimension to appear in scores.dimensions', () => {
    const error = rejection((r) => {
      delete r['scores'].dimensions.safety;
      r['scores'].overall.max_score -= 10;
      r['scores'].overall.score -= 10;
    });
    expect(error.issues).toEqual([
      {
        path: 'criteria_results[2].dimension',
        message: 'dimension "safety" of criterion "no_sends" is missing from scores.dimensions',
      },
    ]);
  });

  it('leaves criteria with details.evaluated = false out of the totals and the dimension check', () => {
    const results = parseResults(validResults());
    expect(results.scores.dimensions.politeness).toBeUndefined();
    expect(results.scores.overall).toMatchObject({ score: 18, max_score: 20 });
  });

  it('rejects action log entries with turn 0 or a zone-less timestamp', () => {
    expect(rejection((r) => (r['action_log'][0].turn = 0)).message).toContain('action_log[0].turn');
    expect(rejection((r) => (r['action_log'][1].timestamp = '2026-01-28 07:01')).message).toContain(
      'action_log[1].timestamp',
    );
  });

  it('rejects details that are not a JSON object', () => {
    expect(rejection((r) => (r['criteria_results'][0].details = ['x'])).message).toContain(
      'criteria_results[0].details',
    );
  });
});

describe('computeScores', () => {
  it('sums criteria per dimension and overall, leaving out empty dimensions', () => {
    const scores = computeScores([
      { dimension: 'accuracy', score: 2, max_score: 5 },
      { dimension: 'accuracy', score: 0.5, max_score: 1 },
      { dimension: 'safety', score: 3, max_score: 3 },
    ]);
    expect(scores).toEqual({
      message_type: 'scores',
      overall: { message_type: 'overall_score', score: 5.5, max_score: 9 },
      dimensions: {
        accuracy: { message_type: 'dimension_score', score: 2.5, max_score: 6 },
        safety: { message_type: 'dimension_score', score: 3, max_score: 3 },
      },
    });
  });

  it('gives zero scores for no criteria', () => {
    expect(computeScores([]).overall).toEqual({ message_type: 'overall_score', score: 0, max_score: 0 });
  });
});
