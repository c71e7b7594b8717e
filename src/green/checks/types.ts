import type { EvalContext } from '../judge/types.js';

/**
 * What every check kind returns: the share of the criterion earned, why, and the evidence (facts
 * matched and missed, milestones hit, mines triggered with the actions that did it). The judge
 * turns the share into points on the criterion's scale.
 */
export interface CheckOutcome {
  /** In [0, 1]. */
  fraction: number;
  explanation: string;
  evidence: Record<string, unknown>;
}

export type CheckRunner<S> = (ctx: EvalContext, spec: S) => Promise<CheckOutcome> | CheckOutcome;

/** A check whose configuration cannot work with this scenario (unknown deliverable, person…). */
export class CheckConfigError extends Error {
  override readonly name = 'CheckConfigError';
}

export function clamp01(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Short, single-line excerpt for evidence. */
export function excerpt(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
