import type { DateTimeInput } from '../wire.js';

export type AttendeeResponse = 'accepted' | 'declined' | 'tentative' | 'needs-action';
export type RecurrenceScope = 'this' | 'this_and_future' | 'all';

export interface AttendeeInput {
  email: string;
  display_name?: string;
  optional?: boolean;
  response?: AttendeeResponse;
  comment?: string;
}

export interface RecurrenceRuleInput {
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval?: number;
  days_of_week?: ('monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday')[];
  day_of_month?: number;
  month_of_year?: number;
  end_type?: 'never' | 'until' | 'count';
  /** `YYYY-MM-DD`, for `end_type: 'until'`. */
  end_date?: string;
  /** For `end_type: 'count'`. */
  count?: number;
}

export interface ReminderInput {
  minutes_before: number;
  type?: 'notification' | 'email' | 'both';
}

export interface CalendarAttachmentInput {
  filename: string;
  size: number;
  mime_type: string;
  url?: string;
  data?: string;
}

/** The fields of a calendar event, as create takes them. */
export interface CalendarEventFields {
  /** Default: the default calendar (`primary` unless changed); an unknown id creates the calendar. */
  calendar_id?: string;
  title: string;
  description?: string;
  start: DateTimeInput;
  /** Must be after `start`. */
  end: DateTimeInput;
  all_day?: boolean;
  /** IANA name, default `UTC`. */
  timezone?: string;
  location?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  /** An email address. */
  organizer?: string;
  attendees?: AttendeeInput[];
  recurrence?: RecurrenceRuleInput;
  /** `YYYY-MM-DD` dates skipped by the recurrence. */
  recurrence_exceptions?: string[];
  reminders?: ReminderInput[];
  color?: string;
  visibility?: 'default' | 'public' | 'private';
  transparency?: 'opaque' | 'transparent';
  attachments?: CalendarAttachmentInput[];
  conference_link?: string;
}

/** `POST /calendar/create`. The answer's `calendar_event_id` is the new event's id (see `createdCalendarEventId`). */
export type CreateCalendarEventRequest = CalendarEventFields;

/**
 * `POST /calendar/update`: only the given fields change. `attendees` replaces the whole list;
 * `add_attendees` / `remove_attendees` (ours) change it without resending everyone. The answer's
 * `calendar_event_id` is the event changed (the split-off series for `this_and_future`).
 */
export type UpdateCalendarEventRequest = Partial<CalendarEventFields> & {
  event_id: string;
  add_attendees?: AttendeeInput[];
  /** Email addresses. */
  remove_attendees?: string[];
  recurrence_scope?: RecurrenceScope;
  /** `YYYY-MM-DD` of the occurrence, with scope `this_and_future`. */
  recurrence_id?: string;
};

/** `POST /calendar/delete`. */
export interface DeleteCalendarEventRequest {
  event_id: string;
  calendar_id?: string;
  recurrence_scope?: RecurrenceScope;
  recurrence_id?: string;
}

/** `POST /calendar/respond`: sets an attendee's RSVP. */
export interface RespondCalendarEventRequest {
  event_id: string;
  attendee_email: string;
  response: AttendeeResponse;
  comment?: string;
}

/** `POST /calendar/query` filters; all optional. Default order: start ascending. */
export interface CalendarQuery {
  calendar_ids?: string[];
  start?: DateTimeInput;
  end?: DateTimeInput;
  /** Substring of title, description or location. */
  search?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  has_attendees?: boolean;
  recurring?: boolean;
  /** One result per occurrence; needs both `start` and `end`. */
  expand_recurring?: boolean;
  limit?: number;
  offset?: number;
  sort_by?: 'start' | 'end' | 'status';
  sort_order?: 'asc' | 'desc';
}

/** `POST /calendar/calendars/create`. */
export interface CreateCalendarRequest {
  calendar_id: string;
  name: string;
  color?: string;
  visible?: boolean;
}

/** `POST /calendar/calendars/update`. */
export interface UpdateCalendarRequest {
  calendar_id: string;
  name?: string;
  color?: string;
  visible?: boolean;
}

/** CalendarInput as `/events` takes it (`data`). */
export type CalendarEventData = Partial<CalendarEventFields> & {
  operation: 'create' | 'update' | 'delete' | 'respond';
  event_id?: string;
  recurrence_scope?: RecurrenceScope;
  recurrence_id?: string;
  attendee_email?: string;
  response?: AttendeeResponse;
  response_comment?: string;
};
