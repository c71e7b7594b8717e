import { InvalidArgumentError, Option, type Command } from 'commander';
import { MAX_SHARDS, MAX_SUITE_CONCURRENCY, MAX_TRIALS } from '../green/executor/suite-config.js';
import { parseSelection, SuiteSelectionError } from '../green/suite/selection.js';
import { DEFAULT_MAX_CONTEXTS, type SuiteShard } from '../protocol/index.js';
import { getPurpleAgent } from '../purple/index.js';
import { parseIntegerOption } from './options.js';

/**
 * The suite flags `run` and `demo` share: `--scenarios`, `--trials`, `--concurrency` (and `run`'s
 * `--shard`). With none of them (or `--trials 1`) a run is the single assessment it always was.
 */

export interface SuiteFlags {
  scenario?: string | undefined;
  scenarios?: string | undefined;
  trials?: number | undefined;
  concurrency?: number | undefined;
  shard?: SuiteShard | undefined;
}

function boundedIntegerOption(flag: string, min: number, max: number): (value: string) => number {
  const parse = parseIntegerOption(flag);
  return (value) => {
    const parsed = parse(value);
    if (parsed < min || parsed > max) {
      throw new InvalidArgumentError(`${flag} must be between ${min} and ${max}, got "${value}"`);
    }
    return parsed;
  };
}

function selectionOption(value: string): string {
  try {
    parseSelection(value);
  } catch (error) {
    if (error instanceof SuiteSelectionError) throw new InvalidArgumentError(`--scenarios ${error.message}`);
    throw error;
  }
  return value.trim();
}

export function addSuiteOptions(command: Command): Command {
  return command
    .option(
      '--scenarios <selection>',
      'run a suite: "all", "family:<name>" or ids joined by commas (instead of --scenario)',
      selectionOption,
    )
    .option(
      '--trials <k>',
      'independent trials per scenario (seeds seed, seed+1, …); results gain mean ± 95 % CI, pass@k and pass^k',
      boundedIntegerOption('--trials', 1, MAX_TRIALS),
    )
    .option(
      '--concurrency <n>',
      'trials run at once, each on its own simulator (suites and --trials)',
      boundedIntegerOption('--concurrency', 1, MAX_SUITE_CONCURRENCY),
    );
}

const SHARD_FORMAT = '<index>/<count>, the index counted from 0 (e.g. 0/4, 1/4, 2/4, 3/4)';

/**
 * Reads `--shard <i>/<n>`: shard i of n, numbered from 0 like the A2A request's
 * `shard_index`/`num_shards` (and Kubernetes' JOB_COMPLETION_INDEX).
 */
export function parseShardOption(value: string): SuiteShard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (match === null) throw new InvalidArgumentError(`--shard must be ${SHARD_FORMAT}, got "${value}"`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1)
    throw new InvalidArgumentError(`--shard ${value.trim()}: the shard count must be at least 1`);
  if (count > MAX_SHARDS) {
    throw new InvalidArgumentError(`--shard ${value.trim()}: at most ${MAX_SHARDS} shards, got ${count}`);
  }
  if (index >= count) {
    throw new InvalidArgumentError(
      `--shard ${value.trim()}: the index must be below the count; the shards of ${count} are 0/${count} to ${count - 1}/${count}`,
    );
  }
  return { index, count };
}

export function shardOption(): Option {
  return new Option(
    '--shard <i/n>',
    'run only shard i of n of the suite (i from 0; the A2A shard_index/num_shards rule); combine the shards with `merge`',
  ).argParser(parseShardOption);
}

/** True when the flags ask for more than one assessment (or a shard of a suite). */
export function isSuite(flags: SuiteFlags): boolean {
  return flags.scenarios !== undefined || (flags.trials ?? 1) > 1 || flags.shard !== undefined;
}

/** The request config keys of the scenario or suite the flags name. */
export function scenarioRequestConfig(flags: SuiteFlags): Record<string, unknown> {
  const { shard } = flags;
  return {
    // A shard is always a suite, even of one scenario, so every shard writes suite_results.json.
    ...(flags.scenarios !== undefined || shard !== undefined
      ? { scenarios: flags.scenarios ?? flags.scenario }
      : { scenario_id: flags.scenario }),
    ...(flags.trials !== undefined && flags.trials > 1 ? { trials: flags.trials } : {}),
    ...(flags.concurrency !== undefined && isSuite(flags) ? { concurrency: flags.concurrency } : {}),
    ...(shard === undefined ? {} : { shard_index: shard.index, num_shards: shard.count }),
  };
}

/** A name for the run's default folder: the scenario, or `suite-<selection>`, and the shard. */
export function runLabel(flags: SuiteFlags): string {
  const shard = flags.shard === undefined ? '' : `-shard-${flags.shard.index}-of-${flags.shard.count}`;
  if (flags.scenarios === undefined) return `${flags.scenario ?? 'run'}${shard}`;
  return `suite-${flags.scenarios.replace(/[^a-z0-9_-]+/gi, '-').slice(0, 60)}${shard}`;
}

/** The suite names several scenarios (or any by family), while `agent` plays one scenario's oracle. */
export class OracleSuiteError extends Error {
  override readonly name = 'OracleSuiteError';
  constructor(agent: string) {
    super(
      `--agent ${agent} plays one scenario's oracle plan; run it with --scenario <id> (and --trials), or run a suite with another agent`,
    );
  }
}

/**
 * The scenario whose oracle plan a local purple plays: --scenario, or the one id of --scenarios.
 * @throws OracleSuiteError for an oracle agent and a suite of several scenarios.
 */
export function oracleScenarioOf(flags: SuiteFlags, agent: string): string | undefined {
  if (flags.scenarios === undefined) return flags.scenario;
  const selection = parseSelection(flags.scenarios);
  if (selection.kind === 'ids' && selection.ids.length === 1) return selection.ids[0];
  let needsPlan = false;
  try {
    needsPlan = getPurpleAgent(agent).needsOraclePlan;
  } catch {
    // An unknown agent is reported by the purple's own start-up.
  }
  if (needsPlan) throw new OracleSuiteError(agent);
  return undefined;
}

/** What a run assesses, for its header line. */
export function suiteDescription(flags: SuiteFlags): string {
  const what = flags.scenarios === undefined ? `scenario ${flags.scenario}` : `suite ${flags.scenarios}`;
  const trials = (flags.trials ?? 1) > 1 ? ` × ${flags.trials} trials` : '';
  const concurrency =
    isSuite(flags) && (flags.concurrency ?? 1) > 1 ? `, ${flags.concurrency} at a time` : '';
  const shard = flags.shard === undefined ? '' : `, shard ${flags.shard.index}/${flags.shard.count}`;
  return `${what}${trials}${concurrency}${shard}`;
}

/** Room in a local green for `--concurrency` simulators, when more than its default. */
export function localMaxContexts(flags: SuiteFlags): number | undefined {
  return isSuite(flags) && (flags.concurrency ?? 1) > DEFAULT_MAX_CONTEXTS ? flags.concurrency : undefined;
}
