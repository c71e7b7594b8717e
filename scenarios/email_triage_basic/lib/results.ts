import type { z } from 'zod';
import type { EvalResult } from '../../../src/green/judge/types.js';

/**
 * Result helpers. `notEvaluated` mirrors the green's helper of the same name (scenario code gets
 * nothing from the package at run time but types; see docs/SCENARIOS.md).
 */

/** A criterion that cannot be scored (it needs an LLM and there is none); left out of totals. */
export function notEvaluated(reason: string, max_score: number): EvalResult {
  return { score: 0, max_score, explanation: reason, details: { evaluated: false, reason } };
}

/** Parses a criterion's params; a bad scenario.json value is the scenario author's error. */
export function parseParams<S extends z.ZodType>(
  schema: S,
  params: Record<string, unknown>,
  evaluator: string,
): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`,
    );
    throw new Error(`${evaluator}: invalid params in scenario.json: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/** Rounds to 2 decimals, for scores built from fractions. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
