import type { EvalContext } from '../judge/types.js';
import { runBudgets } from './kinds/budgets.js';
import { runCollateral } from './kinds/collateral.js';
import { runDeliverables } from './kinds/deliverables.js';
import { runMilestones } from './kinds/milestones.js';
import { runMinefields } from './kinds/minefields.js';
import { runRubric } from './kinds/rubric.js';
import { runState } from './kinds/state.js';
import type { CheckSpec } from './spec.js';
import type { CheckOutcome } from './types.js';

/**
 * The check library: generic check kinds that scenario data configures (`criterion.check`).
 * See docs/EVALUATION_CRITERIA.md for each kind's parameters and scoring.
 */

export function runCheck(ctx: EvalContext, spec: CheckSpec): Promise<CheckOutcome> | CheckOutcome {
  switch (spec.kind) {
    case 'deliverables':
      return runDeliverables(ctx, spec);
    case 'state':
      return runState(ctx, spec);
    case 'collateral':
      return runCollateral(ctx, spec);
    case 'milestones':
      return runMilestones(ctx, spec);
    case 'minefields':
      return runMinefields(ctx, spec);
    case 'budgets':
      return runBudgets(ctx, spec);
    case 'rubric':
      return runRubric(ctx, spec);
  }
}

export * from './spec.js';
export * from './types.js';
export * from './world.js';
export * from './ground-truth.js';
export * from './arrivals.js';
export { findMineHits, type MineHit } from './kinds/minefields.js';
export { rubricScale, verdictSchema, buildRubricMessages } from './kinds/rubric.js';
export {
  factSchema,
  FactText,
  matchFacts,
  describeFact,
  type Fact,
  type FactContext,
} from '../reading/facts.js';
export { URGENCY_LABELS, type LabelValue } from '../reading/labels.js';
