import { mintId } from '../../core/ids.js';
import { z } from 'zod';
import { parseTime, zDateTime } from '../../core/time.js';
import { documentedDefault } from '../../http/doc-meta.js';
import { dayFromIsoDate, isRealIsoDate, resolveZone, toLocal } from './zone.js';

export const CALENDAR_OPERATIONS = ['create', 'update', 'delete', 'respond'] as const;
export const RECURRENCE_SCOPES = ['this', 'this_and_future', 'all'] as const;
export const ATTENDEE_RESPONSES = ['accepted', 'declined', 'tentative', 'needs-action'] as const;
export const CALENDAR_EVENT_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export const VISIBILITIES = ['default', 'public', 'private'] as const;
export const TRANSPARENCIES = ['opaque', 'transparent'] as const;
export const REMINDER_TYPES = ['notification', 'email', 'both'] as const;
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const END_TYPES = ['never', 'until', 'count'] as const;
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** Optional field that Python exports as `null`: absent and null both become null. */
export const zNullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value): z.output<T> | null => value ?? null);

/** Optional field with a default: absent and null both become the default. */
export const zWithDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  documentedDefault(
    schema.nullish().transform((value): z.output<T> => value ?? fallback),
    fallback,
  );

/** The original's email check: an `@`, and a dot in the part after it. */
export function isEmailLike(value: string): boolean {
  const domain = value.split('@')[1];
  return domain !== undefined && domain.includes('.');
}

export const zCalendarDate = z
  .string()
  .refine(isRealIsoDate, { message: 'must be a date YYYY-MM-DD' })
  .meta({ format: 'date' });

export const zAttendee = z.object({
  email: z
    .string()
    .refine(isEmailLike, { message: 'must be an email address (name@domain.tld)' })
    .transform((email) => email.toLowerCase()),
  display_name: zNullable(z.string()),
  optional: zWithDefault(z.boolean(), false),
  response: zWithDefault(z.enum(ATTENDEE_RESPONSES), 'needs-action'),
  comment: zNullable(z.string()),
});

export const zRecurrenceRule = z.object({
  frequency: z.enum(FREQUENCIES),
  interval: zWithDefault(z.number().int().min(1), 1),
  days_of_week: zNullable(
    z
      .array(z.enum(WEEKDAYS))
      .refine((days) => new Set(days).size === days.length, 'days_of_week must not contain duplicates'),
  ),
  day_of_month: zNullable(z.number().int().min(1).max(31)),
  month_of_year: zNullable(z.number().int().min(1).max(12)),
  end_type: zWithDefault(z.enum(END_TYPES), 'never'),
  end_date: zNullable(zCalendarDate),
  count: zNullable(z.number().int().min(1)),
});

export const zReminder = z.object({
  minutes_before: z.number().int().min(0),
  type: zWithDefault(z.enum(REMINDER_TYPES), 'notification'),
});

export const zAttachment = z.object({
  filename: z.string(),
  size: z.number().int().min(0),
  mime_type: z.string(),
  url: zNullable(z.string()),
  data: zNullable(z.string()),
  // Generated once at validation, so the stored event data (and a redo) keeps the same id.
  attachment_id: z
    .string()
    .nullish()
    .transform((value) => value ?? mintId('calendar-attachment')),
});

export type Attendee = z.output<typeof zAttendee>;
export type RecurrenceRule = z.output<typeof zRecurrenceRule>;
export type Reminder = z.output<typeof zReminder>;
export type Attachment = z.output<typeof zAttachment>;

/** The event fields shared by create and update; every one is optional at input level. */
export const eventFieldShape = {
  title: zNullable(z.string()),
  description: zNullable(z.string()),
  start: zNullable(zDateTime),
  end: zNullable(zDateTime),
  all_day: zNullable(z.boolean()),
  timezone: zNullable(z.string().min(1)),
  location: zNullable(z.string()),
  status: zNullable(z.enum(CALENDAR_EVENT_STATUSES)),
  organizer: zNullable(z.string()),
  attendees: zNullable(z.array(zAttendee)),
  recurrence: zNullable(zRecurrenceRule),
  recurrence_exceptions: zNullable(z.array(zCalendarDate)),
  reminders: zNullable(z.array(zReminder)),
  color: zNullable(z.string()),
  visibility: zNullable(z.enum(VISIBILITIES)),
  transparency: zNullable(z.enum(TRANSPARENCIES)),
  attachments: zNullable(z.array(zAttachment)),
  conference_link: zNullable(z.string()),
};

/**
 * CalendarInput fields (the event envelope is added by the engine). Unlike the original, create
 * defaults (`status`, `visibility`, `all_day`, …) are applied by the state, not here: an update then
 * carries only what the caller set, so "only non-null fields apply" holds even for those fields.
 */
export const calendarInputSchema = z.object({
  operation: z.enum(CALENDAR_OPERATIONS),
  event_id: zNullable(z.string().min(1)),
  // Absent on create means the state's default calendar; the state pins the one it used.
  calendar_id: zNullable(z.string().min(1)),
  recurrence_scope: zWithDefault(z.enum(RECURRENCE_SCOPES), 'this'),
  recurrence_id: zNullable(zCalendarDate),
  ...eventFieldShape,
  // Ours: an update's guests added or dropped, applied to the list the event has when it runs,
  // so everyone else keeps their entry and answer (and the event never carries their answers).
  add_attendees: zNullable(z.array(zAttendee)),
  remove_attendees: zNullable(z.array(z.string().min(1))),
  attendee_email: zNullable(z.string()),
  response: zNullable(z.enum(ATTENDEE_RESPONSES)),
  response_comment: zNullable(z.string()),
  // Our addition: the id of the event an update/delete derives (split-off series or modified
  // occurrence), pinned on first execution so a redo or a re-imported event reproduces it.
  derived_event_id: zNullable(z.string().min(1)),
});

export type CalendarInput = z.output<typeof calendarInputSchema>;

/** The local day number (in the event's zone) of an ISO instant. */
function localDay(iso: string, timezone: string | null): number {
  return toLocal(parseTime(iso)!, resolveZone(timezone)).day;
}

/**
 * A recurrence `until` must not end before the series starts. Shared by input validation and the
 * state, which re-checks after an update merged a new start or rule into an event.
 */
export function recurrenceProblem(
  recurrence: RecurrenceRule | null,
  start: string | null,
  timezone: string | null,
): string | undefined {
  if (!recurrence) return undefined;
  if (recurrence.end_type === 'until') {
    if (!recurrence.end_date) return "end_date required when end_type is 'until'";
    if (start && dayFromIsoDate(recurrence.end_date) < localDay(start, timezone)) {
      return 'recurrence end_date must be after start date';
    }
  }
  if (recurrence.end_type === 'count' && !recurrence.count) return "count required when end_type is 'count'";
  return undefined;
}

/**
 * Field rules the original checks in `validate_input` (a violation is a 400 on the routes and
 * `POST /events`). The original also demands `days_of_week` for weekly, `day_of_month` for monthly
 * and both month and day for yearly rules; we accept rules without them and anchor on the start
 * date instead, which is what its own expansion does anyway.
 */
export function calendarInputProblems(input: CalendarInput): string[] {
  const problems: string[] = [];
  const { operation } = input;
  if (operation === 'create') {
    if (!input.title) problems.push('title is required for create operation');
    if (!input.start) problems.push('start is required for create operation');
    if (!input.end) problems.push('end is required for create operation');
  } else if (!input.event_id) {
    problems.push(`event_id is required for ${operation} operation`);
  }
  if (operation === 'respond') {
    if (!input.attendee_email) problems.push('attendee_email is required for respond operation');
    if (!input.response) problems.push('response is required for respond operation');
  }
  if (input.start && input.end && Date.parse(input.end) <= Date.parse(input.start)) {
    problems.push('end time must be after start time');
  }
  const recurrence = recurrenceProblem(input.recurrence, input.start, input.timezone);
  if (recurrence) problems.push(recurrence);
  if (input.organizer && !isEmailLike(input.organizer)) {
    problems.push(`Invalid organizer email format: ${input.organizer}`);
  }
  return problems;
}
