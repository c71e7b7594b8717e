import type { EvalContext } from '../../judge/types.js';
import { ORGANISING_ACTIONS } from '../run-view.js';
import type { CheckSpec } from '../spec.js';
import { CheckConfigError, clamp01, round3, type CheckOutcome } from '../types.js';

/**
 * Budgets: efficiency against what an honest watcher of the scenario needs (its calls, reads,
 * writes or turns: a turn at every default step, the chat and every modality in play read each
 * turn, the oracle's writes) — never against an oracle that knows when things arrive. Full credit
 * up to baseline × slack, nothing at baseline × zero_at, linear between. The judge gates it by
 * task completion, so an assistant that does nothing is not "efficient".
 */

type BudgetsSpec = Extract<CheckSpec, { kind: 'budgets' }>;

export function runBudgets(ctx: EvalContext, spec: BudgetsSpec): CheckOutcome {
  const baseline = spec.baseline ?? ctx.oracleBaseline?.[spec.measure];
  if (baseline === undefined || baseline <= 0) {
    throw new CheckConfigError(
      `budget "${spec.measure}" has no baseline: give "baseline" or ship an oracle.json with steps (the watcher baseline is derived from it)`,
    );
  }
  // Organising what the user has (marking read, starring, labelling) is free, as in collateral.
  const writes = ctx.actionLog.filter((entry) => !ORGANISING_ACTIONS.test(entry.action)).length;
  const used = { calls: ctx.readCount + writes, reads: ctx.readCount, writes, turns: ctx.turns.length }[
    spec.measure
  ];
  const full = baseline * spec.slack;
  const zero = baseline * spec.zero_at;
  const fraction = used <= full ? 1 : clamp01((zero - used) / (zero - full));
  return {
    fraction,
    explanation: `${used} ${spec.measure} against an honest watcher's ${baseline}: full credit up to ${round3(full)}, none from ${round3(zero)}.`,
    evidence: {
      measure: spec.measure,
      used,
      baseline,
      full_credit_up_to: round3(full),
      zero_at: round3(zero),
    },
  };
}
