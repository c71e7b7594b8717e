import type { LoadedScenario, ScenarioManager } from '../scenarios/loader.js';

/**
 * Which of the scenarios' traps (oracle.json `mutants`: the careless paths a trap oracle plays)
 * a careless mutant of a gold run falls into. A trap the gate only plays as a scripted oracle is
 * measured on the oracle's own words; its mutant measures it on a careful assistant's run.
 */
export interface TrapCoverage {
  traps: number;
  covered: number;
  /** `scenario/trap` of each trap no mutant falls into yet. */
  uncovered: string[];
}

const trapIds = (scenario: LoadedScenario): string[] =>
  scenario.oracle?.mutants?.map((trap) => trap.id) ?? [];

/** Why a mutant's `trap` cannot be right: the scenario has no such trap. */
export function unknownTrapProblem(scenario: LoadedScenario, trap: string | undefined): string | undefined {
  if (trap === undefined) return undefined;
  const known = trapIds(scenario);
  if (known.includes(trap)) return undefined;
  return `names trap "${trap}", which ${scenario.config.scenario_id} does not have (its traps: ${known.length > 0 ? known.join(', ') : 'none'})`;
}

export async function trapCoverage(
  manager: ScenarioManager,
  ids: readonly string[],
  mutants: ReadonlyArray<{ scenario_id: string; trap: string | null; problems: string[] }>,
): Promise<TrapCoverage> {
  const scenarioIds = ids.length > 0 ? ids : await manager.listIds();
  const fallenInto = new Set(
    mutants
      .filter((row) => row.trap !== null && row.problems.length === 0)
      .map((row) => `${row.scenario_id}/${row.trap}`),
  );
  const all: string[] = [];
  for (const id of scenarioIds) {
    for (const trap of trapIds(await manager.load(id))) all.push(`${id}/${trap}`);
  }
  const uncovered = all.filter((key) => !fallenInto.has(key));
  return { traps: all.length, covered: all.length - uncovered.length, uncovered };
}
