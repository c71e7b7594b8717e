import type { EvalContext } from '../../judge/types.js';
import { actionMatches, describeAction, viewsOf } from '../action-match.js';
import { pastDue } from '../moments.js';
import type { CheckSpec } from '../spec.js';
import { CheckConfigError, clamp01, type CheckOutcome } from '../types.js';

/**
 * Milestones: actions the task requires, each matched by the first action that fits it after
 * every milestone it depends on was reached (a partial order). Partial credit by points.
 */

type MilestonesSpec = Extract<CheckSpec, { kind: 'milestones' }>;

function checkOrder(spec: MilestonesSpec): void {
  const ids = new Set(spec.milestones.map((m) => m.id));
  for (const milestone of spec.milestones) {
    for (const before of milestone.after) {
      if (!ids.has(before))
        throw new CheckConfigError(`milestone "${milestone.id}" comes after unknown "${before}"`);
    }
  }
  // A cycle would make the milestones unreachable; reject it instead of scoring 0.
  const state = new Map<string, 'visiting' | 'done'>();
  const byId = new Map(spec.milestones.map((m) => [m.id, m]));
  const visit = (id: string): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') throw new CheckConfigError(`milestones form a cycle through "${id}"`);
    state.set(id, 'visiting');
    for (const before of byId.get(id)!.after) visit(before);
    state.set(id, 'done');
  };
  for (const milestone of spec.milestones) visit(milestone.id);
}

/**
 * The user reads the chat when the turn ends: a post to her in the same turn as the act it follows
 * (a text sent, an event moved) comes after it for her, whichever was logged first. Not after a
 * question of the assistant's own — an answer needs a turn.
 */
function reportsInSameTurn(
  views: ReturnType<typeof viewsOf>,
  view: ReturnType<typeof viewsOf>[number],
  earliest: number,
): boolean {
  const before = views[earliest];
  return (
    before !== undefined &&
    view.action === 'chat.send_message' &&
    before.action !== 'chat.send_message' &&
    view.entry.turn === before.entry.turn
  );
}

export function runMilestones(ctx: EvalContext, spec: MilestonesSpec): CheckOutcome {
  checkOrder(spec);
  const views = viewsOf(ctx);
  const reachedAt = new Map<string, number>();
  const firstOf = (matcher: MilestonesSpec['milestones'][number]['before_first']): number | undefined =>
    matcher && views.find((view) => actionMatches(ctx, view, matcher, 'credit'))?.index;
  // Repeat until nothing changes: a milestone can only be placed once its predecessors are.
  let changed = true;
  while (changed) {
    changed = false;
    for (const milestone of spec.milestones) {
      if (reachedAt.has(milestone.id)) continue;
      if (!milestone.after.every((id) => reachedAt.has(id))) continue;
      const afterFirst = milestone.after_first ? (firstOf(milestone.after_first) ?? Infinity) : -1;
      const earliest = Math.max(afterFirst, ...milestone.after.map((id) => reachedAt.get(id)!));
      const latest = firstOf(milestone.before_first) ?? Infinity;
      const hit = views.find(
        (view) =>
          (view.index > earliest || reportsInSameTurn(views, view, earliest)) &&
          view.index < latest &&
          actionMatches(ctx, view, milestone.match, 'credit'),
      );
      if (hit) {
        reachedAt.set(milestone.id, hit.index);
        changed = true;
      }
    }
  }
  const late = (m: MilestonesSpec['milestones'][number]): boolean =>
    reachedAt.has(m.id) && pastDue(views[reachedAt.get(m.id)!]!.ms, m.due, ctx);
  const total = spec.milestones.reduce((sum, m) => sum + m.points, 0);
  const got = spec.milestones
    .filter((m) => reachedAt.has(m.id))
    .reduce((sum, m) => sum + m.points * (late(m) ? m.late_credit : 1), 0);
  const rows = spec.milestones.map((m) => ({
    id: m.id,
    description: m.description ?? null,
    reached: reachedAt.has(m.id),
    ...(m.due !== undefined ? { due: m.due, late: late(m) } : {}),
    action: reachedAt.has(m.id) ? describeAction(views[reachedAt.get(m.id)!]!) : null,
  }));
  return {
    fraction: clamp01(total === 0 ? 0 : got / total),
    explanation: `${rows.filter((r) => r.reached).length} of ${rows.length} milestones reached (${got} of ${total} points).`,
    evidence: { milestones: rows },
  };
}
