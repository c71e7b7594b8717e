import { describe, it } from 'vitest';
import { expectRepoGateHolds, IMITATION_HALF } from '../support/repo-gate.js';

/**
 * The validity gate's imitation strategies on every scenario in scenarios/: each scores low on
 * every scenario and lower still on average (the rest of the gate: repo-scenarios-check.test.ts).
 */
describe('scenarios check of the imitation strategies on every scenario in scenarios/', () => {
  it('holds every bound', () => expectRepoGateHolds(IMITATION_HALF), 900_000);
});
