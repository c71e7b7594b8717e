import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  catalogueRows,
  readmeWithCounts,
  type CatalogueRow,
} from '../../../src/green/scenarios/catalogue.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/loader.js';

/**
 * README's one sentence about the scenarios ("<n> scenarios in <k> families — a, b, … and z")
 * says what `scenarios/` holds, like the catalogue in docs/SCENARIOS.md: its counts are generated
 * by `npm run scenarios:build` (and checked by its `--check`), and a family added without the
 * README naming it fails here.
 */

describe('README', () => {
  it('counts the scenarios and names their families as scenarios/ has them', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const rows = await catalogueRows(new ScenarioManager(DEFAULT_SCENARIOS_DIR));
    expect(readme, 'README’s scenario count: run npm run scenarios:build').toBe(
      readmeWithCounts(readme, rows),
    );
    const sentence = /(\d+) scenarios in (\w+) families —([\s\S]*?)— over/.exec(readme);
    expect(sentence, 'README: "<n> scenarios in <k> families — … — over …"').not.toBeNull();
    expect(Number(sentence![1])).toBe(rows.length);
    for (const family of new Set(rows.map((row) => row.family)))
      expect(sentence![3], `README names the family ${family}`).toMatch(new RegExp(`\\b${family}\\b`));
  });

  it('a stale count is rewritten, and a README without the sentence is refused by name', () => {
    const row = (id: string, family: string): CatalogueRow => ({
      id,
      family,
      modalities: [],
      difficulty: 'easy',
      capabilities: [],
      trapOracles: 0,
      traps: [],
      summary: '',
    });
    const rows = [row('a', 'triage'), row('b', 'triage'), row('c', 'safety')];
    expect(
      readmeWithCounts('Here: 34 scenarios in five families — triage and safety — over email.', rows),
    ).toBe('Here: 3 scenarios in two families — triage and safety — over email.');
    expect(() => readmeWithCounts('# A README without a count', rows)).toThrow(
      /no sentence "<n> scenarios in <k> families/,
    );
  });
});
