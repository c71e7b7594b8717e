import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../../src/cli/assessment/verdict.js';
import type { AssessmentResults } from '../../../src/protocol/index.js';
import { sampleResults } from './fake-green.js';

/** demo and run exit non-zero unless the results status is `completed`, saying why. */

function withStatus(status: string, patch: Partial<AssessmentResults> = {}): AssessmentResults {
  return { ...sampleResults('assistant'), ...patch, status } as unknown as AssessmentResults;
}

describe('verdictOf', () => {
  it('accepts only completed', () => {
    expect(verdictOf(withStatus('completed'))).toEqual({ ok: true, reason: '' });
  });

  it('explains a green failure with its message', () => {
    const verdict = verdictOf(
      withStatus('failed', {
        metadata: { end_reason: 'green_error', failure: 'the UES child process was killed by SIGKILL\nmore' },
      }),
    );
    expect(verdict).toEqual({
      ok: false,
      reason: 'status failed: the green failed during the run; the UES child process was killed by SIGKILL',
    });
  });

  it('treats any other status (incomplete, timeout, future ones) as not ok, naming judge failures', () => {
    const results = withStatus('incomplete');
    results.criteria_results = results.criteria_results.map((criterion) => ({
      ...criterion,
      details: {
        evaluated: false,
        reason: 'judge_error',
        error: 'openai model "j" at http://x/v1: HTTP 500',
      },
    }));
    expect(verdictOf(results)).toEqual({
      ok: false,
      reason:
        'status incomplete: the judge failed on 2 criteria (noise_exclusion, summary_writing_quality): openai model "j" at http://x/v1: HTTP 500',
    });
    expect(verdictOf(withStatus('timeout')).ok).toBe(false);
  });
});
