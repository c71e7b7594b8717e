import { z } from 'zod';
import type { CalendarEvent } from '../../../../ues/client/index.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';

/** Calendar tools: exactly the calendar routes the purple's key may call. */

const dateTime = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 date-time with zone, e.g. 2026-01-28T15:00:00Z');

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
    }),
    run: async (args, ues) => {
      const { eventId, response } = await ues.createEvent({
        title: args.title,
        start: args.start,
        end: args.end,
        ...(args.description === undefined ? {} : { description: args.description }),
        ...(args.location === undefined ? {} : { location: args.location }),
        ...(args.attendees === undefined ? {} : { attendees: args.attendees.map((email) => ({ email })) }),
      });
      return { ...actionResult(response), event_id: eventId ?? null };
    },
  }),
  defineTool({
    name: 'update_calendar_event',
    description: 'Change fields of a calendar event; fields you leave out stay as they are.',
    permission: 'calendar:update',
    writes: true,
    schema: z.object({
      event_id: z.string().min(1),
      title: z.string().min(1).optional(),
      start: dateTime.optional(),
      end: dateTime.optional(),
      description: z.string().optional(),
      location: z.string().optional(),
    }),
    run: async (args, ues) => actionResult(await ues.updateEvent(args)),
  }),
  defineTool({
    name: 'delete_calendar_event',
    description: 'Delete a calendar event.',
    permission: 'calendar:delete',
    writes: true,
    schema: z.object({ event_id: z.string().min(1) }),
    run: async (args, ues) => actionResult(await ues.deleteEvent(args.event_id)),
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
