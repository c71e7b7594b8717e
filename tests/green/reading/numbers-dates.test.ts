import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDates, findTimes, parseClock } from '../../../src/green/reading/dates.js';
import { findNumbers, sameNumber } from '../../../src/green/reading/numbers.js';

const has = (text: string, value: number, currency?: string) =>
  findNumbers(text).some((n) => sameNumber(n, value) && (currency === undefined || n.currency === currency));

describe('numbers as people write them', () => {
  it.each([
    ['$45,000', 45000, 'USD'],
    ['$45k', 45000, 'USD'],
    ['45K USD', 45000, 'USD'],
    ['45,000 dollars', 45000, 'USD'],
    ['€1.2M', 1_200_000, 'EUR'],
    ['12 million', 12_000_000, undefined],
    ['P99 at 4.2s', 4.2, undefined],
    ['CPU at 94%', 94, undefined],
    ['three emails', 3, undefined],
    ['~12K requests', 12000, undefined],
    ['ninety guests', 90, undefined],
    ['thirty-one days', 31, undefined],
    ['ninety nine', 99, undefined],
    ['three hundred people', 300, undefined],
    ['a hundred times', 100, undefined],
  ])('%s reads as %d', (text, value, currency) => {
    expect(has(text, value, currency)).toBe(true);
  });

  it('does not read times, ordinals or words with digits as the number', () => {
    expect(has('at 3pm', 3)).toBe(false);
    expect(has('the 30th', 30)).toBe(false);
    expect(has('Q3 planning', 3)).toBe(false);
    expect(has('v2 endpoints', 2)).toBe(false);
  });

  it('property: an integer in any common format reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9_999_999 }), (n) => {
        const grouped = n.toLocaleString('en-US');
        for (const text of [
          `${n}`,
          grouped,
          `$${grouped}`,
          `${grouped} dollars`,
          `USD ${n}`.replace('USD ', '$'),
        ]) {
          if (!has(`it costs ${text} in total`, n)) return false;
        }
        return n % 1000 !== 0 || has(`about ${n / 1000}k`, n);
      }),
    );
  });
});

describe('dates and times relative to when the report was written', () => {
  const today = '2026-01-28'; // a Wednesday
  it.each([
    ['Jan 30', '2026-01-30'],
    ['January 30th', '2026-01-30'],
    ['30 January', '2026-01-30'],
    ['1/30', '2026-01-30'],
    ['2026-01-30', '2026-01-30'],
    ['Friday', '2026-01-30'],
    ['by Fri.', '2026-01-30'],
    ['tomorrow', '2026-01-29'],
    ['today', '2026-01-28'],
    ['Feb 7', '2026-02-07'],
    ['the 15th of February', '2026-02-15'],
    ['next Monday', '2026-02-02'],
    ['December 30', '2025-12-30'],
  ])('%s means %s', (text, date) => {
    expect(findDates(`see you ${text}`, today).has(date)).toBe(true);
  });

  it.each([
    ['3pm', '15:00'],
    ['3:30 p.m.', '15:30'],
    ['15:00', '15:00'],
    ['noon', '12:00'],
    ['7 PM', '19:00'],
    ['at 9', '09:00'],
    ['9:00 AM', '09:00'],
  ])('%s means %s', (text, time) => {
    expect(findTimes(`meet ${text} please`).has(parseClock(time))).toBe(true);
  });

  it('reads a 24-hour time that a colon follows (a list label), but not a clock with seconds', () => {
    expect(findTimes('- Thu 9/24, 19:00: project meeting').has(parseClock('19:00'))).toBe(true);
    expect(findTimes('- 23:59: quiz closes').has(parseClock('23:59'))).toBe(true);
    expect(findTimes('logged at 12:30:45 UTC').has(parseClock('12:30'))).toBe(false);
  });

  it('reads British 12-hour times and gives a range start its end’s am/pm', () => {
    expect(findTimes('lunch at 12.30pm').has(parseClock('12:30'))).toBe(true);
    expect(findTimes('call 3–4pm').has(parseClock('15:00'))).toBe(true);
    expect(findTimes('review 10.30-11am').has(parseClock('10:30'))).toBe(true);
    expect(findTimes('shift 9 to 10am').has(parseClock('09:00'))).toBe(true);
  });

  it('reads a month-day followed by an ISO date as two dates, not as a year (as variants do)', () => {
    expect([...findDates('December 16 2026-01-01', '2025-12-24')].sort()).toEqual([
      '2025-12-16',
      '2026-01-01',
    ]);
    expect([...findDates('16 December 2026-01-01', '2025-12-24')].sort()).toEqual([
      '2025-12-16',
      '2026-01-01',
    ]);
    expect([...findDates('December 16 2026', '2025-12-24')]).toEqual(['2026-12-16']);
  });

  it('does not invent dates in plain numbers', () => {
    expect(findDates('we have 30 users and 2 teams', today).size).toBe(0);
  });
});
