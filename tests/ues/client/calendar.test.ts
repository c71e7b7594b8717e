import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createdCalendarEventId,
  UesApiError,
  UesNotFoundError,
  UesPermissionError,
  UesValidationError,
  type CreateCalendarEventRequest,
  type UesClient,
} from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

const meeting = (
  title: string,
  extra: Partial<CreateCalendarEventRequest> = {},
): CreateCalendarEventRequest => ({
  title,
  start: '2025-01-02T10:00:00Z',
  end: '2025-01-02T11:00:00Z',
  ...extra,
});

describe('calendar sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('creates an event (Dates accepted) and finds its id, in state and compact state', async () => {
    const created = await client.calendar.create(
      meeting('Planning', {
        start: new Date('2025-01-02T09:00:00Z'),
        end: new Date('2025-01-02T10:30:00Z'),
        location: 'Room 1',
        attendees: [{ email: 'Alice@Example.com', display_name: 'Alice' }],
        reminders: [{ minutes_before: 15, type: 'notification' }],
      }),
    );
    expect(created).toMatchObject({ status: 'executed', modality: 'calendar' });
    const eventId = createdCalendarEventId(created);
    expect(eventId).toEqual(expect.any(String));
    expect(created['calendar_event_id']).toBe(eventId);
    // The field first; the original's answer has the id only in its message.
    expect(createdCalendarEventId({ ...created, message: 'Created calendar event: Planning' })).toBe(eventId);
    expect(createdCalendarEventId({ ...created, calendar_event_id: undefined })).toBe(eventId);

    const state = await client.calendar.state();
    expect(state).toMatchObject({ default_calendar_id: 'primary', event_count: 1, calendar_count: 1 });
    expect(state.calendars.primary).toMatchObject({ name: 'Personal' });
    expect(state.events[eventId!]).toMatchObject({
      title: 'Planning',
      calendar_id: 'primary',
      location: 'Room 1',
      attendees: [expect.objectContaining({ email: 'alice@example.com', response: 'needs-action' })],
    });
    expect(Date.parse(state.events[eventId!]!.start)).toBe(Date.parse('2025-01-02T09:00:00Z'));

    const compact = await client.calendar.state({ compact: true });
    expect(compact.calendars.primary).toMatchObject({ event_count: 1 });
    expect(compact).not.toHaveProperty('events');
  });

  it('queries by window, text and order', async () => {
    await client.calendar.create(
      meeting('Late', { start: '2025-01-03T15:00:00Z', end: '2025-01-03T16:00:00Z' }),
    );
    await client.calendar.create(meeting('Early standup'));
    await client.calendar.create(
      meeting('Next week', { start: '2025-01-09T10:00:00Z', end: '2025-01-09T11:00:00Z' }),
    );

    const window = await client.calendar.query({
      start: new Date('2025-01-02T00:00:00Z'),
      end: '2025-01-04T00:00:00Z',
      sort_by: 'start',
      sort_order: 'asc',
    });
    expect(window.events.map((event) => event.title)).toEqual(['Early standup', 'Late']);
    expect(window).toMatchObject({ modality_type: 'calendar', count: 2, total_count: 2 });
    expect((await client.calendar.query({ search: 'standup' })).events.map((event) => event.title)).toEqual([
      'Early standup',
    ]);
    expect((await client.calendar.query({ limit: 1 })).count).toBe(1);
  });

  it('expands a recurring event into occurrences', async () => {
    await client.calendar.create(
      meeting('Daily sync', { recurrence: { frequency: 'daily', end_type: 'count', count: 3 } }),
    );
    const expanded = await client.calendar.query({
      start: '2025-01-01T00:00:00Z',
      end: '2025-01-10T00:00:00Z',
      expand_recurring: true,
    });
    expect(expanded.events).toHaveLength(3);
    expect((await client.calendar.query({ recurring: true })).count).toBe(1);
  });

  it('updates, responds and deletes as the purple key', async () => {
    const { client: purple, keyId } = await env.userClient([
      'calendar:create',
      'calendar:update',
      'calendar:delete',
      'calendar:respond',
      'calendar:query',
    ]);
    const created = await purple.calendar.create(
      meeting('Review', { attendees: [{ email: 'user@example.com' }] }),
    );
    const eventId = createdCalendarEventId(created)!;

    const updated = await purple.calendar.update({
      event_id: eventId,
      title: 'Design review',
      location: 'Online',
    });
    expect(updated.status).toBe('executed');
    const responded = await purple.calendar.respond({
      event_id: eventId,
      attendee_email: 'user@example.com',
      response: 'accepted',
      comment: 'See you there',
    });
    expect(responded.status).toBe('executed');
    const [event] = (await purple.calendar.query({ search: 'Design' })).events;
    expect(event).toMatchObject({ title: 'Design review', location: 'Online' });
    expect(event!.attendees[0]).toMatchObject({ response: 'accepted', comment: 'See you there' });

    expect((await purple.calendar.delete({ event_id: eventId })).status).toBe('executed');
    expect((await purple.calendar.query()).count).toBe(0);

    const actions = await client.events.list({ agent_id: keyId });
    expect(actions.events.map((logged) => logged.data?.operation)).toEqual([
      'create',
      'update',
      'respond',
      'delete',
    ]);
    await expect(purple.calendar.listCalendars()).rejects.toBeInstanceOf(UesPermissionError);
  });

  it('reports a failed action (unknown event) with status failed, not an HTTP error', async () => {
    const result = await client.calendar.update({ event_id: 'no-such-event', title: 'x' });
    expect(result.status).toBe('failed');
    expect(result.message).toContain('Failed to update calendar event');
  });

  it('manages calendars: list, create, update, set default, delete', async () => {
    const created = await client.calendar.createCalendar({
      calendar_id: 'work',
      name: 'Work',
      color: '#ff0000',
    });
    expect(created).toMatchObject({
      status: 'success',
      calendar: { calendar_id: 'work', name: 'Work', event_count: 0 },
    });
    const updated = await client.calendar.updateCalendar({
      calendar_id: 'work',
      name: 'Office',
      visible: false,
    });
    expect(updated.calendar).toMatchObject({ name: 'Office', visible: false });

    await client.calendar.create(meeting('At the office', { calendar_id: 'work' }));
    const listed = await client.calendar.listCalendars();
    expect(listed).toMatchObject({ count: 2, default_calendar_id: 'primary' });
    expect(listed.calendars.find((calendar) => calendar.calendar_id === 'work')).toMatchObject({
      event_count: 1,
    });

    const defaulted = await client.calendar.setDefaultCalendar('work');
    expect(defaulted.calendar).toMatchObject({ calendar_id: 'work' });
    const refused = await client.calendar.deleteCalendar('work').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UesApiError);
    expect((refused as UesApiError).status).toBe(400);

    await client.calendar.setDefaultCalendar('primary');
    const deleted = await client.calendar.deleteCalendar('work');
    expect(deleted).toMatchObject({ status: 'success', calendar: null });
    expect((await client.calendar.query()).count).toBe(0);
    await expect(client.calendar.deleteCalendar('work')).rejects.toBeInstanceOf(UesNotFoundError);
  });

  it('names the invalid field with a 422', async () => {
    const error = await client.calendar
      .create(meeting('Bad', { start: '2025-01-02 10:00' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesValidationError);
    expect((error as UesValidationError).fieldErrors.map((field) => field.field)).toContain('body.start');
  });
});

describe('createdCalendarEventId', () => {
  const base = {
    event_id: 'sim',
    scheduled_time: '2025-01-01T12:00:00Z',
    status: 'executed' as const,
    modality: 'calendar',
  };
  it('reads the id from the message, or from an explicit field', () => {
    expect(
      createdCalendarEventId({
        ...base,
        message: 'Created calendar event: Lunch (calendar_event_id: abc-123)',
      }),
    ).toBe('abc-123');
    expect(createdCalendarEventId({ ...base, message: 'x', calendar_event_id: 'field-id' })).toBe('field-id');
    expect(
      createdCalendarEventId({ ...base, message: 'Failed to create calendar event: boom' }),
    ).toBeUndefined();
  });
});
