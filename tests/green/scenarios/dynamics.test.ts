import { describe, expect, it } from 'vitest';
import { noiseSchema, triggerSchema } from '../../../src/green/scenarios/dynamics.js';

/** A scenario's triggers and noise are data an author writes: bad values are refused by field. */
const problems = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('expert dynamics in a scenario file', () => {
  it('refuses noise outside its ranges or with unknown keys, naming each field', () => {
    expect(
      problems(
        noiseSchema.safeParse({
          transient_failure_rate: 0.9,
          slow_ms: 0,
          retry_after_seconds: 0.5,
          jitter: 1,
        }),
      ),
    ).toEqual(expect.arrayContaining(['transient_failure_rate', 'slow_ms', 'retry_after_seconds', '']));
    expect(noiseSchema.parse({ transient_failure_rate: 0.05 })).toEqual({
      transient_failure_rate: 0.05,
      slow_rate: 0,
      slow_ms: 1_500,
      retry_after_seconds: 1,
    });
  });

  it('refuses a trigger without what sets it off or without events, and a bad id or delay', () => {
    const good = {
      id: 'venue_cancels',
      description: 'The venue cancels once booked',
      when: { action: 'email.send' },
      events: [{ id: 'cancel', modality: 'email', data: { subject: 'Sorry' } }],
    };
    expect(triggerSchema.safeParse(good).success).toBe(true);
    expect(problems(triggerSchema.safeParse({ ...good, when: undefined }))).toEqual(['when']);
    expect(problems(triggerSchema.safeParse({ ...good, events: [] }))).toEqual(['events']);
    expect(problems(triggerSchema.safeParse({ ...good, id: 'Venue Cancels', after: 'soon' }))).toEqual([
      'id',
      'after',
    ]);
  });
});
