import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EMPTY_GROUND_TRUTH, groundTruthSchema, type GroundTruth } from '../checks/ground-truth.js';
import { ORGANISING_ACTIONS } from '../checks/run-view.js';
import type { OracleBaseline } from '../judge/types.js';
import { ScenarioValidationError, formatIssuePath } from './errors.js';
import type { ScenarioConfig } from './schema.js';
import {
  ORACLE_READ_MODALITIES,
  parseDuration,
  type OraclePlan,
  type OracleReadModality,
  type WatchPlan,
} from '../../protocol/index.js';

/**
 * The parts of a scenario beyond its config and initial state: the answer key
 * (`ground_truth.json`), the oracle's counts (efficiency baseline) and the content hash that
 * identifies this exact version of the scenario in results.
 */

/** Bumped whenever a check kind changes how it scores, so old and new runs are never compared. */
export const CHECK_LIBRARY_VERSION = '12';

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
 * What the oracle does, counted from its plan: each post and action is a write (organising is
 * free), each modality read a read; one turn per distinct step time plus the opening turn.
 */
export function oracleBaselineOf(plan: { steps: readonly OracleStepCounts[] }): OracleBaseline {
  let reads = 0;
  let writes = 0;
  const times = new Set<string>();
  for (const step of plan.steps) {
    if (typeof step.at === 'string') times.add(new Date(step.at).toISOString());
    const organising = typeof step.action === 'string' && ORGANISING_ACTIONS.test(step.action);
    if (step.post !== undefined || (step.action !== undefined && !organising)) writes++;
    if (Array.isArray(step.read)) reads += step.read.length;
  }
  return { calls: reads + writes, reads, writes, turns: times.size + 1 };
}

/**
 * How an honest watcher follows a scenario: a turn at every default time step from the start,
 * reading the user's chat and every modality in play each turn. It knows nothing of the future:
 * budgets based on it never need an assistant to know when something will arrive.
 */
export function watchPlanOf(config: ScenarioConfig, modalities: readonly string[]): WatchPlan {
  const read = ['chat', ...modalities.filter((m) => m !== 'chat')].filter((m): m is OracleReadModality =>
    (ORACLE_READ_MODALITIES as readonly string[]).includes(m),
  );
  return {
    step: config.default_time_step,
    start: new Date(config.start_time).toISOString(),
    end: new Date(config.end_time).toISOString(),
    read,
  };
}

/**
 * The turns of a watcher: the start, every step after it, every time the plan acts, and the
 * scenario's end (the green's last turn starts there).
 */
export function watcherTurnTimes(watch: WatchPlan, planTimes: readonly string[]): number[] {
  const start = Date.parse(watch.start);
  const end = Date.parse(watch.end);
  const step = Math.max(60_000, parseDuration(watch.step));
  const times = new Set<number>([end]);
  for (let t = start; t <= end; t += step) times.add(t);
  for (const at of planTimes) {
    const ms = Date.parse(at);
    if (ms >= start && ms <= end) times.add(ms);
  }
  return [...times].sort((a, b) => a - b);
}

/**
 * The efficiency baseline: what an honest watcher needs — its turns, the chat and every modality
 * in play read each turn, and the oracle's writes (organising free). An assistant that watches at
 * the scenario's own step is within budget by construction; one that reads everything every few
 * minutes is not.
 */
export function watcherBaselineOf(plan: OraclePlan & { watch: WatchPlan }): OracleBaseline {
  const oracle = oracleBaselineOf(plan);
  const turns = watcherTurnTimes(
    plan.watch,
    plan.steps.map((step) => step.at),
  ).length;
  const reads = Math.max(oracle.reads, turns * plan.watch.read.length);
  return { calls: reads + oracle.writes, reads, writes: oracle.writes, turns: Math.max(turns, oracle.turns) };
}

/** sha256 over the scenario's files (config, initial state, ground truth, oracle, evaluators) and the check library version. */
export async function scenarioContentHash(
  dir: string,
  files: readonly string[],
  checkLibraryVersion: string = CHECK_LIBRARY_VERSION,
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`checks:${checkLibraryVersion}\n`);
  for (const file of [...new Set(files)].sort()) {
    const text = await readOptional(resolve(dir, file));
    if (text === undefined) continue;
    hash.update(`${file}\n`);
    hash.update(text);
    hash.update('\n');
  }
  return `sha256:${hash.digest('hex')}`;
}
