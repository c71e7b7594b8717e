import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { JsonObject } from '../../protocol/index.js';

/** `runs/<timestamp>-<scenario>/` under the current directory, unless the user chose one. */
export function defaultRunDirectory(scenarioId: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return resolve('runs', `${stamp}-${scenarioId}`);
}

/** Writes the results artifact exactly as received to `<dir>/results.json`; returns the path. */
export async function writeResultsFile(directory: string, results: JsonObject): Promise<string> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, 'results.json');
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`, 'utf8');
  return path;
}
