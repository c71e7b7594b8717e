import type { CalendarEvent } from '../../../ues/client/index.js';
import type { RecurrenceMatcher } from '../spec.js';

/**
 * Whether an event is the series an `event` assertion's `recurrence` asks for. Only the fields the
 * matcher gives are compared; weekdays are the rule's own, else the weekday the series starts on
 * in the event's zone (a weekly rule without `days_of_week` repeats on its start's weekday).
 */

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function startWeekday(event: CalendarEvent): string {
  const start = new Date(Date.parse(event.start));
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: event.timezone, weekday: 'long' })
      .format(start)
      .toLowerCase();
  } catch {
    // Not an IANA zone: the UES reads such series in UTC, and so do we.
    return WEEKDAY_NAMES[start.getUTCDay()]!;
  }
}

export function recurrenceMatches(event: CalendarEvent, matcher: RecurrenceMatcher): boolean {
  const rule = event.recurrence;
  if (!rule) return false;
  if (rule.frequency !== matcher.frequency) return false;
  if (matcher.interval !== undefined && (rule.interval ?? 1) !== matcher.interval) return false;
  if (matcher.end_type !== undefined && (rule.end_type ?? 'never') !== matcher.end_type) return false;
  if (matcher.days_of_week !== undefined) {
    const days = rule.days_of_week?.length ? rule.days_of_week : [startWeekday(event)];
    const want = new Set(matcher.days_of_week);
    const have = new Set(days.map((day) => day.toLowerCase()));
    if (want.size !== have.size || [...want].some((day) => !have.has(day))) return false;
  }
  return true;
}
