import { describe, expect, it } from 'vitest';
import { withCorrection, withDates } from '../../../src/green/gold/style-values.js';

// Monday 20 July 2026, mid-morning in Los Angeles.
const MONDAY = Date.parse('2026-07-20T16:30:00Z');
const ZONE = 'America/Los_Angeles';

describe('withDates', () => {
  it('rewrites a weekday with its date as one date, even beyond the week a bare weekday means', () => {
    const text = 'The plumber can come on Tuesday, July 28 or Thursday, July 30.';
    expect(withDates(text, 'short', MONDAY, ZONE)).toBe('The plumber can come on Tue 28 Jul or Thu 30 Jul.');
    expect(withDates(text, 'iso', MONDAY, ZONE)).toBe('The plumber can come on 2026-07-28 or 2026-07-30.');
    expect(withDates(text, 'relative', MONDAY, ZONE)).toBe(
      'The plumber can come on Tue 28 Jul or Thu 30 Jul.',
    );
  });

  it('writes tomorrow relatively and keeps a date whose weekday does not match apart', () => {
    expect(withDates('See you Tuesday, July 21.', 'relative', MONDAY, ZONE)).toBe('See you tomorrow (Tue).');
    expect(withDates('Wednesday, July 28 it is.', 'short', MONDAY, ZONE)).toBe(
      'Wed 22 Jul, Tue 28 Jul it is.',
    );
  });
});

describe('withCorrection', () => {
  it('rules out the known wrong time after the first time stated', () => {
    expect(withCorrection('Dinner is at 7:30pm.', { time: 18 * 60 }, MONDAY, ZONE)).toBe(
      'Dinner is at 7:30pm (not 6pm).',
    );
  });
});

describe('withCorrection of a range', () => {
  it('puts the correction after the whole range', () => {
    expect(withCorrection('Booked for Thursday 11:00–12:00 Eastern.', { time: 8 * 60 }, MONDAY, ZONE)).toBe(
      'Booked for Thursday 11:00–12:00 (not 8am) Eastern.',
    );
    expect(withCorrection('From 2pm to 3:30pm.', {}, MONDAY, ZONE)).toBe('From 2pm to 3:30pm (not 3pm).');
  });
});
