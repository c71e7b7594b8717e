import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Evaluator } from '../judge/types.js';
import {
  EvaluatorLoadError,
  ScenarioNotFoundError,
  ScenarioValidationError,
  formatIssuePath,
  type ScenarioIssue,
} from './errors.js';
import { findEvaluatorFiles, importEvaluatorModule } from './evaluator-module.js';
import { normaliseInitialState, type ScenarioInitialState } from './initial-state.js';
import { arrivalsOf, type Arrivals } from '../checks/arrivals.js';
import type { GroundTruth } from '../checks/ground-truth.js';
import { buildWorld, contactAddresses, type World } from '../checks/world.js';
import type { OracleBaseline } from '../judge/types.js';
import { validateCheckReferences } from './check-references.js';
import type { OraclePlan } from '../../protocol/index.js';
import { ORACLE_FILE, loadOraclePlan } from './oracle-file.js';
import { DEFAULT_SCENARIOS_DIR, SCENARIO_FILE, listScenarioIds } from './scenario-folder.js';
import { scenarioModalities } from './modalities.js';
import { readGroundTruth, scenarioContentHash, watchPlanOf, watcherBaselineOf } from './scenario-extras.js';
import { scenarioConfigSchema, type ScenarioConfig } from './schema.js';
import { validateScenario } from './validation.js';
import { applyVariant, VARIANT_ALGORITHM_VERSION, VariantError, type VariantInfo } from './variants/apply.js';
import { validateOraclePlan } from '../../protocol/index.js';
import { createHash } from 'node:crypto';

/**
 * Finds, validates and loads scenarios: `<scenariosDir>/<id>/scenario.json`, its initial state and
 * its evaluator module. Loaded scenarios are cached per manager.
 */

export { DEFAULT_SCENARIOS_DIR, SCENARIO_FILE } from './scenario-folder.js';

export const DEFAULT_INITIAL_STATE_FILE = 'initial_state.json';

const SCENARIO_ID = /^[a-z][a-z0-9_]*$/;

export interface LoadedScenario {
  config: ScenarioConfig;
  /** Absolute path of the scenario folder. */
  dir: string;
  /** Ready to POST to `/scenario/import/full`. */
  initialState: ScenarioInitialState;
  /** Exported async functions of the scenario's evaluator module, by export name. */
  evaluators: ReadonlyMap<string, Evaluator>;
  /** Legal but suspicious things, and criteria that cannot be scored without an LLM. */
  warnings: string[];
  /** The answer key the checks read (empty when the scenario has none). */
  groundTruth: GroundTruth;
  world: World;
  arrivals: Arrivals;
  /** The scenario's oracle plan (`oracle.json`), or null without one. */
  oracle: OraclePlan | null;
  /** The oracle's counts, or null without `oracle.json`. */
  oracleBaseline: OracleBaseline | null;
  /** sha256 of the scenario's files and the check library version (and the variant seed, if any). */
  contentHash: string;
  /**
   * The content hash these files had under another check library version: a run scored before a
   * library change was played in this scenario's world when its hash matches this.
   */
  contentHashAt?: (checkLibraryVersion: string) => Promise<string>;
  /** 0 for the canonical scenario; otherwise the seed of the variant (docs/SCENARIOS.md §9). */
  variantSeed: number;
  /** What the variant changed, or null for the canonical scenario. */
  variant: VariantInfo | null;
}

export interface LoadOptions {
  /** A seeded variant of the scenario; absent or 0: the canonical scenario. */
  variantSeed?: number | undefined;
}

async function readJson(scenarioId: string, file: string, missing: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? missing : `cannot be read: ${(error as Error).message}`;
    throw new ScenarioValidationError(scenarioId, file, [{ path: '', message }], { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ScenarioValidationError(
      scenarioId,
      file,
      [{ path: '', message: `is not valid JSON: ${(error as Error).message}` }],
      { cause: error },
    );
  }
}

function toIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: PropertyKey[] = [],
) {
  return issues.map<ScenarioIssue>((issue) => ({
    path: formatIssuePath([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

/** Reads and validates `scenario.json`, checking that `scenario_id` matches the folder. */
export async function readScenarioConfig(dir: string): Promise<ScenarioConfig> {
  const id = basename(dir);
  const file = join(dir, SCENARIO_FILE);
  const raw = await readJson(id, file, 'does not exist');
  const parsed = scenarioConfigSchema.safeParse(raw);
  if (!parsed.success) throw new ScenarioValidationError(id, file, toIssues(parsed.error.issues));
  if (parsed.data.scenario_id !== id) {
    throw new ScenarioValidationError(id, file, [
      {
        path: 'scenario_id',
        message: `${JSON.stringify(parsed.data.scenario_id)} does not match the folder name ${JSON.stringify(id)}`,
      },
    ]);
  }
  return parsed.data;
}

/** Resolves `initial_state` (a path, the export itself, or the default file) and normalises it. */
export async function readInitialState(dir: string, config: ScenarioConfig): Promise<ScenarioInitialState> {
  const id = config.scenario_id;
  let raw: unknown;
  let file: string;
  let prefix: PropertyKey[] = [];
  if (typeof config.initial_state === 'string') {
    file = resolve(dir, config.initial_state);
    raw = await readJson(
      id,
      file,
      `does not exist (named by initial_state in ${SCENARIO_FILE}; the default is ${DEFAULT_INITIAL_STATE_FILE})`,
    );
  } else {
    file = join(dir, SCENARIO_FILE);
    raw = config.initial_state;
    prefix = ['initial_state'];
  }
  const normalised = normaliseInitialState(raw);
  if (!normalised.ok) throw new ScenarioValidationError(id, file, toIssues(normalised.issues, prefix));
  return normalised.value;
}

/** Loads the evaluator module (if any) and checks every criterion's `evaluator_id` against it. */
export async function loadEvaluators(
  dir: string,
  config: ScenarioConfig,
): Promise<{ evaluators: Map<string, Evaluator>; file: string | undefined; warnings: string[] }> {
  const id = config.scenario_id;
  const files = await findEvaluatorFiles(dir);
  const file = files[0];
  const warnings: string[] = [];
  if (files.length > 1) {
    warnings.push(
      `several evaluator modules exist (${files.map((f) => basename(f)).join(', ')}); only ${basename(file!)} is used`,
    );
  }
  let evaluators = new Map<string, Evaluator>();
  if (file !== undefined) {
    try {
      evaluators = await importEvaluatorModule(file);
    } catch (error) {
      throw new EvaluatorLoadError(
        id,
        file,
        `could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
  }
  config.criteria.forEach((criterion, index) => {
    const evaluatorId = criterion.evaluator_id;
    if (!evaluatorId || evaluators.has(evaluatorId) || criterion.evaluation_prompt) return;
    const where = `criteria[${index}].evaluator_id in ${SCENARIO_FILE}`;
    const problem =
      file === undefined
        ? `does not exist, but ${where} names evaluator "${evaluatorId}" and the criterion has no evaluation_prompt`
        : `does not export an async function "${evaluatorId}" (named by ${where}; the criterion has no evaluation_prompt to fall back on). Exported: ${[...evaluators.keys()].join(', ') || 'none'}`;
    throw new EvaluatorLoadError(id, file ?? join(dir, 'evaluators.ts'), problem, {
      criterionId: criterion.criterion_id,
    });
  });
  return { evaluators, file, warnings };
}

export class ScenarioManager {
  readonly scenariosDir: string;
  private readonly cache = new Map<string, Promise<LoadedScenario>>();

  constructor(scenariosDir: string = DEFAULT_SCENARIOS_DIR) {
    this.scenariosDir = resolve(scenariosDir);
  }

  /** Ids of the subfolders that hold a `scenario.json`, sorted. Empty when the folder is missing. */
  listIds(): Promise<string[]> {
    return listScenarioIds(this.scenariosDir);
  }

  /**
   * Loads (once) and returns the scenario `id`.
   * @throws ScenarioNotFoundError, ScenarioValidationError or EvaluatorLoadError.
   */
  load(id: string, options: LoadOptions = {}): Promise<LoadedScenario> {
    const seed = options.variantSeed ?? 0;
    const key = `${id}@${seed}`;
    let pending = this.cache.get(key);
    if (pending === undefined) {
      pending = seed === 0 ? this.loadUncached(id) : this.loadVariant(id, seed);
      this.cache.set(key, pending);
      // A failed load is not cached: the author may fix the files and try again.
      pending.catch(() => this.cache.delete(key));
    }
    return pending;
  }

  /** The canonical scenario, transformed by `applyVariant` and checked like the canonical one. */
  private async loadVariant(id: string, seed: number): Promise<LoadedScenario> {
    if (!Number.isInteger(seed) || seed < 0) {
      throw new RangeError(`variant seed must be a non-negative integer, got ${seed}`);
    }
    const canonical = await this.load(id);
    const file = join(canonical.dir, SCENARIO_FILE);
    let transformed;
    try {
      transformed = applyVariant(
        {
          config: canonical.config,
          initialState: canonical.initialState,
          groundTruth: canonical.groundTruth,
          oracle: canonical.oracle,
        },
        seed,
      );
    } catch (error) {
      if (!(error instanceof VariantError)) throw error;
      throw new ScenarioValidationError(
        id,
        file,
        [{ path: 'variants', message: `seed ${seed}: ${error.message}` }],
        {
          cause: error,
        },
      );
    }
    const { config, initialState, groundTruth, oracle } = transformed.bundle;
    const world = buildWorld(config, contactAddresses(initialState));
    const arrivals = arrivalsOf(initialState, Date.parse(config.start_time));
    validateCheckReferences(config, groundTruth, world, arrivals, file);
    if (oracle) {
      const issues = validateOraclePlan(oracle, config);
      if (issues.length > 0) throw new ScenarioValidationError(id, join(canonical.dir, ORACLE_FILE), issues);
    }
    const variantHash = (canonicalHash: string): string =>
      `sha256:${createHash('sha256')
        .update(`${canonicalHash}\nvariant:${VARIANT_ALGORITHM_VERSION}:${seed}\n`)
        .digest('hex')}`;
    const contentHash = variantHash(canonical.contentHash);
    const canonicalAt = canonical.contentHashAt;
    return {
      ...canonical,
      config,
      initialState,
      groundTruth,
      world,
      arrivals,
      ...withWatcher(config, initialState, groundTruth, oracle),
      contentHash,
      ...(canonicalAt
        ? { contentHashAt: async (version: string) => variantHash(await canonicalAt(version)) }
        : {}),
      variantSeed: seed,
      variant: transformed.info,
    };
  }

  private async loadUncached(id: string): Promise<LoadedScenario> {
    const ids = await this.listIds();
    if (!SCENARIO_ID.test(id) || !ids.includes(id))
      throw new ScenarioNotFoundError(id, this.scenariosDir, ids);
    const dir = join(this.scenariosDir, id);
    const config = await readScenarioConfig(dir);
    const initialState = await readInitialState(dir, config);
    const { evaluators, file: evaluatorFile, warnings: moduleWarnings } = await loadEvaluators(dir, config);
    const groundTruth = await readGroundTruth(dir, config);
    const world = buildWorld(config, contactAddresses(initialState));
    const arrivals = arrivalsOf(initialState, Date.parse(config.start_time));
    validateCheckReferences(config, groundTruth, world, arrivals, join(dir, SCENARIO_FILE));
    const { oracle, oracleBaseline } = withWatcher(
      config,
      initialState,
      groundTruth,
      (await loadOraclePlan(dir, config)) ?? null,
    );
    const hashedFiles = [
      SCENARIO_FILE,
      typeof config.initial_state === 'string' ? config.initial_state : SCENARIO_FILE,
      ...(config.ground_truth ? [config.ground_truth] : []),
      ORACLE_FILE,
      ...(evaluatorFile ? [basename(evaluatorFile)] : []),
    ];
    const contentHash = await scenarioContentHash(dir, hashedFiles);
    const contentHashAt = (version: string): Promise<string> =>
      scenarioContentHash(dir, hashedFiles, version);
    const warnings = [
      ...moduleWarnings,
      ...validateScenario(config, initialState, new Set(evaluators.keys())),
    ];
    return {
      config,
      dir,
      initialState,
      evaluators,
      warnings,
      groundTruth,
      world,
      arrivals,
      oracle,
      oracleBaseline,
      contentHash,
      contentHashAt,
      variantSeed: 0,
      variant: null,
    };
  }
}

/**
 * The oracle plan with how an honest watcher follows the scenario, and the efficiency baseline
 * that watcher sets (see `watcherBaselineOf`).
 */
function withWatcher(
  config: ScenarioConfig,
  initialState: LoadedScenario['initialState'],
  groundTruth: GroundTruth,
  plan: OraclePlan | null,
): { oracle: OraclePlan | null; oracleBaseline: OracleBaseline | null } {
  if (plan === null) return { oracle: null, oracleBaseline: null };
  const modalities = scenarioModalities({ config, initialState, groundTruth, oracle: plan });
  const oracle = { ...plan, watch: watchPlanOf(config, modalities) };
  return { oracle, oracleBaseline: watcherBaselineOf(oracle) };
}
