import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { mergeSuiteResults, type SuiteShardInput } from '../../green/suite/merge.js';
import { parseSuiteResults, ProtocolError, type SuiteResults } from '../../protocol/index.js';
import { SUITE_RESULTS_FILE } from './run-suite.js';

/**
 * `ues-agentbeats merge`: the output folders of a suite's shards (`run --shard i/n --out <dir>`)
 * become one folder laid out exactly like an unsharded run's: every trial's folder
 * (`<scenario>/trial-<n>/`, copied), one `suite_results.json` merged by `mergeSuiteResults`, and
 * each shard's logs under `shards/<i>/`. Nothing is written unless every shard is readable,
 * complete and of the same suite.
 */

/** A shard folder cannot be read or merged; the message names the folder and the problem. */
export class ShardInputError extends Error {
  override readonly name = 'ShardInputError';
}

export interface ShardFolder extends SuiteShardInput {
  /** The folder holding the shard's suite_results.json. */
  dir: string;
}

const isFile = async (path: string): Promise<boolean> =>
  (await stat(path).catch(() => undefined))?.isFile() ?? false;

/** Reads the suite_results.json of a shard folder (or the file itself). */
export async function readShardFolder(given: string): Promise<ShardFolder> {
  const path = resolve(given);
  const file =
    basename(path) === SUITE_RESULTS_FILE && (await isFile(path)) ? path : join(path, SUITE_RESULTS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ShardInputError(
      `${given}: no ${SUITE_RESULTS_FILE} (give the --out folder of a finished \`run --shard\`)`,
    );
  }
  let suite: SuiteResults;
  try {
    suite = parseSuiteResults(JSON.parse(text) as unknown);
  } catch (error) {
    const reason =
      error instanceof ProtocolError || error instanceof SyntaxError ? error.message : String(error);
    throw new ShardInputError(
      `${relative(process.cwd(), file) || file}: not a valid ${SUITE_RESULTS_FILE}: ${reason}`,
    );
  }
  return { suite, source: given, dir: dirname(file) };
}

/** Each trial folder a shard's summary links, as [folder in the shard, folder relative to the suite]. */
async function trialFolders(shard: ShardFolder): Promise<Array<[string, string]>> {
  const folders: Array<[string, string]> = [];
  for (const scenario of shard.suite.scenarios) {
    for (const trial of scenario.trials) {
      if (trial.results_file === undefined) continue;
      const file = resolve(shard.dir, trial.results_file);
      const inside = relative(shard.dir, file);
      if (isAbsolute(inside) || inside.startsWith('..')) {
        throw new ShardInputError(
          `${shard.source}: ${scenario.scenario_id} trial ${trial.trial} links results outside its folder (${trial.results_file})`,
        );
      }
      if (!(await isFile(file))) {
        throw new ShardInputError(
          `${shard.source}: ${trial.results_file} is missing (${scenario.scenario_id} trial ${trial.trial}); copy each shard's whole --out folder`,
        );
      }
      folders.push([dirname(file), dirname(inside)]);
    }
  }
  return folders;
}

async function requireEmptyFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new ShardInputError(`-o ${dir}: ${error.message}`);
  });
  if (entries.length > 0)
    throw new ShardInputError(`-o ${dir} is not empty; give a new folder for the merged suite`);
}

export interface MergedFolder {
  suite: SuiteResults;
  /** The merged suite_results.json. */
  path: string;
}

/**
 * Merges shard folders into `outDir` (which must be new or empty).
 * @throws ShardInputError or SuiteMergeError naming the shard and the problem; nothing is written then.
 */
export async function mergeShardFolders(paths: readonly string[], outDir: string): Promise<MergedFolder> {
  const shards: ShardFolder[] = [];
  for (const path of paths) shards.push(await readShardFolder(path));
  const suite = mergeSuiteResults(shards);
  const copies = (await Promise.all(shards.map(trialFolders))).flat();
  await requireEmptyFolder(outDir);
  await mkdir(outDir, { recursive: true });
  for (const [from, to] of copies) await cp(from, join(outDir, to), { recursive: true });
  for (const shard of shards) {
    const logs = (await readdir(shard.dir)).filter((name) => name.endsWith('.log'));
    const into = join(outDir, 'shards', String(shard.suite.shard.index));
    if (logs.length > 0) await mkdir(into, { recursive: true });
    for (const log of logs) await cp(join(shard.dir, log), join(into, log));
  }
  const path = join(outDir, SUITE_RESULTS_FILE);
  await writeFile(path, `${JSON.stringify(suite, null, 2)}\n`, 'utf8');
  return { suite, path };
}
