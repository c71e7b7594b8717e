import { expect } from 'vitest';
import { runCheck } from '../../src/cli/check/run-check.js';
import { CHECK_STRATEGIES } from '../../src/cli/check/bounds.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';

/**
 * Every scenario in the repository passes `scenarios check` on a variant seed (the oracle is
 * transformed with the scenario; the canonical form is checked by repo-scenarios-check.test.ts).
 * One test file per seed, so the seeds run in parallel.
 */
export async function expectVariantGateHolds(variantSeed: number): Promise<void> {
  const report = await runCheck({
    scenarioIds: [],
    scenariosDir: DEFAULT_SCENARIOS_DIR,
    strategies: [...CHECK_STRATEGIES],
    concurrency: 2,
    seed: 1,
    variantSeeds: [variantSeed],
    uesRunner: 'in-process',
    env: {},
  });
  const broken = report.scenarios.flatMap((scenario) => [
    ...scenario.problems.map((problem) => `${scenario.label}: ${problem}`),
    ...scenario.cells
      .filter((cell) => !cell.ok)
      .map((cell) => `${scenario.label}/${cell.strategy}: ${cell.problems.join('; ')}`),
  ]);
  expect(broken).toEqual([]);
  expect(report.ok).toBe(true);
  const ids = await new ScenarioManager(DEFAULT_SCENARIOS_DIR).listIds();
  expect(report.scenarios.map((scenario) => scenario.label)).toEqual(ids.map((id) => `${id}@${variantSeed}`));
}
