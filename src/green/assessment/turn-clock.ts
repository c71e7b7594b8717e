/**
 * Simulated-time arithmetic for the turn loop. A turn starts at time T; after it, the clock moves
 * by the purple's `time_step` in two phases — 1 s to "apply" the purple's actions, then the rest
 * once character replies are scheduled. Time never passes the scenario's `end_time`: the step is
 * clamped so that a last turn starts exactly at `end_time`, and that turn moves time no further
 * (bug 2 of the original: `end_time` was ignored and the loop ran up to 100 turns).
 */

export const APPLY_ADVANCE_MS = 1_000;
/** A turn moves time at least this much, so a purple asking for `PT0S` cannot stall the clock. */
export const MIN_STEP_MS = 1_000;

export interface AdvancePlan {
  /** Simulated milliseconds the clock moves after this turn (0 for a closing turn). */
  stepMs: number;
  /** The first phase: min(1 s, stepMs). */
  applyMs: number;
  /** The second phase: stepMs − applyMs. */
  remainderMs: number;
  /** True when `end_time` shortened the requested step. */
  clamped: boolean;
}

/** True when a turn starting at `nowMs` is the scenario's last one: it starts at (or past) the end. */
export function isFinalTurnStart(nowMs: number, endMs: number): boolean {
  return nowMs >= endMs;
}

/** How far to move the clock after a turn at `nowMs` that asked for `requestedMs`. */
export function planAdvance(nowMs: number, requestedMs: number, endMs: number): AdvancePlan {
  const wanted = Math.max(requestedMs, MIN_STEP_MS);
  const room = Math.max(0, endMs - nowMs);
  const stepMs = Math.min(wanted, room);
  const applyMs = Math.min(APPLY_ADVANCE_MS, stepMs);
  return { stepMs, applyMs, remainderMs: stepMs - applyMs, clamped: stepMs < wanted };
}

/** The plan of a turn that ends the assessment: its actions are collected, time stays. */
export const NO_ADVANCE: AdvancePlan = Object.freeze({
  stepMs: 0,
  applyMs: 0,
  remainderMs: 0,
  clamped: false,
});
