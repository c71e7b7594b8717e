import { describe, expect, it } from 'vitest';
import { runCheck, stateAssertionSchema, type CheckSpec } from '../../../src/green/checks/index.js';
import { buildWorld } from '../../../src/green/checks/world.js';
import type { EvalContext, StateSnapshot } from '../../../src/green/judge/types.js';
import { scenarioConfigSchema } from '../../../src/green/scenarios/schema.js';

/**
 * The event assertion's `require`: an event without the required parts does not count at all
 * (without it, an unrelated changed event earns the parts it happens to fit, e.g. "no overlap").
 */

const scenario = scenarioConfigSchema.parse({
  scenario_id: 'require_probe',
  name: 'Require probe',
  description: 'Event assertions.',
  start_time: '2026-02-10T09:00:00Z',
  end_time: '2026-02-10T17:00:00Z',
  default_time_step: 'PT1H',
  user_prompt: 'Book the kickoff with Priya for me.',
  user_character: 'dana',
  characters: {
    dana: {
      name: 'Dana',
      email: 'dana@x.example',
      personality: 'u',
      response_timing: { base_delay: 'PT1M', variance: 'PT0S' },
    },
    priya: {
      name: 'Priya',
      email: 'priya@x.example',
      personality: 'p',
      response_timing: { base_delay: 'PT1M', variance: 'PT0S' },
    },
  },
  criteria: [
    {
      criterion_id: 'c',
      name: 'c',
      description: 'c',
      dimension: 'accuracy',
      max_score: 10,
      evaluator_id: 'x',
    },
  ],
});

function event(id: string, title: string, attendees: string[], start = '2026-02-12T11:00:00Z') {
  return {
    event_id: id,
    title,
    start,
    end: '2026-02-12T12:00:00Z',
    status: 'confirmed',
    deleted_at: null,
    attendees: attendees.map((email) => ({ email, response: 'needs-action' })),
  };
}

function snapshot(events: Record<string, unknown>): StateSnapshot {
  return {
    calendar: { events },
    email: { emails: {} },
    sms: { messages: {} },
    chat: { messages: [] },
  } as unknown as StateSnapshot;
}

function context(finalEvents: Record<string, unknown>): EvalContext {
  return {
    scenario,
    initialState: snapshot({}),
    finalState: snapshot(finalEvents),
    world: buildWorld(scenario),
    timeZone: 'UTC',
  } as unknown as EvalContext;
}

const spec = (require?: Array<'attendees'>): CheckSpec => ({
  kind: 'state',
  assertions: [
    stateAssertionSchema.parse({
      type: 'event',
      id: 'kickoff',
      attendees: ['priya'],
      title: [{ text: 'kickoff' }],
      no_overlap: true,
      ...(require ? { require } : {}),
    }),
  ],
});

describe('event assertion require', () => {
  const unrelated = { demo: event('demo', 'Vendor demo', ['dana@x.example']) };

  it('without it, an unrelated event earns the parts it fits; with it, nothing', async () => {
    expect((await runCheck(context(unrelated), spec())).fraction).toBeCloseTo(1 / 3);
    const outcome = await runCheck(context(unrelated), spec(['attendees']));
    expect(outcome.fraction).toBe(0);
    expect(JSON.stringify(outcome.evidence)).toContain('required_parts_missing');
  });

  it('a matching event still earns everything', async () => {
    const right = { kick: event('kick', 'Kickoff', ['priya@x.example']) };
    expect((await runCheck(context(right), spec(['attendees']))).fraction).toBe(1);
  });
});
