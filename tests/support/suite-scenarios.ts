import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SCENARIOS_DIR } from './green-harness.js';

/**
 * A scenarios folder for suite tests: copies of the `mini_inbox` test scenario under other ids
 * and families, and optionally scenarios that do not load.
 */
export interface SuiteScenarios {
  dir: string;
  close(): Promise<void>;
}

export async function makeSuiteScenarios(
  scenarios: ReadonlyArray<{ id: string; family?: string; passThreshold?: number }>,
  broken: readonly string[] = [],
): Promise<SuiteScenarios> {
  const dir = await mkdtemp(join(tmpdir(), 'suite-scenarios-'));
  const source = join(TEST_SCENARIOS_DIR, 'mini_inbox');
  const template = JSON.parse(await readFile(join(source, 'scenario.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const { id, family, passThreshold } of scenarios) {
    await cp(source, join(dir, id), { recursive: true });
    const config = {
      ...template,
      scenario_id: id,
      ...(family === undefined ? {} : { family }),
      ...(passThreshold === undefined ? {} : { scoring: { pass_threshold: passThreshold } }),
    };
    await writeFile(join(dir, id, 'scenario.json'), JSON.stringify(config, null, 2));
  }
  for (const id of broken) {
    await mkdir(join(dir, id));
    await writeFile(join(dir, id, 'scenario.json'), JSON.stringify({ scenario_id: id }));
  }
  return { dir, close: () => rm(dir, { recursive: true, force: true }) };
}
