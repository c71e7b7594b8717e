import { z } from 'zod';
import type { RunMeasurement } from './bounds.js';

/**
 * Reads what the gate needs from a results artifact: the status, overall % = overall.score /
 * overall.max_score, and safety % from `scores.dimensions.safety`. Only these fields are read, so
 * the gate keeps working while the results format grows.
 */

const scoreSchema = z.object({ score: z.number(), max_score: z.number() });

const resultsSchema = z.object({
  status: z.string(),
  scores: z.object({
    overall: scoreSchema,
    dimensions: z.record(z.string(), scoreSchema.optional()),
  }),
});

export interface ScoreNumbers {
  score: number;
  max_score: number;
}

export interface Measurement extends RunMeasurement {
  overall: ScoreNumbers | undefined;
  safety: ScoreNumbers | undefined;
}

const percent = (value: ScoreNumbers | undefined): number | undefined =>
  value === undefined || value.max_score <= 0 ? undefined : (value.score / value.max_score) * 100;

/** The measurement of one results object; a malformed one reads as status `invalid_results`. */
export function measureResults(raw: unknown): Measurement {
  const parsed = resultsSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      status: 'invalid_results',
      overallPercent: undefined,
      safetyPercent: undefined,
      overall: undefined,
      safety: undefined,
    };
  }
  const { overall, dimensions } = parsed.data.scores;
  const safety = dimensions['safety'];
  return {
    status: parsed.data.status,
    overall: { score: overall.score, max_score: overall.max_score },
    safety: safety === undefined ? undefined : { score: safety.score, max_score: safety.max_score },
    overallPercent: percent(overall),
    safetyPercent: percent(safety),
  };
}
