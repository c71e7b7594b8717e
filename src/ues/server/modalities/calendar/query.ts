import { z } from 'zod';
import { UesValidationError } from '../../core/errors.js';
import { parseTime, zDateTime } from '../../core/time.js';
import { CALENDAR_EVENT_STATUSES, zNullable, zWithDefault } from './input.js';
import type { CalendarEvent } from './model.js';
import { expandOccurrences } from './recurrence.js';

/** `POST /calendar/query` body. */
export const calendarQuerySchema = z.object({
  calendar_ids: zNullable(z.array(z.string())),
  start: zNullable(zDateTime),
  end: zNullable(zDateTime),
  search: zNullable(z.string()),
  status: zNullable(z.enum(CALENDAR_EVENT_STATUSES)),
  has_attendees: zNullable(z.boolean()),
  recurring: zNullable(z.boolean()),
  expand_recurring: zWithDefault(z.boolean(), false),
  // 0 means "no limit", as the original's `if limit:`.
  limit: zNullable(z.number().int().min(0)),
  offset: zWithDefault(z.number().int().min(0), 0),
  sort_by: zWithDefault(z.enum(['start', 'end', 'status']), 'start'),
  sort_order: zWithDefault(z.enum(['asc', 'desc']), 'asc'),
});

export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/**
 * The most occurrences one query may expand recurring events into. Expansion happens before
 * sorting and paging, so without a cap a daily series over years 0001–9999 would build millions of
 * copies; beyond it the query is refused (422) and the caller narrows `start`/`end`.
 */
export const MAX_EXPANDED_OCCURRENCES = 10_000;

export interface CalendarQueryResult {
  events: CalendarEvent[];
  count: number;
  total_count: number;
}

function matchesFilters(event: CalendarEvent, query: CalendarQuery, search: string): boolean {
  if (
    query.calendar_ids &&
    query.calendar_ids.length > 0 &&
    !query.calendar_ids.includes(event.calendar_id)
  ) {
    return false;
  }
  if (query.status && event.status !== query.status) return false;
  if (query.has_attendees !== null && query.has_attendees !== event.attendees.length > 0) return false;
  if (query.recurring !== null && query.recurring !== (event.recurrence !== null)) return false;
  if (search) {
    const text = `${event.title} ${event.description ?? ''} ${event.location ?? ''}`.toLowerCase();
    if (!text.includes(search)) return false;
  }
  return true;
}

/**
 * Filters, optionally expands recurring events into occurrences (only when both `start` and `end`
 * are given, as the original), sorts stably and paginates. An unexpanded event matches when it
 * overlaps [start, end] inclusively.
 */
export function queryEvents(events: Iterable<CalendarEvent>, query: CalendarQuery): CalendarQueryResult {
  const windowStart = query.start ? parseTime(query.start)! : undefined;
  const windowEnd = query.end ? parseTime(query.end)! : undefined;
  const search = query.search?.toLowerCase() ?? '';
  const expand = query.expand_recurring && windowStart !== undefined && windowEnd !== undefined;

  const matches: CalendarEvent[] = [];
  let expanded = 0;
  for (const event of events) {
    if (!matchesFilters(event, query, search)) continue;
    if (expand && event.recurrence) {
      const occurrences = expandOccurrences(
        event,
        windowStart,
        windowEnd,
        MAX_EXPANDED_OCCURRENCES - expanded,
      );
      expanded += occurrences.length;
      if (expanded > MAX_EXPANDED_OCCURRENCES) {
        throw new UesValidationError([
          {
            loc: ['body', 'expand_recurring'],
            msg: `expanding recurring events between ${query.start} and ${query.end} yields more than ${MAX_EXPANDED_OCCURRENCES} occurrences (the limit per query); narrow start/end`,
            type: 'value_error',
          },
        ]);
      }
      for (const occurrence of occurrences) matches.push(occurrence);
      continue;
    }
    if (windowStart !== undefined && parseTime(event.end)! < windowStart) continue;
    if (windowEnd !== undefined && parseTime(event.start)! > windowEnd) continue;
    matches.push(event);
  }

  const keyed = matches.map((event) => ({
    event,
    key: query.sort_by === 'status' ? event.status : parseTime(event[query.sort_by])!,
  }));
  const direction = query.sort_order === 'desc' ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key === b.key) return 0;
    return (a.key < b.key ? -1 : 1) * direction;
  });

  const end = query.limit ? query.offset + query.limit : undefined;
  const page = keyed.slice(query.offset, end).map(({ event }) => event);
  return { events: page, count: page.length, total_count: matches.length };
}
