import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { assessmentResultsSchema, type AssessmentResults, type JsonObject } from '../../protocol/index.js';
import { EVALUATION_INPUT_FILE, evaluationInputSchema, type EvaluationInput } from './evaluation-input.js';

/**
 * A run directory: `results.json` (the results artifact exactly as published) and, when the run
 * got as far as evaluation, `evaluation-input.json`. `demo` and `run` write one per assessment;
 * a green with `runs_dir` writes `<runs_dir>/<assessment id>/`. `rescore` and `report` read them.
 */

export const RESULTS_FILE = 'results.json';

/** What a finished assessment leaves for later: its results and what its evaluation read. */
export interface RunRecord {
  results: AssessmentResults;
  /** Undefined when the run failed before evaluation. */
  evaluationInput: EvaluationInput | undefined;
}

/** Receives each finished assessment's record (e.g. to write it into a run directory). */
export type RunRecordSink = (record: RunRecord) => Promise<void>;

/** A run directory that is missing a file or holds one that is not what it should be. */
export class RunDirectoryError extends Error {
  override readonly name = 'RunDirectoryError';
  constructor(
    readonly path: string,
    problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${problem}`, options);
  }
}

/** Writes `file` atomically, so a reader never sees half of it. */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function writeEvaluationInput(directory: string, input: EvaluationInput): Promise<string> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, EVALUATION_INPUT_FILE);
  await writeJsonFile(path, input);
  return path;
}

/** Writes both files of a run record into `directory`; returns their paths. */
export async function writeRunRecord(directory: string, record: RunRecord): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const paths = [join(directory, RESULTS_FILE)];
  await writeJsonFile(paths[0]!, record.results);
  if (record.evaluationInput) paths.push(await writeEvaluationInput(directory, record.evaluationInput));
  return paths;
}

/** A folder name for an assessment id (A2A task ids are UUIDs; anything else is made safe). */
export function runFolderName(assessmentId: string): string {
  const safe = assessmentId.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_');
  return safe.slice(0, 200) || 'assessment';
}

/** A sink writing each record to `<runsDir>/<assessment id>/`. */
export function runsDirectorySink(runsDir: string): RunRecordSink {
  return async (record) => {
    await writeRunRecord(join(resolve(runsDir), runFolderName(record.results.assessment_id)), record);
  };
}

export interface LoadedRunDirectory {
  dir: string;
  results: AssessmentResults;
  /** results.json as written (unknown fields kept). */
  rawResults: JsonObject;
  evaluationInput: EvaluationInput | undefined;
}

/** The file's text, or — when only `<path>.gz` exists (gold runs keep their inputs gzipped) — its contents. */
async function readMaybeGzipped(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let zipped: Buffer;
    try {
      zipped = await readFile(`${path}.gz`);
    } catch {
      throw error;
    }
    return gunzipSync(zipped).toString('utf8');
  }
}

async function readJson(path: string, what: string, required: boolean): Promise<unknown> {
  let text: string;
  try {
    text = await readMaybeGzipped(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      if (!required) return undefined;
      throw new RunDirectoryError(path, `does not exist: not a run directory (${what} is missing)`);
    }
    throw new RunDirectoryError(path, `cannot be read: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RunDirectoryError(path, `is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, path: string, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new RunDirectoryError(path, `is not ${what}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Reads a run directory. `results.json` is required; `evaluation-input.json` (or
 * `evaluation-input.json.gz`) is read when present (or required with `requireEvaluationInput`).
 * @throws RunDirectoryError naming the file and what is wrong with it.
 */
export async function readRunDirectory(
  directory: string,
  options: { requireEvaluationInput?: boolean } = {},
): Promise<LoadedRunDirectory> {
  const dir = resolve(directory);
  const resultsPath = join(dir, RESULTS_FILE);
  const rawResults = await readJson(resultsPath, RESULTS_FILE, true);
  const results = parseWith(assessmentResultsSchema, rawResults, resultsPath, 'an assessment results file');
  const inputPath = join(dir, EVALUATION_INPUT_FILE);
  const rawInput = await readJson(
    inputPath,
    `${EVALUATION_INPUT_FILE}, written by demo, run and a green with --runs-dir since this version`,
    options.requireEvaluationInput === true,
  );
  const evaluationInput =
    rawInput === undefined
      ? undefined
      : parseWith(evaluationInputSchema, rawInput, inputPath, 'an evaluation input file');
  if (evaluationInput && evaluationInput.scenario_id !== results.scenario_id) {
    throw new RunDirectoryError(
      inputPath,
      `belongs to scenario ${evaluationInput.scenario_id}, but results.json to ${results.scenario_id}`,
    );
  }
  return { dir, results, rawResults: rawResults as JsonObject, evaluationInput };
}
