import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { catalogueRows } from '../../../src/green/scenarios/catalogue.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/loader.js';

/**
 * README's one sentence about the scenarios ("<n> scenarios in <k> families — a, b, … and z")
 * says what `scenarios/` holds, like the catalogue in docs/SCENARIOS.md: a scenario added or a
 * family named without the README following fails here.
 */

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('README', () => {
  it('counts the scenarios and names their families as scenarios/ has them', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const rows = await catalogueRows(new ScenarioManager(DEFAULT_SCENARIOS_DIR));
    const families = [...new Set(rows.map((row) => row.family))].sort();

    const sentence = /(\d+) scenarios in (\w+) families —([\s\S]*?)— over/.exec(readme);
    expect(sentence, 'README: "<n> scenarios in <k> families — … — over …"').not.toBeNull();
    const [, count, familyCount, list] = sentence!;
    expect(Number(count), 'README’s scenario count').toBe(rows.length);
    expect(familyCount, 'README’s family count').toBe(
      NUMBER_WORDS[families.length] ?? String(families.length),
    );
    for (const family of families)
      expect(list, `README names the family ${family}`).toMatch(new RegExp(`\\b${family}\\b`));
  });
});
