import { z } from 'zod';
import type { AttendeeInput, CalendarEvent, UpdateCalendarEventRequest } from '../../ues/client/index.js';
import type { PurpleUESClient } from '../ues/purple-ues-client.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';
import { dateTime, emailAddresses, page, pageLimit, pageOffset } from './fields.js';

/** Calendar tools: exactly the calendar routes the purple's key may call. */

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const recurrence = z
  .object({
    frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']).describe('How often the event repeats'),
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
    timezone: event.timezone,
    location: event.location ?? null,
    status: event.status,
    organizer: event.organizer ?? null,
    attendees: event.attendees.map((attendee) => ({
      email: attendee.email,
      response: attendee.response,
      ...(attendee.optional ? { optional: true } : {}),
    })),
    reminders: event.reminders.map((reminder) => reminder.minutes_before),
    conference_link: event.conference_link ?? null,
    description: event.description ? truncate(event.description, 1000) : null,
    recurring: event.recurrence != null || event.recurrence_id != null,
    recurrence: event.recurrence ?? null,
  };
}

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

const guests = (description: string) =>
  emailAddresses(`${description}: email addresses, e.g. ana@example.com`);

const reminders = z
  .array(
    z.object({
      minutes_before: z.number().int().min(0).describe('How long before the start, in minutes'),
      type: z
        .enum(['notification', 'email', 'both'])
        .optional()
        .describe('How the user is reminded (default notification)'),
    }),
  )
  .describe('Reminders for the user');

/** The event fields create and update share (every one optional here; create requires some). */
const eventFields = {
  description: z.string().optional().describe('Notes shown with the event: agenda, dial-in details…'),
  location: z.string().optional().describe('Where it happens: an address, a room, a place name'),
  all_day: z.boolean().optional().describe('true: a whole-day event (start and end at midnight in timezone)'),
  status: z
    .enum(['confirmed', 'tentative', 'cancelled'])
    .optional()
    .describe('confirmed (default), tentative (pencilled in) or cancelled'),
  timezone,
  recurrence: recurrence.optional(),
  reminders: reminders.optional(),
  conference_link: z.string().optional().describe('Video-call URL, e.g. https://meet.example.com/abc'),
};

const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Guests as attendee entries, each once, without `skip` (entries already on the list). */
function guestEntries(
  required: readonly string[],
  optional: readonly string[],
  skip: readonly { email: string }[] = [],
): AttendeeInput[] {
  const entries: { email: string; optional?: boolean }[] = [...skip];
  const add = (email: string, isOptional: boolean): void => {
    if (!entries.some((entry) => sameAddress(entry.email, email)))
      entries.push({ email, ...(isOptional ? { optional: true } : {}) });
  };
  for (const email of required) add(email, false);
  for (const email of optional) add(email, true);
  return entries.slice(skip.length);
}

/**
 * The update's guest changes as the simulator's add/remove form, so everyone who stays keeps their
 * entry and answer: a full `attendees` list becomes the difference to the event's guests (the user,
 * who organises the event, always stays on it).
 */
async function guestChanges(
  args: {
    event_id: string;
    attendees?: string[] | undefined;
    optional_attendees?: string[] | undefined;
    add_attendees?: string[] | undefined;
    remove_attendees?: string[] | undefined;
  },
  ues: PurpleUESClient,
): Promise<Pick<UpdateCalendarEventRequest, 'add_attendees' | 'remove_attendees'>> {
  let add = guestEntries(args.add_attendees ?? [], []);
  let remove = [...(args.remove_attendees ?? [])];
  if (args.attendees !== undefined || args.optional_attendees !== undefined) {
    const event = await ues.getCalendarEvent(args.event_id);
    if (event === undefined)
      throw new RangeError(`no calendar event with event_id ${JSON.stringify(args.event_id)}`);
    const user = await ues.getUserEmailAddress();
    const wanted = [...(args.attendees ?? []), ...(args.optional_attendees ?? [])];
    const stays = (email: string) =>
      sameAddress(email, user) || wanted.some((other) => sameAddress(other, email));
    remove = [...remove, ...event.attendees.filter((attendee) => !stays(attendee.email)).map((a) => a.email)];
    add = [...add, ...guestEntries(args.attendees ?? [], args.optional_attendees ?? [], event.attendees)];
  }
  return {
    ...(add.length === 0 ? {} : { add_attendees: add }),
    ...(remove.length === 0 ? {} : { remove_attendees: remove }),
  };
}

export const CALENDAR_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'list_calendar_events',
    description:
      "List calendar events overlapping [start, end], earliest first, recurring events expanded into their occurrences. Without start and end: today's events. One page at a time: the answer says how many match (total) and, when more remain, the next_offset to pass.",
    permission: 'calendar:query',
    writes: false,
    schema: z.object({
      start: dateTime('Beginning of the window (give end too)').optional(),
      end: dateTime('End of the window (give start too)').optional(),
      search: z
        .string()
        .optional()
        .describe('Substring of title, description or location (case-insensitive)'),
      status: z
        .enum(['confirmed', 'tentative', 'cancelled'])
        .optional()
        .describe('Only events with this status; default every status'),
      limit: pageLimit(DEFAULT_PAGE, MAX_PAGE, 'events'),
      offset: pageOffset('events'),
    }),
    run: async (args, ues) => {
      let events: CalendarEvent[];
      if (args.start !== undefined && args.end !== undefined) {
        events = await ues.getEventsInRange(args.start, args.end);
      } else if (args.start === undefined && args.end === undefined) {
        events = await ues.getTodaysEvents();
      } else {
        throw new RangeError(
          `${args.start === undefined ? 'start' : 'end'} is missing: give both start and end, or neither (for today)`,
        );
      }
      const needle = args.search?.toLowerCase();
      const matching = events.filter(
        (event) =>
          (args.status === undefined || event.status === args.status) &&
          (needle === undefined ||
            [event.title, event.description ?? '', event.location ?? ''].some((text) =>
              text.toLowerCase().includes(needle),
            )),
      );
      const { items, ...paging } = page(matching, args.offset ?? 0, args.limit ?? DEFAULT_PAGE);
      return { order: 'earliest first', ...paging, events: items.map(compactEvent) };
    },
  }),
  defineTool({
    name: 'create_calendar_event',
    description:
      "Create an event on the user's calendar, organised by the user. Guests listed are invited (they may answer), and the user is on the guest list as accepted.",
    permission: 'calendar:create',
    writes: true,
    schema: z.object({
      title: z.string().min(1).describe('What the event is called on the calendar'),
      start: dateTime('When it starts'),
      end: dateTime('When it ends (after start)'),
      attendees: guests('People invited').optional(),
      optional_attendees: guests('People invited as optional').optional(),
      organizer: z
        .string()
        .min(3)
        .optional()
        .describe(
          'Email address of the organiser; default the user (leave out unless someone else organises it)',
        ),
      ...eventFields,
    }),
    run: async (args, ues) => {
      const user = await ues.getUserEmailAddress();
      const organizer = args.organizer ?? user;
      const userEntry: AttendeeInput = {
        email: user,
        response: sameAddress(organizer, user) ? 'accepted' : 'needs-action',
      };
      const invited = guestEntries(args.attendees ?? [], args.optional_attendees ?? [], [userEntry]);
      const { eventId, response } = await ues.createEvent({
        title: args.title,
        start: args.start,
        end: args.end,
        organizer,
        // With guests, the user is on the list as the scenarios' own invitations have it; an event
        // of the user's alone lists nobody, so it never reads as an invitation sent.
        ...(invited.length === 0 ? {} : { attendees: [userEntry, ...invited] }),
        ...(args.description === undefined ? {} : { description: args.description }),
        ...(args.location === undefined ? {} : { location: args.location }),
        ...(args.all_day === undefined ? {} : { all_day: args.all_day }),
        ...(args.status === undefined ? {} : { status: args.status }),
        ...(args.timezone === undefined ? {} : { timezone: args.timezone }),
        ...(args.recurrence === undefined ? {} : { recurrence: recurrenceInput(args.recurrence) }),
        ...(args.reminders === undefined ? {} : { reminders: args.reminders }),
        ...(args.conference_link === undefined ? {} : { conference_link: args.conference_link }),
      });
      return { ...actionResult(response), event_id: eventId ?? null };
    },
  }),
  defineTool({
    name: 'update_calendar_event',
    description:
      'Change fields of a calendar event; fields you leave out stay as they are. Guests: add_attendees and remove_attendees change the list; attendees gives the whole new guest list. Either way everyone who stays keeps their answer, and the user stays on it.',
    permission: 'calendar:update',
    writes: true,
    schema: z.object({
      event_id: z
        .string()
        .min(1)
        .describe('event_id of the event, as list_calendar_events or create gives it'),
      title: z.string().min(1).optional().describe('New title'),
      start: dateTime('New start').optional(),
      end: dateTime('New end').optional(),
      add_attendees: guests('People to invite as well').optional(),
      remove_attendees: guests('People to take off the event').optional(),
      attendees: guests('The whole new guest list (required guests)').optional(),
      optional_attendees: guests('With attendees: the optional guests of the new list').optional(),
      ...eventFields,
      recurrence_scope: recurrenceScope,
      recurrence_id: occurrence,
    }),
    run: async (args, ues) => {
      const {
        attendees: _attendees,
        optional_attendees: _optional,
        add_attendees: _added,
        remove_attendees: _removed,
        recurrence: rule,
        ...fields
      } = args;
      const changes = await guestChanges(args, ues);
      const response = await ues.updateEvent({
        ...fields,
        ...changes,
        ...(rule === undefined ? {} : { recurrence: recurrenceInput(rule) }),
      });
      const changed = response['calendar_event_id'];
      return { ...actionResult(response), event_id: typeof changed === 'string' ? changed : args.event_id };
    },
  }),
  defineTool({
    name: 'delete_calendar_event',
    description: 'Delete a calendar event.',
    permission: 'calendar:delete',
    writes: true,
    schema: z.object({
      event_id: z.string().min(1).describe('event_id of the event'),
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
      event_id: z.string().min(1).describe('event_id of the invitation'),
      response: z
        .enum(['accepted', 'declined', 'tentative'])
        .describe("The user's answer: accepted, declined or tentative"),
      comment: z.string().optional().describe('A note to the organiser with the answer'),
    }),
    run: async (args, ues) => actionResult(await ues.rsvpToEvent(args.event_id, args.response, args.comment)),
  }),
];
