import { describe, expect, it } from 'vitest';
import { HTTP_TIMEOUT_HEADROOM_MS, purpleClientOptions } from '../../../src/green/agent/index.js';
import { RESULTS_ARTIFACT_NAME, resultsArtifact } from '../../../src/green/executor/index.js';
import {
  computeScores,
  payloadOfParts,
  textsOf,
  type AssessmentResults,
} from '../../../src/protocol/index.js';

const criteria = [
  {
    message_type: 'criterion_result' as const,
    criterion_id: 'a',
    name: 'A',
    dimension: 'accuracy' as const,
    score: 7.5,
    max_score: 10,
    explanation: '',
  },
  {
    message_type: 'criterion_result' as const,
    criterion_id: 'b',
    name: 'B',
    dimension: 'politeness' as const,
    score: 0,
    max_score: 5,
    explanation: '',
    details: { evaluated: false },
  },
];
const results: AssessmentResults = {
  message_type: 'assessment_results',
  assessment_id: 'task-1',
  scenario_id: 'mini_inbox',
  participant: 'assistant',
  status: 'failed',
  duration_seconds: 3,
  turns_taken: 2,
  actions_taken: 0,
  scores: computeScores(criteria),
  criteria_results: criteria,
  action_log: [],
  judge: { model: 'offline', criteria_evaluated: 1, criteria_not_evaluated: 1 },
};

describe('results artifact', () => {
  it('holds a plain-text summary (never JSON) and the results object', () => {
    const artifact = resultsArtifact(results);
    expect(artifact.name).toBe(RESULTS_ARTIFACT_NAME);
    const [summary] = textsOf(artifact.parts);
    expect(summary).toBe(
      'Assessment failed — scenario mini_inbox, participant assistant: score 7.50/10 (accuracy 7.50/10); 2 turns, 0 actions; 1 criteria not evaluated.',
    );
    expect(() => JSON.parse(summary!)).toThrow();
    expect(payloadOfParts(artifact.parts)).toEqual(results);
  });
});

describe('purple client timeouts (bug 9)', () => {
  it('keeps the HTTP timeouts above the turn timeout, however long it is', () => {
    for (const turnTimeoutMs of [200, 30_000, 300_000, 2 * 3_600_000]) {
      const options = purpleClientOptions(turnTimeoutMs);
      expect(options.callTimeoutMs).toBe(turnTimeoutMs);
      expect(options.http?.headersTimeoutMs).toBe(turnTimeoutMs + HTTP_TIMEOUT_HEADROOM_MS);
      expect(options.http?.bodyTimeoutMs).toBeGreaterThan(turnTimeoutMs);
    }
  });
});
