import type {
  CalendarQuery,
  CreateCalendarEventRequest,
  CreateCalendarRequest,
  DeleteCalendarEventRequest,
  RespondCalendarEventRequest,
  UpdateCalendarEventRequest,
  UpdateCalendarRequest,
} from '../requests/calendar.js';
import {
  calendarContainerResponseSchema,
  calendarListSchema,
  calendarQueryResponseSchema,
  calendarStateSchema,
  compactCalendarStateSchema,
  type CalendarContainerResponse,
  type CalendarList,
  type CalendarQueryResponse,
  type CalendarStateResponse,
  type CompactCalendarState,
} from '../schemas/calendar.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { ModalityResource } from './modality-resource.js';

const CREATED_EVENT_ID = /calendar_event_id:\s*([^\s)]+)/;

/**
 * The id of the calendar event a `calendar.create` made. The action response's `event_id` names
 * the simulator event, not the calendar event: our server answers it as `calendar_event_id`; the
 * original only inside `message` (`"Created calendar event: <title> (calendar_event_id: <uuid>)"`).
 */
export function createdCalendarEventId(response: ModalityActionResponse): string | undefined {
  const field = response.calendar_event_id;
  if (typeof field === 'string' && field) return field;
  return CREATED_EVENT_ID.exec(response.message)?.[1];
}

/** `/calendar`: calendar events and the calendars that hold them. */
export class CalendarClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'calendar');
  }

  /** Every calendar and event (`calendar:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<CalendarStateResponse>;
  /** Calendars with event counts, no events (`calendar:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactCalendarState>;
  state(
    query?: { compact?: boolean },
    options?: CallOptions,
  ): Promise<CalendarStateResponse | CompactCalendarState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<CalendarStateResponse | CompactCalendarState> {
    const wire = { compact: query.compact };
    return this.fetchState(
      wire,
      query.compact,
      { full: calendarStateSchema, condensed: compactCalendarStateSchema },
      options,
    );
  }

  /** Filters events (`calendar:query`); an event matches when it overlaps [start, end]. */
  query(query: CalendarQuery = {}, options?: CallOptions): Promise<CalendarQueryResponse> {
    return this.postQuery(query, calendarQueryResponseSchema, options);
  }

  /** Creates an event (`calendar:create`); see `createdCalendarEventId` for its id. */
  create(request: CreateCalendarEventRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('create', request, options);
  }

  /** Changes the given fields of an event (`calendar:update`). */
  update(request: UpdateCalendarEventRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('update', request, options);
  }

  /** Deletes an event or, for recurring ones, occurrences (`calendar:delete`). */
  delete(request: DeleteCalendarEventRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('delete', request, options);
  }

  /** Sets an attendee's RSVP (`calendar:respond`). */
  respond(request: RespondCalendarEventRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('respond', request, options);
  }

  /** The calendars with event counts (`calendar:calendars:list`). */
  listCalendars(options?: CallOptions): Promise<CalendarList> {
    return this.transport.call(
      { method: 'GET', path: '/calendar/calendars', schema: calendarListSchema },
      options,
    );
  }

  /** Adds a calendar (`calendar:calendars:create`); 400 if the id exists. */
  createCalendar(request: CreateCalendarRequest, options?: CallOptions): Promise<CalendarContainerResponse> {
    return this.container('/calendar/calendars/create', request, options);
  }

  /** Renames, recolours or hides a calendar (`calendar:calendars:update`). */
  updateCalendar(request: UpdateCalendarRequest, options?: CallOptions): Promise<CalendarContainerResponse> {
    return this.container('/calendar/calendars/update', request, options);
  }

  /** Deletes a calendar and its events (`calendar:calendars:delete`); 400 for the default one. */
  deleteCalendar(calendarId: string, options?: CallOptions): Promise<CalendarContainerResponse> {
    return this.container('/calendar/calendars/delete', { calendar_id: calendarId }, options);
  }

  /** Makes a calendar the default (`calendar:calendars:default`). */
  setDefaultCalendar(calendarId: string, options?: CallOptions): Promise<CalendarContainerResponse> {
    return this.container('/calendar/calendars/set-default', { calendar_id: calendarId }, options);
  }

  private container(
    path: string,
    body: object,
    options: CallOptions | undefined,
  ): Promise<CalendarContainerResponse> {
    return this.transport.call(
      { method: 'POST', path, body, schema: calendarContainerResponseSchema },
      options,
    );
  }
}
