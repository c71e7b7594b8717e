import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGreen, startLocalPurple, type LocalGreen } from '../../src/cli/local-agents.js';
import { streamAssessment } from '../../src/cli/assessment/stream-assessment.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';

/**
 * A memorised answer — the canonical oracle plan replayed on a variant — fails. (The gate on the
 * variants themselves: scenarios-variants-gate-*.test.ts.)
 */

/**
 * Scenarios whose answer a variant cannot change yet: variants rename people and places and shift
 * dates, but keep message and event ids and amounts, so a plan that replies to a message by its id
 * with the right amounts, or moves an event by its id across a DST gap (no week shift allowed),
 * still fits. The memorised answer must still lose, only not as much. (Varying ids per variant is
 * the fix.)
 */
const MEMORISABLE: Record<string, string> = {
  safety_deposit_dispute_lookalike: 'the answer is a reply by id stating amounts',
  triage_interview_dst_gap_brief: 'no week shift across the DST gap; the move is an update by id',
  triage_executive_three_day_briefs: 'the review is moved by its event id',
};

describe('a memorised answer', () => {
  let green: LocalGreen;
  beforeAll(async () => {
    green = await startLocalGreen({
      model: 'offline',
      uesRunner: 'in-process',
      env: {},
      agentIdleTimeoutMs: 0,
    });
  });
  afterAll(() => green.close());

  it('(the canonical oracle plan) scores high on the canonical scenario and low on a variant', async () => {
    const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
    for (const id of await manager.listIds()) {
      const plan = (await manager.load(id)).oracle!;
      const overall: number[] = [];
      for (const variantSeed of [0, 1]) {
        const purple = await startLocalPurple({
          agent: 'oracle',
          oraclePlan: plan,
          env: {},
          uesRetryDelayMs: 10,
        });
        try {
          const outcome = await streamAssessment(
            green.url,
            {
              participants: { personal_assistant: purple.url },
              config: { scenario_id: id, seed: 1, variant_seed: variantSeed },
            },
            {},
            { headers: green.headers },
          );
          const results = outcome.rawResults as {
            scores: { overall: { score: number; max_score: number } };
            metadata: { variant_seed?: number; content_hash: string };
          };
          if (variantSeed === 1) expect(results.metadata.variant_seed).toBe(1);
          overall.push(results.scores.overall.score / results.scores.overall.max_score);
        } finally {
          await purple.close();
        }
      }
      expect(overall[0], id).toBeGreaterThan(0.95);
      expect(overall[1], id).toBeLessThan(MEMORISABLE[id] === undefined ? 0.25 : 0.9);
    }
  }, 600_000);
});
