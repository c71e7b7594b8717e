import { zoneOffsetMinutes } from '../../src/green/scenarios/zone-offset.js';
/**
 * Times in scenario definitions are written the way authors think of them, in the scenario's own
 * time zone, relative to its first day ("day 0"):
 * - `"09:40"` — day 0 at 09:40;
 * - `"d1 10:00"`, `"d-1 22:15"` — another day (d-1: the evening before);
 * - `"thu 11:00"` — the first Thursday on or after day 0;
 * - a full ISO datetime with a zone, taken as is.
 * `Clock` turns them into ISO datetimes: with the zone's offset for the scenario files, in UTC for
 * the simulator's state.
 */

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export class TimeSpecError extends Error {
  override readonly name = 'TimeSpecError';
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

export class Clock {
  private readonly day0: number;

  /** `date`: day 0 as YYYY-MM-DD; `zone`: an IANA time zone. */
  constructor(
    readonly date: string,
    readonly zone: string,
  ) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new TimeSpecError(`day 0 must be YYYY-MM-DD, got "${date}"`);
    this.day0 = Date.parse(`${date}T00:00:00Z`);
  }

  /** Epoch ms of a time spec. */
  ms(spec: string): number {
    if (/^\d{4}-\d{2}-\d{2}T/.test(spec)) {
      const ms = Date.parse(spec);
      if (Number.isNaN(ms) || !/(Z|[+-]\d{2}:?\d{2})$/.test(spec))
        throw new TimeSpecError(`"${spec}" must be an ISO datetime with a zone`);
      return ms;
    }
    const match = /^(?:(?:d(-?\d+)|(sun|mon|tue|wed|thu|fri|sat))\s+)?([01]?\d|2[0-3]):([0-5]\d)$/i.exec(
      spec.trim(),
    );
    if (!match) {
      throw new TimeSpecError(
        `"${spec}" is not a time: write "09:40", "d1 10:00", "d-1 22:15", "thu 11:00" or an ISO datetime`,
      );
    }
    let day = match[1] === undefined ? 0 : Number(match[1]);
    if (match[2] !== undefined) {
      const target = WEEKDAYS.indexOf(match[2].toLowerCase());
      day = (target - new Date(this.day0).getUTCDay() + 7) % 7;
    }
    const localAsUtc = this.day0 + day * 86_400_000 + (Number(match[3]) * 60 + Number(match[4])) * 60_000;
    // The zone's offset at that instant: two rounds settle it, also next to a DST change.
    let utc = localAsUtc - zoneOffsetMinutes(localAsUtc, this.zone) * 60_000;
    utc = localAsUtc - zoneOffsetMinutes(utc, this.zone) * 60_000;
    return utc;
  }

  /** ISO datetime with the zone's offset (`2026-02-10T09:40:00-05:00`), for scenario files. */
  iso(spec: string): string {
    const ms = this.ms(spec);
    const offset = zoneOffsetMinutes(ms, this.zone);
    const local = new Date(ms + offset * 60_000);
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    const zone = offset === 0 ? 'Z' : `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
    return `${local.toISOString().slice(0, 19)}${zone}`;
  }

  /** ISO datetime in UTC (`2026-02-10T14:40:00Z`), for the simulator's state. */
  utc(spec: string): string {
    return new Date(this.ms(spec)).toISOString().replace('.000Z', 'Z');
  }

  /** The local calendar date of a time spec (YYYY-MM-DD). */
  localDate(spec: string): string {
    return this.iso(spec).slice(0, 10);
  }

  /** "Tue 10 Feb 09:40" — how README timelines show a time. */
  label(spec: string): string {
    const ms = this.ms(spec);
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: this.zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(ms))
      .replace(',', '');
  }
}
