import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { evaluationInputSchema, type EvaluationInput } from '../run-record/evaluation-input.js';
import { readRunDirectory, writeJsonFile } from '../run-record/run-directory.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { goldVerdictSchema, mutantSchema, type GoldMutant, type GoldVerdict } from './schema.js';

/**
 * The gold folder on disk: each scenario's reviewed runs (verdict, saved evaluation input, the
 * results as played, the turns), their careless mutants, and the scenario's oracle run.
 */

export const DEFAULT_GOLD_DIR = fileURLToPath(new URL('../../../gold/', import.meta.url)).replace(/\/$/, '');
export const VERDICT_FILE = 'verdict.json';
export const INPUT_FILE = 'evaluation-input.json.gz';
export const ORACLE_RUN = 'oracle';

/** A gold file that is missing, unreadable or not what it should be. */
export class GoldFileError extends Error {
  override readonly name = 'GoldFileError';
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/**
 * What a run's world is: everything that decides what the assistant meets — the initial state, the
 * clock, the people and what they say, the user's brief, the triggers and the noise — and nothing
 * that only scores it (criteria, answer key, oracle). A run of another world is played again, not
 * rescored: its people would have said other things.
 */
export function worldHash(scenario: LoadedScenario): string {
  const c = scenario.config as Record<string, unknown>;
  const world = {
    initial_state: scenario.initialState,
    start_time: c['start_time'],
    end_time: c['end_time'],
    timezone: c['timezone'],
    user_prompt: c['user_prompt'],
    user_character: c['user_character'],
    characters: c['characters'],
    user_brief: c['user_brief'] ?? null,
    // What a trigger delivers is the world; when it fires is checked run by run (the triggers a
    // run's own actions set off, compared with those that fired when it was played).
    triggers: Array.isArray(c['triggers'])
      ? (c['triggers'] as Array<Record<string, unknown>>).map(({ when: _when, ...rest }) => rest)
      : null,
    noise: c['noise'] ?? null,
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(world)).digest('hex')}`;
}

async function readJsonFile<T>(path: string, schema: z.ZodType<T>, what: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new GoldFileError(path, `cannot be read: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new GoldFileError(path, `is not JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new GoldFileError(path, `is not ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export interface GoldRun {
  dir: string;
  verdict: GoldVerdict;
  input: EvaluationInput;
  mutants: Array<{ file: string; mutant: GoldMutant }>;
}

async function subdirectories(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** A gold run's saved evaluation input (gzipped JSON). */
export async function readInput(dir: string): Promise<EvaluationInput> {
  const path = join(dir, INPUT_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(gunzipSync(await readFile(path)).toString('utf8'));
  } catch (error) {
    throw new GoldFileError(path, `cannot be read: ${(error as Error).message}`);
  }
  const parsed = evaluationInputSchema.safeParse(raw);
  if (!parsed.success)
    throw new GoldFileError(path, `is not an evaluation input: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Every gold run of the given scenarios (all when `ids` is empty), with its mutants. */
export async function readGoldRuns(goldDir: string, ids: readonly string[] = []): Promise<GoldRun[]> {
  const runs: GoldRun[] = [];
  const scenarios = ids.length > 0 ? [...ids] : await subdirectories(goldDir);
  for (const scenarioId of scenarios) {
    for (const name of await subdirectories(join(goldDir, scenarioId))) {
      if (name === ORACLE_RUN) continue;
      const dir = join(goldDir, scenarioId, name);
      const verdict = await readJsonFile(join(dir, VERDICT_FILE), goldVerdictSchema, 'a gold verdict');
      if (verdict.scenario_id !== scenarioId || verdict.run_id !== name) {
        throw new GoldFileError(
          join(dir, VERDICT_FILE),
          `names run ${verdict.scenario_id}/${verdict.run_id}, but it sits in ${scenarioId}/${name}`,
        );
      }
      const mutants: GoldRun['mutants'] = [];
      const mutantDir = join(dir, 'mutants');
      const files = (await exists(mutantDir))
        ? (await readdir(mutantDir)).filter((f) => f.endsWith('.json'))
        : [];
      for (const file of files.sort()) {
        const path = join(mutantDir, file);
        const mutant = await readJsonFile(path, mutantSchema, 'a gold mutant');
        if (`${mutant.id}.json` !== file) throw new GoldFileError(path, `holds mutant "${mutant.id}"`);
        mutants.push({ file: path, mutant });
      }
      runs.push({ dir, verdict, input: await readInput(dir), mutants });
    }
  }
  return runs;
}

/** The scenario's saved oracle run, or undefined when there is none yet. */
export async function readOracleRun(
  goldDir: string,
  scenarioId: string,
): Promise<EvaluationInput | undefined> {
  const dir = join(goldDir, scenarioId, ORACLE_RUN);
  if (!(await exists(join(dir, INPUT_FILE)))) return undefined;
  return readInput(dir);
}

export async function writeOracleRun(
  goldDir: string,
  scenarioId: string,
  input: EvaluationInput,
): Promise<string> {
  const dir = join(goldDir, scenarioId, ORACLE_RUN);
  await mkdir(dir, { recursive: true });
  const file = join(dir, INPUT_FILE);
  await writeFile(file, gzipSync(JSON.stringify(input), { level: 9 }));
  return file;
}

/**
 * Adds a finished run to the gold set: its evaluation input (gzipped), its results, the player's
 * turns when there are any, and the verdict.
 */
export async function writeGoldRun(
  goldDir: string,
  runDir: string,
  verdict: GoldVerdict,
  turnsFile?: string,
): Promise<string> {
  const run = await readRunDirectory(runDir, { requireEvaluationInput: true });
  const dir = join(goldDir, verdict.scenario_id, verdict.run_id);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, INPUT_FILE), gzipSync(JSON.stringify(run.evaluationInput), { level: 9 }));
  await writeJsonFile(join(dir, 'results.json'), run.rawResults);
  if (turnsFile !== undefined && (await exists(turnsFile)))
    await copyFile(turnsFile, join(dir, 'turns.jsonl'));
  await writeJsonFile(join(dir, VERDICT_FILE), verdict);
  return dir;
}
