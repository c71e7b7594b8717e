import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where scenarios are and which there are, without loading any (no schemas, no evaluators): a
 * green lists them at startup, and loads the loader with its first assessment.
 */

/**
 * The package's own `scenarios/` folder. This file sits at the same depth in `src/` (tsx, vitest)
 * and in the compiled `dist/`, so one relative URL serves both.
 */
export const DEFAULT_SCENARIOS_DIR = fileURLToPath(new URL('../../../scenarios/', import.meta.url)).replace(
  /[\\/]$/,
  '',
);

export const SCENARIO_FILE = 'scenario.json';

/** Ids of the subfolders of `dir` that hold a `scenario.json`, sorted. Empty when `dir` is missing. */
export async function listScenarioIds(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Read side by side: a green lists them before it serves its card.
  const held = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const children = await readdir(join(dir, entry.name)).catch(() => [] as string[]);
        return children.includes(SCENARIO_FILE) ? [entry.name] : [];
      }),
  );
  return held.flat().sort();
}
