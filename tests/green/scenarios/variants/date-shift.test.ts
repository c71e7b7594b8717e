import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDates } from '../../../../src/green/reading/dates.js';
import { shiftDates, type Ymd } from '../../../../src/green/scenarios/variants/date-shift.js';

const REFERENCE: Ymd = [2026, 1, 28];
const options = (days: number) => ({ days, reference: REFERENCE, numeric: 'mdy' as const });

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('shiftDates', () => {
  it.each([
    ['2026-01-30T09:00:00Z and 2026-01-31', '2026-02-06T09:00:00Z and 2026-02-07'],
    ['January 30', 'February 6'],
    ['Jan 30th, 2026', 'Feb 6th, 2026'],
    ['Jan. 28–30', 'Feb. 4–6'],
    ['Jan 22–26', 'Jan 29–Feb 2'],
    ['30 Jan 2026', '6 Feb 2026'],
    ['30th of January', '6th of February'],
    ['Booking: 24–30 January', 'Booking: 31 January–6 February'],
    ['14th-22nd Jan', '21st-29th Jan'],
    ['on 1/30 and 01/30/26', 'on 2/6 and 02/06/26'],
    ['Thursday the 29th at 3', 'Thursday the 5th at 3'],
    ['on the 30th.', 'on the 6th.'],
    ['Saturday, Jan 31st', 'Saturday, Feb 7th'],
    ['SEPT 3', 'SEPT 10'],
    // A day said on its own in a reply (blind G48 and G92's neighbours kept the canonical day).
    ['Morning! The 24th suits me and £240 is fair.', 'Morning! The 31st suits me and £240 is fair.'],
    [
      'Hi — 24th is fine. But most of the oak hangs over 12',
      'Hi — 31st is fine. But most of the oak hangs over 12',
    ],
    ['Deal — see you on the 24th.', 'Deal — see you on the 31st.'],
    ['Is it the 29th, then?', 'Is it the 5th, then?'],
  ])('%s → %s (one week)', (input, expected) => {
    expect(shiftDates(input, options(7))).toBe(expected);
  });

  it.each([
    'on the 3rd floor',
    'the 21st century is here',
    'She came 2nd in the race.',
    'the 4th floor is quiet',
    '1/2 cup',
    'may 5 people come',
    'PR #892 at 4.2s, 24/7 support, 10:30',
    'Friday at 3pm, tomorrow, next week',
  ])('leaves non-dates alone: %s', (input) => {
    expect(shiftDates(input, options(7))).toBe(input);
  });

  it('reads a bare day after a full date as that date’s month (blind G104: "not the 14th" of August, not of July)', () => {
    const july = { days: 63, reference: [2026, 7, 20] as Ymd, numeric: 'mdy' as const };
    expect(shiftDates('Realistic handover is Friday 21 August, not the 14th.', july)).toBe(
      'Realistic handover is Friday 23 October, not the 16th.',
    );
    // With no full date before it, a bare day is the one nearest the scenario's start.
    expect(shiftDates('The 24th suits me.', july)).toBe('The 25th suits me.');
  });

  it('does nothing for a zero shift', () => {
    expect(shiftDates('January 30', options(0))).toBe('January 30');
  });

  it('property: every written form of a date reads, after the shift, as that date moved by whole weeks', () => {
    const formats: Array<(y: number, m: number, d: number) => string> = [
      (y, m, d) => iso(y, m, d),
      (y, m, d) => `${iso(y, m, d)}T10:15:00Z`,
      (_y, m, d) => `${['January', 'February', 'March'][m - 1]} ${d}`,
      (_y, m, d) => `${['Jan', 'Feb', 'Mar'][m - 1]} ${d}th`,
      (y, m, d) => `${d} ${['Jan', 'Feb', 'Mar'][m - 1]} ${y}`,
      (_y, m, d) => `${m}/${d}`,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -8, max: 8 }).filter((weeks) => weeks !== 0),
        fc.integer({ min: 0, max: formats.length - 1 }),
        (offset, weeks, format) => {
          const canonical = addDays('2026-01-10', offset);
          const [y, m, d] = canonical.split('-').map(Number) as [number, number, number];
          const text = `Meet on ${formats[format]!(y, m, d)}, please.`;
          const shifted = shiftDates(text, options(weeks * 7));
          const expected = addDays(canonical, weeks * 7);
          if (format === 1) {
            // A datetime (the checks read it as an instant, not as a written date).
            expect(shifted).toBe(`Meet on ${expected}T10:15:00Z, please.`);
            return;
          }
          // Read back as the checks read dates, seen from the shifted scenario's start.
          const seenFrom = addDays(iso(...REFERENCE), weeks * 7);
          expect(findDates(shifted, seenFrom).has(expected)).toBe(true);
          // (A numeric date reads both ways round: 12/1 may also be read as January 12.)
          if (format !== 5) expect(findDates(shifted, seenFrom).has(canonical)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
