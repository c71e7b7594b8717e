import { describe, expect, it } from 'vitest';
import {
  clockTimesIn,
  dateTimesIn,
  datesIn,
  durationIn,
  instantAt,
  localDayOf,
  whenIn,
} from '../../../../src/purple/baselines/imitation/when-text.js';

/** Dates and times read off free text in the user's zone. Now: Saturday 16 May 2026, 10:00 in Los Angeles. */

const ZONE = 'America/Los_Angeles';
const NOW = new Date('2026-05-16T10:00:00-07:00');
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const minutes = (text: string) => clockTimesIn(text).map((time) => time.minutes);
const days = (text: string, zone = ZONE) =>
  datesIn(text, NOW, zone).map((date) => new Date(date.day).toISOString().slice(0, 10));

describe('clock times', () => {
  it('reads 3pm, 15:30, 3:30 pm, 9 a.m., noon', () => {
    expect(minutes('at 3pm')).toEqual([15 * 60]);
    expect(minutes('starts 15:30 sharp')).toEqual([15 * 60 + 30]);
    expect(minutes('3:30 pm works')).toEqual([15 * 60 + 30]);
    expect(minutes('from 9 a.m. on')).toEqual([9 * 60]);
    expect(minutes('lunch at noon')).toEqual([12 * 60]);
    expect(minutes('12am and 12pm')).toEqual([0, 12 * 60]);
  });

  it('guesses the half of the day: the evening of the sentence, else 1–6 is afternoon', () => {
    expect(minutes('Tonight I am having dinner — 7:30 at the Kitchen.')).toEqual([19 * 60 + 30]);
    expect(minutes('Check-in at 7:30 before we open.')).toEqual([7 * 60 + 30]);
    expect(minutes('Can we do 4:15?')).toEqual([16 * 60 + 15]);
    expect(minutes('Book club is tonight at 7 at Hannah’s.')).toEqual([19 * 60]);
  });

  it('a range takes the second time’s am/pm', () => {
    expect(minutes('the recital (10:30–11:45am)')).toEqual([10 * 60 + 30, 11 * 60 + 45]);
    expect(minutes('recital 5:30–7:00pm')).toEqual([17 * 60 + 30, 19 * 60]);
  });

  it('reads no time in money, dates, counts or durations', () => {
    expect(minutes('$2,400 due 14/03, 3.50 each, 45 minutes, at 3 people, 90%')).toEqual([]);
  });
});

describe('dates', () => {
  it('reads absolute dates with and without weekday or year', () => {
    expect(days('Friday 22 May')).toEqual(['2026-05-22']);
    expect(days('on June 13th, 2027')).toEqual(['2027-06-13']);
    expect(days('the 3rd of June')).toEqual(['2026-06-03']);
    expect(days('2026-05-20')).toEqual(['2026-05-20']);
  });

  it('a date more than half a year past is next year’s; a recent one stays this year’s', () => {
    expect(days('November 2')).toEqual(['2026-11-02']);
    expect(days('January 5')).toEqual(['2026-01-05']);
  });

  it('numeric dates: month first in the Americas, day first elsewhere, else whichever is valid', () => {
    expect(days('on 05/06')).toEqual(['2026-05-06']);
    expect(days('on 05/06', 'Europe/London')).toEqual(['2026-06-05']);
    expect(days('on 14/03', ZONE)).toEqual(['2026-03-14']);
  });

  it('relative days: today, tonight, tomorrow, weekdays from now', () => {
    expect(days('tonight')).toEqual(['2026-05-16']);
    expect(days('tomorrow morning')).toEqual(['2026-05-17']);
    expect(days('on Tuesday')).toEqual(['2026-05-19']);
    expect(days('Saturday')).toEqual(['2026-05-16']);
    expect(days('next Saturday')).toEqual(['2026-05-23']);
    expect(days('last Friday')).toEqual(['2026-05-15']);
    expect(days('the 20th')).toEqual(['2026-05-20']);
    expect(days('the 2nd')).toEqual(['2026-06-02']);
  });
});

describe('dates with times', () => {
  it('pairs each time with the date of its own sentence (at the time’s index)', () => {
    expect(whenIn('Friday at 3pm. Tomorrow at 9am.', NOW, ZONE)).toEqual([
      { index: 10, day: day('2026-05-22'), minutes: 15 * 60 },
      { index: 27, day: day('2026-05-17'), minutes: 9 * 60 },
    ]);
    expect(whenIn('See you Monday.', NOW, ZONE)).toEqual([{ index: 8, day: day('2026-05-18') }]);
  });

  it('instants in the user’s zone: a time without a date is today’s, or tomorrow’s once it has passed', () => {
    expect(dateTimesIn('8:45pm at the Room', NOW, ZONE)).toEqual([Date.parse('2026-05-17T03:45:00Z')]);
    expect(dateTimesIn('9am', NOW, ZONE)).toEqual([Date.parse('2026-05-17T16:00:00Z')]);
    expect(dateTimesIn('Thursday 21 May at 14:00', NOW, ZONE)).toEqual([Date.parse('2026-05-21T21:00:00Z')]);
    expect(dateTimesIn('at 9am', NOW, ZONE, day('2026-05-16'))).toEqual([Date.parse('2026-05-16T16:00:00Z')]);
  });

  it('local days and instants follow the zone across a DST change', () => {
    const london = 'Europe/London';
    expect(instantAt(day('2026-03-28'), 9 * 60, london)).toBe(Date.parse('2026-03-28T09:00:00Z'));
    expect(instantAt(day('2026-03-30'), 9 * 60, london)).toBe(Date.parse('2026-03-30T08:00:00Z'));
    expect(localDayOf(Date.parse('2026-05-17T03:45:00Z'), ZONE)).toBe(day('2026-05-16'));
  });
});

describe('durations', () => {
  it('prefers a length written as an adjective', () => {
    expect(durationIn('a 45-minute design review, reply within 15 minutes')).toBe(45);
    expect(durationIn('within 15 minutes set up a one-hour sync')).toBe(60);
    expect(durationIn('half an hour at the flat')).toBe(30);
    expect(durationIn('90 minutes with the board')).toBe(90);
    expect(durationIn('one 3-hour rehearsal')).toBe(180);
    expect(durationIn('no length here')).toBeUndefined();
  });
});
