import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { parseIntegerOption, withInterrupt } from '../options.js';
import { CHECK_STRATEGIES, parseStrategies, type CheckStrategy } from './bounds.js';
import { cellText, renderCheckReport } from './check-table.js';
import { runCheckInWorkers } from './check-workers.js';
import { runCheck, type CheckRunOptions } from './run-check.js';

/**
 * `ues-agentbeats scenarios check [ids…]`: the validity gate. Exits 1 when any bound breaks (or a
 * scenario has no oracle), naming each.
 */

interface CheckFlags {
  scenariosDir?: string;
  strategies: CheckStrategy[];
  concurrency: number;
  workers: number;
  seed: number;
  variantSeed: number[];
  uesRunner: 'child' | 'in-process';
  json?: string;
  out?: string;
}

function strategiesOption(value: string): CheckStrategy[] {
  try {
    return parseStrategies(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** `0,1,2` → [0, 1, 2]: non-negative integers, no duplicates. */
export function variantSeedsOption(value: string): number[] {
  const seeds = value.split(',').map((part) => part.trim());
  if (seeds.some((seed) => !/^\d+$/.test(seed))) {
    throw new InvalidArgumentError(
      `--variant-seed takes non-negative integers separated by commas, got "${value}"`,
    );
  }
  return [...new Set(seeds.map(Number))];
}

function positiveIntegerOption(flag: string): (value: string) => number {
  const parse = parseIntegerOption(flag);
  return (value) => {
    const parsed = parse(value);
    if (parsed < 1) throw new InvalidArgumentError(`${flag} must be at least 1, got "${value}"`);
    return parsed;
  };
}

function uesRunnerOption(value: string): 'child' | 'in-process' {
  if (value !== 'child' && value !== 'in-process') {
    throw new InvalidArgumentError(`--ues-runner must be "child" or "in-process", got "${value}"`);
  }
  return value;
}

export function registerCheckCommand(
  scenarios: Command,
  env: Record<string, string | undefined>,
  resolveDir: (flags: { scenariosDir?: string }) => string,
  dirOption: readonly [string, string],
): void {
  scenarios
    .command('check')
    .description(
      'Validity gate: run the oracle, the paraphrased oracle, noop and the gaming strategies on each scenario (offline) and check their score bounds (exit code 1 when one breaks)',
    )
    .argument('[ids...]', 'scenario ids (default: all)')
    .option(...dirOption)
    .option(
      '--strategies <list>',
      `comma-separated strategies to run (default: all of ${CHECK_STRATEGIES.join(', ')})`,
      strategiesOption,
      [...CHECK_STRATEGIES],
    )
    .option(
      '--concurrency <n>',
      'assessments run at once in each worker',
      positiveIntegerOption('--concurrency'),
      2,
    )
    .option(
      '--workers <n>',
      'processes the scenarios are shared among (a run is one core’s work; default: one per core)',
      positiveIntegerOption('--workers'),
      availableParallelism(),
    )
    .option('--seed <n>', 'seed of every run (character replies, timing)', parseIntegerOption('--seed'), 1)
    .option(
      '--variant-seed <list>',
      'variant seeds to check each scenario on, comma-separated (0: the canonical scenario)',
      variantSeedsOption,
      [0],
    )
    .option('--ues-runner <runner>', 'simulator per run: in-process or child', uesRunnerOption, 'in-process')
    .option('--json <file>', "write every cell's numbers to this JSON file")
    .option('--out <dir>', "keep each run's results.json and the logs under this directory")
    .action(async (ids: string[], flags: CheckFlags) => {
      const scenariosDir = resolveDir(flags);
      console.log(
        `Checking ${ids.length > 0 ? ids.join(', ') : 'every scenario'} in ${scenariosDir} — strategies: ${flags.strategies.join(', ')}\n`,
      );
      const report = await withInterrupt((signal) => {
        const options: CheckRunOptions = {
          scenarioIds: ids,
          scenariosDir,
          strategies: flags.strategies,
          concurrency: flags.concurrency,
          seed: flags.seed,
          variantSeeds: flags.variantSeed,
          uesRunner: flags.uesRunner,
          outDir: flags.out === undefined ? undefined : resolve(flags.out),
          env,
          signal,
          onCell: (cell) =>
            console.log(
              `  ${cell.scenario_id}${cell.variant_seed === 0 ? '' : `@${cell.variant_seed}`} / ${cell.strategy}: ${cellText(cell)} (${cell.wall_seconds.toFixed(1)} s)`,
            ),
        };
        return flags.workers > 1 && ids.length !== 1
          ? runCheckInWorkers({ ...options, workers: flags.workers, onLine: (line) => console.log(line) })
          : runCheck(options);
      });
      console.log(`\n${renderCheckReport(report)}`);
      if (flags.json !== undefined) {
        const file = resolve(flags.json);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
        console.log(`Report written to ${file}`);
      }
      if (!report.ok) process.exitCode = 1;
    });
}
