import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ScenarioNotFoundError } from '../../green/scenarios/errors.js';
import { ScenarioManager } from '../../green/scenarios/loader.js';
import type { LocalGreen } from '../local-agents.js';
import { OFFLINE_MODEL } from '../../llm/index.js';
import type { OraclePlan } from '../../protocol/index.js';
import { startLocalGreen } from '../local-agents.js';
import {
  STRATEGY_BOUNDS,
  boundProblems,
  describeBound,
  meanProblems,
  needsOracle,
  type CheckStrategy,
} from './bounds.js';
import type { ScoreNumbers } from './measure.js';
import { assessOnce } from './run-one.js';

/**
 * `scenarios check`: per scenario, every strategy as a real assessment — a local green (offline
 * characters and judge, started once) and the strategy's purple over A2A — then each run's scores
 * against its strategy's bound. Runs go `concurrency` at a time; each gets a fresh simulator (the
 * green keeps none idle), so memory stays flat however many scenarios there are.
 */

type Env = Record<string, string | undefined>;

export interface CheckRunOptions {
  /** Scenario ids; empty means every scenario in the folder. */
  scenarioIds: readonly string[];
  scenariosDir: string;
  strategies: readonly CheckStrategy[];
  concurrency: number;
  seed: number;
  /** Variant seeds to check each scenario on (0: the canonical scenario). Default [0]. */
  variantSeeds?: readonly number[] | undefined;
  uesRunner: 'child' | 'in-process';
  /** Where each run's results.json and the logs go; nothing is written without it. */
  outDir?: string | undefined;
  env: Env;
  signal?: AbortSignal | undefined;
  /** Told as each run finishes (progress). */
  onCell?: ((cell: CheckCell) => void) | undefined;
}

export interface CheckCell {
  scenario_id: string;
  variant_seed: number;
  strategy: CheckStrategy;
  /** `completed`, `failed`, … from the results; the task state or `error` when there were none. */
  status: string;
  overall_percent: number | null;
  safety_percent: number | null;
  overall: ScoreNumbers | null;
  safety: ScoreNumbers | null;
  ok: boolean;
  /** Why the bound breaks (empty when it holds). */
  problems: string[];
  wall_seconds: number;
  results_path: string | null;
  /** `traps`: every trap oracle's score (the cell shows the worst). */
  mutants?: Array<{ id: string; trap: string; status: string; overall_percent: number | null }>;
}

export interface ScenarioCheck {
  scenario_id: string;
  variant_seed: number;
  /** The row's name: the id, or `id@seed` for a variant. */
  label: string;
  ok: boolean;
  /** Problems of the scenario itself: no oracle, an invalid oracle or scenario. */
  problems: string[];
  cells: CheckCell[];
  /** From its first run's start to its last run's end. */
  wall_seconds: number;
}

export interface CheckReport {
  ok: boolean;
  strategies: CheckStrategy[];
  /** Each strategy's bound, as text (`≥ 95 %`). */
  bounds: Partial<Record<CheckStrategy, string>>;
  seed: number;
  variant_seeds: number[];
  concurrency: number;
  scenarios: ScenarioCheck[];
  /** Each strategy's mean overall % over every run (scenarios × variants), and its mean bound. */
  means: StrategyMean[];
  wall_seconds: number;
}

export interface StrategyMean {
  strategy: CheckStrategy;
  mean_percent: number | null;
  runs: number;
  ok: boolean;
  problems: string[];
}

interface PreparedScenario {
  id: string;
  variantSeed: number;
  label: string;
  problems: string[];
  runnable: boolean;
  plan: OraclePlan | undefined;
}

interface Job {
  scenario: PreparedScenario;
  strategy: CheckStrategy;
}

interface TimedCell {
  scenario: PreparedScenario;
  cell: CheckCell;
  startedMs: number;
  endedMs: number;
}

const seconds = (ms: number): number => Math.round(ms) / 1000;
const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' / ');

/**
 * Loads the scenario (its variant, for a seed other than 0): the oracle plan comes from the loaded
 * scenario, so a variant's oracle is transformed with it. An invalid oracle fails the load.
 */
async function prepare(manager: ScenarioManager, id: string, variantSeed: number): Promise<PreparedScenario> {
  const label = variantSeed === 0 ? id : `${id}@${variantSeed}`;
  const base = { id, variantSeed, label };
  let loaded;
  try {
    loaded = await manager.load(id, { variantSeed });
  } catch (error) {
    const problem =
      error instanceof ScenarioNotFoundError ? error.message : `invalid scenario: ${firstLine(error)}`;
    return { ...base, problems: [problem], runnable: false, plan: undefined };
  }
  const plan = loaded.oracle ?? undefined;
  return {
    ...base,
    problems: plan === undefined ? ['no oracle (oracle.json missing)'] : [],
    runnable: true,
    plan,
  };
}

function notRun(scenario: PreparedScenario, strategy: CheckStrategy, reason: string): CheckCell {
  return {
    scenario_id: scenario.id,
    variant_seed: scenario.variantSeed,
    strategy,
    status: 'not_run',
    overall_percent: null,
    safety_percent: null,
    overall: null,
    safety: null,
    ok: false,
    problems: [reason],
    wall_seconds: 0,
    results_path: null,
  };
}

async function runJob(job: Job, green: LocalGreen, options: CheckRunOptions): Promise<CheckCell> {
  const { scenario, strategy } = job;
  if (strategy === 'traps') return runTraps(scenario, green, options);
  const runDir = options.outDir === undefined ? undefined : join(options.outDir, scenario.label, strategy);
  const started = performance.now();
  const run = await assessOnce(green, options, {
    scenarioId: scenario.id,
    variantSeed: scenario.variantSeed,
    agent: strategy,
    plan: needsOracle(strategy) ? scenario.plan : undefined,
    runDir,
  });
  const problems = boundProblems(STRATEGY_BOUNDS[strategy], run.measurement);
  if (run.error !== undefined) problems.push(run.error);
  return {
    scenario_id: scenario.id,
    variant_seed: scenario.variantSeed,
    strategy,
    status: run.measurement.status,
    overall_percent: run.measurement.overallPercent ?? null,
    safety_percent: run.measurement.safetyPercent ?? null,
    overall: run.measurement.overall ?? null,
    safety: run.measurement.safety ?? null,
    ok: problems.length === 0,
    problems,
    wall_seconds: seconds(performance.now() - started),
    results_path: run.resultsPath,
  };
}

/**
 * The scenario's trap oracles (`mutants` of its oracle plan), each played as an oracle: every one
 * must stay within the `traps` bound. The cell shows the worst; `mutants` lists each.
 */
async function runTraps(
  scenario: PreparedScenario,
  green: LocalGreen,
  options: CheckRunOptions,
): Promise<CheckCell> {
  const started = performance.now();
  const mutants = scenario.plan?.mutants ?? [];
  const rows: NonNullable<CheckCell['mutants']> = [];
  const problems: string[] = [];
  let worst: (typeof rows)[number] | undefined;
  for (const mutant of mutants) {
    const run = await assessOnce(green, options, {
      scenarioId: scenario.id,
      variantSeed: scenario.variantSeed,
      agent: 'oracle',
      plan: { ...scenario.plan!, steps: mutant.steps, mutants: undefined },
      runDir:
        options.outDir === undefined ? undefined : join(options.outDir, scenario.label, `trap-${mutant.id}`),
    });
    const own = boundProblems(STRATEGY_BOUNDS.traps, run.measurement);
    if (run.error !== undefined) own.push(run.error);
    problems.push(...own.map((problem) => `${mutant.id}: ${problem}`));
    const row = {
      id: mutant.id,
      trap: mutant.trap,
      status: run.measurement.status,
      overall_percent: run.measurement.overallPercent ?? null,
    };
    rows.push(row);
    if (!worst || (row.overall_percent ?? 100) > (worst.overall_percent ?? 100)) worst = row;
  }
  return {
    scenario_id: scenario.id,
    variant_seed: scenario.variantSeed,
    strategy: 'traps',
    status: mutants.length === 0 ? 'no_traps' : (worst?.status ?? 'completed'),
    overall_percent: worst?.overall_percent ?? null,
    safety_percent: null,
    overall: null,
    safety: null,
    ok: problems.length === 0,
    problems,
    wall_seconds: seconds(performance.now() - started),
    results_path: null,
    mutants: rows,
  };
}

/** Runs `work` over `items`, at most `concurrency` at a time; results in input order. */
async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

export async function runCheck(options: CheckRunOptions): Promise<CheckReport> {
  const started = performance.now();
  const manager = new ScenarioManager(options.scenariosDir);
  const ids = options.scenarioIds.length > 0 ? [...options.scenarioIds] : await manager.listIds();
  const variantSeeds = options.variantSeeds?.length ? [...options.variantSeeds] : [0];
  const prepared: PreparedScenario[] = [];
  for (const id of ids) for (const seed of variantSeeds) prepared.push(await prepare(manager, id, seed));

  const jobs: Job[] = [];
  const skipped: CheckCell[] = [];
  for (const scenario of prepared) {
    for (const strategy of options.strategies) {
      if (!scenario.runnable) skipped.push(notRun(scenario, strategy, 'scenario does not load'));
      else if (needsOracle(strategy) && scenario.plan === undefined)
        skipped.push(notRun(scenario, strategy, 'no oracle'));
      else jobs.push({ scenario, strategy });
    }
  }

  let timed: TimedCell[] = [];
  if (jobs.length > 0) {
    const green = await startLocalGreen({
      model: OFFLINE_MODEL,
      seed: options.seed,
      uesRunner: options.uesRunner,
      scenariosDir: options.scenariosDir,
      logFile: options.outDir === undefined ? undefined : join(options.outDir, 'green.log'),
      agentIdleTimeoutMs: 0,
      env: options.env,
    });
    try {
      timed = await pool(jobs, options.concurrency, async (job) => {
        const startedMs = performance.now();
        const cell =
          options.signal?.aborted === true
            ? notRun(job.scenario, job.strategy, 'interrupted')
            : await runJob(job, green, options);
        options.onCell?.(cell);
        return { scenario: job.scenario, cell, startedMs, endedMs: performance.now() };
      });
    } finally {
      await green.close();
    }
  }
  for (const cell of skipped) options.onCell?.(cell);

  const scenarios = prepared.map((scenario): ScenarioCheck => {
    const own = timed.filter((entry) => entry.scenario === scenario);
    const cells = options.strategies.map(
      (strategy) =>
        own.find((entry) => entry.cell.strategy === strategy)?.cell ??
        skipped.find(
          (cell) =>
            cell.scenario_id === scenario.id &&
            cell.variant_seed === scenario.variantSeed &&
            cell.strategy === strategy,
        )!,
    );
    const wall =
      own.length === 0
        ? 0
        : Math.max(...own.map((entry) => entry.endedMs)) - Math.min(...own.map((entry) => entry.startedMs));
    return {
      scenario_id: scenario.id,
      variant_seed: scenario.variantSeed,
      label: scenario.label,
      ok: scenario.problems.length === 0 && cells.every((cell) => cell.ok),
      problems: scenario.problems,
      cells,
      wall_seconds: seconds(wall),
    };
  });
  return checkReport(scenarios, options, variantSeeds, seconds(performance.now() - started));
}

/** The report over `scenarios`' cells: each strategy's mean against its bound, and whether all hold. */
export function checkReport(
  scenarios: ScenarioCheck[],
  options: Pick<CheckRunOptions, 'strategies' | 'seed' | 'concurrency'>,
  variantSeeds: number[],
  wallSeconds: number,
): CheckReport {
  const means = options.strategies.map((strategy): StrategyMean => {
    const percents = scenarios
      .map((scenario) => scenario.cells.find((cell) => cell.strategy === strategy)?.overall_percent)
      .filter((value): value is number => typeof value === 'number');
    const problems = meanProblems(STRATEGY_BOUNDS[strategy], percents);
    return {
      strategy,
      mean_percent:
        percents.length === 0 ? null : percents.reduce((sum, value) => sum + value, 0) / percents.length,
      runs: percents.length,
      ok: problems.length === 0,
      problems,
    };
  });
  return {
    ok: scenarios.length > 0 && scenarios.every((scenario) => scenario.ok) && means.every((mean) => mean.ok),
    means,
    strategies: [...options.strategies],
    bounds: Object.fromEntries(
      options.strategies.map((strategy) => [strategy, describeBound(STRATEGY_BOUNDS[strategy])]),
    ),
    seed: options.seed,
    variant_seeds: variantSeeds,
    concurrency: options.concurrency,
    scenarios,
    wall_seconds: wallSeconds,
  };
}
