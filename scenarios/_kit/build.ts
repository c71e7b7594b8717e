import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessUesRunner } from '../../src/green/runtime/index.js';
import { ScenarioManager } from '../../src/green/scenarios/loader.js';
import type { ScenarioInput } from '../../src/ues/client/index.js';
import { UesClient } from '../../src/ues/client/index.js';
import type { ScenarioDefinition, TrapDef } from './definition.js';
import { DefinitionError } from './people.js';
import { renderReadme } from './readme.js';
import { buildInitialState } from './state.js';
import { buildTriggers } from './triggers.js';
import { Clock } from './time.js';

/**
 * From a definition to the scenario's files — scenario.json, initial_state.json,
 * ground_truth.json (when it has deliverables), oracle.json and README.md — as text, and the
 * check that they are a valid scenario: loaded by the real loader (schema, cross-references,
 * oracle) and imported by a real simulator, for the canonical scenario and a few variants.
 */

export type BuiltFiles = Record<string, string>;

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function timing(person: { timing?: [string, string] }) {
  const [base, variance] = person.timing ?? ['PT15M', 'PT5M'];
  return { base_delay: base, variance };
}

export function buildScenarioFiles(def: ScenarioDefinition): BuiltFiles {
  const clock = new Clock(def.date, def.timezone);
  const people = [[def.user.id, def.user] as const, ...Object.entries(def.people)];
  if (def.people[def.user.id])
    throw new DefinitionError(def.id, `the user "${def.user.id}" is also in people`);
  const characters = Object.fromEntries(
    people.map(([id, person]) => [
      id,
      {
        name: person.name,
        ...(person.email ? { email: person.email } : {}),
        ...(person.phone ? { phone: person.phone } : {}),
        personality: person.personality,
        response_timing: timing(person),
        relationships: person.relationships ?? {},
        ...(person.instructions ? { special_instructions: person.instructions } : {}),
        ...(person.knows ? { config: person.knows } : {}),
        ...(person.roles ? { roles: person.roles } : {}),
        ...(person.aliases ? { aliases: person.aliases } : {}),
      },
    ]),
  );
  const pin = Object.entries(def.people)
    .filter(([, person]) => person.pinned)
    .map(([id]) => id);
  const genders = Object.fromEntries(
    people.filter(([, person]) => person.gender).map(([id, person]) => [id, person.gender]),
  );
  const hasGroundTruth = (def.groundTruth?.deliverables?.length ?? 0) > 0;
  const scenario = {
    scenario_id: def.id,
    version: def.version,
    name: def.name,
    summary: def.summary,
    description: def.description,
    family: def.family,
    difficulty: def.difficulty,
    ...(def.tags ? { tags: def.tags } : {}),
    start_time: clock.iso(def.start),
    end_time: clock.iso(def.end),
    default_time_step: def.step,
    timezone: def.timezone,
    user_prompt: def.prompt,
    user_character: def.user.id,
    initial_state: 'initial_state.json',
    ...(hasGroundTruth ? { ground_truth: 'ground_truth.json' } : {}),
    characters,
    ...(def.worldAddresses || def.worldLists
      ? {
          world: {
            ...(def.worldAddresses ? { addresses: def.worldAddresses } : {}),
            ...(def.worldLists ? { lists: def.worldLists } : {}),
          },
        }
      : {}),
    ...(def.brief ? { user_brief: def.brief } : {}),
    variants: {
      ...(pin.length > 0 ? { pin } : {}),
      ...(Object.keys(genders).length > 0 ? { genders } : {}),
      ...(def.variants?.places ? { places: def.variants.places } : {}),
      ...(def.variants?.permute ? { permute: def.variants.permute } : {}),
      ...(def.variants?.numeric_dates ? { numeric_dates: def.variants.numeric_dates } : {}),
      ...(def.variants?.max_shift_weeks !== undefined
        ? { max_shift_weeks: def.variants.max_shift_weeks }
        : {}),
    },
    scoring: {
      minefield_cap: def.scoring?.minefield_cap ?? 0.25,
      pass_threshold: def.scoring?.pass_threshold ?? 0.7,
    },
    criteria: def.criteria,
    ...(def.capabilities ? { capabilities: def.capabilities } : {}),
    ...(def.triggers ? { triggers: buildTriggers(def, clock) } : {}),
    ...(def.noise ? { noise: def.noise } : {}),
  };
  const steps = (list: ScenarioDefinition['oracle']['steps']) =>
    list.map((step) => ({ ...step, at: clock.iso(step.at) }));
  const mutants = def.traps
    .filter((trap): trap is TrapDef => typeof trap !== 'string')
    .map((trap) => ({
      id: trap.id,
      trap: trap.text,
      steps: steps(trap.mutate(structuredClone(def.oracle.steps))),
    }));
  if (def.difficulty === 'expert') checkExpert(def, mutants.length);
  const oracle = {
    scenario_id: def.id,
    description: def.oracle.description,
    steps: steps(def.oracle.steps),
    ...(mutants.length > 0 ? { mutants } : {}),
  };
  const files: BuiltFiles = {
    'scenario.json': json(scenario),
    'initial_state.json': json(buildInitialState(def, clock)),
    'oracle.json': json(oracle),
    'README.md': renderReadme(def, clock),
  };
  if (hasGroundTruth) files['ground_truth.json'] = json(def.groundTruth);
  return files;
}

/** An expert scenario names what it tests and ships an oracle for every trap it sets. */
function checkExpert(def: ScenarioDefinition, mutants: number): void {
  if (!def.capabilities?.length)
    throw new DefinitionError(def.id, 'an expert scenario names the capabilities it tests');
  const plain = def.traps.filter((trap) => typeof trap === 'string');
  if (plain.length > 0 || mutants === 0)
    throw new DefinitionError(
      def.id,
      `every trap of an expert scenario ships an oracle that falls into it (TrapDef with mutate); ${plain.length} trap(s) are text only`,
    );
}

export async function writeScenarioFiles(dir: string, files: BuiltFiles): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text, 'utf8');
}

/** Variant seeds every built scenario is loaded with, besides the canonical one. */
export const VALIDATION_VARIANT_SEEDS = [1, 2, 3];

/**
 * Loads the files with the real loader (and a few variants) and imports each initial state into an
 * in-process simulator. Returns the loader's warnings; throws the loader's or the simulator's
 * error naming the problem.
 */
export async function validateScenarioFiles(id: string, files: BuiltFiles): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), 'scenario-build-'));
  const runner = new InProcessUesRunner();
  const ues = await runner.start();
  try {
    await writeScenarioFiles(join(root, id), files);
    const manager = new ScenarioManager(root);
    const canonical = await manager.load(id);
    const client = new UesClient({ baseUrl: ues.url, apiKey: ues.adminKey, retry: false });
    for (const seed of [0, ...VALIDATION_VARIANT_SEEDS]) {
      const loaded = seed === 0 ? canonical : await manager.load(id, { variantSeed: seed });
      await client.simulation.clear({});
      await client.scenario.importFull({
        scenario: loaded.initialState.scenario as unknown as ScenarioInput,
        strict_modalities: loaded.initialState.strict_modalities,
      });
    }
    return canonical.warnings;
  } finally {
    await ues.stop();
    await rm(root, { recursive: true, force: true });
  }
}
