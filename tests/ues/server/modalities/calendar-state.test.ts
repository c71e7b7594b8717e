import { describe, expect, it } from 'vitest';
import { SimulationEngine } from '../../../../src/ues/server/core/engine.js';
import { ModalityRegistry } from '../../../../src/ues/server/core/environment.js';
import { UesError } from '../../../../src/ues/server/core/errors.js';
import { parseTime } from '../../../../src/ues/server/core/time.js';
import { calendarModality } from '../../../../src/ues/server/modalities/calendar/index.js';
import { loadCalendarState } from '../../../../src/ues/server/modalities/calendar/load.js';
import type { CalendarEvent } from '../../../../src/ues/server/modalities/calendar/model.js';
import { queryEvents, calendarQuerySchema } from '../../../../src/ues/server/modalities/calendar/query.js';
import type { CalendarState } from '../../../../src/ues/server/modalities/calendar/state.js';

const T0 = parseTime('2025-01-01T12:00:00Z')!;

function makeEngine() {
  const engine = new SimulationEngine({
    registry: new ModalityRegistry([calendarModality.definition]),
    startTime: T0,
    wallClock: () => 0,
  });
  const state = () => engine.states.get('calendar') as CalendarState;
  const run = (data: Record<string, unknown>) => engine.executeImmediate('calendar', data, 'test-key');
  const create = (fields: Record<string, unknown>) => {
    const event = run({ operation: 'create', ...fields });
    expect(event.status, event.error_message ?? '').toBe('executed');
    return event.data.event_id as string;
  };
  const event = (id: string) => state().getEvent(id)!;
  /** Expanded occurrence starts within [from, to]. */
  const occurrences = (from: string, to: string, filter: Record<string, unknown> = {}) =>
    queryEvents(
      state().allEvents(),
      calendarQuerySchema.parse({ start: from, end: to, expand_recurring: true, ...filter }),
    ).events.map((occurrence: CalendarEvent) => occurrence.start);
  return { engine, state, run, create, event, occurrences };
}

const standup = {
  title: 'Standup',
  start: '2025-01-06T09:00:00Z',
  end: '2025-01-06T09:15:00Z',
};

describe('calendar create', () => {
  it('stores the event with defaults, pins its ids on the input and counts the update', () => {
    const { engine, state, run, event } = makeEngine();
    const executed = run({
      operation: 'create',
      title: 'Lunch',
      start: '2025-01-02T12:00:00+01:00',
      end: '2025-01-02T13:00:00+01:00',
    });
    expect(executed.status).toBe('executed');
    const id = executed.data.event_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(executed.data.calendar_id).toBe('primary');
    expect(event(id)).toMatchObject({
      event_id: id,
      calendar_id: 'primary',
      title: 'Lunch',
      start: '2025-01-02T11:00:00Z',
      end: '2025-01-02T12:00:00Z',
      all_day: false,
      timezone: 'UTC',
      status: 'confirmed',
      visibility: 'default',
      transparency: 'opaque',
      attendees: [],
      recurrence: null,
      created_at: '2025-01-01T12:00:00Z',
      updated_at: '2025-01-01T12:00:00Z',
      deleted_at: null,
    });
    const json = state().toJSON() as any;
    expect(json.calendars.primary.event_ids).toEqual([id]);
    expect(json.update_count).toBe(1);
    expect(engine.queue.get(executed.event_id)!.data.event_id).toBe(id);
  });

  it('auto-creates an unknown calendar named like Python str.title(), and uses the default calendar', () => {
    const { state, create, event } = makeEngine();
    const id = create({ ...standup, calendar_id: 'work-stuff' });
    expect(state().calendars.get('work-stuff')).toMatchObject({ name: 'Work-Stuff', color: '#4285f4' });
    expect(event(id).calendar_id).toBe('work-stuff');
    state().setDefaultCalendar('work-stuff');
    expect(event(create(standup)).calendar_id).toBe('work-stuff');
  });

  it('lower-cases attendee emails and fails on a duplicate event id without changing anything', () => {
    const { state, run, create, event } = makeEngine();
    const id = create({
      ...standup,
      event_id: 'fixed',
      attendees: [{ email: 'Bob@Example.COM', display_name: 'Bob' }],
    });
    expect(event(id).attendees).toEqual([
      {
        email: 'bob@example.com',
        display_name: 'Bob',
        optional: false,
        response: 'needs-action',
        comment: null,
      },
    ]);
    const before = JSON.stringify(state().toJSON());
    const duplicate = run({ operation: 'create', ...standup, event_id: 'fixed', title: 'Other' });
    expect(duplicate.status).toBe('failed');
    expect(duplicate.error_message).toBe('ValueError: Calendar event fixed already exists');
    expect(JSON.stringify(state().toJSON())).toBe(before);
  });

  it('rejects field-rule violations with a 400 naming them', () => {
    const { run } = makeEngine();
    const problemsOf = (data: Record<string, unknown>): string => {
      try {
        run(data);
      } catch (error) {
        expect(error).toBeInstanceOf(UesError);
        expect((error as UesError).status).toBe(400);
        return String((error as UesError).detail);
      }
      throw new Error('expected a 400');
    };
    expect(problemsOf({ operation: 'create', title: '' })).toContain(
      'title is required for create operation',
    );
    expect(problemsOf({ operation: 'create', ...standup, end: standup.start })).toContain(
      'end time must be after start time',
    );
    expect(
      problemsOf({ operation: 'create', ...standup, recurrence: { frequency: 'daily', end_type: 'until' } }),
    ).toContain("end_date required when end_type is 'until'");
    expect(
      problemsOf({
        operation: 'create',
        ...standup,
        recurrence: { frequency: 'daily', end_type: 'until', end_date: '2025-01-05' },
      }),
    ).toContain('recurrence end_date must be after start date');
    expect(
      problemsOf({ operation: 'create', ...standup, recurrence: { frequency: 'daily', end_type: 'count' } }),
    ).toContain("count required when end_type is 'count'");
    expect(problemsOf({ operation: 'create', ...standup, organizer: 'nobody' })).toContain(
      'Invalid organizer email format: nobody',
    );
    expect(problemsOf({ operation: 'update' })).toContain('event_id is required for update operation');
    expect(problemsOf({ operation: 'respond', event_id: 'x' })).toContain(
      'attendee_email is required for respond operation',
    );
  });
});

describe('calendar update, respond and delete', () => {
  it('applies only the fields given and adds exceptions', () => {
    const { run, create, event } = makeEngine();
    const id = create({
      ...standup,
      status: 'tentative',
      description: 'daily',
      recurrence_exceptions: ['2025-01-07'],
    });
    const updated = run({
      operation: 'update',
      event_id: id,
      title: 'Stand-up',
      recurrence_exceptions: ['2025-01-08'],
    });
    expect(updated.status).toBe('executed');
    expect(event(id)).toMatchObject({
      title: 'Stand-up',
      status: 'tentative',
      description: 'daily',
      recurrence_exceptions: ['2025-01-07', '2025-01-08'],
    });
  });

  it('fails an update of an unknown event or one that would end before it starts', () => {
    const { run, create, event } = makeEngine();
    const missing = run({ operation: 'update', event_id: 'nope', title: 'x' });
    expect(missing.status).toBe('failed');
    expect(missing.error_message).toBe('ValueError: Event nope not found');
    const id = create(standup);
    const backwards = run({ operation: 'update', event_id: id, end: '2025-01-06T08:00:00Z' });
    expect(backwards.status).toBe('failed');
    expect(backwards.error_message).toContain('end time must be after start time');
    expect(event(id).end).toBe(standup.end);
  });

  it('records an RSVP case-insensitively, keeps an earlier comment and fails for unknown people', () => {
    const { run, create, event } = makeEngine();
    const id = create({
      ...standup,
      attendees: [{ email: 'bob@example.com' }, { email: 'amy@example.com' }],
    });
    expect(
      run({
        operation: 'respond',
        event_id: id,
        attendee_email: 'BOB@example.com',
        response: 'accepted',
        response_comment: 'See you',
      }).status,
    ).toBe('executed');
    run({ operation: 'respond', event_id: id, attendee_email: 'bob@example.com', response: 'tentative' });
    expect(event(id).attendees[0]).toMatchObject({ response: 'tentative', comment: 'See you' });
    expect(event(id).attendees[1]!.response).toBe('needs-action');
    const stranger = run({
      operation: 'respond',
      event_id: id,
      attendee_email: 'eve@example.com',
      response: 'declined',
    });
    expect(stranger.status).toBe('failed');
    expect(stranger.error_message).toBe(`ValueError: Attendee eve@example.com not found in event ${id}`);
    const unknown = run({
      operation: 'respond',
      event_id: 'nope',
      attendee_email: 'bob@example.com',
      response: 'declined',
    });
    expect(unknown.error_message).toBe('ValueError: Event nope not found');
  });

  it('hard-deletes a plain event and fails on an unknown one', () => {
    const { state, run, create } = makeEngine();
    const id = create(standup);
    expect(run({ operation: 'delete', event_id: id }).status).toBe('executed');
    expect(state().eventCount).toBe(0);
    expect((state().toJSON() as any).calendars.primary.event_ids).toEqual([]);
    expect(run({ operation: 'delete', event_id: id }).error_message).toBe(
      `ValueError: Event ${id} not found`,
    );
  });
});

describe('recurring events', () => {
  const daily = { ...standup, recurrence: { frequency: 'daily' } };

  it('deletes one occurrence with scope this, and refuses scope this without a date', () => {
    const { run, create, occurrences } = makeEngine();
    const id = create(daily);
    const vague = run({ operation: 'delete', event_id: id });
    expect(vague.status).toBe('failed');
    expect(vague.error_message).toContain('recurrence_id (YYYY-MM-DD) is required');
    run({ operation: 'delete', event_id: id, recurrence_scope: 'this', recurrence_id: '2025-01-07' });
    expect(occurrences('2025-01-06T00:00:00Z', '2025-01-08T23:59:59Z')).toEqual([
      '2025-01-06T09:00:00Z',
      '2025-01-08T09:00:00Z',
    ]);
  });

  it('modifies a single occurrence with scope this + recurrence_id, and deleting the series removes it', () => {
    const { state, run, create, event, occurrences } = makeEngine();
    const id = create(daily);
    const moved = run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this',
      recurrence_id: '2025-01-07',
      title: 'Late standup',
      start: '2025-01-07T11:00:00Z',
    });
    expect(moved.status).toBe('executed');
    const childId = moved.data.derived_event_id as string;
    expect(event(childId)).toMatchObject({
      title: 'Late standup',
      start: '2025-01-07T11:00:00Z',
      end: '2025-01-07T11:15:00Z',
      recurrence: null,
      recurrence_id: '2025-01-07',
      parent_event_id: id,
    });
    expect(event(id).title).toBe('Standup');
    expect(event(id).recurrence_exceptions).toEqual(['2025-01-07']);
    expect(occurrences('2025-01-06T00:00:00Z', '2025-01-08T23:59:59Z')).toEqual([
      '2025-01-06T09:00:00Z',
      '2025-01-07T11:00:00Z',
      '2025-01-08T09:00:00Z',
    ]);
    // Editing the same occurrence again edits the modified copy.
    run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this',
      recurrence_id: '2025-01-07',
      location: 'Room 2',
    });
    expect(event(childId).location).toBe('Room 2');
    expect(state().eventCount).toBe(2);
    const notAnOccurrence = run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this',
      recurrence_id: '2025-01-05',
      title: 'x',
    });
    expect(notAnOccurrence.error_message).toContain('2025-01-05 is not an occurrence');
    run({ operation: 'delete', event_id: id, recurrence_scope: 'all' });
    expect(state().eventCount).toBe(0);
  });

  it('updates the master with scope all and with scope this without a date', () => {
    const { run, create, event } = makeEngine();
    const id = create(daily);
    run({ operation: 'update', event_id: id, recurrence_scope: 'all', location: 'Room 1' });
    run({ operation: 'update', event_id: id, title: 'Daily standup' });
    expect(event(id)).toMatchObject({ location: 'Room 1', title: 'Daily standup' });
  });

  it('splits a series on this_and_future update: the old one ends before the date, the new one starts on it', () => {
    const { run, create, event, occurrences } = makeEngine();
    const id = create({
      ...daily,
      recurrence: { frequency: 'daily', end_type: 'until', end_date: '2025-01-12' },
    });
    const split = run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-09',
      title: 'Standup v2',
    });
    expect(split.status).toBe('executed');
    const futureId = split.data.derived_event_id as string;
    expect(event(id).recurrence).toMatchObject({ end_type: 'until', end_date: '2025-01-08' });
    expect(event(id).recurrence_exceptions).toContain('2025-01-09');
    expect(event(futureId)).toMatchObject({
      title: 'Standup v2',
      start: '2025-01-09T09:00:00Z',
      end: '2025-01-09T09:15:00Z',
      recurrence: { frequency: 'daily', end_type: 'until', end_date: '2025-01-12' },
      parent_event_id: null,
    });
    const all = queryEvents(
      [event(id), event(futureId)],
      calendarQuerySchema.parse({
        start: '2025-01-01T00:00:00Z',
        end: '2025-01-31T00:00:00Z',
        expand_recurring: true,
      }),
    ).events;
    expect(all.map((occurrence) => `${occurrence.start.slice(5, 10)} ${occurrence.title}`)).toEqual([
      '01-06 Standup',
      '01-07 Standup',
      '01-08 Standup',
      '01-09 Standup v2',
      '01-10 Standup v2',
      '01-11 Standup v2',
      '01-12 Standup v2',
    ]);
    expect(occurrences('2025-01-01T00:00:00Z', '2025-01-31T00:00:00Z')).toHaveLength(7);
  });

  it('splits a count rule by the occurrences on each side', () => {
    const { run, create, event } = makeEngine();
    const id = create({ ...daily, recurrence: { frequency: 'daily', end_type: 'count', count: 10 } });
    const split = run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-10',
      location: 'B',
    });
    expect(event(id).recurrence).toMatchObject({ end_type: 'count', count: 4 });
    expect(event(split.data.derived_event_id as string).recurrence).toMatchObject({
      end_type: 'count',
      count: 6,
    });
  });

  it('treats a split on or before the first date as the whole series, and fails one after the last', () => {
    const { state, run, create, event } = makeEngine();
    const id = create({ ...daily, recurrence: { frequency: 'daily', end_type: 'count', count: 3 } });
    run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-06',
      title: 'All',
    });
    expect(event(id).title).toBe('All');
    expect(state().eventCount).toBe(1);
    const late = run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-20',
      title: 'x',
    });
    expect(late.status).toBe('failed');
    expect(late.error_message).toContain('after the last occurrence');
    const noDate = run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this_and_future',
      title: 'x',
    });
    expect(noDate.error_message).toContain(
      'recurrence_id (YYYY-MM-DD) is required for recurrence_scope this_and_future',
    );
  });

  it('deletes this_and_future by ending the series, removing later modified occurrences', () => {
    const { state, run, create, event, occurrences } = makeEngine();
    const id = create(daily);
    run({
      operation: 'update',
      event_id: id,
      recurrence_scope: 'this',
      recurrence_id: '2025-01-10',
      title: 'Moved',
    });
    run({
      operation: 'delete',
      event_id: id,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-08',
    });
    expect(state().eventCount).toBe(1);
    expect(event(id).recurrence).toMatchObject({ end_type: 'until', end_date: '2025-01-07' });
    expect(occurrences('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z')).toEqual([
      '2025-01-06T09:00:00Z',
      '2025-01-07T09:00:00Z',
    ]);
    run({
      operation: 'delete',
      event_id: id,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-06',
    });
    expect(state().eventCount).toBe(0);
  });
});

describe('recurrence expansion', () => {
  const expand = (
    recurrence: Record<string, unknown>,
    from: string,
    to: string,
    extra: Record<string, unknown> = {},
  ) => {
    const { create, occurrences } = makeEngine();
    create({ ...standup, ...extra, recurrence });
    return occurrences(from, to);
  };

  it('steps daily by interval from the series start, whatever the window', () => {
    expect(
      expand({ frequency: 'daily', interval: 2 }, '2025-01-09T00:00:00Z', '2025-01-14T00:00:00Z'),
    ).toEqual(['2025-01-10T09:00:00Z', '2025-01-12T09:00:00Z']);
  });

  it('honours days_of_week and interval for weekly rules (our port; the original ignored days_of_week)', () => {
    expect(
      expand(
        { frequency: 'weekly', interval: 2, days_of_week: ['friday', 'monday'] },
        '2025-01-01T00:00:00Z',
        '2025-01-31T23:59:59Z',
      ),
    ).toEqual([
      '2025-01-06T09:00:00Z',
      '2025-01-10T09:00:00Z',
      '2025-01-20T09:00:00Z',
      '2025-01-24T09:00:00Z',
    ]);
    expect(expand({ frequency: 'weekly' }, '2025-01-08T00:00:00Z', '2025-01-21T00:00:00Z')).toEqual([
      '2025-01-13T09:00:00Z',
      '2025-01-20T09:00:00Z',
    ]);
  });

  it('caps the monthly day at 28 only where the month lacks it, and maps Feb 29 to 28 yearly', () => {
    expect(
      expand({ frequency: 'monthly' }, '2025-01-01T00:00:00Z', '2025-05-31T23:59:59Z', {
        start: '2025-01-31T09:00:00Z',
        end: '2025-01-31T10:00:00Z',
      }),
    ).toEqual([
      '2025-01-31T09:00:00Z',
      '2025-02-28T09:00:00Z',
      '2025-03-31T09:00:00Z',
      '2025-04-28T09:00:00Z',
      '2025-05-31T09:00:00Z',
    ]);
    expect(
      expand({ frequency: 'yearly' }, '2024-01-01T00:00:00Z', '2028-12-31T00:00:00Z', {
        start: '2024-02-29T09:00:00Z',
        end: '2024-02-29T10:00:00Z',
      }),
    ).toEqual([
      '2024-02-29T09:00:00Z',
      '2025-02-28T09:00:00Z',
      '2026-02-28T09:00:00Z',
      '2027-02-28T09:00:00Z',
      '2028-02-29T09:00:00Z',
    ]);
  });

  it('skips exceptions, stops at until (inclusive) and counts count from the series start', () => {
    expect(
      expand(
        { frequency: 'daily', end_type: 'until', end_date: '2025-01-09' },
        '2025-01-01T00:00:00Z',
        '2025-01-31T00:00:00Z',
        { recurrence_exceptions: ['2025-01-07'] },
      ),
    ).toEqual(['2025-01-06T09:00:00Z', '2025-01-08T09:00:00Z', '2025-01-09T09:00:00Z']);
    expect(
      expand(
        { frequency: 'daily', end_type: 'count', count: 5 },
        '2025-01-09T00:00:00Z',
        '2025-01-31T00:00:00Z',
      ),
    ).toEqual(['2025-01-09T09:00:00Z', '2025-01-10T09:00:00Z']);
  });

  it('keeps the local wall time and local weekday in the event timezone across DST', () => {
    // Mondays 20:00 in New York are Tuesdays in UTC; the offset moves from -5 to -4 on March 9.
    expect(
      expand(
        { frequency: 'weekly', days_of_week: ['monday'] },
        '2025-03-01T00:00:00Z',
        '2025-03-19T00:00:00Z',
        {
          start: '2025-01-06T20:00:00-05:00',
          end: '2025-01-06T21:00:00-05:00',
          timezone: 'America/New_York',
        },
      ),
    ).toEqual(['2025-03-04T01:00:00Z', '2025-03-11T00:00:00Z', '2025-03-18T00:00:00Z']);
  });

  it('includes an occurrence overlapping the window edge and leaves unexpanded queries alone', () => {
    const { create, state, occurrences } = makeEngine();
    create({ ...standup, recurrence: { frequency: 'daily' } });
    expect(occurrences('2025-01-07T09:10:00Z', '2025-01-07T12:00:00Z')).toEqual(['2025-01-07T09:00:00Z']);
    const plain = queryEvents(
      state().allEvents(),
      calendarQuerySchema.parse({ start: '2025-01-07T00:00:00Z' }),
    );
    // Unexpanded, a series matches by its master's own times only (as the original).
    expect(plain.events).toEqual([]);
    const withoutEnd = queryEvents(
      state().allEvents(),
      calendarQuerySchema.parse({ end: '2025-02-01T00:00:00Z', expand_recurring: true }),
    );
    expect(withoutEnd.events.map((event) => event.start)).toEqual(['2025-01-06T09:00:00Z']);
  });
});

describe('calendar undo, load, clear and compact', () => {
  it('restores the exact state on reset after a series of inputs, and redo reproduces the ids', () => {
    const { engine, state, run, create } = makeEngine();
    // Start from a loaded state with several events, so deletions hit the middle of the map.
    const firstIds = [
      create({ ...standup, title: 'A' }),
      create({ ...standup, title: 'B', attendees: [{ email: 'bob@example.com' }] }),
      create({ ...standup, title: 'C' }),
    ];
    engine.clearHistory();
    const before = JSON.stringify(state().toJSON());

    engine.clock.currentTime = T0 + 60_000;
    const series = create({
      ...standup,
      title: 'Series',
      calendar_id: 'team',
      recurrence: { frequency: 'daily' },
    });
    run({ operation: 'delete', event_id: firstIds[0] });
    run({
      operation: 'respond',
      event_id: firstIds[1],
      attendee_email: 'bob@example.com',
      response: 'accepted',
      response_comment: 'ok',
    });
    run({ operation: 'update', event_id: firstIds[2], title: 'C2', end: '2025-01-06T10:00:00Z' });
    run({
      operation: 'update',
      event_id: series,
      recurrence_scope: 'this',
      recurrence_id: '2025-01-08',
      title: 'Moved',
    });
    run({
      operation: 'update',
      event_id: series,
      recurrence_scope: 'this_and_future',
      recurrence_id: '2025-01-10',
      title: 'Later',
    });
    run({ operation: 'delete', event_id: series, recurrence_scope: 'this', recurrence_id: '2025-01-07' });
    run({ operation: 'delete', event_id: firstIds[1] });
    run({ operation: 'update', event_id: 'missing', title: 'fails' });
    const after = JSON.stringify(state().toJSON());
    expect(after).not.toBe(before);

    const undone = engine.undo(100);
    expect(undone).toHaveLength(8);
    expect(JSON.stringify(state().toJSON())).toBe(before);
    engine.redo(100);
    expect(JSON.stringify(state().toJSON())).toBe(after);

    engine.reset();
    expect(JSON.stringify(state().toJSON())).toBe(before);
    expect(state().checkConsistency()).toEqual([]);
  });

  it('loads the Python export format (+00:00, microseconds, nulls, naive datetimes, no calendars)', () => {
    const state = loadCalendarState(
      {
        modality_type: 'calendar',
        last_updated: '2026-01-28T06:00:00.123456+00:00',
        update_count: 3,
        calendars: {},
        events: {
          e1: {
            event_id: 'e1',
            calendar_id: 'primary',
            title: 'Dentist',
            start: '2026-01-29T15:00:00+00:00',
            end: '2026-01-29T16:00:00',
            all_day: false,
            timezone: 'UTC',
            description: null,
            location: null,
            status: 'confirmed',
            organizer: null,
            attendees: [
              {
                email: 'amy@example.com',
                display_name: null,
                optional: false,
                response: 'needs-action',
                comment: null,
              },
            ],
            recurrence: {
              frequency: 'weekly',
              interval: 1,
              days_of_week: null,
              day_of_month: null,
              month_of_year: null,
              end_type: 'never',
              end_date: null,
              count: null,
            },
            recurrence_exceptions: [],
            recurrence_id: null,
            parent_event_id: null,
            reminders: [{ minutes_before: 10, type: 'notification' }],
            color: null,
            visibility: 'default',
            transparency: 'opaque',
            attachments: [],
            conference_link: null,
            created_at: '2026-01-20T10:00:00+00:00',
            updated_at: '2026-01-20T10:00:00+00:00',
            deleted_at: null,
          },
        },
        default_calendar_id: 'primary',
        user_timezone: 'Europe/Paris',
      },
      T0,
    );
    const json = state.toJSON() as any;
    expect(json.last_updated).toBe('2026-01-28T06:00:00.123Z');
    expect(json.update_count).toBe(3);
    expect(json.user_timezone).toBe('Europe/Paris');
    expect(json.calendars.primary).toMatchObject({ name: 'Personal', event_ids: ['e1'] });
    expect(json.events.e1).toMatchObject({ start: '2026-01-29T15:00:00Z', end: '2026-01-29T16:00:00Z' });
    expect(state.checkConsistency()).toEqual([]);
    // Our own export loads back to the same JSON.
    expect(JSON.stringify(loadCalendarState(json, T0).toJSON())).toBe(JSON.stringify(json));
  });

  it('reports inconsistencies, and clear keeps the user timezone', () => {
    const state = loadCalendarState(
      {
        calendars: { primary: { name: 'Personal' } },
        events: {
          x: {
            calendar_id: 'gone',
            title: 'Orphan',
            start: '2025-01-02T10:00:00Z',
            end: '2025-01-02T09:00:00Z',
            parent_event_id: 'nope',
          },
        },
        user_timezone: 'Asia/Tokyo',
      },
      T0,
    );
    expect(state.checkConsistency()).toEqual([
      'Event x references missing calendar gone',
      'Event x has invalid time range: 2025-01-02T10:00:00Z to 2025-01-02T09:00:00Z',
      'Modified occurrence x references missing parent nope',
    ]);
    state.clear(T0);
    expect(state.toJSON()).toMatchObject({ user_timezone: 'Asia/Tokyo', update_count: 0, events: {} });
    expect(Object.keys((state.toJSON() as any).calendars)).toEqual(['primary']);
  });

  it('rejects a malformed export with a zod error', () => {
    expect(() => loadCalendarState({ events: { x: { title: 'No times' } } }, T0)).toThrowError(/start/);
  });

  it('summarises today, the current and the next event relative to simulated now', () => {
    const { state, create } = makeEngine();
    create({ title: 'Focus', start: '2025-01-01T11:30:00Z', end: '2025-01-01T12:30:00Z', location: 'Desk' });
    create({ title: 'Call', start: '2025-01-01T15:00:00Z', end: '2025-01-01T15:30:00Z' });
    create({
      title: 'Cancelled',
      start: '2025-01-01T13:00:00Z',
      end: '2025-01-01T14:00:00Z',
      status: 'cancelled',
    });
    create({
      title: 'Gym',
      start: '2024-12-30T18:00:00Z',
      end: '2024-12-30T19:00:00Z',
      recurrence: { frequency: 'daily' },
    });
    expect(state().compact(T0)).toEqual({
      summary: '3 events today, 9 this week',
      total_events: 4,
      calendar_count: 1,
      today_count: 3,
      current_event: { title: 'Focus', location: 'Desk', ends_in: '30 min' },
      next_event: { title: 'Call', starts_in: '3 hours', start_time: '2025-01-01T15:00:00Z' },
      upcoming_today: [
        { title: 'Call', start_time: '15:00', starts_in: '3 hours' },
        { title: 'Gym', start_time: '18:00', starts_in: '6 hours' },
      ],
    });
    expect(state().summary()).toBe('4 events in 1 calendar');
  });
});
