import { z } from 'zod';
import { ISO_DURATION_PATTERN, isIsoDuration } from './duration.js';

/** Building blocks shared by the message, result and update schemas. */

/** An ISO 8601 duration string, checked at parse time (see duration.ts for the grammar). */
export function isoDurationString() {
  return z
    .string()
    .refine(isIsoDuration, {
      error: (issue) => `${JSON.stringify(issue.input)} is not an ISO 8601 duration`,
    })
    .meta({
      format: 'duration',
      pattern: ISO_DURATION_PATTERN,
      description: 'ISO 8601 duration, e.g. "PT1H", "PT30M", "P1DT2H", "PT1.5S". M before T = 30 days.',
    });
}

/** An ISO 8601 date-time with an explicit zone (`Z` or `±hh:mm`), e.g. `2026-01-28T06:00:00Z`. */
export function isoDateTimeString() {
  return z.iso.datetime({
    offset: true,
    // Only the format problem gets this wording; a missing value still reads "is required".
    error: (issue) =>
      issue.code === 'invalid_format'
        ? `${JSON.stringify(issue.input)} is not an ISO 8601 date-time with a zone`
        : undefined,
  });
}

/** Zone names already checked (building a DateTimeFormat per check showed in the gate's profile). */
const knownZones = new Map<string, boolean>();

/** True for a time zone name the runtime knows (IANA, e.g. `Europe/Paris`, or `UTC`). */
export function isIanaTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: arbitrary strings from bad input must not grow the cache without limit.
    if (knownZones.size < 1_000) knownZones.set(zone, known);
  }
  return known;
}

/** An IANA time zone name, checked at parse time. */
export function ianaTimeZoneString() {
  return z
    .string()
    .refine(isIanaTimeZone, {
      error: (issue) => `${JSON.stringify(issue.input)} is not an IANA time zone (e.g. "Europe/Paris")`,
    })
    .meta({ description: 'IANA time zone name, e.g. "America/New_York", "Europe/Paris", "UTC".' });
}

export function nonNegativeInt() {
  return z.number().int().min(0);
}

export function positiveInt() {
  return z.number().int().min(1);
}

/** A finite JSON number >= 0. */
export function nonNegativeNumber() {
  return z.number().min(0);
}

/** A share of the maximum, 0..1. */
export function fraction() {
  return z.number().min(0).max(1);
}

/** Any JSON object (not an array, not null), with arbitrary keys. */
export function jsonObject() {
  return z.record(z.string(), z.unknown());
}
