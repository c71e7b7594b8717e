import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { RESULTS_FILE, readRunDirectory } from '../green/run-record/run-directory.js';
import type { ReportRun } from './render-run.js';
import { ReportInputError } from './report-errors.js';
import { readSuiteSummary, SUITE_SUMMARY_FILE, type SuiteSummary } from './suite-summary.js';

/**
 * Finds the runs a report covers: a run directory (results.json inside), a results.json file, or
 * a folder with run directories below it (a suite: `run --scenarios`, or any folder of runs). A
 * run that cannot be read becomes a row saying why; it never stops the report.
 */

export interface UnreadableRun {
  id: string;
  source: string;
  error: string;
}

export interface ReportInput {
  /** What the report is of (a folder or file path, as given). */
  title: string;
  /** The folder paths are shown relative to. */
  baseDir: string;
  runs: Array<ReportRun | UnreadableRun>;
  /** suite_results.json, when the folder has one. */
  suite: SuiteSummary | undefined;
}

/** How deep below a suite folder run directories are looked for. */
const MAX_DEPTH = 4;
/** Most runs one report takes. */
export const MAX_RUNS = 2_000;

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function findRunDirectories(dir: string, depth: number, found: string[]): Promise<void> {
  if (depth > MAX_DEPTH || found.length >= MAX_RUNS) return;
  if (await isFile(join(dir, RESULTS_FILE))) {
    found.push(dir);
    return;
  }
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      await findRunDirectories(join(dir, entry.name), depth + 1, found);
  }
}

export async function loadReportInput(paths: readonly string[]): Promise<ReportInput> {
  if (paths.length === 0)
    throw new ReportInputError('report needs a run directory (or results.json, or a folder of runs)');
  const dirs: string[] = [];
  let suite: SuiteSummary | undefined;
  let suiteDir: string | undefined;
  for (const given of paths) {
    const path = resolve(given);
    if (await isFile(path)) {
      if (basename(path) === SUITE_SUMMARY_FILE) {
        suite = await readSuiteSummary(path);
        suiteDir = dirname(path);
        await findRunDirectories(suiteDir, 0, dirs);
      } else dirs.push(dirname(path));
      continue;
    }
    if (!(await isDirectory(path))) throw new ReportInputError(`${given}: no such file or folder`);
    if (paths.length === 1 && (await isFile(join(path, SUITE_SUMMARY_FILE)))) {
      suite = await readSuiteSummary(join(path, SUITE_SUMMARY_FILE));
      suiteDir = path;
    }
    const before = dirs.length;
    await findRunDirectories(path, 0, dirs);
    if (dirs.length === before) {
      throw new ReportInputError(
        `${given}: no ${RESULTS_FILE} in this folder or the ${MAX_DEPTH} levels below it`,
      );
    }
  }
  const unique = [...new Set(dirs)];
  const baseDir = suiteDir ?? commonParent(unique);
  const runs: ReportInput['runs'] = [];
  for (const [index, dir] of unique.entries()) {
    const id = `run-${index + 1}`;
    const source = relative(baseDir, dir) || '.';
    try {
      const loaded = await readRunDirectory(dir);
      runs.push({ id, source, results: loaded.results, evaluationInput: loaded.evaluationInput });
    } catch (error) {
      runs.push({ id, source, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { title: paths.join(', '), baseDir, runs: refuseOtherVersions(runs), suite };
}

/** The check library version that scored a run ("before 3" when the results do not say). */
export function checkVersionOf(run: ReportRun): string {
  return run.results.metadata?.check_library_version ?? 'before 3';
}

/**
 * Runs scored by different versions of the check library are not comparable: in a report of
 * several, those of another version than the newest are shown as rows saying so, not scored beside
 * the rest.
 */
function refuseOtherVersions(runs: ReportInput['runs']): ReportInput['runs'] {
  const versions = new Set(runs.filter(isReadable).map(checkVersionOf));
  if (versions.size <= 1) return runs;
  const rank = (version: string): number => (version === 'before 3' ? 0 : Number(version) || 0);
  const newest = [...versions].sort((a, b) => rank(b) - rank(a))[0]!;
  return runs.map((run) =>
    isReadable(run) && checkVersionOf(run) !== newest
      ? {
          id: run.id,
          source: run.source,
          error: `scored by check library version ${checkVersionOf(run)}, not comparable with the version ${newest} runs of this report (rescore it: ues-agentbeats rescore)`,
        }
      : run,
  );
}

function commonParent(dirs: readonly string[]): string {
  if (dirs.length === 0) return process.cwd();
  if (dirs.length === 1) return dirs[0]!;
  const parts = dirs.map((dir) => dir.split(/[\\/]/));
  const shared: string[] = [];
  for (let i = 0; i < parts[0]!.length; i++) {
    const segment = parts[0]![i];
    if (parts.every((p) => p[i] === segment)) shared.push(segment!);
    else break;
  }
  return shared.join('/') || '/';
}

export function isReadable(run: ReportRun | UnreadableRun): run is ReportRun {
  return !('error' in run);
}
