import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The long poles start first. Vitest orders files by their last duration, but a fresh checkout
 * (CI) has none and falls back to file size — the gate's two halves are small files that run for
 * minutes, and started last they ran alone at the end on one core. Every other file keeps vitest's
 * own order behind them.
 */
const LONG_POLES = [
  'tests/cli/repo-scenarios-check-imitation.test.ts',
  'tests/cli/repo-scenarios-check.test.ts',
  'tests/green/gold/gold-set.test.ts',
];

export class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const index = LONG_POLES.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? LONG_POLES.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}
