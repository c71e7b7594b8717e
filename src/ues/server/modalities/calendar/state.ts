import { mintId } from '../../core/ids.js';
import { badRequest, ModalityOperationError, notFound } from '../../core/errors.js';
import type { ModalityInput } from '../../core/event.js';
import type { Journal } from '../../core/journal.js';
import { formatTime } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import { deleteEvent, requireEvent, updateEvent } from './edits.js';
import { calendarInputProblems, type CalendarInput } from './input.js';
import { newCalendar, primaryCalendar, type Calendar, type CalendarEvent } from './model.js';
import { compactCalendar } from './snapshot.js';

/** Python's `str.title()`, which the original uses to name auto-created calendars. */
const titleCase = (text: string): string =>
  text.toLowerCase().replace(/(^|[^\p{L}])(\p{L})/gu, (_match, before: string, letter: string) => {
    return before + letter.toUpperCase();
  });

export function toCalendarInfo(calendar: Calendar, eventCount: number): CalendarInfo {
  return {
    calendar_id: calendar.calendar_id,
    name: calendar.name,
    color: calendar.color,
    visible: calendar.visible,
    event_count: eventCount,
    created_at: calendar.created_at,
    updated_at: calendar.updated_at,
  };
}

export interface CalendarInfo {
  calendar_id: string;
  name: string;
  color: string;
  visible: boolean;
  event_count: number;
  created_at: string;
  updated_at: string;
}

/**
 * Calendars and their events. Events are immutable wire-shape objects: every change replaces one
 * through the journal, so undo is exact and reads serialise without copying.
 */
export class CalendarState implements ModalityState {
  readonly modalityType = 'calendar';
  lastUpdated: number;
  updateCount = 0;
  calendars = new Map<string, Calendar>();
  defaultCalendarId = 'primary';
  userTimezone = 'UTC';
  private readonly events = new Map<string, CalendarEvent>();
  /**
   * Insertion rank of each event. Undoing a delete re-inserts the event at the end of the map, so
   * the map is re-sorted by rank before the next read instead of copying it on every delete.
   */
  private readonly eventRank = new Map<string, number>();
  private nextRank = 0;
  private orderDirty = false;
  /** Modified occurrences by the id of their recurring master. */
  private readonly occurrenceIds = new Map<string, Set<string>>();

  constructor(now: number) {
    this.lastUpdated = now;
    this.calendars.set('primary', primaryCalendar(formatTime(now)));
  }

  // ── event storage (every mutation journaled) ────────────────────────────

  getEvent(eventId: string): CalendarEvent | undefined {
    return this.events.get(eventId);
  }

  get eventCount(): number {
    return this.events.size;
  }

  /** All events in insertion order. */
  allEvents(): Iterable<CalendarEvent> {
    if (this.orderDirty) {
      const ordered = [...this.events.values()].sort(
        (a, b) => this.eventRank.get(a.event_id)! - this.eventRank.get(b.event_id)!,
      );
      // Rebuilt in place: journal entries hold a reference to this map.
      this.events.clear();
      for (const event of ordered) this.events.set(event.event_id, event);
      this.orderDirty = false;
    }
    return this.events.values();
  }

  occurrencesOf(masterId: string): CalendarEvent[] {
    const occurrences: CalendarEvent[] = [];
    for (const id of this.occurrenceIds.get(masterId) ?? []) {
      const occurrence = this.events.get(id);
      if (occurrence) occurrences.push(occurrence);
    }
    return occurrences;
  }

  insertEvent(event: CalendarEvent, journal: Journal): void {
    journal.mapSet(this.events, event.event_id, event);
    journal.mapSet(this.eventRank, event.event_id, this.nextRank++);
    if (event.parent_event_id) {
      let ids = this.occurrenceIds.get(event.parent_event_id);
      if (!ids) {
        ids = new Set();
        journal.mapSet(this.occurrenceIds, event.parent_event_id, ids);
      }
      journal.setAdd(ids, event.event_id);
    }
  }

  /** Replaces an event in place (its position and links are unchanged). */
  replaceEvent(event: CalendarEvent, journal: Journal): void {
    journal.mapSet(this.events, event.event_id, event);
  }

  removeEvent(eventId: string, journal: Journal): void {
    const event = this.events.get(eventId);
    if (!event) return;
    const rank = this.eventRank.get(eventId)!;
    this.events.delete(eventId);
    this.eventRank.delete(eventId);
    journal.record(() => {
      this.events.set(eventId, event);
      this.eventRank.set(eventId, rank);
      this.orderDirty = true;
    });
    const ids = event.parent_event_id ? this.occurrenceIds.get(event.parent_event_id) : undefined;
    if (ids) journal.setDelete(ids, eventId);
  }

  // ── ModalityState ───────────────────────────────────────────────────────

  validate(input: ModalityInput): string[] {
    return calendarInputProblems(input as unknown as CalendarInput);
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    const calendarInput = input as unknown as CalendarInput;
    const { journal } = context;
    switch (calendarInput.operation) {
      case 'create':
        return this.create(calendarInput, input.timestamp, journal);
      case 'update':
        return updateEvent(this, calendarInput, input.timestamp, journal);
      case 'delete':
        return deleteEvent(this, calendarInput, input.timestamp, journal);
      case 'respond':
        return this.respond(calendarInput, input.timestamp, journal);
    }
  }

  private create(input: CalendarInput, timestamp: string, journal: Journal): void {
    // Pinned on the input (not journaled) so a redo and the event log show the same ids.
    input.event_id ??= mintId('calendar-event');
    // Our port: a create without calendar_id goes to the default calendar (the original always
    // used "primary", which made set-default meaningless for new events).
    input.calendar_id ??= this.defaultCalendarId;
    const eventId = input.event_id;
    const calendarId = input.calendar_id;
    if (this.events.has(eventId))
      throw new ModalityOperationError(`Calendar event ${eventId} already exists`);
    const calendar = this.calendars.get(calendarId);
    if (calendar) journal.set(calendar, 'updated_at', timestamp);
    else
      journal.mapSet(this.calendars, calendarId, newCalendar(calendarId, titleCase(calendarId), timestamp));
    this.insertEvent(
      {
        event_id: eventId,
        calendar_id: calendarId,
        title: input.title!,
        start: input.start!,
        end: input.end!,
        all_day: input.all_day ?? false,
        timezone: input.timezone ?? 'UTC',
        description: input.description,
        location: input.location,
        status: input.status ?? 'confirmed',
        organizer: input.organizer,
        attendees: [...(input.attendees ?? [])],
        recurrence: input.recurrence ? { ...input.recurrence } : null,
        recurrence_exceptions: [...new Set(input.recurrence_exceptions ?? [])],
        recurrence_id: null,
        parent_event_id: null,
        reminders: [...(input.reminders ?? [])],
        color: input.color,
        visibility: input.visibility ?? 'default',
        transparency: input.transparency ?? 'opaque',
        attachments: [...(input.attachments ?? [])],
        conference_link: input.conference_link,
        created_at: timestamp,
        updated_at: timestamp,
        deleted_at: null,
      },
      journal,
    );
  }

  private respond(input: CalendarInput, timestamp: string, journal: Journal): void {
    const event = requireEvent(this, input.event_id!);
    const email = input.attendee_email!.toLowerCase();
    const index = event.attendees.findIndex((attendee) => attendee.email.toLowerCase() === email);
    if (index < 0) {
      throw new ModalityOperationError(
        `Attendee ${input.attendee_email} not found in event ${event.event_id}`,
      );
    }
    const attendees = [...event.attendees];
    const attendee = attendees[index]!;
    // A response without a comment keeps the earlier comment, as the original.
    attendees[index] = {
      ...attendee,
      response: input.response!,
      comment: input.response_comment ?? attendee.comment,
    };
    this.replaceEvent({ ...event, attendees, updated_at: timestamp }, journal);
  }

  // ── serialisation ───────────────────────────────────────────────────────

  /** `calendars` (with derived `event_ids`) and `events` as the export shows them, in one pass. */
  snapshot(): { calendars: Record<string, unknown>; events: Record<string, CalendarEvent> } {
    const events: Record<string, CalendarEvent> = {};
    const idsByCalendar = new Map<string, string[]>();
    for (const event of this.allEvents()) {
      events[event.event_id] = event;
      const ids = idsByCalendar.get(event.calendar_id);
      if (ids) ids.push(event.event_id);
      else idsByCalendar.set(event.calendar_id, [event.event_id]);
    }
    const calendars: Record<string, unknown> = {};
    for (const [id, calendar] of this.calendars) {
      calendars[id] = {
        calendar_id: calendar.calendar_id,
        name: calendar.name,
        color: calendar.color,
        visible: calendar.visible,
        created_at: calendar.created_at,
        updated_at: calendar.updated_at,
        event_ids: idsByCalendar.get(id) ?? [],
        default_reminders: calendar.default_reminders,
      };
    }
    return { calendars, events };
  }

  toJSON(): Record<string, unknown> {
    const { calendars, events } = this.snapshot();
    return {
      modality_type: 'calendar',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      calendars,
      events,
      default_calendar_id: this.defaultCalendarId,
      user_timezone: this.userTimezone,
    };
  }

  summary(): string {
    if (this.events.size === 0) return 'No events';
    const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
    return `${plural(this.events.size, 'event')} in ${plural(this.calendars.size, 'calendar')}`;
  }

  compact(now: number): Record<string, unknown> {
    return compactCalendar(this.allEvents(), now, {
      userTimezone: this.userTimezone,
      calendarCount: this.calendars.size,
    });
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    if (!this.calendars.has(this.defaultCalendarId)) {
      problems.push(`Default calendar ${this.defaultCalendarId} does not exist`);
    }
    for (const event of this.allEvents()) {
      if (!this.calendars.has(event.calendar_id)) {
        problems.push(`Event ${event.event_id} references missing calendar ${event.calendar_id}`);
      }
      if (Date.parse(event.end) <= Date.parse(event.start)) {
        problems.push(`Event ${event.event_id} has invalid time range: ${event.start} to ${event.end}`);
      }
      if (event.parent_event_id && !this.events.has(event.parent_event_id)) {
        problems.push(
          `Modified occurrence ${event.event_id} references missing parent ${event.parent_event_id}`,
        );
      }
    }
    return problems;
  }

  /** Empties events and calendars (back to the primary one); the user's timezone is configuration. */
  clear(now: number): void {
    this.events.clear();
    this.eventRank.clear();
    this.occurrenceIds.clear();
    this.orderDirty = false;
    this.calendars = new Map([['primary', primaryCalendar(formatTime(now))]]);
    this.defaultCalendarId = 'primary';
    this.updateCount = 0;
    this.lastUpdated = now;
  }

  // ── calendar containers ─────────────────────────────────────────────────
  // The container routes change state directly, with no event and no undo entry, as the original:
  // undo history belongs to events, and these actions are not events.

  calendarInfo(calendar: Calendar): CalendarInfo {
    let eventCount = 0;
    for (const event of this.events.values()) if (event.calendar_id === calendar.calendar_id) eventCount++;
    return toCalendarInfo(calendar, eventCount);
  }

  /** Every calendar's info with one pass over the events. */
  calendarInfos(): CalendarInfo[] {
    const counts = new Map<string, number>();
    for (const event of this.events.values())
      counts.set(event.calendar_id, (counts.get(event.calendar_id) ?? 0) + 1);
    return [...this.calendars.values()].map((calendar) =>
      toCalendarInfo(calendar, counts.get(calendar.calendar_id) ?? 0),
    );
  }

  /** The original words this 404 with quotes on delete and without them elsewhere. */
  requireCalendar(calendarId: string, quoted = false): Calendar {
    const calendar = this.calendars.get(calendarId);
    if (!calendar)
      throw notFound(quoted ? `Calendar '${calendarId}' not found` : `Calendar ${calendarId} not found`);
    return calendar;
  }

  createCalendar(
    fields: { calendar_id: string; name: string; color: string; visible: boolean },
    now: number,
  ): Calendar {
    if (this.calendars.has(fields.calendar_id))
      throw badRequest(`Calendar '${fields.calendar_id}' already exists`);
    const calendar = { ...newCalendar(fields.calendar_id, fields.name, formatTime(now)), ...fields };
    this.calendars.set(calendar.calendar_id, calendar);
    return calendar;
  }

  updateCalendar(
    calendarId: string,
    changes: { name: string | null; color: string | null; visible: boolean | null },
    now: number,
  ): Calendar {
    const calendar = this.requireCalendar(calendarId);
    if (changes.name !== null) calendar.name = changes.name;
    if (changes.color !== null) calendar.color = changes.color;
    if (changes.visible !== null) calendar.visible = changes.visible;
    calendar.updated_at = formatTime(now);
    return calendar;
  }

  /** Deletes a calendar and all its events. */
  deleteCalendar(calendarId: string): Calendar {
    const calendar = this.requireCalendar(calendarId, true);
    if (calendarId === this.defaultCalendarId) throw badRequest('Cannot delete default calendar');
    for (const event of [...this.events.values()]) {
      if (event.calendar_id !== calendarId) continue;
      this.events.delete(event.event_id);
      this.eventRank.delete(event.event_id);
      this.occurrenceIds.delete(event.event_id);
      if (event.parent_event_id) this.occurrenceIds.get(event.parent_event_id)?.delete(event.event_id);
    }
    this.calendars.delete(calendarId);
    return calendar;
  }

  setDefaultCalendar(calendarId: string): Calendar {
    const calendar = this.requireCalendar(calendarId);
    this.defaultCalendarId = calendarId;
    return calendar;
  }

  /** Adds a loaded event (no journal: loading replaces the whole state). */
  loadEvent(event: CalendarEvent): void {
    this.events.set(event.event_id, event);
    this.eventRank.set(event.event_id, this.nextRank++);
    if (event.parent_event_id) {
      const ids = this.occurrenceIds.get(event.parent_event_id) ?? new Set<string>();
      ids.add(event.event_id);
      this.occurrenceIds.set(event.parent_event_id, ids);
    }
  }
}
