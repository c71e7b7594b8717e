import { formatTime, parseTime } from '../../core/time.js';
import type { CalendarEvent } from './model.js';
import { expandOccurrences, nextOccurrence } from './recurrence.js';
import { fromLocal, resolveZone, toLocal } from './zone.js';

interface Instance {
  event: CalendarEvent;
  start: number;
  end: number;
}

/** "45 min", "2 hours 15 min", "3 days": how far away a time is, for LLM-facing snapshots. */
export function describeDistance(ms: number): string {
  const minutes = Math.round(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return `${hours} hour${hours === 1 ? '' : 's'}${rest ? ` ${rest} min` : ''}`;
  }
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
}

function clockTime(ms: number, zone: string): string {
  const minutes = Math.floor(toLocal(ms, zone).msOfDay / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const withLocation = (event: CalendarEvent, fields: Record<string, unknown>): Record<string, unknown> =>
  event.location
    ? { title: event.title, location: event.location, ...fields }
    : { title: event.title, ...fields };

/**
 * The compact view (§5.8): today's count, the event in progress, the next one and the rest of
 * today. "Today" is the user's day in `user_timezone`. Unlike the original, recurring events count
 * through their occurrences and cancelled events are left out.
 */
export function compactCalendar(
  events: Iterable<CalendarEvent>,
  now: number,
  context: { userTimezone: string; calendarCount: number },
): Record<string, unknown> {
  const zone = resolveZone(context.userTimezone);
  const today = toLocal(now, zone).day;
  const dayStart = fromLocal(today, 0, zone);
  const dayEnd = fromLocal(today + 1, 0, zone);
  const weekEnd = fromLocal(today + 7, 0, zone);

  const week: Instance[] = [];
  let next: Instance | undefined;
  let total = 0;
  for (const event of events) {
    total++;
    if (event.status === 'cancelled') continue;
    let upcoming: Instance | undefined;
    if (event.recurrence) {
      for (const occurrence of expandOccurrences(event, dayStart, weekEnd - 1)) {
        week.push({ event, start: parseTime(occurrence.start)!, end: parseTime(occurrence.end)! });
      }
      const found = nextOccurrence(event, now);
      if (found) upcoming = { event, start: found[0], end: found[1] };
    } else {
      const instance = { event, start: parseTime(event.start)!, end: parseTime(event.end)! };
      if (instance.end >= dayStart && instance.start < weekEnd) week.push(instance);
      if (instance.start > now) upcoming = instance;
    }
    if (upcoming && (!next || upcoming.start < next.start)) next = upcoming;
  }

  week.sort((a, b) => a.start - b.start);
  const startsToday = week.filter((instance) => instance.start >= dayStart && instance.start < dayEnd);
  const weekCount = week.filter((instance) => instance.start >= dayStart).length;
  const current = week.find((instance) => instance.start <= now && now < instance.end);

  return {
    summary: total === 0 ? 'No events' : `${startsToday.length} events today, ${weekCount} this week`,
    total_events: total,
    calendar_count: context.calendarCount,
    today_count: startsToday.length,
    current_event: current
      ? withLocation(current.event, { ends_in: describeDistance(current.end - now) })
      : null,
    next_event: next
      ? withLocation(next.event, {
          starts_in: describeDistance(next.start - now),
          start_time: formatTime(next.start),
        })
      : null,
    upcoming_today: startsToday
      .filter((instance) => instance.start > now)
      .slice(0, 5)
      .map((instance) => ({
        title: instance.event.title,
        start_time: clockTime(instance.start, zone),
        starts_in: describeDistance(instance.start - now),
      })),
  };
}
