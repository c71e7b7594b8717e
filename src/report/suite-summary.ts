import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ReportInputError } from './report-errors.js';

/**
 * The parts of a suite summary (`suite_results.json`, written by `run --scenarios/--trials`) that
 * the report shows: per-scenario means with their 95 % interval, pass@k and pass^k, per family and
 * overall, and each trial's results file. Read leniently (extra fields ignored, missing ones
 * shown as "—"), so a report never fails on a summary from a newer version.
 */

export const SUITE_SUMMARY_FILE = 'suite_results.json';

const fraction = z.number().min(0).max(1).nullish();

const meanSchema = z.looseObject({
  mean: z.number(),
  n: z.number().int().optional(),
  ci95_low: fraction,
  ci95_high: fraction,
});

const trialSchema = z.looseObject({
  trial: z.number().int(),
  seed: z.number().int().optional(),
  assessment_id: z.string().nullish(),
  status: z.string(),
  passed: z.boolean().optional(),
  overall: z.looseObject({ fraction: z.number() }).nullish(),
  error: z.string().optional(),
  results_file: z.string().optional(),
});

const scenarioSchema = z.looseObject({
  scenario_id: z.string(),
  family: z.string().optional(),
  status: z.string().optional(),
  error: z.string().optional(),
  pass_threshold: z.number().optional(),
  trials_run: z.number().int().optional(),
  trials_passed: z.number().int().optional(),
  trials: z.array(trialSchema).default([]),
  overall: meanSchema.nullish(),
  dimensions: z.record(z.string(), meanSchema).optional(),
  pass_rate: fraction,
  pass_at_k: fraction,
  pass_hat_k: fraction,
});

const aggregateSchema = z.looseObject({
  mean: fraction,
  dimensions: z.record(z.string(), z.number()).optional(),
  pass_rate: fraction,
  pass_at_k: fraction,
  pass_hat_k: fraction,
});

export const suiteSummarySchema = z.looseObject({
  message_type: z.literal('suite_results'),
  suite_id: z.string().optional(),
  participant: z.string().optional(),
  selection: z.string().optional(),
  trials: z.number().int().optional(),
  seed: z.number().int().optional(),
  status: z.string().optional(),
  shard: z.looseObject({ index: z.number().int(), count: z.number().int() }).optional(),
  scenarios: z.array(scenarioSchema),
  families: z
    .array(aggregateSchema.extend({ family: z.string(), scenarios: z.number().int().optional() }))
    .default([]),
  overall: aggregateSchema.extend({
    scenarios: z.number().int().optional(),
    trials_run: z.number().int().optional(),
    trials_passed: z.number().int().optional(),
  }),
});

export type SuiteSummary = z.infer<typeof suiteSummarySchema>;

export async function readSuiteSummary(path: string): Promise<SuiteSummary> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ReportInputError(`${path}: cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = suiteSummarySchema.safeParse(json);
  if (!parsed.success) {
    throw new ReportInputError(`${path}: not a suite summary: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
