import { inject } from 'vitest';
import { scenarioModalities } from '../../src/green/scenarios/modalities.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the `full-only` project (`npm run test:full`): run on every scenario, not a sample. */
    everyScenario: boolean;
  }
}

/**
 * The repository's scenarios a whole-catalogue test runs on: every one under `npm run test:full`;
 * under `npm test`, the fewest that between them hold every modality, capability and family (a
 * greedy cover, so a new kind of world joins the sample by itself).
 */
export async function scenariosToRun(): Promise<string[]> {
  const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
  const ids = await manager.listIds();
  if (inject('everyScenario')) return ids;
  const features = new Map<string, Set<string>>();
  for (const id of ids) {
    const loaded = await manager.load(id);
    const config = loaded.config as { capabilities?: string[]; family?: string };
    features.set(
      id,
      new Set([
        ...scenarioModalities(loaded).map((m) => `modality:${m}`),
        ...(config.capabilities ?? []).map((c) => `capability:${c}`),
        `family:${config.family ?? 'none'}`,
      ]),
    );
  }
  const missing = new Set([...features.values()].flatMap((set) => [...set]));
  const chosen: string[] = [];
  while (missing.size > 0) {
    const [best] = [...features.entries()].sort(
      ([a, x], [b, y]) =>
        [...y].filter((f) => missing.has(f)).length - [...x].filter((f) => missing.has(f)).length ||
        a.localeCompare(b),
    );
    chosen.push(best![0]);
    for (const feature of best![1]) missing.delete(feature);
    features.delete(best![0]);
  }
  return chosen.sort();
}
