/**
 * Regenerates what the docs derive from zod schemas: docs/schemas/*.json from src/protocol, and the
 * request reference of docs/PURPLE_AGENT_GUIDE.md (its appendix) from the UES route schemas.
 * Usage: npm run schemas            (write the files)
 *        npm run schemas -- --check (exit 1 if the committed files are out of date)
 */
import { readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildJsonSchemas } from '../src/protocol/json-schemas.js';
import { PURPLE_UES_PERMISSIONS } from '../src/protocol/purple-permissions.js';
import { withRouteReference } from '../src/ues/server/http/route-docs.js';
import { routeReference } from '../src/ues/server/route-reference.js';

const SCHEMA_DIR = fileURLToPath(new URL('../docs/schemas/', import.meta.url));
const PURPLE_GUIDE = fileURLToPath(new URL('../docs/PURPLE_AGENT_GUIDE.md', import.meta.url));

async function render(fileName: string, document: unknown): Promise<string> {
  const path = join(SCHEMA_DIR, fileName);
  const options = (await resolveConfig(path)) ?? {};
  return format(JSON.stringify(document), { ...options, filepath: path });
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const documents = buildJsonSchemas();
  await mkdir(SCHEMA_DIR, { recursive: true });
  const existing = (await readdir(SCHEMA_DIR)).filter((name) => name.endsWith('.json'));
  const stale = existing.filter((name) => !(name in documents));
  const outdated: string[] = [];

  for (const [fileName, document] of Object.entries(documents)) {
    const text = await render(fileName, document);
    const path = join(SCHEMA_DIR, fileName);
    const current = await readFile(path, 'utf8').catch(() => undefined);
    if (current === text) continue;
    outdated.push(fileName);
    if (!check) await writeFile(path, text);
  }
  if (!check) await Promise.all(stale.map((name) => rm(join(SCHEMA_DIR, name))));

  const guide = await readFile(PURPLE_GUIDE, 'utf8');
  const updatedGuide = withRouteReference(guide, await routeReference(PURPLE_UES_PERMISSIONS));
  if (updatedGuide !== guide) {
    outdated.push('PURPLE_AGENT_GUIDE.md (request reference)');
    if (!check) await writeFile(PURPLE_GUIDE, updatedGuide);
  }

  const changed = [...outdated, ...stale.map((name) => `${name} (stale)`)];
  if (check && changed.length > 0) {
    console.error(`generated docs are out of date; run "npm run schemas". Files: ${changed.join(', ')}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    changed.length === 0
      ? `docs/schemas is up to date (${Object.keys(documents).length} schemas)`
      : `updated ${changed.join(', ')}`,
  );
}

await main();
