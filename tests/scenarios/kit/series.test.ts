import { describe, expect, it } from 'vitest';
import { loadDefinition } from '../../../scenarios/_kit/build-cli.js';
import { buildScenarioFiles, validateScenarioFiles } from '../../../scenarios/_kit/build.js';
import type { ScenarioDefinition } from '../../../scenarios/_kit/definition.js';

/**
 * Recurring events and a bounded date shift in definitions: a series reaches the initial state as
 * the UES rule with its exceptions (and the simulator imports it), `max_shift_weeks` reaches the
 * scenario's variants, and events without a series are written as before.
 */

describe('kit: recurring events and max_shift_weeks', () => {
  it('writes the rule, the exceptions and the shift bound; the result loads and imports', async () => {
    const pilot = await loadDefinition('scheduling_kickoff_three_way');
    const definition: ScenarioDefinition = {
      ...pilot,
      calendar: [
        ...(pilot.calendar ?? []),
        {
          id: 'standup',
          title: 'Team standup',
          start: 'd-14 09:00',
          end: 'd-14 09:15',
          recurrence: { frequency: 'weekly', interval: 2, days_of_week: ['tuesday'] },
          exceptions: ['2026-02-10'],
        },
      ],
      variants: { ...pilot.variants, max_shift_weeks: 4 },
    };
    const files = buildScenarioFiles(definition);
    const state = JSON.parse(files['initial_state.json']!) as {
      scenario: { environment: { modality_states: { calendar: { events: Record<string, unknown> } } } };
    };
    const events = state.scenario.environment.modality_states.calendar.events;
    expect(events['standup']).toMatchObject({
      recurrence: { frequency: 'weekly', interval: 2, days_of_week: ['tuesday'] },
      recurrence_exceptions: ['2026-02-10'],
    });
    expect(events['dentist']).not.toHaveProperty('recurrence');
    expect(JSON.parse(files['scenario.json']!).variants.max_shift_weeks).toBe(4);
    expect(files['README.md']).toContain('repeats weekly (every 2) on tuesday, except 2026-02-10');
    await expect(validateScenarioFiles(definition.id, files)).resolves.toBeDefined();
  }, 60_000);
});
