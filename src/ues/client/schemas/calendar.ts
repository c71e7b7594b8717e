import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

export const attendeeSchema = z.looseObject({
  email: z.string(),
  display_name: z.string().nullish(),
  optional: z.boolean().nullish(),
  response: z.enum(['accepted', 'declined', 'tentative', 'needs-action']),
  comment: z.string().nullish(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const recurrenceRuleSchema = z.looseObject({
  frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  interval: z.number().int(),
  days_of_week: z.array(z.string()).nullish(),
  day_of_month: z.number().int().nullish(),
  month_of_year: z.number().int().nullish(),
  end_type: z.enum(['never', 'until', 'count']),
  end_date: z.string().nullish(),
  count: z.number().int().nullish(),
});
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

export const reminderSchema = z.looseObject({
  minutes_before: z.number().int(),
  type: z.enum(['notification', 'email', 'both']),
});
export type Reminder = z.infer<typeof reminderSchema>;

/**
 * CalendarEvent. `start`/`end` are datetimes; occurrences expanded by a query may come without a
 * zone (a quirk of the original), so they are checked as strings only.
 */
export const calendarEventSchema = z.looseObject({
  event_id: z.string(),
  calendar_id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  timezone: z.string(),
  description: z.string().nullish(),
  location: z.string().nullish(),
  status: z.enum(['confirmed', 'tentative', 'cancelled']),
  organizer: z.string().nullish(),
  attendees: z.array(attendeeSchema),
  recurrence: recurrenceRuleSchema.nullish(),
  recurrence_exceptions: z.array(z.string()),
  recurrence_id: z.string().nullish(),
  parent_event_id: z.string().nullish(),
  reminders: z.array(reminderSchema),
  color: z.string().nullish(),
  visibility: z.enum(['default', 'public', 'private']),
  transparency: z.enum(['opaque', 'transparent']),
  attachments: z.array(zJsonObject),
  conference_link: z.string().nullish(),
  created_at: zIsoDateTime,
  updated_at: zIsoDateTime,
  deleted_at: zIsoDateTime.nullish(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarSchema = z.looseObject({
  calendar_id: z.string(),
  name: z.string(),
  color: z.string(),
  visible: z.boolean(),
  created_at: zIsoDateTime,
  updated_at: zIsoDateTime,
  event_ids: z.array(z.string()).nullish(),
  default_reminders: z.array(reminderSchema).nullish(),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** `GET /calendar/state`. */
export const calendarStateSchema = z.looseObject({
  modality_type: z.literal('calendar'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  default_calendar_id: z.string(),
  user_timezone: z.string(),
  calendars: z.record(z.string(), calendarSchema),
  events: z.record(z.string(), calendarEventSchema),
  calendar_count: z.number().int(),
  event_count: z.number().int(),
});
export type CalendarStateResponse = z.infer<typeof calendarStateSchema>;

/** `GET /calendar/state?compact=true`: calendars with event counts, no events. */
export const compactCalendarStateSchema = z.looseObject({
  modality_type: z.literal('calendar'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  default_calendar_id: z.string(),
  user_timezone: z.string(),
  calendars: z.record(z.string(), z.looseObject({ calendar_id: z.string(), event_count: z.number().int() })),
});
export type CompactCalendarState = z.infer<typeof compactCalendarStateSchema>;

/** `POST /calendar/query`. */
export const calendarQueryResponseSchema = z.looseObject({
  modality_type: z.literal('calendar'),
  events: z.array(calendarEventSchema),
  count: z.number().int(),
  total_count: z.number().int(),
});
export type CalendarQueryResponse = z.infer<typeof calendarQueryResponseSchema>;

/** CalendarInfo: a calendar's settings with its event count. */
export const calendarInfoSchema = z.looseObject({
  calendar_id: z.string(),
  name: z.string(),
  color: z.string(),
  visible: z.boolean(),
  event_count: z.number().int(),
  created_at: zIsoDateTime,
  updated_at: zIsoDateTime,
});
export type CalendarInfo = z.infer<typeof calendarInfoSchema>;

/** `GET /calendar/calendars`. */
export const calendarListSchema = z.looseObject({
  calendars: z.array(calendarInfoSchema),
  count: z.number().int(),
  default_calendar_id: z.string(),
});
export type CalendarList = z.infer<typeof calendarListSchema>;

/** The calendar container routes (create, update, delete, set-default). */
export const calendarContainerResponseSchema = z.looseObject({
  status: z.string(),
  message: z.string(),
  calendar: calendarInfoSchema.nullish(),
});
export type CalendarContainerResponse = z.infer<typeof calendarContainerResponseSchema>;
