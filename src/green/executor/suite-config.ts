import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SuiteShard } from '../../protocol/index.js';
import type { AssessmentConfig } from '../assessment/assessment-config.js';
import {
  describeSelection,
  parseSelection,
  SuiteSelectionError,
  type SuiteSelection,
} from '../suite/selection.js';

/**
 * The suite keys of an assessment request's config:
 * - `scenarios`: `"all"`, `"family:<name>"`, a list of ids or ids joined by commas (instead of
 *   `scenario_id`);
 * - `trials`: independent trials per scenario (default 1);
 * - `concurrency`: trials run at once, each with its own simulator (default 1; the green's
 *   `max_contexts` bounds it further);
 * - `shard_index`, `num_shards`: injected by the AgentBeats workflow when it shards a run; this
 *   green then runs only its slice (suite/selection.ts).
 * A request with `scenario_id`, one trial and no more than one shard is a single assessment,
 * exactly as before these keys existed; anything else is a suite (one `assessment_results` per
 * trial, then `suite_results`).
 */

export const MAX_TRIALS = 100;
export const MAX_SUITE_CONCURRENCY = 32;
/** The platform shards into at most 20; more is accepted, and shards beyond the scenarios run nothing. */
export const MAX_SHARDS = 1000;

const integer = (min: number, max: number) =>
  z
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** Workflows may template numbers into strings ("0"); both are taken. */
const shardNumber = (min: number, max: number) =>
  z.union([integer(min, max), z.string().regex(/^\d+$/).transform(Number).pipe(integer(min, max))], {
    error: 'must be an integer',
  });

export const suiteConfigFields = {
  scenario_id: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).optional(),
  scenarios: z
    .union(
      [
        z.string().min(1, { error: 'must not be empty' }),
        z
          .array(z.string().min(1, { error: 'scenario ids must not be empty' }))
          .min(1, { error: 'must name at least one scenario' }),
      ],
      {
        error: 'must be "all", "family:<name>", a list of scenario ids, or ids joined by commas',
      },
    )
    .optional(),
  trials: integer(1, MAX_TRIALS).optional(),
  concurrency: integer(1, MAX_SUITE_CONCURRENCY).optional(),
  shard_index: shardNumber(0, MAX_SHARDS - 1).optional(),
  num_shards: shardNumber(1, MAX_SHARDS).optional(),
};

interface SuiteConfigInput {
  scenario_id?: string | undefined;
  scenarios?: string | string[] | undefined;
  trials?: number | undefined;
  concurrency?: number | undefined;
  shard_index?: number | undefined;
  num_shards?: number | undefined;
  seed?: number | undefined;
  variant_seed?: number | undefined;
}

export function checkSuiteConfig(config: SuiteConfigInput, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string): void => {
    ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (config.scenario_id === undefined && config.scenarios === undefined) {
    issue(
      'scenario_id',
      'is required (or config.scenarios for a suite: "all", "family:<name>" or a list of scenario ids)',
    );
  }
  if (config.scenario_id !== undefined && config.scenarios !== undefined) {
    issue('scenarios', 'give either scenario_id (one scenario) or scenarios (a suite), not both');
  }
  // Only a well-typed value gets here with its content unchecked; a malformed one has its issue.
  const scenarios = config.scenarios;
  const wellTyped =
    (typeof scenarios === 'string' && scenarios !== '') ||
    (Array.isArray(scenarios) &&
      scenarios.length > 0 &&
      scenarios.every((id) => typeof id === 'string' && id !== ''));
  if (scenarios !== undefined && wellTyped) {
    try {
      parseSelection(scenarios);
    } catch (error) {
      if (!(error instanceof SuiteSelectionError)) throw error;
      issue('scenarios', error.message);
    }
  }
  const isSuite = config.scenarios !== undefined || (config.trials ?? 1) > 1 || (config.num_shards ?? 1) > 1;
  // A suite's trials are comparable only on the canonical scenarios (the CLI refuses it too).
  if (isSuite && config.variant_seed !== undefined && config.variant_seed !== 0) {
    issue('variant_seed', 'applies to one scenario (scenario_id, one trial), not to a suite');
  }
  if ((config.shard_index === undefined) !== (config.num_shards === undefined)) {
    issue(
      config.shard_index === undefined ? 'shard_index' : 'num_shards',
      'shard_index and num_shards come together',
    );
  } else if (
    config.shard_index !== undefined &&
    config.num_shards !== undefined &&
    config.shard_index >= config.num_shards
  ) {
    issue('shard_index', `must be less than num_shards (${config.num_shards})`);
  }
}

export interface SuitePlan {
  selection: SuiteSelection;
  trials: number;
  concurrency: number;
  shard: SuiteShard;
  /** The request's seed; without one the green's `llm_seed`, else a drawn one. */
  seed: number | undefined;
  /** The request's other config keys (max_turns, turn_timeout_seconds, …), given to every trial. */
  trialBase: Record<string, unknown>;
}

/** One trial's config: the request's other keys with this scenario and seed. */
export function trialConfig(plan: SuitePlan, scenarioId: string, seed: number): AssessmentConfig {
  return { ...plan.trialBase, scenario_id: scenarioId, seed };
}

const SUITE_KEYS = ['scenario_id', 'scenarios', 'trials', 'concurrency', 'shard_index', 'num_shards', 'seed'];

/** The suite a (validated) request config asks for; undefined for a single assessment. */
export function suitePlanOf(config: SuiteConfigInput & Record<string, unknown>): SuitePlan | undefined {
  const trials = config.trials ?? 1;
  const shard = { index: config.shard_index ?? 0, count: config.num_shards ?? 1 };
  if (config.scenarios === undefined && trials === 1 && shard.count === 1) return undefined;
  const selection =
    config.scenarios === undefined ? parseSelection([config.scenario_id!]) : parseSelection(config.scenarios);
  const rest = Object.fromEntries(Object.entries(config).filter(([key]) => !SUITE_KEYS.includes(key)));
  return {
    selection,
    trials,
    concurrency: config.concurrency ?? 1,
    shard,
    seed: config.seed,
    trialBase: rest,
  };
}

/** JSON with object keys sorted, so equal configs hash equally however they were written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The base seed shards agree on when the request gives none: the first 31 bits of the sha256 of
 * the suite's config without the shard keys. Each shard is a separate task on a separate green,
 * so a seed drawn at random would differ between them; this one is the same for all of them.
 */
export function sharedSuiteSeed(plan: SuitePlan): number {
  const digest = createHash('sha256')
    .update(
      canonicalJson({
        selection: describeSelection(plan.selection),
        trials: plan.trials,
        config: plan.trialBase,
      }),
    )
    .digest();
  return digest.readUInt32BE(0) >>> 1;
}
