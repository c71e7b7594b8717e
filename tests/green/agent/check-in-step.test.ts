import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentResults } from '../../../src/protocol/index.js';
import { completeTurn } from '../../../src/purple/base-agent.js';
import { startScoringHarness, type ScoringHarness } from '../../support/scenario-runs.js';

/**
 * The efficiency budgets are computed at the scenario's default time step (an honest watcher's
 * pace). The green tells the assistant that step (`suggested_time_step`, in `assessment_start` and
 * every `turn_start`), so an assistant keeps the budget's pace without guessing: a kit agent that
 * names no step checks in at it and is within the turns budget, while one checking twice as often
 * spends twice the turns.
 */

const SCENARIO = 'ask_back_needless_landlord_dates';
const STEP = 'PT30M';

/** The turns budget's evidence: what was used against what earns full credit. */
function turnsBudget(results: AssessmentResults): { used: number; fullUpTo: number } {
  const budget = results.criteria_results.find(
    (criterion) => (criterion.details?.['evidence'] as { measure?: string } | undefined)?.measure === 'turns',
  );
  const evidence = budget?.details?.['evidence'] as { used: number; full_credit_up_to: number } | undefined;
  if (evidence === undefined) throw new Error(`${SCENARIO} has no turns budget with evidence`);
  return { used: evidence.used, fullUpTo: evidence.full_credit_up_to };
}

describe('the scenario’s check-in step', () => {
  let harness: ScoringHarness;
  beforeAll(async () => {
    harness = await startScoringHarness();
  });
  afterAll(() => harness.close());

  it('is told in every turn; a turn without a step advances by it, within the turns budget', async () => {
    const told: Array<string | undefined> = [];
    const times: number[] = [];
    const results = await harness.assess(SCENARIO, async (turn) => {
      told.push(turn.suggestedTimeStep);
      times.push(turn.currentTime.getTime());
      return completeTurn({ notes: 'watching' });
    });
    expect(new Set(told)).toEqual(new Set([STEP]));
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    // Every gap is the step, except the last one, cut short at the scenario's end.
    expect(new Set(gaps.slice(0, -1))).toEqual(new Set([30 * 60_000]));
    const budget = turnsBudget(results);
    expect(budget.used).toBe(times.length);
    expect(budget.used).toBeLessThanOrEqual(budget.fullUpTo);
  });

  it('checking in twice as often spends twice the turns, past the budget’s full credit', async () => {
    const results = await harness.assess(SCENARIO, async () => completeTurn({ timeStep: 'PT15M' }));
    const budget = turnsBudget(results);
    expect(budget.used).toBeGreaterThan(budget.fullUpTo);
  });
});
