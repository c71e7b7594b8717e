import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

const calendarEventIdOf = (message: string): string => /\(calendar_event_id: ([^)]+)\)$/.exec(message)![1]!;

describe('calendar routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(async () => {
    await ues.close();
  });

  const create = async (body: Record<string, unknown>, key?: string): Promise<string> => {
    const created = await ues.call('POST', '/calendar/create', { body, ...(key ? { key } : {}) });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe('executed');
    return calendarEventIdOf(created.body.message);
  };

  it('creates an event visible in state at once, attributed to the caller, with its id in the message', async () => {
    const assistant = await ues.createKey(['calendar:create', 'calendar:state']);
    const created = await ues.call('POST', '/calendar/create', {
      key: assistant.secret,
      body: {
        title: 'Dentist',
        start: '2025-01-03T15:00:00+00:00',
        end: '2025-01-03T16:00:00Z',
        location: 'Main St',
        attendees: [{ email: 'Dr.Who@Clinic.org' }],
        reminders: [{ minutes_before: 30 }],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      status: 'executed',
      modality: 'calendar',
      scheduled_time: '2025-01-01T12:00:00Z',
    });
    expect(created.body.message).toMatch(
      /^Created calendar event: Dentist \(calendar_event_id: [0-9a-f-]{36}\)$/,
    );
    const id = calendarEventIdOf(created.body.message);
    // Ours: the calendar event's id as a field too (event_id is the simulator event that made it).
    expect(created.body.calendar_event_id).toBe(id);
    expect(created.body.event_id).not.toBe(id);

    const state = await ues.call('GET', '/calendar/state', { key: assistant.secret });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      modality_type: 'calendar',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 1,
      default_calendar_id: 'primary',
      user_timezone: 'UTC',
      calendar_count: 1,
      event_count: 1,
    });
    expect(state.body.calendars.primary).toMatchObject({
      calendar_id: 'primary',
      name: 'Personal',
      color: '#4285f4',
      visible: true,
      event_ids: [id],
    });
    expect(state.body.events[id]).toMatchObject({
      event_id: id,
      title: 'Dentist',
      start: '2025-01-03T15:00:00Z',
      location: 'Main St',
      attendees: [{ email: 'dr.who@clinic.org', response: 'needs-action' }],
      reminders: [{ minutes_before: 30, type: 'notification' }],
    });

    const event = ues.ues.engine.queue.get(created.body.event_id)!;
    expect(event.agent_id).toBe(assistant.keyId);
    expect(event.metadata).toEqual({ created_by_key: assistant.keyId });
    expect(event.data.event_id).toBe(id);

    const compact = await ues.call('GET', '/calendar/state?compact=true');
    expect(compact.body).toEqual({
      modality_type: 'calendar',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 1,
      default_calendar_id: 'primary',
      user_timezone: 'UTC',
      calendars: {
        primary: {
          calendar_id: 'primary',
          name: 'Personal',
          color: '#4285f4',
          visible: true,
          event_count: 1,
        },
      },
      calendar_count: 1,
      event_count: 1,
    });
    const environment = await ues.call('GET', '/environment/state?compact=true');
    expect(environment.body.modalities.calendar).toMatchObject({
      today_count: 0,
      next_event: { title: 'Dentist', location: 'Main St', start_time: '2025-01-03T15:00:00Z' },
    });
  });

  it('queries with filters, overlap, expansion, sorting and pagination', async () => {
    const review = await create({
      title: 'Design review',
      description: 'Q1 roadmap',
      start: '2025-01-02T10:00:00Z',
      end: '2025-01-02T11:00:00Z',
      attendees: [{ email: 'amy@example.com' }],
      status: 'tentative',
    });
    const lunch = await create({
      title: 'Lunch',
      location: 'Cafe Roadmap',
      start: '2025-01-02T12:00:00Z',
      end: '2025-01-02T13:00:00Z',
      calendar_id: 'personal',
    });
    const standup = await create({
      title: 'Standup',
      start: '2025-01-06T09:00:00Z',
      end: '2025-01-06T09:15:00Z',
      recurrence: { frequency: 'weekly', days_of_week: ['monday', 'thursday'] },
    });
    const query = async (body: Record<string, unknown>) => {
      const response = await ues.call('POST', '/calendar/query', { body });
      expect(response.status).toBe(200);
      return response.body;
    };

    const all = await query({});
    expect(all).toMatchObject({ modality_type: 'calendar', count: 3, total_count: 3 });
    expect(all.events.map((event: any) => event.event_id)).toEqual([review, lunch, standup]);
    expect((await ues.call('POST', '/calendar/query')).body.total_count).toBe(3);

    expect((await query({ calendar_ids: ['personal'] })).events.map((e: any) => e.event_id)).toEqual([lunch]);
    expect((await query({ search: 'ROADMAP' })).events.map((e: any) => e.event_id)).toEqual([review, lunch]);
    expect((await query({ status: 'tentative' })).events.map((e: any) => e.event_id)).toEqual([review]);
    expect((await query({ has_attendees: true })).events.map((e: any) => e.event_id)).toEqual([review]);
    expect((await query({ recurring: true })).events.map((e: any) => e.event_id)).toEqual([standup]);
    expect(
      (await query({ recurring: false, has_attendees: false })).events.map((e: any) => e.event_id),
    ).toEqual([lunch]);
    // Overlap is inclusive: an event ending exactly at the window start matches.
    const overlap = await query({ start: '2025-01-02T11:00:00Z', end: '2025-01-02T11:30:00Z' });
    expect(overlap.events.map((e: any) => e.event_id)).toEqual([review]);

    const byEnd = await query({ sort_by: 'end', sort_order: 'desc', limit: 2, offset: 1 });
    expect(byEnd).toMatchObject({ count: 2, total_count: 3 });
    expect(byEnd.events.map((e: any) => e.event_id)).toEqual([lunch, review]);

    const expanded = await query({
      start: '2025-01-06T00:00:00Z',
      end: '2025-01-13T23:59:59Z',
      expand_recurring: true,
    });
    expect(expanded.events.map((e: any) => [e.event_id, e.start])).toEqual([
      [standup, '2025-01-06T09:00:00Z'],
      [standup, '2025-01-09T09:00:00Z'],
      [standup, '2025-01-13T09:00:00Z'],
    ]);
  });

  it('updates only the given fields, deletes, and reports failures with status failed', async () => {
    const id = await create({
      title: 'Sync',
      start: '2025-01-02T10:00:00Z',
      end: '2025-01-02T10:30:00Z',
      status: 'tentative',
    });
    const updated = await ues.call('POST', '/calendar/update', {
      body: { event_id: id, title: 'Weekly sync', end: '2025-01-02T11:00:00Z' },
    });
    expect(updated.body).toMatchObject({ status: 'executed', message: `Updated calendar event: ${id}` });
    const state = await ues.call('GET', '/calendar/state');
    expect(state.body.events[id]).toMatchObject({
      title: 'Weekly sync',
      status: 'tentative',
      end: '2025-01-02T11:00:00Z',
    });

    const unknown = await ues.call('POST', '/calendar/update', { body: { event_id: 'nope', title: 'x' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      status: 'failed',
      message: 'Failed to update calendar event: ValueError: Event nope not found',
    });
    expect(ues.ues.engine.queue.get(unknown.body.event_id)!.status).toBe('failed');

    const deleted = await ues.call('POST', '/calendar/delete', { body: { event_id: id } });
    expect(deleted.body).toMatchObject({ status: 'executed', message: `Deleted calendar event: ${id}` });
    expect((await ues.call('GET', '/calendar/state')).body.event_count).toBe(0);
    const again = await ues.call('POST', '/calendar/delete', { body: { event_id: id } });
    expect(again.body.status).toBe('failed');
    expect(again.body.message).toBe(`Failed to delete calendar event: ValueError: Event ${id} not found`);
  });

  it('edits and deletes occurrences of a recurring event by scope', async () => {
    const id = await create({
      title: 'Gym',
      start: '2025-01-06T18:00:00Z',
      end: '2025-01-06T19:00:00Z',
      recurrence: { frequency: 'daily', end_type: 'until', end_date: '2025-01-12' },
    });
    const moved = await ues.call('POST', '/calendar/update', {
      body: {
        event_id: id,
        recurrence_scope: 'this',
        recurrence_id: '2025-01-07',
        start: '2025-01-07T07:00:00Z',
      },
    });
    expect(moved.body.status).toBe('executed');
    await ues.call('POST', '/calendar/delete', {
      body: { event_id: id, recurrence_scope: 'this', recurrence_id: '2025-01-08' },
    });
    await ues.call('POST', '/calendar/delete', {
      body: { event_id: id, recurrence_scope: 'this_and_future', recurrence_id: '2025-01-10' },
    });
    const week = await ues.call('POST', '/calendar/query', {
      body: { start: '2025-01-06T00:00:00Z', end: '2025-01-13T00:00:00Z', expand_recurring: true },
    });
    expect(week.body.events.map((e: any) => e.start)).toEqual([
      '2025-01-06T18:00:00Z',
      '2025-01-07T07:00:00Z',
      '2025-01-09T18:00:00Z',
    ]);
    const vague = await ues.call('POST', '/calendar/delete', { body: { event_id: id } });
    expect(vague.body.status).toBe('failed');
    expect(vague.body.message).toContain('recurrence_id (YYYY-MM-DD) is required');
  });

  it('records RSVPs the way the green agent sends them, failing for unknown events and attendees', async () => {
    const id = await create({
      title: 'Offsite',
      start: '2025-01-10T09:00:00Z',
      end: '2025-01-10T17:00:00Z',
      organizer: 'user@example.com',
      attendees: [{ email: 'bob@example.com', display_name: 'Bob' }],
    });
    const green = await ues.createKey(['calendar:respond', 'calendar:query']);
    const responded = await ues.call('POST', '/calendar/respond', {
      key: green.secret,
      body: { event_id: id, attendee_email: 'Bob@Example.com', response: 'declined', comment: 'Travelling' },
    });
    expect(responded.status).toBe(200);
    expect(responded.body).toMatchObject({
      status: 'executed',
      message: `Responded to event ${id}: Bob@Example.com -> declined`,
    });
    const event = ues.ues.engine.queue.get(responded.body.event_id)!;
    expect(event.agent_id).toBe(green.keyId);
    expect(event.metadata).toEqual({ created_by_key: green.keyId });
    const found = await ues.call('POST', '/calendar/query', {
      key: green.secret,
      body: { search: 'offsite' },
    });
    expect(found.body.events[0].attendees[0]).toMatchObject({ response: 'declined', comment: 'Travelling' });

    const stranger = await ues.call('POST', '/calendar/respond', {
      body: { event_id: id, attendee_email: 'eve@example.com', response: 'accepted' },
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body.status).toBe('failed');
    expect(stranger.body.message).toBe(
      `Failed to respond to calendar event: ValueError: Attendee eve@example.com not found in event ${id}`,
    );
    const unknown = await ues.call('POST', '/calendar/respond', {
      body: { event_id: 'nope', attendee_email: 'bob@example.com', response: 'accepted' },
    });
    expect(unknown.body).toMatchObject({ status: 'failed' });
    expect(unknown.body.message).toContain('Event nope not found');
  });

  it('rejects malformed input with 422 naming the field, and rule violations with 400', async () => {
    const expect422 = async (path: string, body: unknown, loc: (string | number)[]) => {
      const response = await ues.call('POST', path, { body });
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.error).toBe('Validation Error');
      expect(response.body.detail.map((issue: any) => issue.loc)).toContainEqual(loc);
    };
    const times = { start: '2025-01-02T10:00:00Z', end: '2025-01-02T11:00:00Z' };
    await expect422('/calendar/create', times, ['body', 'title']);
    await expect422('/calendar/create', { title: 'x', start: '2025-01-02T10:00:00', end: times.end }, [
      'body',
      'start',
    ]);
    await expect422('/calendar/create', { title: 'x', ...times, attendees: [{ email: 'not-an-email' }] }, [
      'body',
      'attendees',
      0,
      'email',
    ]);
    await expect422('/calendar/create', { title: 'x', ...times, recurrence: { frequency: 'hourly' } }, [
      'body',
      'recurrence',
      'frequency',
    ]);
    await expect422('/calendar/create', { title: 'x', ...times, status: 'maybe' }, ['body', 'status']);
    await expect422('/calendar/update', { title: 'x' }, ['body', 'event_id']);
    await expect422('/calendar/delete', { event_id: 'e', recurrence_id: '2025-02-30' }, [
      'body',
      'recurrence_id',
    ]);
    await expect422('/calendar/delete', { event_id: 'e', recurrence_scope: 'some' }, [
      'body',
      'recurrence_scope',
    ]);
    await expect422('/calendar/respond', { event_id: 'e', attendee_email: 'a@b.co', response: 'yes' }, [
      'body',
      'response',
    ]);
    await expect422('/calendar/query', { sort_by: 'title' }, ['body', 'sort_by']);
    await expect422('/calendar/query', { limit: -1 }, ['body', 'limit']);
    await expect422('/calendar/calendars/create', { name: 'Work' }, ['body', 'calendar_id']);
    const badJson = await ues.call('POST', '/calendar/create', { rawBody: '{"title": ' });
    expect(badJson.status).toBe(422);
    const badCompact = await ues.call('GET', '/calendar/state?compact=maybe');
    expect(badCompact.status).toBe(422);
    expect(badCompact.body.detail[0].loc).toEqual(['query', 'compact']);

    const backwards = await ues.call('POST', '/calendar/create', {
      body: { title: 'x', start: times.end, end: times.start },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.detail).toContain('end time must be after start time');
    const organizer = await ues.call('POST', '/calendar/create', {
      body: { title: 'x', ...times, organizer: 'bob' },
    });
    expect(organizer.status).toBe(400);
    expect(organizer.body.detail).toContain('Invalid organizer email format: bob');
    expect(ues.ues.engine.queue.size).toBe(0);
    expect((await ues.call('GET', '/calendar/state')).body.event_count).toBe(0);
  });

  it('requires a key with the permission and changes nothing on 403', async () => {
    const body = { title: 'x', start: '2025-01-02T10:00:00Z', end: '2025-01-02T11:00:00Z' };
    expect((await ues.call('GET', '/calendar/state', { key: null })).status).toBe(401);
    expect((await ues.call('POST', '/calendar/create', { key: 'nope', body })).status).toBe(401);
    const reader = await ues.createKey(['calendar:state', 'calendar:query']);
    const denied = await ues.call('POST', '/calendar/create', { key: reader.secret, body });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('Permission denied. Required permission: calendar:create');
    for (const [path, permission] of [
      ['/calendar/update', 'calendar:update'],
      ['/calendar/delete', 'calendar:delete'],
      ['/calendar/respond', 'calendar:respond'],
      ['/calendar/calendars/create', 'calendar:calendars:create'],
      ['/calendar/calendars/set-default', 'calendar:calendars:default'],
    ] as const) {
      const response = await ues.call('POST', path, { key: reader.secret, body: { calendar_id: 'primary' } });
      expect(response.status).toBe(403);
      expect(response.body.detail).toBe(`Permission denied. Required permission: ${permission}`);
    }
    expect((await ues.call('GET', '/calendar/calendars', { key: reader.secret })).status).toBe(403);
    expect(ues.ues.engine.queue.size).toBe(0);
    expect((await ues.call('GET', '/calendar/state', { key: reader.secret })).body).toMatchObject({
      event_count: 0,
      update_count: 0,
    });
    const wildcard = await ues.createKey(['calendar:*']);
    expect((await ues.call('GET', '/calendar/calendars', { key: wildcard.secret })).status).toBe(200);
  });

  it('manages calendar containers directly, without events', async () => {
    const listed = await ues.call('GET', '/calendar/calendars');
    expect(listed.body).toEqual({
      calendars: [
        {
          calendar_id: 'primary',
          name: 'Personal',
          color: '#4285f4',
          visible: true,
          event_count: 0,
          created_at: '2025-01-01T12:00:00Z',
          updated_at: '2025-01-01T12:00:00Z',
        },
      ],
      count: 1,
      default_calendar_id: 'primary',
    });

    const created = await ues.call('POST', '/calendar/calendars/create', {
      body: { calendar_id: 'work', name: 'Work', visible: false },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      status: 'success',
      message: 'Created calendar: Work',
      calendar: { calendar_id: 'work', name: 'Work', color: '#4285f4', visible: false, event_count: 0 },
    });
    const duplicate = await ues.call('POST', '/calendar/calendars/create', {
      body: { calendar_id: 'work', name: 'W' },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.detail).toBe("Calendar 'work' already exists");

    const updated = await ues.call('POST', '/calendar/calendars/update', {
      body: { calendar_id: 'work', color: '#ff0000' },
    });
    expect(updated.body).toMatchObject({
      message: 'Updated calendar: Work',
      calendar: { name: 'Work', color: '#ff0000', visible: false },
    });
    expect(
      (await ues.call('POST', '/calendar/calendars/update', { body: { calendar_id: 'x' } })).status,
    ).toBe(404);

    const defaulted = await ues.call('POST', '/calendar/calendars/set-default', {
      body: { calendar_id: 'work' },
    });
    expect(defaulted.body).toMatchObject({ status: 'success', message: 'Set default calendar to: Work' });
    expect(
      (await ues.call('POST', '/calendar/calendars/set-default', { body: { calendar_id: 'x' } })).status,
    ).toBe(404);
    // A create without calendar_id now lands in the default calendar.
    const id = await create({ title: 'Plan', start: '2025-01-02T10:00:00Z', end: '2025-01-02T11:00:00Z' });
    const state = await ues.call('GET', '/calendar/state');
    expect(state.body.events[id].calendar_id).toBe('work');
    expect(state.body.default_calendar_id).toBe('work');

    const refused = await ues.call('POST', '/calendar/calendars/delete', { body: { calendar_id: 'work' } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Cannot delete default calendar');
    await ues.call('POST', '/calendar/calendars/set-default', { body: { calendar_id: 'primary' } });
    const deleted = await ues.call('POST', '/calendar/calendars/delete', { body: { calendar_id: 'work' } });
    expect(deleted.body).toEqual({ status: 'success', message: 'Deleted calendar: Work', calendar: null });
    const gone = await ues.call('POST', '/calendar/calendars/delete', { body: { calendar_id: 'work' } });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Calendar 'work' not found");
    const after = await ues.call('GET', '/calendar/state');
    expect(after.body).toMatchObject({ calendar_count: 1, event_count: 0 });
    // Only the one create made an event; container changes are outside the event log.
    expect(ues.ues.engine.queue.size).toBe(1);
  });

  it('runs scheduled calendar events from POST /events and survives a scenario export and import', async () => {
    const scheduled = await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T12:30:00Z',
        modality: 'calendar',
        data: {
          operation: 'create',
          title: 'Imported',
          start: '2025-01-05T10:00:00Z',
          end: '2025-01-05T11:00:00Z',
        },
      },
    });
    expect(scheduled.status).toBe(200);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
    const executed = await ues.call('GET', `/events/${scheduled.body.event_id}`);
    expect(executed.body.status).toBe('executed');
    const id = executed.body.data.event_id as string;
    await create({
      title: 'Series',
      start: '2025-01-06T09:00:00Z',
      end: '2025-01-06T10:00:00Z',
      recurrence: { frequency: 'weekly', days_of_week: ['monday'] },
      attendees: [{ email: 'amy@example.com' }],
    });
    const before = (await ues.call('GET', '/calendar/state')).body;
    expect(before.events[id].title).toBe('Imported');

    const exported = await ues.call('GET', '/scenario/export/full');
    expect(exported.status).toBe(200);
    await ues.call('POST', '/simulation/stop');
    const imported = await ues.call('POST', '/scenario/import/full', {
      body: { scenario: exported.body.scenario },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await ues.call('GET', '/calendar/state')).body).toEqual(before);
  });
});
