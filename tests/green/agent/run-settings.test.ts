import { describe, expect, it } from 'vitest';
import { resolveRunSettings, turnsToWatch } from '../../../src/green/agent/run-settings.js';
import type { ScenarioConfig } from '../../../src/green/scenarios/schema.js';
import { testGreenConfig } from '../../support/green-harness.js';

const scenario = (start: string, end: string, step: string) =>
  ({ start_time: start, end_time: end, default_time_step: step }) as unknown as ScenarioConfig;

describe('the turn cap of an assessment', () => {
  const twoDays = scenario('2026-03-02T08:00:00+00:00', '2026-03-03T18:30:00+00:00', 'PT15M');
  const morning = scenario('2026-03-02T08:00:00+00:00', '2026-03-02T12:00:00+00:00', 'PT30M');

  it('never cuts a long scenario short: twice the turns it takes at its own step', () => {
    // 34.5 hours at 15 minutes: 138 steps and the first turn.
    expect(turnsToWatch(twoDays)).toBe(2 * 139);
    expect(resolveRunSettings(testGreenConfig(), { scenario_id: 'x' }, twoDays).maxTurns).toBe(278);
  });

  it('keeps the green default for short scenarios and the request’s own max_turns always', () => {
    expect(resolveRunSettings(testGreenConfig(), { scenario_id: 'x' }, morning).maxTurns).toBe(100);
    expect(resolveRunSettings(testGreenConfig(), { scenario_id: 'x', max_turns: 5 }, twoDays).maxTurns).toBe(
      5,
    );
    expect(
      resolveRunSettings(testGreenConfig({ default_max_turns: 500 }), { scenario_id: 'x' }, twoDays).maxTurns,
    ).toBe(500);
  });
});
