import { z } from 'zod';
import type { CalendarEvent } from '../../ues/client/index.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';

/** Calendar tools: exactly the calendar routes the purple's key may call. */

const dateTime = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 date-time with zone, e.g. 2026-01-28T15:00:00Z');

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const recurrence = z
  .object({
    frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
    interval: z.number().int().min(1).optional().describe('Every N periods (default 1)'),
    days_of_week: z.array(z.enum(WEEKDAYS)).optional().describe('For weekly series'),
    end_date: z.iso.date().optional().describe('Last day of the series, YYYY-MM-DD'),
    count: z.number().int().min(1).optional().describe('Number of occurrences'),
  })
  .refine((rule) => rule.end_date === undefined || rule.count === undefined, {
    message: 'give end_date or count, not both',
  })
  .describe('Makes the event repeat; leave out for a single event');

/** The tool's compact rule as the simulator takes it (an end date or a count decides the end). */
function recurrenceInput(rule: z.infer<typeof recurrence>) {
  return {
    frequency: rule.frequency,
    interval: rule.interval ?? 1,
    ...(rule.days_of_week === undefined ? {} : { days_of_week: rule.days_of_week }),
    ...(rule.end_date !== undefined
      ? { end_type: 'until' as const, end_date: rule.end_date }
      : rule.count !== undefined
        ? { end_type: 'count' as const, count: rule.count }
        : { end_type: 'never' as const }),
  };
}

const timezone = z.string().min(1).optional().describe("IANA zone of the event, e.g. 'Europe/London'");

const recurrenceScope = z
  .enum(['this', 'this_and_future', 'all'])
  .optional()
  .describe('For a recurring event: which occurrences (default all)');

const occurrence = z.iso
  .date()
  .optional()
  .describe('YYYY-MM-DD of the occurrence, with recurrence_scope this or this_and_future');

function compactEvent(event: CalendarEvent) {
  return {
    event_id: event.event_id,
    title: event.title,
    start: event.start,
    end: event.end,
    all_day: event.all_day,
    location: event.location ?? null,
    status: event.status,
    organizer: event.organizer ?? null,
    attendees: event.attendees.map((attendee) => ({ email: attendee.email, response: attendee.response })),
    description: event.description ? truncate(event.description, 1000) : null,
    recurring: event.recurrence != null || event.recurrence_id != null,
    recurrence: event.recurrence ?? null,
  };
}

export const CALENDAR_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'list_calendar_events',
    description:
      "List calendar events overlapping [start, end] (recurring events expanded). Without start and end: today's events.",
    permission: 'calendar:query',
    writes: false,
    schema: z.object({
      start: dateTime.optional(),
      end: dateTime.optional(),
      search: z.string().optional().describe('Substring of title, description or location'),
    }),
    run: async (args, ues) => {
      let events: CalendarEvent[];
      if (args.start !== undefined && args.end !== undefined) {
        events = await ues.getEventsInRange(args.start, args.end);
      } else if (args.start === undefined && args.end === undefined) {
        events = await ues.getTodaysEvents();
      } else {
        throw new RangeError('give both start and end, or neither (for today)');
      }
      const needle = args.search?.toLowerCase();
      const matching =
        needle === undefined
          ? events
          : events.filter((event) =>
              [event.title, event.description ?? '', event.location ?? ''].some((text) =>
                text.toLowerCase().includes(needle),
              ),
            );
      return { events: matching.map(compactEvent) };
    },
  }),
  defineTool({
    name: 'create_calendar_event',
    description: "Create an event on the user's calendar.",
    permission: 'calendar:create',
    writes: true,
    schema: z.object({
      title: z.string().min(1),
      start: dateTime,
      end: dateTime,
      description: z.string().optional(),
      location: z.string().optional(),
      attendees: z.array(z.string().min(3)).optional().describe('Attendee email addresses'),
      timezone,
      recurrence: recurrence.optional(),
    }),
    run: async (args, ues) => {
      const { eventId, response } = await ues.createEvent({
        title: args.title,
        start: args.start,
        end: args.end,
        ...(args.description === undefined ? {} : { description: args.description }),
        ...(args.location === undefined ? {} : { location: args.location }),
        ...(args.attendees === undefined ? {} : { attendees: args.attendees.map((email) => ({ email })) }),
        ...(args.timezone === undefined ? {} : { timezone: args.timezone }),
        ...(args.recurrence === undefined ? {} : { recurrence: recurrenceInput(args.recurrence) }),
      });
      return { ...actionResult(response), event_id: eventId ?? null };
    },
  }),
  defineTool({
    name: 'update_calendar_event',
    description:
      'Change fields of a calendar event; fields you leave out stay as they are. attendees replaces the whole list.',
    permission: 'calendar:update',
    writes: true,
    schema: z.object({
      event_id: z.string().min(1),
      title: z.string().min(1).optional(),
      start: dateTime.optional(),
      end: dateTime.optional(),
      description: z.string().optional(),
      location: z.string().optional(),
      attendees: z
        .array(z.string().min(3))
        .optional()
        .describe('Attendee email addresses (the full new list)'),
      timezone,
      recurrence: recurrence.optional(),
      recurrence_scope: recurrenceScope,
      recurrence_id: occurrence,
    }),
    run: async (args, ues) => {
      const { attendees, recurrence: rule, ...fields } = args;
      return actionResult(
        await ues.updateEvent({
          ...fields,
          ...(attendees === undefined ? {} : { attendees: attendees.map((email) => ({ email })) }),
          ...(rule === undefined ? {} : { recurrence: recurrenceInput(rule) }),
        }),
      );
    },
  }),
  defineTool({
    name: 'delete_calendar_event',
    description: 'Delete a calendar event.',
    permission: 'calendar:delete',
    writes: true,
    schema: z.object({
      event_id: z.string().min(1),
      recurrence_scope: recurrenceScope,
      recurrence_id: occurrence,
    }),
    run: async (args, ues) =>
      actionResult(
        await ues.deleteEvent(args.event_id, {
          ...(args.recurrence_scope === undefined ? {} : { recurrence_scope: args.recurrence_scope }),
          ...(args.recurrence_id === undefined ? {} : { recurrence_id: args.recurrence_id }),
        }),
      ),
  }),
  defineTool({
    name: 'respond_to_calendar_event',
    description: "Set the user's RSVP to an event they are invited to.",
    permission: 'calendar:respond',
    writes: true,
    schema: z.object({
      event_id: z.string().min(1),
      response: z.enum(['accepted', 'declined', 'tentative']),
      comment: z.string().optional(),
    }),
    run: async (args, ues) => actionResult(await ues.rsvpToEvent(args.event_id, args.response, args.comment)),
  }),
];
