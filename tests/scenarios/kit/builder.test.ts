import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOCS_FILE,
  README_FILE,
  SCENARIOS_DIR,
  definedScenarioIds,
  differences,
  documentWithCatalogue,
  loadDefinition,
  readmeWithCatalogueCounts,
} from '../../../scenarios/_kit/build-cli.js';
import { buildScenarioFiles, validateScenarioFiles } from '../../../scenarios/_kit/build.js';
import type { ScenarioDefinition } from '../../../scenarios/_kit/definition.js';
import { Clock, TimeSpecError } from '../../../scenarios/_kit/time.js';

/**
 * The scenario kit: every scenario with a definition (`scenarios/<id>/build.ts`) is committed
 * exactly as its definition builds it, passes the real loader and simulator (canonical and
 * variants), and the catalogue in docs/SCENARIOS.md and README's scenario count are current.
 */

describe('scenario definitions', async () => {
  const ids = await definedScenarioIds();

  it('include the pilots', () => {
    expect(ids).toEqual(
      expect.arrayContaining(['ask_back_anniversary_dinner', 'scheduling_kickoff_three_way']),
    );
  });

  it.each(ids)(
    '%s: committed files equal the definition’s output, which loads and imports',
    async (id) => {
      const files = buildScenarioFiles(await loadDefinition(id));
      expect(await differences(join(SCENARIOS_DIR, id), files), 'run: npm run scenarios:build').toEqual([]);
      const warnings = await validateScenarioFiles(id, files);
      expect(warnings.filter((warning) => !warning.includes('need an LLM judge'))).toEqual([]);
    },
    60_000,
  );

  it('docs/SCENARIOS.md holds the current catalogue, README.md the current scenario count', async () => {
    const docs = await documentWithCatalogue(SCENARIOS_DIR, DOCS_FILE);
    expect(docs.current, 'run: npm run scenarios:build').toBe(docs.next);
    const readme = await readmeWithCatalogueCounts(SCENARIOS_DIR, README_FILE);
    expect(readme.current, 'run: npm run scenarios:build').toBe(readme.next);
  });
});

describe('builder errors', () => {
  it('a definition naming an unknown person fails with the scenario and the name', async () => {
    const pilot = await loadDefinition('scheduling_kickoff_three_way');
    const broken: ScenarioDefinition = {
      ...pilot,
      emails: [{ id: 'x', from: 'nobody', at: '10:00', subject: 'Hi', body: 'Hello' }],
    };
    expect(() => buildScenarioFiles(broken)).toThrow(
      'scenario scheduling_kickoff_three_way: "nobody" is not a person with an email address',
    );
  });

  it('the loader rejects what the schema forbids, naming the file and field', async () => {
    const pilot = await loadDefinition('scheduling_kickoff_three_way');
    const files = buildScenarioFiles({
      ...pilot,
      criteria: pilot.criteria.map((criterion) => ({ ...criterion, max_score: 500 })),
    });
    await expect(validateScenarioFiles(pilot.id, files)).rejects.toThrow(/criteria\[0\]\.max_score: Too big/);
  });
});

describe('Clock', () => {
  const clock = new Clock('2026-02-10', 'America/New_York');

  it('reads day-relative, weekday and ISO specs in the scenario’s zone', () => {
    expect(clock.iso('09:40')).toBe('2026-02-10T09:40:00-05:00');
    expect(clock.utc('09:40')).toBe('2026-02-10T14:40:00Z');
    expect(clock.iso('d-1 22:15')).toBe('2026-02-09T22:15:00-05:00');
    expect(clock.iso('thu 11:00')).toBe('2026-02-12T11:00:00-05:00');
    expect(clock.iso('tue 08:00')).toBe('2026-02-10T08:00:00-05:00');
    expect(clock.iso('2026-02-10T15:00:00Z')).toBe('2026-02-10T10:00:00-05:00');
    // Across the DST change the offset follows the zone.
    expect(clock.iso('d30 09:00')).toBe('2026-03-12T09:00:00-04:00');
    expect(clock.label('thu 11:00')).toBe('Thu 12 Feb 11:00');
  });

  it('names a bad time spec', () => {
    expect(() => clock.iso('noonish')).toThrow(TimeSpecError);
    expect(() => clock.iso('2026-02-10T10:00:00')).toThrow('must be an ISO datetime with a zone');
  });
});
