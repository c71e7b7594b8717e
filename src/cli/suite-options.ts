import { InvalidArgumentError, type Command } from 'commander';
import { MAX_SUITE_CONCURRENCY, MAX_TRIALS } from '../green/executor/suite-config.js';
import { parseSelection, SuiteSelectionError } from '../green/suite/selection.js';
import { DEFAULT_MAX_CONTEXTS } from '../protocol/index.js';
import { getPurpleAgent } from '../purple/index.js';
import { parseIntegerOption } from './options.js';

/**
 * The suite flags `run` and `demo` share: `--scenarios`, `--trials`, `--concurrency`. With none of
 * them (or `--trials 1`) a run is the single assessment it always was.
 */

export interface SuiteFlags {
  scenario?: string | undefined;
  scenarios?: string | undefined;
  trials?: number | undefined;
  concurrency?: number | undefined;
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

/** True when the flags ask for more than one assessment. */
export function isSuite(flags: SuiteFlags): boolean {
  return flags.scenarios !== undefined || (flags.trials ?? 1) > 1;
}

/** The request config keys of the scenario or suite the flags name. */
export function scenarioRequestConfig(flags: SuiteFlags): Record<string, unknown> {
  return {
    ...(flags.scenarios !== undefined ? { scenarios: flags.scenarios } : { scenario_id: flags.scenario }),
    ...(flags.trials !== undefined && flags.trials > 1 ? { trials: flags.trials } : {}),
    ...(flags.concurrency !== undefined && isSuite(flags) ? { concurrency: flags.concurrency } : {}),
  };
}

/** A name for the run's default folder: the scenario, or `suite-<selection>`. */
export function runLabel(flags: SuiteFlags): string {
  if (flags.scenarios === undefined) return flags.scenario ?? 'run';
  return `suite-${flags.scenarios.replace(/[^a-z0-9_-]+/gi, '-').slice(0, 60)}`;
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
  return `${what}${trials}${concurrency}`;
}

/** Room in a local green for `--concurrency` simulators, when more than its default. */
export function localMaxContexts(flags: SuiteFlags): number | undefined {
  return isSuite(flags) && (flags.concurrency ?? 1) > DEFAULT_MAX_CONTEXTS ? flags.concurrency : undefined;
}
