import { mintId } from '../../core/ids.js';
import { ModalityOperationError } from '../../core/errors.js';
import type { Journal } from '../../core/journal.js';
import { formatTime, parseTime } from '../../core/time.js';
import { recurrenceProblem, type Attendee, type CalendarInput, type RecurrenceRule } from './input.js';
import type { CalendarEvent } from './model.js';
import { occurrenceStart, seriesOf, splitPoint, type Series } from './recurrence.js';
import type { CalendarState } from './state.js';
import { dayFromIsoDate, isoDateFromDay } from './zone.js';

/**
 * Update and delete, including the recurring scopes. Our port differs from the original where its
 * behaviour loses data or silently does nothing:
 * - `this` + `recurrence_id` on update creates a modified occurrence (the original's path for it was
 *   unreachable, so the whole series was edited); `this` without a date still edits the master;
 * - `this_and_future` ends the old series before the split date for every rule type (the original
 *   did so only for `until` rules) and the new series starts at the split, not at the master's start
 *   (on delete the original even *added* a copy of the whole series);
 * - a scope that needs `recurrence_id` without one fails the event instead of doing nothing;
 * - deleting a series also deletes its modified occurrences, which would otherwise dangle;
 * - update also applies `all_day`, `timezone` and `recurrence`, which the original's route accepted
 *   but its state ignored, and refuses a result that ends before it starts.
 */

export function requireEvent(state: CalendarState, eventId: string): CalendarEvent {
  const event = state.getEvent(eventId);
  if (!event) throw new ModalityOperationError(`Event ${eventId} not found`);
  return event;
}

/** The event with every non-null update field of the input copied onto it. */
export function withUpdates(event: CalendarEvent, input: CalendarInput): CalendarEvent {
  const next = { ...event };
  if (input.title !== null) next.title = input.title;
  if (input.description !== null) next.description = input.description;
  if (input.start !== null) next.start = input.start;
  if (input.end !== null) next.end = input.end;
  if (input.all_day !== null) next.all_day = input.all_day;
  if (input.timezone !== null) next.timezone = input.timezone;
  if (input.location !== null) next.location = input.location;
  if (input.status !== null) next.status = input.status;
  if (input.organizer !== null) next.organizer = input.organizer;
  if (input.attendees !== null) next.attendees = [...input.attendees];
  if (input.add_attendees !== null || input.remove_attendees !== null) {
    next.attendees = withGuestChanges(
      next.attendees,
      input.add_attendees ?? [],
      input.remove_attendees ?? [],
    );
  }
  if (input.recurrence !== null) next.recurrence = { ...input.recurrence };
  if (input.reminders !== null) next.reminders = [...input.reminders];
  if (input.color !== null) next.color = input.color;
  if (input.visibility !== null) next.visibility = input.visibility;
  if (input.transparency !== null) next.transparency = input.transparency;
  if (input.attachments !== null) next.attachments = [...input.attachments];
  if (input.conference_link !== null) next.conference_link = input.conference_link;
  // Exceptions are added to the existing ones, never replaced (as the original).
  if (input.recurrence_exceptions !== null) {
    next.recurrence_exceptions = [
      ...new Set([...event.recurrence_exceptions, ...input.recurrence_exceptions]),
    ];
  }
  return next;
}

/** `attendees` without the removed addresses, plus the added ones not already there (matched case-insensitively). */
function withGuestChanges(
  attendees: readonly Attendee[],
  added: readonly Attendee[],
  removed: readonly string[],
): Attendee[] {
  const gone = new Set(removed.map((email) => email.trim().toLowerCase()));
  const kept = attendees.filter((attendee) => !gone.has(attendee.email.toLowerCase()));
  for (const guest of added) {
    if (!kept.some((attendee) => attendee.email.toLowerCase() === guest.email.toLowerCase()))
      kept.push(guest);
  }
  return kept;
}

/** An update can move only one end of the range; the result must still be a valid event. */
export function assertValidEvent(event: CalendarEvent): void {
  if (parseTime(event.end)! <= parseTime(event.start)!) {
    throw new ModalityOperationError('end time must be after start time');
  }
  const problem = recurrenceProblem(event.recurrence, event.start, event.timezone);
  if (problem) throw new ModalityOperationError(problem);
}

function saveUpdated(state: CalendarState, event: CalendarEvent, timestamp: string, journal: Journal): void {
  const updated = { ...event, updated_at: timestamp };
  assertValidEvent(updated);
  state.replaceEvent(updated, journal);
}

/** Pinned on the input (not journaled) so a redo and a re-imported event reproduce the same id. */
function derivedEventId(state: CalendarState, input: CalendarInput): string {
  input.derived_event_id ??= mintId('calendar-event');
  if (state.getEvent(input.derived_event_id)) {
    throw new ModalityOperationError(`Calendar event ${input.derived_event_id} already exists`);
  }
  return input.derived_event_id;
}

function requireRecurrenceId(input: CalendarInput, operation: 'update' | 'delete'): string {
  if (input.recurrence_id) return input.recurrence_id;
  if (operation === 'delete' && input.recurrence_scope === 'this') {
    throw new ModalityOperationError(
      'recurrence_id (YYYY-MM-DD) is required to delete one occurrence of a recurring event; ' +
        'use recurrence_scope "all" to delete the whole series',
    );
  }
  throw new ModalityOperationError(
    `recurrence_id (YYYY-MM-DD) is required for recurrence_scope this_and_future`,
  );
}

const withDate = (dates: string[], date: string): string[] =>
  dates.includes(date) ? dates : [...dates, date];

/** The event placed on the occurrence of local `day`, unless the input sets its own start or end. */
function placeAt(event: CalendarEvent, series: Series, day: number, input: CalendarInput): CalendarEvent {
  const start = input.start !== null ? parseTime(input.start)! : occurrenceStart(series, day);
  const end = input.end !== null ? parseTime(input.end)! : start + series.durationMs;
  return { ...event, start: formatTime(start), end: formatTime(end) };
}

/** Ends the series before local `day`: a `count` rule keeps the dates before it, others end the day before. */
function endSeriesBefore(
  state: CalendarState,
  master: CalendarEvent,
  split: { day: number; date: string; before: number },
  timestamp: string,
  journal: Journal,
): void {
  const rule = master.recurrence!;
  const ended: RecurrenceRule =
    rule.end_type === 'count' && rule.count
      ? { ...rule, count: split.before }
      : { ...rule, end_type: 'until', end_date: isoDateFromDay(split.day - 1), count: null };
  state.replaceEvent(
    {
      ...master,
      recurrence: ended,
      // The split date also becomes an exception, as in the original's export.
      recurrence_exceptions: withDate(master.recurrence_exceptions, split.date),
      updated_at: timestamp,
    },
    journal,
  );
}

/** Where `this_and_future` splits the series; undefined when the split covers the whole series. */
function locateSplit(
  master: CalendarEvent,
  date: string,
): { series: Series; day: number; before: number; next: number } | undefined {
  const series = seriesOf(master)!;
  const day = dayFromIsoDate(date);
  if (day <= series.startDay) return undefined;
  const { before, next } = splitPoint(series, day);
  if (next === undefined) {
    throw new ModalityOperationError(`${date} is after the last occurrence of event ${master.event_id}`);
  }
  return { series, day, before, next };
}

function removeWithOccurrences(state: CalendarState, eventId: string, journal: Journal): void {
  for (const child of state.occurrencesOf(eventId)) state.removeEvent(child.event_id, journal);
  state.removeEvent(eventId, journal);
}

function modifyOccurrence(
  state: CalendarState,
  master: CalendarEvent,
  input: CalendarInput,
  date: string,
  timestamp: string,
  journal: Journal,
): void {
  const existing = state.occurrencesOf(master.event_id).find((child) => child.recurrence_id === date);
  if (existing) return saveUpdated(state, withUpdates(existing, input), timestamp, journal);
  const series = seriesOf(master)!;
  const day = dayFromIsoDate(date);
  if (series.exceptions.has(date) || splitPoint(series, day).next !== day) {
    throw new ModalityOperationError(`${date} is not an occurrence of event ${master.event_id}`);
  }
  const occurrence: CalendarEvent = {
    ...placeAt(withUpdates(master, input), series, day, input),
    event_id: derivedEventId(state, input),
    recurrence: null,
    recurrence_exceptions: [],
    recurrence_id: date,
    parent_event_id: master.event_id,
    created_at: timestamp,
    updated_at: timestamp,
  };
  assertValidEvent(occurrence);
  state.replaceEvent(
    { ...master, recurrence_exceptions: withDate(master.recurrence_exceptions, date), updated_at: timestamp },
    journal,
  );
  state.insertEvent(occurrence, journal);
}

export function updateEvent(
  state: CalendarState,
  input: CalendarInput,
  timestamp: string,
  journal: Journal,
): void {
  const event = requireEvent(state, input.event_id!);
  const scope = input.recurrence_scope;
  // `this` without a date edits the master, as the original's default does.
  if (!event.recurrence || scope === 'all' || (scope === 'this' && !input.recurrence_id)) {
    return saveUpdated(state, withUpdates(event, input), timestamp, journal);
  }
  const date = requireRecurrenceId(input, 'update');
  if (scope === 'this') return modifyOccurrence(state, event, input, date, timestamp, journal);

  const split = locateSplit(event, date);
  if (!split) return saveUpdated(state, withUpdates(event, input), timestamp, journal);
  const updated = withUpdates(event, input);
  const rule = event.recurrence;
  const futureRule =
    input.recurrence ??
    (rule.end_type === 'count' && rule.count ? { ...rule, count: rule.count - split.before } : { ...rule });
  const future: CalendarEvent = {
    ...placeAt(updated, split.series, split.next, input),
    event_id: derivedEventId(state, input),
    recurrence: futureRule,
    recurrence_exceptions: updated.recurrence_exceptions.filter((exception) => exception > date),
    recurrence_id: null,
    parent_event_id: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
  assertValidEvent(future);
  endSeriesBefore(state, event, { day: split.day, date, before: split.before }, timestamp, journal);
  state.insertEvent(future, journal);
}

/** Non-recurring events and scope `all` are hard-deleted (with their modified occurrences). */
export function deleteEvent(
  state: CalendarState,
  input: CalendarInput,
  timestamp: string,
  journal: Journal,
): void {
  const event = requireEvent(state, input.event_id!);
  const scope = input.recurrence_scope;
  if (!event.recurrence || scope === 'all') return removeWithOccurrences(state, event.event_id, journal);
  const date = requireRecurrenceId(input, 'delete');
  if (scope === 'this') {
    for (const child of state.occurrencesOf(event.event_id)) {
      if (child.recurrence_id === date) state.removeEvent(child.event_id, journal);
    }
    state.replaceEvent(
      { ...event, recurrence_exceptions: withDate(event.recurrence_exceptions, date), updated_at: timestamp },
      journal,
    );
    return;
  }
  const split = locateSplit(event, date);
  if (!split) return removeWithOccurrences(state, event.event_id, journal);
  for (const child of state.occurrencesOf(event.event_id)) {
    if (child.recurrence_id !== null && child.recurrence_id >= date)
      state.removeEvent(child.event_id, journal);
  }
  endSeriesBefore(state, event, { day: split.day, date, before: split.before }, timestamp, journal);
}
