import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Evaluator } from '../judge/types.js';

/**
 * Loads a scenario's evaluator module. TypeScript goes through tsx's `tsImport`, which registers a
 * private loader for just this import, so it works from the compiled `dist/` on plain Node 20 as
 * well as under tsx or vitest; JavaScript goes through `import()`. Every exported async function
 * becomes an evaluator under its export name.
 */

/** Looked for in this order; the first that exists is used. */
export const EVALUATOR_FILE_NAMES = [
  'evaluators.ts',
  'evaluators.mts',
  'evaluators.js',
  'evaluators.mjs',
] as const;

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The scenario's evaluator files that exist, in precedence order. */
export async function findEvaluatorFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of EVALUATOR_FILE_NAMES) {
    const file = join(dir, name);
    if (await exists(file)) found.push(file);
  }
  return found;
}

function isAsyncFunction(value: unknown): value is Evaluator {
  return typeof value === 'function' && Object.prototype.toString.call(value) === '[object AsyncFunction]';
}

/** Imports `file` and returns its exported async functions by name (`default` is never one). */
export async function importEvaluatorModule(file: string): Promise<Map<string, Evaluator>> {
  const url = pathToFileURL(file).href;
  const namespace = (
    /\.m?ts$/.test(file)
      ? // tsconfig: false — a user's unrelated tsconfig.json in the working directory must not
        // change how a scenario compiles. tsx is loaded only for a scenario that has such a module.
        await (await import('tsx/esm/api')).tsImport(url, { parentURL: import.meta.url, tsconfig: false })
      : await import(url)
  ) as Record<string, unknown>;
  const evaluators = new Map<string, Evaluator>();
  for (const [name, value] of Object.entries(namespace)) {
    if (name === 'default' || name.startsWith('_')) continue;
    if (isAsyncFunction(value)) evaluators.set(name, value);
  }
  return evaluators;
}
