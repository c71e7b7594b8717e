import { z } from 'zod';

/**
 * Simulated time is carried as epoch milliseconds internally and as ISO 8601 strings on the wire.
 * Datetimes on input must carry a timezone: a naive datetime cannot be compared with the
 * timezone-aware simulated clock, so it is a validation error (UES port decision e).
 */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instants the simulator can represent and read back: four-digit years, as on the wire (and as
 * Python's datetime). Every time input is checked against this range, so the clock never leaves it.
 */
export const MIN_TIME_MS = -62_135_596_800_000;
export const MAX_TIME_MS = 253_402_300_799_999;
export const MIN_TIME_TEXT = '0001-01-01T00:00:00Z';
export const MAX_TIME_TEXT = '9999-12-31T23:59:59.999Z';
export const TIME_RANGE_TEXT = `between ${MIN_TIME_TEXT} and ${MAX_TIME_TEXT}`;

export const inTimeRange = (ms: number): boolean =>
  Number.isFinite(ms) && ms >= MIN_TIME_MS && ms <= MAX_TIME_MS;

/** Parses an ISO 8601 datetime with a zone to epoch ms, or returns undefined (range not checked). */
export function parseTime(value: string): number | undefined {
  if (!ISO_WITH_ZONE.test(value)) return undefined;
  // Date.parse accepts at most millisecond precision; Python emits microseconds.
  const trimmed = value.replace(/(\.\d{3})\d+/, '$1').replace(' ', 'T');
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Canonical wire form: UTC with `Z`, fractional seconds only when non-zero. */
export function formatTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** The `+00:00` form the original emits for string fields filled by `isoformat()`. */
export function formatTimeOffset(ms: number): string {
  const iso = formatTime(ms);
  return `${iso.slice(0, -1)}+00:00`;
}

/** Python `timedelta` text, e.g. `1:00:00`, `0:00:01`, `2 days, 3:00:00`, `0:00:00.500000`. */
export function formatTimedelta(ms: number): string {
  const negative = ms < 0;
  let rest = Math.abs(ms);
  const days = Math.floor(rest / 86_400_000);
  rest -= days * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const clock = `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}${
    millis ? `.${String(millis * 1000).padStart(6, '0')}` : ''
  }`;
  const dayText = days ? `${days} day${days === 1 ? '' : 's'}, ` : '';
  return `${negative ? '-' : ''}${dayText}${clock}`;
}

const DATETIME_FORMAT_MESSAGE = 'must be an ISO 8601 datetime with a timezone (e.g. 2025-01-01T12:00:00Z)';

const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** What is wrong with a date-time that does not parse: a missing zone is named as such. */
function dateTimeProblem(value: string): string {
  if (ISO_WITHOUT_ZONE.test(value.trim())) {
    return `has no time zone: add Z (UTC) or an offset such as +01:00 to ${JSON.stringify(value)}`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    return `is a date without a time: ${DATETIME_FORMAT_MESSAGE}`;
  }
  return DATETIME_FORMAT_MESSAGE;
}

/** zod: an ISO datetime with a zone within the representable range, as epoch milliseconds. */
export const zDateTimeMs = z.string().transform((value, context) => {
  const ms = parseTime(value);
  if (ms === undefined) {
    context.addIssue({ code: 'custom', message: dateTimeProblem(value) });
    return z.NEVER;
  }
  if (!inTimeRange(ms)) {
    context.addIssue({ code: 'custom', message: `must be ${TIME_RANGE_TEXT} (UTC), got ${value}` });
    return z.NEVER;
  }
  return ms;
});

/** zod: an ISO datetime with a zone within the representable range, as the canonical `Z` string. */
export const zDateTime = zDateTimeMs.transform((ms) => formatTime(ms)).meta({ format: 'date-time' });

/** zod: a calendar date `YYYY-MM-DD`. */
export const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** Human "ago" text relative to simulated now, for compact snapshots. */
export function describeAgo(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
