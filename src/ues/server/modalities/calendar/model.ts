import { z } from 'zod';
import { formatTime, parseTime } from '../../core/time.js';
import {
  zAttachment,
  zAttendee,
  zNullable,
  zRecurrenceRule,
  zReminder,
  zWithDefault,
  type Attachment,
  type Attendee,
  type RecurrenceRule,
  type Reminder,
} from './input.js';

/** A calendar event in its wire shape (the field order of the original's export). */
export interface CalendarEvent {
  event_id: string;
  calendar_id: string;
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  timezone: string;
  description: string | null;
  location: string | null;
  status: string;
  organizer: string | null;
  attendees: Attendee[];
  recurrence: RecurrenceRule | null;
  recurrence_exceptions: string[];
  recurrence_id: string | null;
  parent_event_id: string | null;
  reminders: Reminder[];
  color: string | null;
  visibility: string;
  transparency: string;
  attachments: Attachment[];
  conference_link: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/**
 * A calendar container. `event_ids` is not stored: it is derived from the events' `calendar_id`
 * when the state is serialised, so the two can never disagree.
 */
export interface Calendar {
  calendar_id: string;
  name: string;
  color: string;
  visible: boolean;
  created_at: string;
  updated_at: string;
  default_reminders: Reminder[];
}

export const DEFAULT_CALENDAR_COLOR = '#4285f4';

export function newCalendar(calendarId: string, name: string, at: string): Calendar {
  return {
    calendar_id: calendarId,
    name,
    color: DEFAULT_CALENDAR_COLOR,
    visible: true,
    created_at: at,
    updated_at: at,
    default_reminders: [],
  };
}

/** The calendar every state starts with (and the original recreates when none is loaded). */
export const primaryCalendar = (at: string): Calendar => newCalendar('primary', 'Personal', at);

const NAIVE_DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/**
 * A stored datetime. The original's calendar models read naive datetimes (and bare dates) as UTC,
 * so hand-written scenario files rely on that; `+00:00` and microseconds come from its exports.
 */
export const zStoredDateTime = z.string().transform((value, context) => {
  const withZone = NAIVE_DATETIME.test(value)
    ? value.length === 10
      ? `${value}T00:00:00Z`
      : `${value}Z`
    : value;
  const ms = parseTime(withZone);
  if (ms === undefined) {
    context.addIssue({ code: 'custom', message: 'must be an ISO 8601 datetime' });
    return z.NEVER;
  }
  return formatTime(ms);
});

const zStoredEvent = z.object({
  event_id: z.string().min(1).optional(),
  calendar_id: zWithDefault(z.string().min(1), 'primary'),
  title: z.string(),
  start: zStoredDateTime,
  end: zStoredDateTime,
  all_day: zWithDefault(z.boolean(), false),
  timezone: zWithDefault(z.string(), 'UTC'),
  description: zNullable(z.string()),
  location: zNullable(z.string()),
  status: zWithDefault(z.string(), 'confirmed'),
  organizer: zNullable(z.string()),
  attendees: zWithDefault(z.array(zAttendee), []),
  recurrence: zNullable(zRecurrenceRule),
  recurrence_exceptions: zWithDefault(z.array(z.string()), []),
  recurrence_id: zNullable(z.string()),
  parent_event_id: zNullable(z.string()),
  reminders: zWithDefault(z.array(zReminder), []),
  color: zNullable(z.string()),
  visibility: zWithDefault(z.string(), 'default'),
  transparency: zWithDefault(z.string(), 'opaque'),
  attachments: zWithDefault(z.array(zAttachment), []),
  conference_link: zNullable(z.string()),
  created_at: zStoredDateTime.nullish(),
  updated_at: zStoredDateTime.nullish(),
  deleted_at: zNullable(zStoredDateTime),
});

const zStoredCalendar = z.object({
  calendar_id: z.string().min(1).optional(),
  name: z.string(),
  color: zWithDefault(z.string(), DEFAULT_CALENDAR_COLOR),
  visible: zWithDefault(z.boolean(), true),
  created_at: zStoredDateTime.nullish(),
  updated_at: zStoredDateTime.nullish(),
  // Accepted for compatibility and ignored: membership is derived from each event's calendar_id.
  event_ids: z.array(z.string()).nullish(),
  default_reminders: zWithDefault(z.array(zReminder), []),
});

/** The exported calendar state, ours or the Python UES's. */
export const calendarStateSchema = z.object({
  modality_type: z.literal('calendar').optional(),
  last_updated: zStoredDateTime.nullish(),
  update_count: zWithDefault(z.number().int().nonnegative(), 0),
  calendars: zWithDefault(z.record(z.string(), zStoredCalendar), {}),
  events: zWithDefault(z.record(z.string(), zStoredEvent), {}),
  default_calendar_id: zWithDefault(z.string().min(1), 'primary'),
  user_timezone: zWithDefault(z.string().min(1), 'UTC'),
});

export type StoredCalendarState = z.output<typeof calendarStateSchema>;

/** Normalises a parsed stored event into the wire shape, filling what older exports lack. */
export function eventFromStored(
  key: string,
  stored: StoredCalendarState['events'][string],
  fallbackTime: string,
): CalendarEvent {
  const createdAt = stored.created_at ?? fallbackTime;
  return {
    event_id: stored.event_id ?? key,
    calendar_id: stored.calendar_id,
    title: stored.title,
    start: stored.start,
    end: stored.end,
    all_day: stored.all_day,
    timezone: stored.timezone,
    description: stored.description,
    location: stored.location,
    status: stored.status,
    organizer: stored.organizer,
    attendees: stored.attendees,
    recurrence: stored.recurrence,
    recurrence_exceptions: stored.recurrence_exceptions,
    recurrence_id: stored.recurrence_id,
    parent_event_id: stored.parent_event_id,
    reminders: stored.reminders,
    color: stored.color,
    visibility: stored.visibility,
    transparency: stored.transparency,
    attachments: stored.attachments,
    conference_link: stored.conference_link,
    created_at: createdAt,
    updated_at: stored.updated_at ?? createdAt,
    deleted_at: stored.deleted_at,
  };
}

export function calendarFromStored(
  key: string,
  stored: StoredCalendarState['calendars'][string],
  fallbackTime: string,
): Calendar {
  return {
    calendar_id: stored.calendar_id ?? key,
    name: stored.name,
    color: stored.color,
    visible: stored.visible,
    created_at: stored.created_at ?? fallbackTime,
    updated_at: stored.updated_at ?? stored.created_at ?? fallbackTime,
    default_reminders: stored.default_reminders,
  };
}
