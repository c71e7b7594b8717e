import { formatTime, parseTime } from '../../core/time.js';
import { WEEKDAYS, type RecurrenceRule } from './input.js';
import type { CalendarEvent } from './model.js';
import {
  civilFromDay,
  DAY_MS,
  dayFromCivil,
  dayFromIsoDate,
  daysInMonth,
  fromLocal,
  isoDateFromDay,
  resolveZone,
  toLocal,
  weekdayOf,
} from './zone.js';

/**
 * Recurrence semantics of our port. The original steps from the query window's start (so a weekly
 * series' weekday depended on the window) and counted `count` inside the window only; we always step
 * from the series start. Kept from the original: interval, exception dates skipped, `until`
 * inclusive, `count`, and the monthly day capped at 28 when needed: only in months that lack the
 * start's day (the original stayed on 28 once capped), and Feb 29 becomes Feb 28 in yearly rules
 * (the original raised an error). Deviations, each deliberate:
 * - weekly rules honour `days_of_week` (the original ignored it); the series start is always the
 *   first occurrence;
 * - dates (`until`, exceptions, weekdays) are local dates in the event's `timezone` (UTC when it is
 *   not an IANA zone), and occurrences keep the start's local wall time across DST;
 * - an occurrence lasts as long as the master event (the original combined the date with the end's
 *   time of day, which broke events crossing midnight);
 * - exception dates still count toward `count` (RFC 5545: COUNT is applied before EXDATE).
 */

/** A runaway guard: no single walk visits more than this many rule dates. */
const MAX_RULE_DATES = 100_000;

export interface Series {
  rule: RecurrenceRule;
  zone: string;
  startMs: number;
  startDay: number;
  msOfDay: number;
  durationMs: number;
  exceptions: ReadonlySet<string>;
}

export function seriesOf(event: CalendarEvent): Series | undefined {
  if (!event.recurrence) return undefined;
  const zone = resolveZone(event.timezone);
  const startMs = parseTime(event.start)!;
  const local = toLocal(startMs, zone);
  return {
    rule: event.recurrence,
    zone,
    startMs,
    startDay: local.day,
    msOfDay: local.msOfDay,
    durationMs: parseTime(event.end)! - startMs,
    exceptions: new Set(event.recurrence_exceptions),
  };
}

/** A rule date and its position in the series (0 = the series start), which `count` limits. */
interface RuleDate {
  day: number;
  index: number;
}

/** Steps `startDay + k·period` from step `first` on (daily, and weekly without weekdays). */
function* fixedSteps(startDay: number, period: number, fromDay: number): Generator<RuleDate> {
  const first = Math.max(0, Math.floor((fromDay - startDay) / period));
  for (let index = first; ; index++) yield { day: startDay + index * period, index };
}

/**
 * Every candidate date in order, starting near `fromDay`: the walk jumps straight to the step
 * before `fromDay` (so a series that began centuries before the window costs nothing) and carries
 * each date's index in the series, which `count` needs. Dates before `fromDay` may still be yielded.
 */
function* candidateDays(series: Series, fromDay: number): Generator<RuleDate> {
  const { rule, startDay } = series;
  const interval = rule.interval;
  switch (rule.frequency) {
    case 'daily':
      return yield* fixedSteps(startDay, interval, fromDay);
    case 'weekly': {
      const weekdays = [...new Set((rule.days_of_week ?? []).map((name) => WEEKDAYS.indexOf(name)))].sort(
        (a, b) => a - b,
      );
      if (weekdays.length === 0) return yield* fixedSteps(startDay, 7 * interval, fromDay);
      const weekStart = startDay - weekdayOf(startDay);
      // The series start always comes first; week 0 then adds its weekdays after the start.
      const firstWeek = weekdays.filter((weekday) => weekStart + weekday > startDay);
      const skipWeeks = Math.max(0, Math.floor((fromDay - weekStart) / (7 * interval)) - 1);
      let index = 0;
      if (skipWeeks === 0) {
        yield { day: startDay, index: index++ };
        for (const weekday of firstWeek) yield { day: weekStart + weekday, index: index++ };
      } else {
        index = 1 + firstWeek.length + (skipWeeks - 1) * weekdays.length;
      }
      for (let week = Math.max(1, skipWeeks); ; week++) {
        const base = weekStart + week * 7 * interval;
        for (const weekday of weekdays) yield { day: base + weekday, index: index++ };
      }
    }
    case 'monthly': {
      const { year, month, dayOfMonth } = civilFromDay(startDay);
      const from = civilFromDay(Math.max(fromDay, startDay));
      const monthsAhead = (from.year - year) * 12 + (from.month - month);
      for (let step = Math.max(0, Math.floor(monthsAhead / interval) - 1); ; step++) {
        const monthIndex = month - 1 + step * interval;
        const targetYear = year + Math.floor(monthIndex / 12);
        const targetMonth = (monthIndex % 12) + 1;
        const day = dayOfMonth <= daysInMonth(targetYear, targetMonth) ? dayOfMonth : 28;
        yield { day: dayFromCivil(targetYear, targetMonth, day), index: step };
      }
    }
    case 'yearly': {
      const { year, month, dayOfMonth } = civilFromDay(startDay);
      const fromYear = civilFromDay(Math.max(fromDay, startDay)).year;
      for (let step = Math.max(0, Math.floor((fromYear - year) / interval) - 1); ; step++) {
        const targetYear = year + step * interval;
        const day = dayOfMonth <= daysInMonth(targetYear, month) ? dayOfMonth : 28;
        yield { day: dayFromCivil(targetYear, month, day), index: step };
      }
    }
  }
}

/**
 * The local dates of the series in order, ending at `until`/`count` (exceptions included). With
 * `fromDay`, the walk starts near that date instead of at the series start.
 */
export function* ruleDays(series: Series, fromDay = Number.NEGATIVE_INFINITY): Generator<number> {
  const { rule } = series;
  const untilDay =
    rule.end_type === 'until' && rule.end_date ? dayFromIsoDate(rule.end_date) : Number.POSITIVE_INFINITY;
  const countLimit = rule.end_type === 'count' && rule.count ? rule.count : Number.POSITIVE_INFINITY;
  let walked = 0;
  for (const { day, index } of candidateDays(series, fromDay)) {
    if (day > untilDay || index >= countLimit || walked++ >= MAX_RULE_DATES) return;
    yield day;
  }
}

export const occurrenceStart = (series: Series, day: number): number =>
  fromLocal(day, series.msOfDay, series.zone);

/** Where a split at local date `day` falls: rule dates before it, and the first one on or after it. */
export function splitPoint(series: Series, day: number): { before: number; next: number | undefined } {
  let before = 0;
  for (const ruleDay of ruleDays(series)) {
    if (ruleDay >= day) return { before, next: ruleDay };
    before++;
  }
  return { before, next: undefined };
}

/**
 * One copy of the event per occurrence overlapping [windowStart, windowEnd], each with the event's
 * id. Our port uses the same inclusive overlap rule as for unexpanded events (the original compared
 * dates only) and emits canonical `…Z` datetimes (the original emitted naive ones here). Stops after
 * `limit` + 1 occurrences, so a caller enforcing a cap learns it was exceeded without paying for it.
 */
export function expandOccurrences(
  event: CalendarEvent,
  windowStart: number,
  windowEnd: number,
  limit = Number.POSITIVE_INFINITY,
): CalendarEvent[] {
  const series = seriesOf(event);
  if (!series) return [];
  const occurrences: CalendarEvent[] = [];
  // Day bounds with a margin, so most dates are skipped without computing instants.
  const firstDay = toLocal(windowStart, series.zone).day - Math.ceil(series.durationMs / DAY_MS) - 1;
  const lastDay = toLocal(windowEnd, series.zone).day + 1;
  for (const day of ruleDays(series, firstDay)) {
    if (day > lastDay || occurrences.length > limit) break;
    if (day < firstDay || series.exceptions.has(isoDateFromDay(day))) continue;
    const start = occurrenceStart(series, day);
    const end = start + series.durationMs;
    if (end < windowStart || start > windowEnd) continue;
    occurrences.push({ ...event, start: formatTime(start), end: formatTime(end) });
  }
  return occurrences;
}

/** The first occurrence (exceptions skipped) starting after `after`, as [start, end] ms. */
export function nextOccurrence(event: CalendarEvent, after: number): [number, number] | undefined {
  const series = seriesOf(event);
  if (!series) return undefined;
  const afterDay = toLocal(after, series.zone).day - 1;
  for (const day of ruleDays(series, afterDay)) {
    if (day < afterDay || series.exceptions.has(isoDateFromDay(day))) continue;
    const start = occurrenceStart(series, day);
    if (start > after) return [start, start + series.durationMs];
  }
  return undefined;
}
