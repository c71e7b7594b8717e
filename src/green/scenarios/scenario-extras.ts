import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EMPTY_GROUND_TRUTH, groundTruthSchema, type GroundTruth } from '../checks/ground-truth.js';
import type { OracleBaseline } from '../judge/types.js';
import { ScenarioValidationError, formatIssuePath } from './errors.js';
import type { ScenarioConfig } from './schema.js';

/**
 * The parts of a scenario beyond its config and initial state: the answer key
 * (`ground_truth.json`), the oracle's counts (efficiency baseline) and the content hash that
 * identifies this exact version of the scenario in results.
 */

/** Bumped whenever a check kind changes how it scores, so old and new runs are never compared. */
export const CHECK_LIBRARY_VERSION = '3';

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseJson(id: string, file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ScenarioValidationError(id, file, [
      { path: '', message: `is not valid JSON: ${(error as Error).message}` },
    ]);
  }
}

export async function readGroundTruth(dir: string, config: ScenarioConfig): Promise<GroundTruth> {
  if (!config.ground_truth) return EMPTY_GROUND_TRUTH;
  const file = resolve(dir, config.ground_truth);
  const text = await readOptional(file);
  if (text === undefined) {
    throw new ScenarioValidationError(config.scenario_id, file, [
      { path: '', message: 'does not exist (named by ground_truth in scenario.json)' },
    ]);
  }
  const parsed = groundTruthSchema.safeParse(parseJson(config.scenario_id, file, text));
  if (!parsed.success) {
    throw new ScenarioValidationError(
      config.scenario_id,
      file,
      parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
    );
  }
  return parsed.data;
}

interface OracleStepCounts {
  at?: unknown;
  post?: unknown;
  action?: unknown;
  read?: unknown;
}

/**
 * What the oracle does, counted from its plan: each post and action is a write, each modality
 * read a read; it needs one turn per distinct step time plus the opening turn.
 */
export function oracleBaselineOf(plan: { steps: readonly OracleStepCounts[] }): OracleBaseline {
  let reads = 0;
  let writes = 0;
  const times = new Set<string>();
  for (const step of plan.steps) {
    if (typeof step.at === 'string') times.add(new Date(step.at).toISOString());
    if (step.post !== undefined || step.action !== undefined) writes++;
    if (Array.isArray(step.read)) reads += step.read.length;
  }
  return { calls: reads + writes, reads, writes, turns: times.size + 1 };
}

/** sha256 over the scenario's files (config, initial state, ground truth, oracle, evaluators) and the check library version. */
export async function scenarioContentHash(dir: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`checks:${CHECK_LIBRARY_VERSION}\n`);
  for (const file of [...new Set(files)].sort()) {
    const text = await readOptional(resolve(dir, file));
    if (text === undefined) continue;
    hash.update(`${file}\n`);
    hash.update(text);
    hash.update('\n');
  }
  return `sha256:${hash.digest('hex')}`;
}
