import { zoneOffsetMinutes } from '../zone-offset.js';
import { seededRandom } from '../../characters/random.js';
import { arrivalsOf } from '../../checks/arrivals.js';
import { deadlinesOf, groundTruthSchema, type GroundTruth } from '../../checks/ground-truth.js';
import { oraclePlanSchema, type OraclePlan } from '../../../protocol/index.js';
import type { ScenarioInitialState } from '../initial-state.js';
import { scenarioConfigSchema, type ScenarioConfig } from '../schema.js';
import type { Ymd } from './date-shift.js';
import { shiftWeatherEpochs, weatherReportInstants, type ZonedInstant } from './epoch-shift.js';
import { variantPeople } from './people.js';
import { permuteArrivals } from './permute.js';
import { buildReplacements } from './rename.js';
import { DEFAULT_VARIANTS } from './schema.js';
import { VariantText } from './text.js';

/**
 * Seeded variants: one pure transform of a loaded scenario (config, initial state, ground truth,
 * oracle plan) that renames people and places, shifts every time by whole weeks and permutes the
 * arrival groups the scenario declares — consistently everywhere, so the oracle still scores the
 * same while a memorised answer (names, dates, addresses, order) no longer fits. Seed 0 is the
 * canonical scenario. The same (scenario, seed) always gives the same variant.
 */

/** Bumped whenever the transform changes, so a variant's content hash changes with it. */
export const VARIANT_ALGORITHM_VERSION = '2';

export interface ScenarioBundle {
  config: ScenarioConfig;
  initialState: ScenarioInitialState;
  groundTruth: GroundTruth;
  oracle: OraclePlan | null;
}

export interface VariantInfo {
  seed: number;
  shift_weeks: number;
  /** Old full name → new full name. */
  renamed: Record<string, string>;
  places: Record<string, string>;
  /** Per permutation group: message id → its new arrival time. */
  permuted: Array<Record<string, string>>;
}

/** A variant that cannot be built (a bad `variants` section, or a permutation that moves a report). */
export class VariantError extends Error {
  override readonly name = 'VariantError';
}

/** FNV-1a, so every scenario draws its own variant for the same seed. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function localDate(ms: number, zone: string): Ymd {
  const text = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
  const [y, m, d] = text.split('-').map(Number);
  return [y!, m!, d!];
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The week shifts that keep the scenario's local times true: the zone's UTC offset at every time
 * the scenario names (start, end, arrivals, windows, oracle steps) is the same after the shift as
 * before, so no daylight-saving change slips between a time and the words that describe it.
 * `zoned` adds times read in another zone (a weather report's, whose `timezone_offset` must stay
 * true).
 */
export function allowedShiftWeeks(
  config: ScenarioConfig,
  maxWeeks: number,
  instants: readonly number[] = [],
  zoned: readonly ZonedInstant[] = [],
): number[] {
  const zone = config.timezone;
  const times = [...new Set([Date.parse(config.start_time), Date.parse(config.end_time), ...instants])];
  const all: ZonedInstant[] = [...times.map((ms) => ({ ms, zone })), ...zoned];
  const offsets = all.map(({ ms, zone: at }) => zoneOffsetMinutes(ms, at));
  const weeks: number[] = [];
  for (let k = -maxWeeks; k <= maxWeeks; k++) {
    if (k === 0) continue;
    if (all.every(({ ms, zone: at }, index) => zoneOffsetMinutes(ms + k * WEEK_MS, at) === offsets[index]))
      weeks.push(k);
  }
  return weeks;
}

const ISO_DATETIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;

/** Every zoned ISO datetime written anywhere in `value`, as epoch ms (distinct). */
function instantsIn(value: unknown, into: Set<number>): Set<number> {
  if (typeof value === 'string') {
    for (const match of value.match(ISO_DATETIME) ?? []) {
      const ms = Date.parse(match);
      if (!Number.isNaN(ms)) into.add(ms);
    }
  } else if (Array.isArray(value)) value.forEach((entry) => instantsIn(entry, into));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((entry) => instantsIn(entry, into));
  return into;
}

function collectWords(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    for (const word of value.match(/\p{L}+/gu) ?? []) into.add(word.toLowerCase());
  } else if (Array.isArray(value)) value.forEach((entry) => collectWords(entry, into));
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      collectWords(key, into);
      collectWords(entry, into);
    }
  }
}

/** Each deliverable item's report deadline (index), so a permutation that moves one is refused. */
function dueIndexes(bundle: ScenarioBundle): Map<string, number> {
  const arrivals = arrivalsOf(bundle.initialState, Date.parse(bundle.config.start_time));
  const end = Date.parse(bundle.config.end_time);
  const out = new Map<string, number>();
  for (const deliverable of bundle.groundTruth.deliverables) {
    const deadlines = deadlinesOf(deliverable, end);
    for (const item of deliverable.items) {
      const key = item.source?.email
        ? `email:${item.source.email}`
        : item.source?.sms
          ? `sms:${item.source.sms}`
          : undefined;
      const at = key === undefined ? undefined : arrivals.get(key);
      if (at === undefined) continue;
      out.set(
        `${deliverable.id}/${item.id}`,
        deadlines.findIndex((deadline) => deadline >= at),
      );
    }
  }
  return out;
}

function reparse<T>(
  what: string,
  schema: {
    safeParse(value: unknown): {
      success: boolean;
      data?: T;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error?.issues[0];
    throw new VariantError(
      `the variant's ${what} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'unknown problem'}`,
    );
  }
  return parsed.data as T;
}

/**
 * The variant `seed` of `bundle` (seed 0 or less: the bundle itself). Pure: `bundle` is not
 * changed.
 * @throws VariantError when the scenario's `variants` section cannot be applied.
 */
export function applyVariant(
  bundle: ScenarioBundle,
  seed: number,
): { bundle: ScenarioBundle; info: VariantInfo } {
  if (!Number.isInteger(seed) || seed <= 0) {
    return { bundle, info: { seed: 0, shift_weeks: 0, renamed: {}, places: {}, permuted: [] } };
  }
  const { config } = bundle;
  const spec = config.variants ?? DEFAULT_VARIANTS;
  const random = seededRandom(hash32(`${config.scenario_id}:${seed}`));

  const weeksAllowed = allowedShiftWeeks(
    config,
    spec.max_shift_weeks,
    [...instantsIn(bundle, new Set())],
    weatherReportInstants(bundle.initialState.scenario),
  );
  const weeks = weeksAllowed.length === 0 ? 0 : weeksAllowed[Math.floor(random() * weeksAllowed.length)]!;

  const people = variantPeople(config, bundle.initialState);
  const words = new Set<string>();
  collectWords(bundle, words);
  const replacements = buildReplacements({
    people: spec.rename ? people : people.map((person) => ({ ...person, pinned: true })),
    places: spec.places,
    words,
    random,
  });

  const initialState = structuredClone(bundle.initialState);
  let permuted: Array<Record<string, string>>;
  try {
    permuted = permuteArrivals(initialState, spec.permute, random);
  } catch (error) {
    throw new VariantError((error as Error).message, { cause: error });
  }
  const before = dueIndexes(bundle);
  const after = dueIndexes({ ...bundle, initialState });
  for (const [item, index] of before) {
    if (after.get(item) !== index) {
      throw new VariantError(
        `variants.permute moves deliverable item ${item} into another report: permute only arrivals that fall due at the same deadline`,
      );
    }
  }

  const ids = new Set([...Object.keys(config.characters), ...Object.keys(config.world?.people ?? {})]);
  const text = new VariantText(
    replacements,
    {
      days: weeks * 7,
      reference: localDate(Date.parse(config.start_time), config.timezone),
      numeric: spec.numeric_dates,
    },
    ids,
  );
  const shiftedState = text.json(initialState);
  // Weather reports write their times as Unix seconds, which the text rewrite does not see.
  shiftWeatherEpochs(shiftedState.scenario, (weeks * WEEK_MS) / 1000);
  const next: ScenarioBundle = {
    config: reparse('scenario.json', scenarioConfigSchema, text.json(config)),
    initialState: shiftedState,
    groundTruth: reparse('ground truth', groundTruthSchema, text.json(bundle.groundTruth)),
    oracle: bundle.oracle ? reparse('oracle plan', oraclePlanSchema, text.json(bundle.oracle)) : null,
  };
  return {
    bundle: next,
    info: {
      seed,
      shift_weeks: weeks,
      renamed: replacements.renamed,
      places: replacements.places,
      permuted: text.json(permuted),
    },
  };
}
