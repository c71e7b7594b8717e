/**
 * Calendar-day arithmetic in an IANA time zone without a date library: "today" for the user is the
 * day on their calendar's zone, not on UTC.
 */

export interface DayBounds {
  start: Date;
  end: Date;
}

/** Offset of `zone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const field = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The local calendar day containing `instant` in `zone`, as [midnight, next midnight). An unknown
 * zone falls back to UTC, since a wrong zone in a calendar must not stop the assistant.
 */
export function dayBounds(instant: Date, zone: string): DayBounds {
  const safeZone = isKnownZone(zone) ? zone : 'UTC';
  const offset = zoneOffsetMs(instant, safeZone);
  const local = new Date(instant.getTime() + offset);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // Re-evaluate the offset at each midnight so days that cross a DST change stay correct.
  const start = localMidnight - zoneOffsetMs(new Date(localMidnight - offset), safeZone);
  const nextMidnight = localMidnight + 24 * 3600_000;
  const end = nextMidnight - zoneOffsetMs(new Date(nextMidnight - offset), safeZone);
  return { start: new Date(start), end: new Date(end) };
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
