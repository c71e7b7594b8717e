/**
 * Simulated times as the user lives them: in the user's time zone (the calendar's), or UTC when
 * the run did not save one or the zone is unknown to this Node.
 */

export interface TimeFormatter {
  zoneLabel: string;
  format(iso: string): string;
}

export function timeFormatter(timeZone: string | undefined): TimeFormatter {
  let zone = 'UTC';
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone });
      zone = timeZone;
    } catch {
      zone = 'UTC';
    }
  }
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    zoneLabel: zone,
    format(iso: string): string {
      const ms = Date.parse(iso);
      if (Number.isNaN(ms)) return iso;
      const parts = Object.fromEntries(
        formatter.formatToParts(new Date(ms)).map((part) => [part.type, part.value]),
      );
      return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}`;
    },
  };
}
