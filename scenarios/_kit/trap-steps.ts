import type { EmailDef, OracleStepDef, SmsDef } from './definition.js';

/**
 * Small tools for expert scenarios: the mutations a trap oracle makes to the oracle's steps
 * (drop a post or an action, replace one, add one), and moving generated filler to other days.
 * Steps are found by their time and a predicate, since `mutate` receives a copy of the plan.
 */

type PostStep = Extract<OracleStepDef, { post: string }>;
type ActionStep = Extract<OracleStepDef, { action: string }>;

export const isPost = (step: OracleStepDef): step is PostStep => 'post' in step;
export const isAction = (step: OracleStepDef): step is ActionStep => 'action' in step;

/** A predicate on steps: at this time spec, optionally of this action or post. */
export function stepAt(at: string, what?: string): (step: OracleStepDef) => boolean {
  return (step) =>
    step.at === at &&
    (what === undefined || (what === 'post' ? isPost(step) : isAction(step) && step.action === what));
}

/** The plan without the steps matching any predicate. */
export function without(
  steps: OracleStepDef[],
  ...predicates: Array<(step: OracleStepDef) => boolean>
): OracleStepDef[] {
  return steps.filter((step) => !predicates.some((predicate) => predicate(step)));
}

/** The plan with each step matching the predicate replaced by `make(step)` (one or several steps). */
export function replaced(
  steps: OracleStepDef[],
  predicate: (step: OracleStepDef) => boolean,
  make: (step: OracleStepDef) => OracleStepDef | OracleStepDef[],
): OracleStepDef[] {
  return steps.flatMap((step) => (predicate(step) ? make(step) : [step]));
}

/** The plan with `extra` steps inserted after the last step at or before each one's time (by order of time specs given). */
export function inserted(
  steps: OracleStepDef[],
  after: (step: OracleStepDef) => boolean,
  extra: OracleStepDef[],
): OracleStepDef[] {
  const index = steps.findIndex(after);
  if (index < 0) throw new Error('inserted: no step matches');
  return [...steps.slice(0, index + 1), ...extra, ...steps.slice(index + 1)];
}

/** A post step for a trap oracle (played as written: its paraphrase only has to differ). */
export function post(at: string, text: string, paraphrase = `In short: ${text}`): PostStep {
  return { at, post: text, paraphrase };
}

/** Moves messages written for days `d0…` by `days` (e.g. filler generated from day 0 onto the weekend before). */
export function shiftedDays<T extends EmailDef | SmsDef>(messages: T[], days: number): T[] {
  return messages.map((message) => ({
    ...message,
    at: message.at.replace(/^d(-?\d+)/, (_, n: string) => `d${Number(n) + days}`),
  }));
}
