import { UNASSIGNED_FAMILY, type ScenarioVersions, type SuiteShard } from '../../protocol/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { SCENARIO_FAMILIES } from '../scenarios/schema.js';

/**
 * Which scenarios a suite runs, and which of them one shard runs.
 *
 * Order and sharding (docs/PROTOCOL.md §4.3, docs/DEPLOYMENT.md §7): the selection's scenario ids are
 * de-duplicated and sorted (code-point order); shard `i` of `n` runs the scenarios at positions
 * i, i + n, i + 2n, … of that list, every trial of each. Every shard receives the same config, so
 * each computes the same list and the shards' scenarios are disjoint and together the whole
 * selection. A scenario that fails to load still takes its place (and is reported with its error);
 * in a `family:` selection, such a scenario is kept too, since its family cannot be known. Every
 * shard loads the whole selection, to record what each scenario's version was.
 */

export type SuiteSelection =
  { kind: 'all' } | { kind: 'family'; family: string } | { kind: 'ids'; ids: readonly string[] };

/** The request named scenarios or a family that cannot be run; the message says what exists. */
export class SuiteSelectionError extends Error {
  override readonly name = 'SuiteSelectionError';
}

/** The families a `family:` selection may name. */
export const SELECTABLE_FAMILIES: readonly string[] = [...SCENARIO_FAMILIES, UNASSIGNED_FAMILY];

const FAMILY_PREFIX = 'family:';

/**
 * Reads `config.scenarios`: `"all"`, `"family:<name>"`, a list of ids, or ids joined by commas.
 * @throws SuiteSelectionError naming the problem.
 */
export function parseSelection(value: string | readonly string[]): SuiteSelection {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === 'all') return { kind: 'all' };
    if (text.startsWith(FAMILY_PREFIX)) {
      const family = text.slice(FAMILY_PREFIX.length).trim();
      if (!SELECTABLE_FAMILIES.includes(family)) {
        throw new SuiteSelectionError(
          `unknown scenario family ${JSON.stringify(family)}; families are ${SELECTABLE_FAMILIES.join(', ')}`,
        );
      }
      return { kind: 'family', family };
    }
    return parseIds(text.split(','));
  }
  return parseIds(value);
}

function parseIds(values: readonly string[]): SuiteSelection {
  const ids = [...new Set(values.map((id) => id.trim()).filter((id) => id !== ''))];
  if (ids.length === 0) {
    throw new SuiteSelectionError('names no scenario; give "all", "family:<name>" or scenario ids');
  }
  const special = ids.find((id) => id === 'all' || id.startsWith(FAMILY_PREFIX));
  if (special !== undefined) {
    throw new SuiteSelectionError(`${JSON.stringify(special)} cannot be combined with scenario ids`);
  }
  return { kind: 'ids', ids };
}

/** The selection as `suite_results.selection` records it. */
export function describeSelection(selection: SuiteSelection): string {
  switch (selection.kind) {
    case 'all':
      return 'all';
    case 'family':
      return `${FAMILY_PREFIX}${selection.family}`;
    case 'ids':
      return selection.ids.join(',');
  }
}

/** The items of `shard` (round-robin over the stable order). */
export function shardSlice<T>(items: readonly T[], shard: SuiteShard): T[] {
  return items.filter((_, position) => position % shard.count === shard.index);
}

export function familyOf(scenario: LoadedScenario): string {
  return scenario.config.family ?? UNASSIGNED_FAMILY;
}

/** Where scenarios come from (the green's ScenarioManager). */
export interface SuiteScenarioSource {
  listIds(): Promise<string[]>;
  load(id: string): Promise<LoadedScenario>;
}

/** A scenario of the suite: loaded, or the reason it could not be. */
export type SuiteEntry =
  | { id: string; scenario: LoadedScenario; error?: undefined }
  | { id: string; scenario?: undefined; error: string };

export interface ResolvedSuite {
  /** This shard's scenarios, in run order. */
  entries: SuiteEntry[];
  /** Scenarios in the selection before sharding. */
  totalScenarios: number;
  /**
   * The version and content hash of every scenario in the selection (not only the shard's), so
   * shards run from different scenario files cannot be merged as one suite.
   */
  versions: ScenarioVersions;
}

async function loadEntry(source: SuiteScenarioSource, id: string): Promise<SuiteEntry> {
  try {
    return { id, scenario: await source.load(id) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

function versionsOf(entries: readonly SuiteEntry[]): ScenarioVersions {
  return Object.fromEntries(
    entries.map((entry) => [
      entry.id,
      { version: entry.scenario?.config.version ?? null, content_hash: entry.scenario?.contentHash ?? null },
    ]),
  );
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The shard's scenarios, loaded. Every scenario of the selection is loaded (a family selection
 * reads their families; every selection records their versions).
 * @throws SuiteSelectionError for an unknown id or a selection with no scenario.
 */
export async function resolveSuite(
  source: SuiteScenarioSource,
  selection: SuiteSelection,
  shard: SuiteShard,
): Promise<ResolvedSuite> {
  const available = await source.listIds();
  let ids: string[];
  if (selection.kind === 'ids') {
    const unknown = selection.ids.filter((id) => !available.includes(id));
    if (unknown.length > 0) {
      throw new SuiteSelectionError(
        `unknown scenario${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => JSON.stringify(id)).join(', ')}; available scenarios: ${available.join(', ') || 'none'}`,
      );
    }
    ids = [...selection.ids].sort(byCodePoint);
  } else {
    ids = [...available].sort(byCodePoint);
  }
  if (ids.length === 0 && selection.kind !== 'family') {
    throw new SuiteSelectionError('there are no scenarios to run');
  }
  const loaded = await Promise.all(ids.map((id) => loadEntry(source, id)));
  const members =
    selection.kind === 'family'
      ? loaded.filter(
          (entry) => entry.scenario === undefined || familyOf(entry.scenario) === selection.family,
        )
      : loaded;
  if (selection.kind === 'family' && !members.some((entry) => entry.scenario !== undefined)) {
    const present = [
      ...new Set(loaded.flatMap((entry) => (entry.scenario ? [familyOf(entry.scenario)] : []))),
    ];
    throw new SuiteSelectionError(
      `no scenario of family ${JSON.stringify(selection.family)}; families present: ${present.sort().join(', ') || 'none'}`,
    );
  }
  return {
    entries: shardSlice(members, shard),
    totalScenarios: members.length,
    versions: versionsOf(members),
  };
}

/**
 * The seed of trial `trial` (1-based) from the suite's base seed: `seed + trial − 1`, so trial 1
 * runs exactly like a single assessment with that seed, and any trial can be re-run alone with
 * `--seed <its seed>`. (Past Number.MAX_SAFE_INTEGER it wraps to 0.)
 */
export function trialSeed(baseSeed: number, trial: number): number {
  const offset = trial - 1;
  const room = Number.MAX_SAFE_INTEGER - baseSeed;
  return offset <= room ? baseSeed + offset : offset - room - 1;
}
