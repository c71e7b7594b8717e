import { z } from 'zod';
import type { SimulatorEvent } from '../../core/event.js';
import { formatTime, zDateTime } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import { documented } from '../../http/doc-meta.js';
import type { UesRouter } from '../../http/router.js';
import { optionalBody, zQueryBool } from '../../http/validation.js';
import { registerCalendarContainerRoutes } from './calendars-routes.js';
import {
  ATTENDEE_RESPONSES,
  CALENDAR_EVENT_STATUSES,
  eventFieldShape,
  RECURRENCE_SCOPES,
  TRANSPARENCIES,
  VISIBILITIES,
  zAttendee,
  zCalendarDate,
  zNullable,
  zWithDefault,
} from './input.js';
import { calendarQuerySchema, queryEvents } from './query.js';
import type { CalendarState } from './state.js';

const stateQuery = z.object({ compact: zQueryBool.default(false) });

const createBody = z.object({
  ...eventFieldShape,
  // The original defaults to "primary"; we leave it open so the state uses the default calendar.
  calendar_id: documented(zNullable(z.string().min(1)), { description: 'default: the default calendar' }),
  title: z.string(),
  start: zDateTime,
  end: zDateTime,
  all_day: zWithDefault(z.boolean(), false),
  timezone: documented(zWithDefault(z.string().min(1), 'UTC'), {
    description: 'IANA zone of the event (all-day dates and recurrences are read in it)',
  }),
  status: zWithDefault(z.enum(CALENDAR_EVENT_STATUSES), 'confirmed'),
  visibility: zWithDefault(z.enum(VISIBILITIES), 'default'),
  transparency: zWithDefault(z.enum(TRANSPARENCIES), 'opaque'),
});

const targetFields = {
  event_id: z.string().min(1),
  // Accepted for compatibility; events are found by id alone, as in the original.
  calendar_id: zNullable(z.string().min(1)),
  recurrence_scope: zWithDefault(z.enum(RECURRENCE_SCOPES), 'this'),
  recurrence_id: zNullable(zCalendarDate),
};

const updateBody = z.object({
  ...eventFieldShape,
  attendees: documented(eventFieldShape.attendees, {
    description:
      'the whole new list: replaces every attendee (each answer is as given, default needs-action); to invite or drop people and keep everyone else with their answers, use add_attendees / remove_attendees',
  }),
  // Ours: guests added or dropped without resending (and so without resetting) everyone else.
  add_attendees: documented(zNullable(z.array(zAttendee)), {
    description:
      'invited in addition to the attendees the event has (one already there keeps their entry and answer)',
  }),
  remove_attendees: documented(zNullable(z.array(z.string().min(1))), {
    description: 'email addresses taken off the attendee list (case-insensitive)',
  }),
  ...targetFields,
});

const deleteBody = z.object(targetFields);

const respondBody = z.object({
  event_id: z.string().min(1),
  attendee_email: z.string().min(1).describe('whose answer: the user’s own address'),
  response: z.enum(ATTENDEE_RESPONSES),
  comment: zNullable(z.string()),
});

export function registerCalendarRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const calendar = (): CalendarState => engine.states.get('calendar') as CalendarState;
  const announce = (event: SimulatorEvent, type: string, data: Record<string, unknown>): void => {
    if (event.status === 'executed') engine.broadcast(type, data);
  };

  router.get('/calendar/state', { permission: 'calendar:state', query: stateQuery }, ({ query }) => {
    const state = calendar();
    const header = {
      modality_type: 'calendar',
      last_updated: formatTime(state.lastUpdated),
      update_count: state.updateCount,
      default_calendar_id: state.defaultCalendarId,
      user_timezone: state.userTimezone,
    };
    if (query.compact) {
      const calendars: Record<string, unknown> = {};
      for (const info of state.calendarInfos()) {
        const { calendar_id, name, color, visible, event_count } = info;
        calendars[calendar_id] = { calendar_id, name, color, visible, event_count };
      }
      return { ...header, calendars, calendar_count: state.calendars.size, event_count: state.eventCount };
    }
    const { calendars, events } = state.snapshot();
    return {
      ...header,
      calendars,
      events,
      calendar_count: state.calendars.size,
      event_count: state.eventCount,
    };
  });

  router.post(
    '/calendar/query',
    { permission: 'calendar:query', body: optionalBody(calendarQuerySchema) },
    ({ body }) => ({ modality_type: 'calendar', ...queryEvents(calendar().allEvents(), body) }),
  );

  router.post('/calendar/create', { permission: 'calendar:create', body: createBody }, ({ body, key }) => {
    const event = engine.executeImmediate('calendar', { operation: 'create', ...body }, key.key_id);
    const calendarEventId = event.data.event_id as string;
    announce(event, 'calendar.event_created', {
      event_id: calendarEventId,
      title: body.title,
      start_time: body.start,
    });
    return {
      ...actionResponse(
        event,
        `Created calendar event: ${body.title} (calendar_event_id: ${calendarEventId})`,
        'create calendar event',
      ),
      // Ours: the id to update, delete or answer the event by (the original puts it only in
      // `message`; `event_id` is the simulator event that made it).
      calendar_event_id: event.status === 'executed' ? calendarEventId : null,
    };
  });

  router.post('/calendar/update', { permission: 'calendar:update', body: updateBody }, ({ body, key }) => {
    const event = engine.executeImmediate('calendar', { operation: 'update', ...body }, key.key_id);
    announce(event, 'calendar.event_updated', { event_id: body.event_id, title: body.title });
    // A this_and_future edit lands on the series split off at the occurrence: that is the event
    // the caller changed, and the one to address from now on.
    const derived = event.data.derived_event_id;
    return {
      ...actionResponse(event, `Updated calendar event: ${body.event_id}`, 'update calendar event'),
      calendar_event_id:
        event.status === 'executed' ? (typeof derived === 'string' ? derived : body.event_id) : null,
    };
  });

  router.post('/calendar/delete', { permission: 'calendar:delete', body: deleteBody }, ({ body, key }) => {
    const event = engine.executeImmediate('calendar', { operation: 'delete', ...body }, key.key_id);
    announce(event, 'calendar.event_deleted', { event_id: body.event_id });
    return actionResponse(event, `Deleted calendar event: ${body.event_id}`, 'delete calendar event');
  });

  router.post('/calendar/respond', { permission: 'calendar:respond', body: respondBody }, ({ body, key }) => {
    const { comment, ...fields } = body;
    const event = engine.executeImmediate(
      'calendar',
      { operation: 'respond', ...fields, response_comment: comment },
      key.key_id,
    );
    announce(event, 'calendar.event_updated', {
      event_id: body.event_id,
      attendee_email: body.attendee_email,
      response: body.response,
    });
    return actionResponse(
      event,
      `Responded to event ${body.event_id}: ${body.attendee_email} -> ${body.response}`,
      'respond to calendar event',
    );
  });

  registerCalendarContainerRoutes(router, calendar);
}
