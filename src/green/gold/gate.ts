import { applyOpenFindings, holdsOrOpen, readOpenFindings } from './open-findings.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isEvaluated } from '../../protocol/index.js';
import { triggersSetOffBy } from '../assessment/triggers.js';
import { ScenarioManager, type LoadedScenario } from '../scenarios/loader.js';
import { fairScore } from './fair-score.js';
import { applyEdits, MutationError } from './mutate.js';
import { rescoreInput, type Rescored } from './rescore-input.js';
import type { GoldMutant } from './schema.js';
import { readGoldRuns, readOracleRun, worldHash, type GoldRun } from './store.js';
import { STYLES, restyleRun, type StyleName } from './styles.js';
import { trapCoverage, unknownTrapProblem, type TrapCoverage } from './trap-coverage.js';

/**
 * The gold gate: every gold run rescored with the checks at hand and compared with its verdict,
 * every careless mutant rescored and required to lose what its mistake costs, and the scenario's
 * oracle rewritten in honest styles and required to keep its score. The checks are right when they
 * agree with players and reviewers who did not write them.
 */

export const GOLD_BOUNDS = {
  /** A gold run's rescore within this many points (of 100) of its fair score. */
  runTolerance: 5,
  /** Mean absolute error over the gold runs. */
  meanAbsoluteError: 2,
  /** A style's rescore within this many points of the plain oracle… */
  styleTolerance: 3,
  /** …and each style's mean drop over the scenarios at most this. */
  styleMeanDrop: 1,
} as const;

export interface CriterionDelta {
  criterion_id: string;
  rescored: number;
  fair: number;
  max_score: number;
  why: string;
}

export interface RunRow {
  scenario_id: string;
  run_id: string;
  variant_seed: number;
  player: string;
  rescored: number;
  fair: number;
  delta: number;
  /** Criteria where the checks and the verdict disagree, largest first. */
  at_fault: CriterionDelta[];
  problems: string[];
  ok: boolean;
  /** An open finding (gold/open-findings.json): why the checks misjudge it yet, or null. */
  open: string | null;
}

export interface MutantRow {
  scenario_id: string;
  run_id: string;
  mutant_id: string;
  mistake: string;
  /** The scenario's trap it falls into, or null. */
  trap: string | null;
  gold: number;
  mutant: number;
  harm: boolean;
  expect: GoldMutant['expect'];
  caught: boolean;
  /** Caught, and nothing wrong with the mutant itself. */
  ok: boolean;
  /** An open finding (gold/open-findings.json): why it is not caught yet, or null. */
  open: string | null;
  problems: string[];
}

export interface StyleRow {
  scenario_id: string;
  style: StyleName;
  plain: number;
  styled: number;
  drop: number;
  ok: boolean;
  /** An open finding (gold/open-findings.json), or null. */
  open: string | null;
  problems: string[];
}

export interface GoldReport {
  runs: RunRow[];
  mutants: MutantRow[];
  styles: StyleRow[];
  summary: {
    runs: number;
    runs_ok: number;
    runs_open: number;
    mean_absolute_error: number;
    mutants: number;
    mutants_caught: number;
    /** Open findings: mutants the checks do not catch yet, marked so in their files. */
    mutants_open: number;
    styles: number;
    styles_ok: number;
    styles_open: number;
    mean_drop_by_style: Record<string, number>;
    /** The scenarios' traps and those a careless mutant falls into (when mutants were measured). */
    traps?: TrapCoverage;
  };
  problems: string[];
  ok: boolean;
}

export interface GoldGateOptions {
  goldDir: string;
  scenariosDir: string;
  /** Scenario ids (default: every scenario with gold). */
  ids?: readonly string[];
  parts?: ReadonlyArray<'runs' | 'mutants' | 'styles'>;
  /** Told of each row as it is measured (progress). */
  onRow?: (row: RunRow | MutantRow | StyleRow) => void;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

async function recordedTriggers(dir: string): Promise<string[] | undefined> {
  try {
    const results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as {
      metadata?: { triggers_fired?: Array<{ trigger_id: string }> };
    };
    return results.metadata?.triggers_fired?.map((t) => t.trigger_id);
  } catch {
    return undefined;
  }
}

async function measureRun(
  scenario: LoadedScenario,
  run: GoldRun,
): Promise<{ row: RunRow; rescored: Rescored }> {
  const { verdict, input } = run;
  const problems: string[] = [];
  if (worldHash(scenario) !== verdict.world_hash) {
    problems.push(
      'the scenario’s world changed since this run was played: play it again (blind) and review it',
    );
  }
  const recorded = await recordedTriggers(run.dir);
  if (recorded !== undefined && (scenario.config.triggers?.length ?? 0) > 0) {
    const now = triggersSetOffBy(
      scenario.config,
      scenario.world,
      input.initial_state,
      input.final_state,
      input.action_log,
    );
    if (now.join(',') !== recorded.join(',')) {
      problems.push(
        `the run's words now set off other triggers (played: ${recorded.join(', ') || 'none'}; now: ${now.join(', ') || 'none'}): its world would differ — play it again`,
      );
    }
  }
  const rescored = await rescoreInput(scenario, input);
  const fair = fairScore(scenario, rescored.results, verdict);
  if (fair.missing.length > 0)
    problems.push(`the verdict does not judge ${fair.missing.join(', ')}: review them`);
  if (fair.stale.length > 0)
    problems.push(`the verdict judges criteria the scenario no longer has: ${fair.stale.join(', ')}`);
  const atFault = rescored.results
    .filter((result) => isEvaluated(result))
    .map((result) => ({
      criterion_id: result.criterion_id,
      rescored: round2(result.score),
      fair: round2(fair.criteria.get(result.criterion_id) ?? result.score),
      max_score: result.max_score,
      why: verdict.criteria[result.criterion_id]?.why ?? '(not judged)',
    }))
    .filter((d) => Math.abs(d.rescored - d.fair) >= 0.01)
    .sort((a, b) => Math.abs(b.rescored - b.fair) - Math.abs(a.rescored - a.fair));
  const delta = round2(rescored.percent - fair.percent);
  const row: RunRow = {
    scenario_id: verdict.scenario_id,
    run_id: verdict.run_id,
    variant_seed: verdict.variant_seed,
    player: `${verdict.player.kind}/${verdict.player.interface}/${verdict.player.style}`,
    rescored: round2(rescored.percent),
    fair: round2(fair.percent),
    delta,
    at_fault: atFault,
    problems,
    ok: Math.abs(delta) <= GOLD_BOUNDS.runTolerance && problems.length === 0,
    open: null,
  };
  return { row, rescored };
}

async function measureMutant(
  scenario: LoadedScenario,
  run: GoldRun,
  gold: Rescored,
  mutant: GoldMutant,
): Promise<MutantRow> {
  const base = {
    scenario_id: run.verdict.scenario_id,
    run_id: run.verdict.run_id,
    mutant_id: mutant.id,
    mistake: mutant.mistake,
    trap: mutant.trap ?? null,
    gold: round2(gold.percent),
    expect: mutant.expect,
    open: null,
  };
  let rescored: Rescored;
  try {
    const unknownTrap = unknownTrapProblem(scenario, mutant.trap);
    if (unknownTrap !== undefined) {
      return { ...base, mutant: NaN, harm: false, caught: false, ok: false, problems: [unknownTrap] };
    }
    rescored = await rescoreInput(scenario, applyEdits(run.input, mutant.edits));
  } catch (error) {
    if (!(error instanceof MutationError)) throw error;
    return {
      ...base,
      mutant: NaN,
      harm: false,
      caught: false,
      ok: false,
      problems: [`cannot be applied: ${error.message}`],
    };
  }
  const caught =
    'harm' in mutant.expect ? rescored.harm : gold.percent - rescored.percent >= mutant.expect.loss - 1e-9;
  return { ...base, mutant: round2(rescored.percent), harm: rescored.harm, caught, ok: caught, problems: [] };
}

async function measureStyles(
  scenario: LoadedScenario,
  goldDir: string,
  onRow: GoldGateOptions['onRow'],
): Promise<StyleRow[]> {
  const id = scenario.config.scenario_id;
  const oracle = await readOracleRun(goldDir, id);
  if (oracle === undefined) {
    return [
      {
        scenario_id: id,
        style: 'plain',
        plain: NaN,
        styled: NaN,
        drop: NaN,
        ok: false,
        open: null,
        problems: [`no saved oracle run: run \`scenarios gold oracles ${id}\``],
      },
    ];
  }
  const problems =
    oracle.content_hash === scenario.contentHash ? [] : ['the oracle run is stale: refresh it'];
  const plain = await rescoreInput(scenario, oracle);
  const rows: StyleRow[] = [];
  for (const style of STYLES) {
    const styled = await rescoreInput(scenario, restyleRun(oracle, style, scenario));
    const drop = round2(plain.percent - styled.percent);
    const row: StyleRow = {
      scenario_id: id,
      style,
      plain: round2(plain.percent),
      styled: round2(styled.percent),
      drop,
      ok: drop <= GOLD_BOUNDS.styleTolerance && problems.length === 0,
      open: null,
      problems,
    };
    onRow?.(row);
    rows.push(row);
  }
  return rows;
}

export async function runGoldGate(options: GoldGateOptions): Promise<GoldReport> {
  const parts = new Set(options.parts ?? ['runs', 'mutants', 'styles']);
  const manager = new ScenarioManager(options.scenariosDir);
  const problems: string[] = [];
  const runs: RunRow[] = [];
  const mutants: MutantRow[] = [];
  const styles: StyleRow[] = [];
  if (parts.has('runs') || parts.has('mutants')) {
    for (const run of await readGoldRuns(options.goldDir, options.ids ?? [])) {
      const scenario = await manager.load(run.verdict.scenario_id, { variantSeed: run.verdict.variant_seed });
      const measured = await measureRun(scenario, run);
      if (parts.has('runs')) {
        runs.push(measured.row);
        options.onRow?.(measured.row);
      }
      if (!parts.has('mutants')) continue;
      for (const { mutant } of run.mutants) {
        const row = await measureMutant(scenario, run, measured.rescored, mutant);
        mutants.push(row);
        options.onRow?.(row);
      }
    }
  }
  if (parts.has('styles')) {
    const ids = options.ids && options.ids.length > 0 ? options.ids : await manager.listIds();
    for (const id of ids)
      styles.push(...(await measureStyles(await manager.load(id), options.goldDir, options.onRow)));
  }
  const findings = await readOpenFindings(options.goldDir);
  const complete = (options.ids ?? []).length === 0;
  problems.push(
    ...applyOpenFindings(
      runs,
      (r) => `${r.scenario_id}/${r.run_id}`,
      findings.runs,
      'run',
      complete && parts.has('runs'),
    ),
    ...applyOpenFindings(
      mutants,
      (r) => `${r.scenario_id}/${r.run_id}/${r.mutant_id}`,
      findings.mutants,
      'mutant',
      complete && parts.has('mutants'),
    ),
    ...applyOpenFindings(
      styles,
      (r) => `${r.scenario_id}/${r.style}`,
      findings.styles,
      'style',
      complete && parts.has('styles'),
    ),
  );
  // The bounds on means hold over the rows that are not open findings.
  const measured = runs.filter((row) => row.open === null);
  const mae =
    measured.length === 0 ? 0 : measured.reduce((sum, row) => sum + Math.abs(row.delta), 0) / measured.length;
  const meanDrop: Record<string, number> = {};
  for (const style of STYLES) {
    const rows = styles.filter(
      (row) => row.style === style && Number.isFinite(row.drop) && row.open === null,
    );
    if (rows.length > 0)
      meanDrop[style] = round2(rows.reduce((sum, row) => sum + Math.max(0, row.drop), 0) / rows.length);
  }
  if (mae > GOLD_BOUNDS.meanAbsoluteError) {
    problems.push(`mean absolute error ${round2(mae)} > ${GOLD_BOUNDS.meanAbsoluteError} points`);
  }
  for (const [style, drop] of Object.entries(meanDrop)) {
    if (drop > GOLD_BOUNDS.styleMeanDrop)
      problems.push(`style ${style}: mean drop ${drop} > ${GOLD_BOUNDS.styleMeanDrop} points`);
  }
  const summary = {
    runs: runs.length,
    runs_ok: runs.filter((row) => row.ok).length,
    runs_open: runs.filter((row) => !row.ok && row.open !== null).length,
    mean_absolute_error: round2(mae),
    mutants: mutants.length,
    mutants_caught: mutants.filter((row) => row.caught).length,
    mutants_open: mutants.filter((row) => !row.ok && row.open !== null).length,
    styles: styles.length,
    styles_ok: styles.filter((row) => row.ok).length,
    styles_open: styles.filter((row) => !row.ok && row.open !== null).length,
    mean_drop_by_style: meanDrop,
    ...(parts.has('mutants') ? { traps: await trapCoverage(manager, options.ids ?? [], mutants) } : {}),
  };
  // Every trap a scenario plays as a scripted oracle is measured on a careful run too.
  const bare = summary.traps?.uncovered ?? [];
  if (complete && bare.length > 0) problems.push(`traps without a careless mutant: ${bare.join(', ')}`);
  const ok = problems.length === 0 && holdsOrOpen(runs) && holdsOrOpen(mutants) && holdsOrOpen(styles);
  return { runs, mutants, styles, summary, problems, ok };
}
