import { describe, expect, it } from 'vitest';
import { CHECK_STRATEGIES } from '../../src/cli/check/bounds.js';
import { expectRepoGateHolds, IMITATION_HALF, OTHER_HALF } from '../support/repo-gate.js';

/**
 * The validity gate on the repository's own scenarios: every scenario's oracle and paraphrased
 * oracle score high, and doing nothing, gaming and falling into a trap score low (bounds in
 * src/cli/check/bounds.ts; the other imitation strategies run in repo-scenarios-check-imitation.test.ts).
 * A scenario added without proof that it measures something fails CI here.
 */
describe('scenarios check on every scenario in scenarios/', () => {
  it('the two halves of the gate together run every strategy, each once', () => {
    expect([...OTHER_HALF, ...IMITATION_HALF].sort()).toEqual([...CHECK_STRATEGIES].sort());
  });

  it(
    'holds every bound of the oracles, doing nothing, gaming, the traps and relay-all',
    () => expectRepoGateHolds(OTHER_HALF),
    900_000,
  );
});
