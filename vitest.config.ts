import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default leaves one core free, which is one worker on a 2-core CI machine; most
    // long tests wait on servers and child processes, so two workers there cut the wall time by a third.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
