import { describe, expect, it } from 'vitest';
import { runCheck, stateAssertionSchema, type CheckSpec } from '../../../src/green/checks/index.js';
import type { CalendarEvent } from '../../../src/ues/client/index.js';
import { calendarEvent, checkContext } from './fixtures.js';

/**
 * The event assertion's `recurrence`: the event must be a series with the given rule; weekdays
 * are the rule's or, without them, the weekday the series starts on in the event's zone.
 */

const weekly = { frequency: 'weekly', interval: 1, end_type: 'never' } as const;

function series(fields: Partial<CalendarEvent>): CalendarEvent {
  // Thursday 2026-03-05 23:30 UTC is already Friday in Tokyo.
  return calendarEvent('one_on_one', {
    title: '1:1',
    start: '2026-03-05T23:30:00Z',
    end: '2026-03-06T00:00:00Z',
    ...fields,
  });
}

function spec(recurrence: Record<string, unknown>, require?: string[]): CheckSpec {
  return {
    kind: 'state',
    assertions: [
      stateAssertionSchema.parse({
        type: 'event',
        id: 'series',
        title: [{ text: '1:1' }],
        recurrence,
        ...(require ? { require } : {}),
      }),
    ],
  };
}

async function fraction(event: CalendarEvent, recurrence: Record<string, unknown>, require?: string[]) {
  return (await runCheck(checkContext({ finalEvents: [event] }), spec(recurrence, require))).fraction;
}

describe('event assertion recurrence', () => {
  it('holds for the rule asked for, weekdays read from the rule', async () => {
    const event = series({ recurrence: { ...weekly, days_of_week: ['thursday'] } });
    expect(await fraction(event, { frequency: 'weekly', interval: 1, days_of_week: ['thursday'] })).toBe(1);
    expect(await fraction(event, { frequency: 'weekly', days_of_week: ['friday'] })).toBe(0.5);
  });

  it('without weekdays in the rule, the start’s weekday in the event’s zone counts', async () => {
    const utc = series({ recurrence: weekly, timezone: 'UTC' });
    const tokyo = series({ recurrence: weekly, timezone: 'Asia/Tokyo' });
    expect(await fraction(utc, { frequency: 'weekly', days_of_week: ['thursday'] })).toBe(1);
    expect(await fraction(tokyo, { frequency: 'weekly', days_of_week: ['thursday'] })).toBe(0.5);
    expect(await fraction(tokyo, { frequency: 'weekly', days_of_week: ['friday'] })).toBe(1);
  });

  it('a single event, another frequency, interval or end is not the series', async () => {
    const rule = { frequency: 'weekly', interval: 1, end_type: 'never' };
    expect(await fraction(series({}), rule)).toBe(0.5);
    expect(await fraction(series({ recurrence: { ...weekly, frequency: 'daily' } }), rule)).toBe(0.5);
    expect(await fraction(series({ recurrence: { ...weekly, interval: 2 } }), rule)).toBe(0.5);
    const counted = series({ recurrence: { ...weekly, end_type: 'count', count: 4 } });
    expect(await fraction(counted, rule)).toBe(0.5);
    expect(await fraction(counted, { frequency: 'weekly' })).toBe(1);
  });

  it('required, a single event earns nothing however well it fits otherwise', async () => {
    expect(await fraction(series({}), { frequency: 'weekly' }, ['recurrence'])).toBe(0);
  });

  it('refuses an unknown weekday', () => {
    expect(() =>
      stateAssertionSchema.parse({
        type: 'event',
        id: 'x',
        recurrence: { frequency: 'weekly', days_of_week: ['thu'] },
      }),
    ).toThrow();
  });
});
