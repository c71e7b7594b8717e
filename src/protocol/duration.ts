import { DurationError } from './errors.js';

/**
 * ISO 8601 durations as used on the wire (`time_step`, `time_advanced`, `duration`).
 *
 * Supported designators: Y (365 days), M before T (months, 30 days), W, D, H, M after T, S.
 * Any component may carry a decimal fraction (`PT0.5H`, `PT1.25S`); `.` and `,` are both accepted
 * as the decimal mark, as ISO 8601 allows. Negative durations are rejected: simulated time only
 * moves forward.
 */

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;

/** The regular expression source shared by the parser and the generated JSON Schemas. */
export const ISO_DURATION_PATTERN =
  `^P(?!$)(?:(${NUMBER})Y)?(?:(${NUMBER})M)?(?:(${NUMBER})W)?(?:(${NUMBER})D)?` +
  `(?:T(?=\\d)(?:(${NUMBER})H)?(?:(${NUMBER})M)?(?:(${NUMBER})S)?)?$`;

const DURATION_RE = new RegExp(ISO_DURATION_PATTERN);

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds per captured component, in the order of the capture groups above. */
const COMPONENT_MS = [365 * DAY_MS, 30 * DAY_MS, 7 * DAY_MS, DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS] as const;

/** True when `value` is a duration `parseDuration` accepts. */
export function isIsoDuration(value: string): boolean {
  return DURATION_RE.test(value);
}

/**
 * Parses an ISO 8601 duration into milliseconds (rounded to the nearest millisecond).
 * @throws DurationError when the string is not a supported duration.
 */
export function parseDuration(value: string): number {
  const match = DURATION_RE.exec(value);
  if (match === null) {
    throw new DurationError(value, `${JSON.stringify(value)} is not an ISO 8601 duration`);
  }
  let total = 0;
  COMPONENT_MS.forEach((unitMs, index) => {
    const raw = match[index + 1];
    if (raw !== undefined) total += Number(raw.replace(',', '.')) * unitMs;
  });
  if (!Number.isFinite(total)) {
    throw new DurationError(value, `${JSON.stringify(value)} is too large to represent`);
  }
  return Math.round(total);
}

/**
 * Formats milliseconds as an ISO 8601 duration using days, hours, minutes and seconds
 * (never years or months, whose length is ambiguous): 5_400_000 → `PT1H30M`,
 * 93_600_000 → `P1DT2H`, 1_500 → `PT1.5S`, 0 → `PT0S`.
 * @throws DurationError for negative or non-finite input.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new DurationError(ms, `cannot format ${ms} ms as an ISO 8601 duration (need a finite value >= 0)`);
  }
  let rest = Math.round(ms);
  const days = Math.floor(rest / DAY_MS);
  rest -= days * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  rest -= minutes * MINUTE_MS;
  const seconds = rest / SECOND_MS;

  const datePart = days > 0 ? `${days}D` : '';
  let timePart = '';
  if (hours > 0) timePart += `${hours}H`;
  if (minutes > 0) timePart += `${minutes}M`;
  if (seconds > 0) timePart += `${formatSeconds(seconds)}S`;
  if (datePart === '' && timePart === '') return 'PT0S';
  return `P${datePart}${timePart === '' ? '' : `T${timePart}`}`;
}

function formatSeconds(seconds: number): string {
  // Millisecond precision at most; trim trailing zeros so 1.5 s reads "1.5", not "1.500".
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(3).replace(/0+$/, '');
}
