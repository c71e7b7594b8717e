import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongPolesFirst } from './tests/support/sequencer.js';

/**
 * Tests that only `npm run test:full` runs (before a release, and after changing what they cover):
 * building both Docker images from a clean copy, and the validity gate on variant seeds 1 and 2
 * (the canonical scenarios' gate runs in `npm test`). Together they take longer than the rest of
 * the suite, which `npm test` keeps under eight minutes on two cores. The baselines' tests on
 * every scenario and the record/replay round trip run there on a sample
 * (tests/support/scenario-sample.ts) and here on all.
 */
const FULL_ONLY = ['tests/packaging/images.test.ts', 'tests/cli/scenarios-variants-gate-*.test.ts'];
/** Whole-catalogue tests: on a sample of the scenarios in `npm test`, on all of them in `test:full`. */
const EVERY_SCENARIO = [
  'tests/scenarios/baselines.test.ts',
  'tests/scenarios/mcp-baseline.test.ts',
  'tests/green/agent/replay-round-trip.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // The CLI tests run dist/ as a user does: rebuilt first when src/ changed since the last build.
    globalSetup: ['tests/support/built-cli.ts'],
    sequence: { sequencer: LongPolesFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each file re-importing the whole module graph cost more than the tests themselves (a fifth
    // of the suite's time); no test relies on fresh module state, so the workers keep theirs.
    isolate: false,
    // Vitest's default leaves one core free, which is one worker on a 2-core CI machine; most
    // long tests wait on servers and child processes, so two workers there cut the wall time by a third.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FULL_ONLY],
          provide: { everyScenario: false },
        },
      },
      {
        extends: true,
        test: {
          name: 'full-only',
          include: [...FULL_ONLY, ...EVERY_SCENARIO],
          provide: { everyScenario: true },
        },
      },
    ],
  },
});
