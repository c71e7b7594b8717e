import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  catalogueMarkdown,
  catalogueRows,
  readmeWithCounts,
  replaceCatalogue,
} from '../../src/green/scenarios/catalogue.js';
import { ScenarioManager } from '../../src/green/scenarios/loader.js';
import { buildScenarioFiles, validateScenarioFiles, writeScenarioFiles, type BuiltFiles } from './build.js';
import type { ScenarioDefinition } from './definition.js';

/**
 * `npm run scenarios:build [ids…] [-- --check]`: regenerates each scenario that has a `build.ts`
 * (all by default), validates it with the real loader and simulator, writes its files, and
 * rewrites the catalogue in docs/SCENARIOS.md and the scenario count in README.md. `--check`
 * writes nothing and exits 1 when a committed file differs from what its definition builds.
 */

export const SCENARIOS_DIR = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');
export const DOCS_FILE = resolve(SCENARIOS_DIR, '..', 'docs', 'SCENARIOS.md');
export const README_FILE = resolve(SCENARIOS_DIR, '..', 'README.md');
export const DEFINITION_FILE = 'build.ts';

/** Ids of the scenarios that have a definition (`<id>/build.ts`), sorted. */
export async function definedScenarioIds(dir = SCENARIOS_DIR): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const children = await readdir(join(dir, entry.name));
    if (children.includes(DEFINITION_FILE)) ids.push(entry.name);
  }
  return ids.sort();
}

export async function loadDefinition(id: string, dir = SCENARIOS_DIR): Promise<ScenarioDefinition> {
  const module = (await import(pathToFileURL(join(dir, id, DEFINITION_FILE)).href)) as {
    default?: ScenarioDefinition;
  };
  if (!module.default)
    throw new Error(`${join(dir, id, DEFINITION_FILE)} has no default export (a defineScenario(…))`);
  if (module.default.id !== id)
    throw new Error(`${join(dir, id, DEFINITION_FILE)} defines "${module.default.id}", not "${id}"`);
  return module.default;
}

/** Committed files that differ from what the definition builds (name → reason). */
export async function differences(dir: string, files: BuiltFiles): Promise<string[]> {
  const out: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const committed = await readFile(join(dir, name), 'utf8').catch(() => undefined);
    if (committed === undefined) out.push(`${name} is missing`);
    else if (committed !== text) out.push(`${name} differs from its definition's output`);
  }
  return out;
}

/** docs/SCENARIOS.md with the catalogue of the scenarios in `dir`. */
export async function documentWithCatalogue(
  dir = SCENARIOS_DIR,
  docs = DOCS_FILE,
): Promise<{ current: string; next: string }> {
  const current = await readFile(docs, 'utf8');
  const rows = await catalogueRows(new ScenarioManager(dir));
  return { current, next: replaceCatalogue(current, catalogueMarkdown(rows)) };
}

/** README.md with the scenario count of `dir` (README says how many scenarios there are). */
export async function readmeWithCatalogueCounts(
  dir = SCENARIOS_DIR,
  readme = README_FILE,
): Promise<{ current: string; next: string }> {
  const current = await readFile(readme, 'utf8');
  return { current, next: readmeWithCounts(current, await catalogueRows(new ScenarioManager(dir))) };
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const wanted = argv.filter((arg) => !arg.startsWith('--'));
  const all = await definedScenarioIds();
  const unknown = wanted.filter((id) => !all.includes(id));
  if (unknown.length > 0) {
    process.stderr.write(
      `no definition (scenarios/<id>/build.ts) for: ${unknown.join(', ')}; defined: ${all.join(', ')}\n`,
    );
    return 1;
  }
  let failed = 0;
  for (const id of wanted.length > 0 ? wanted : all) {
    try {
      const files = buildScenarioFiles(await loadDefinition(id));
      const warnings = await validateScenarioFiles(id, files);
      const dir = join(SCENARIOS_DIR, id);
      if (check) {
        const diff = await differences(dir, files);
        if (diff.length > 0) {
          failed += 1;
          process.stdout.write(
            `${id}: OUT OF DATE — ${diff.join('; ')} (run npm run scenarios:build ${id})\n`,
          );
          continue;
        }
        process.stdout.write(`${id}: up to date\n`);
      } else {
        await writeScenarioFiles(dir, files);
        process.stdout.write(`${id}: built (${Object.keys(files).join(', ')})\n`);
      }
      for (const warning of warnings) process.stdout.write(`  warning: ${warning}\n`);
    } catch (error) {
      failed += 1;
      process.stdout.write(`${id}: ERROR ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  const generated = [
    { file: DOCS_FILE, name: 'docs/SCENARIOS.md', what: 'the catalogue', ...(await documentWithCatalogue()) },
    {
      file: README_FILE,
      name: 'README.md',
      what: 'the scenario count',
      ...(await readmeWithCatalogueCounts()),
    },
  ];
  for (const { file, name, what, current, next } of generated) {
    if (current === next) continue;
    if (check) {
      failed += 1;
      process.stdout.write(`${name}: ${what} is out of date (run npm run scenarios:build)\n`);
    } else {
      await writeFile(file, next, 'utf8');
      process.stdout.write(`${name}: ${what} rewritten\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
