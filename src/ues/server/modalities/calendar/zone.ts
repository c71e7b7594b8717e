/**
 * Local-calendar arithmetic for recurrence: which local date an instant falls on in an IANA zone,
 * and the instant of a local wall-clock time. Dates are "day numbers" (days since 1970-01-01 on
 * the local calendar) so stepping by days, weeks, months and years is plain integer work.
 */

export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function createFormatter(zone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null; // Not an IANA zone name.
  }
}

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(zone);
  if (cached !== undefined) return cached;
  const formatter = createFormatter(zone);
  formatters.set(zone, formatter);
  return formatter;
}

/** The zone to interpret local dates in: the given IANA name, or UTC when it is missing or unknown. */
export function resolveZone(zone: string | null | undefined): string {
  if (!zone || zone.toUpperCase() === 'UTC') return 'UTC';
  return formatterFor(zone) ? zone : 'UTC';
}

/** Offset of `zone` from UTC at instant `ms` (local minus UTC), in ms. */
function zoneOffset(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const formatter = formatterFor(zone);
  if (!formatter) return 0;
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

export interface LocalTime {
  day: number;
  msOfDay: number;
}

export function toLocal(ms: number, zone: string): LocalTime {
  const local = ms + zoneOffset(ms, zone);
  const day = Math.floor(local / DAY_MS);
  return { day, msOfDay: local - day * DAY_MS };
}

/**
 * The instant of a local wall-clock time. Two passes settle the offset across a DST change; a wall
 * time inside a spring-forward gap lands on the shifted side, as calendar applications do.
 */
export function fromLocal(day: number, msOfDay: number, zone: string): number {
  const asUtc = day * DAY_MS + msOfDay;
  if (zone === 'UTC') return asUtc;
  const firstGuess = asUtc - zoneOffset(asUtc, zone);
  return asUtc - zoneOffset(firstGuess, zone);
}

export function dayFromIsoDate(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return dayFromCivil(year!, month!, day!);
}

export function isoDateFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date `YYYY-MM-DD` (rejects 2025-02-30). */
export function isRealIsoDate(isoDate: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) && isoDateFromDay(dayFromIsoDate(isoDate)) === isoDate;
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export interface CivilDate {
  year: number;
  month: number;
  dayOfMonth: number;
}

export function civilFromDay(day: number): CivilDate {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, dayOfMonth: date.getUTCDate() };
}

/** Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear takes them as given (years 1–99 exist). */
function utcDate(year: number, monthIndex: number, dayOfMonth: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, dayOfMonth);
  return date;
}

export function dayFromCivil(year: number, month: number, dayOfMonth: number): number {
  return utcDate(year, month - 1, dayOfMonth).getTime() / DAY_MS;
}

export function daysInMonth(year: number, month: number): number {
  return utcDate(year, month, 0).getUTCDate();
}
