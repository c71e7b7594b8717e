import { describe, it } from 'vitest';
import { expectVariantGateHolds } from '../support/variant-gate.js';

describe('scenarios check on variant seed 2 of every scenario', () => {
  it('passes every bound', () => expectVariantGateHolds(2), 1_200_000);
});
