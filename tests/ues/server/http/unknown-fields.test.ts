import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUesApp } from '../../../../src/ues/server/app.js';
import type { RouteInfo } from '../../../../src/ues/server/http/router.js';
import { unknownFieldIssues } from '../../../../src/ues/server/http/unknown-fields.js';
import { startTestUes, type TestUes } from '../../helpers.js';

/**
 * A field a route does not have is refused with a 422 naming it, on every route — and every field
 * the Python UES documents (UES_API.md §3) is still a field, so a client written for it works
 * unchanged.
 */

/** The documented body (or, for GET, query-string) fields of the reference, per route. */
const PYTHON_FIELDS: Record<string, readonly string[]> = {
  'POST /simulator/time/advance': ['seconds'],
  'POST /simulator/time/set': ['target_time'],
  'POST /simulator/time/set-scale': ['scale'],
  'POST /simulation/start': ['auto_advance', 'time_scale'],
  'POST /simulation/clear': ['reset_time_to'],
  'POST /simulation/undo': ['count'],
  'POST /simulation/redo': ['count'],
  'POST /simulation/hold': ['reason', 'timeout_seconds', 'agent_id'],
  'GET /events': ['status', 'start_time', 'end_time', 'modality', 'limit', 'offset'],
  'POST /events': ['scheduled_time', 'modality', 'data', 'priority', 'metadata', 'agent_id'],
  'POST /events/immediate': ['modality', 'data'],
  'POST /events/batch': ['events', 'stop_on_first_error', 'validate_only'],
  'GET /environment/state': ['compact', 'format'],
  'GET /scenario/export/full': ['author', 'description'],
  'POST /scenario/import/environment': ['data', 'historic_event_handling', 'strict_modalities'],
  'POST /scenario/import/events': ['data', 'merge'],
  'POST /scenario/import/full': ['scenario', 'strict_modalities'],
  'POST /keys': ['name', 'permissions'],
  'GET /keys': ['include_revoked'],
  'GET /access-logs': [
    'key_id',
    'key_name',
    'path_prefix',
    'method',
    'status_code',
    'min_status_code',
    'max_status_code',
    'since',
    'until',
    'errors_only',
    'limit',
    'offset',
  ],
  'POST /webhooks': ['url', 'events', 'secret', 'metadata'],
  'GET /webhooks': ['status', 'limit', 'offset'],
  'PATCH /webhooks/:webhook_id': ['url', 'events', 'secret', 'metadata', 'status'],
  'GET /webhooks/:webhook_id/deliveries': ['limit'],
  'GET /email/state': ['summary', 'compact'],
  'POST /email/query': [
    'folder',
    'is_read',
    'is_starred',
    'from_address',
    'to_address',
    'subject_contains',
    'body_contains',
    'has_attachments',
    'labels',
    'thread_id',
    'priority',
    'sent_after',
    'sent_before',
    'received_after',
    'received_before',
    'limit',
    'offset',
    'sort_by',
    'sort_order',
  ],
  'POST /email/send': [
    'from_address',
    'to_addresses',
    'cc_addresses',
    'bcc_addresses',
    'reply_to_address',
    'subject',
    'body_text',
    'body_html',
    'attachments',
    'thread_id',
    'in_reply_to',
    'references',
    'priority',
  ],
  'POST /email/receive': ['from_address', 'to_addresses', 'subject', 'body_text', 'sent_at'],
  'POST /email/read': ['message_ids'],
  'POST /email/label': ['message_ids', 'labels'],
  'POST /email/move': ['message_ids', 'folder'],
  'GET /sms/state': ['compact'],
  'POST /sms/query': [
    'thread_id',
    'from_number',
    'to_number',
    'body_contains',
    'message_type',
    'direction',
    'is_read',
    'has_attachments',
    'delivery_status',
    'is_deleted',
    'is_spam',
    'sent_after',
    'sent_before',
    'limit',
    'offset',
    'sort_by',
    'sort_order',
  ],
  'POST /sms/send': [
    'from_number',
    'to_numbers',
    'body',
    'message_type',
    'attachments',
    'replied_to_message_id',
  ],
  'POST /sms/receive': ['from_number', 'to_numbers', 'body', 'sent_at'],
  'POST /sms/read': ['message_ids'],
  'POST /sms/react': ['message_id', 'phone_number', 'emoji'],
  'POST /sms/conversation': ['thread_id', 'pin', 'mute', 'archive', 'mark_all_read', 'draft_message'],
  'GET /chat/state': ['compact'],
  'POST /chat/query': [
    'conversation_id',
    'role',
    'since',
    'until',
    'search',
    'limit',
    'offset',
    'sort_by',
    'sort_order',
  ],
  'POST /chat/send': ['role', 'content', 'conversation_id', 'metadata'],
  'POST /chat/delete': ['message_id'],
  'POST /chat/clear': ['conversation_id'],
  'GET /calendar/state': ['compact'],
  'POST /calendar/query': [
    'calendar_ids',
    'start',
    'end',
    'search',
    'status',
    'has_attendees',
    'recurring',
    'expand_recurring',
    'limit',
    'offset',
    'sort_by',
    'sort_order',
  ],
  'POST /calendar/create': [
    'calendar_id',
    'title',
    'description',
    'start',
    'end',
    'all_day',
    'timezone',
    'location',
    'status',
    'organizer',
    'attendees',
    'recurrence',
    'recurrence_exceptions',
    'reminders',
    'color',
    'visibility',
    'transparency',
    'attachments',
    'conference_link',
  ],
  'POST /calendar/update': [
    'event_id',
    'calendar_id',
    'recurrence_scope',
    'recurrence_id',
    'title',
    'start',
    'end',
    'attendees',
    'reminders',
    'conference_link',
  ],
  'POST /calendar/delete': ['event_id', 'calendar_id', 'recurrence_scope', 'recurrence_id'],
  'POST /calendar/respond': ['event_id', 'attendee_email', 'response', 'comment'],
  'POST /calendar/calendars/create': ['calendar_id', 'name', 'color', 'visible'],
  'POST /calendar/calendars/update': ['calendar_id', 'name', 'color', 'visible'],
  'POST /calendar/calendars/delete': ['calendar_id'],
  'POST /calendar/calendars/set-default': ['calendar_id'],
  'GET /location/state': ['compact'],
  'POST /location/query': [
    'since',
    'until',
    'named_location',
    'limit',
    'offset',
    'include_current',
    'sort_by',
    'sort_order',
  ],
  'POST /location/update': [
    'latitude',
    'longitude',
    'address',
    'named_location',
    'altitude',
    'accuracy',
    'speed',
    'bearing',
  ],
  'GET /weather/state': ['compact'],
  'POST /weather/query': ['lat', 'lon', 'exclude', 'units', 'from_time', 'to_time', 'limit', 'offset'],
  'POST /weather/update': ['latitude', 'longitude', 'report'],
  'GET /contacts/state': ['compact'],
  'POST /contacts/query': [
    'search_text',
    'group',
    'is_favorite',
    'is_blocked',
    'has_phone',
    'has_email',
    'identifier_type',
    'identifier_value',
    'limit',
    'offset',
  ],
  'POST /contacts/create': [
    'first_name',
    'last_name',
    'display_name',
    'nickname',
    'identifiers',
    'company',
    'job_title',
    'addresses',
    'birthday',
    'notes',
    'photo_url',
    'is_favorite',
    'is_blocked',
    'groups',
  ],
  'POST /contacts/update': [
    'contact_id',
    'first_name',
    'identifiers',
    'add_identifiers',
    'remove_identifiers',
    'addresses',
    'add_addresses',
    'remove_addresses',
    'groups',
    'add_groups',
    'remove_groups',
  ],
  'POST /contacts/delete': ['contact_id'],
  'POST /contacts/group/add': ['contact_id', 'group_name'],
  'POST /contacts/merge': ['primary_contact_id', 'secondary_contact_id'],
};

/** Nested shapes the reference documents field by field. */
const PYTHON_NESTED: Array<{ route: string; body: Record<string, unknown> }> = [
  {
    route: 'POST /email/send',
    body: { attachments: [{ filename: 'a.pdf', size: 1, mime_type: 'application/pdf', content_id: 'c' }] },
  },
  {
    route: 'POST /sms/send',
    body: {
      attachments: [{ filename: 'a.png', size: 1, mime_type: 'image/png', thumbnail_url: 'u', duration: 0 }],
    },
  },
  {
    route: 'POST /calendar/create',
    body: {
      attendees: [{ email: 'a@b.co', display_name: 'A', optional: true, response: 'accepted', comment: 'c' }],
      recurrence: {
        frequency: 'weekly',
        interval: 1,
        days_of_week: ['monday'],
        day_of_month: 1,
        month_of_year: 1,
        end_type: 'count',
        end_date: '2025-01-01',
        count: 2,
      },
      reminders: [{ minutes_before: 10, type: 'email' }],
      attachments: [{ filename: 'a', size: 0, mime_type: 'text/plain', url: 'u', data: 'd' }],
    },
  },
  {
    route: 'POST /contacts/create',
    body: {
      identifiers: [{ identifier_type: 'email', value: 'a@b.co', label: 'work' }],
      addresses: [{ street: 's', city: 'c', state: 's', postal_code: 'p', country: 'c', label: 'home' }],
    },
  },
  {
    route: 'POST /scenario/import/full',
    body: {
      scenario: {
        metadata: {
          ues_version: '0.3.0',
          scenario_version: '1',
          created_at: 'x',
          author: 'a',
          description: 'd',
        },
        environment: {
          time_state: {
            current_time: 'x',
            time_scale: 1,
            is_paused: false,
            auto_advance: false,
            last_wall_time_update: 'x',
          },
          modality_states: { email: { anything: 'goes', in: { a: 'state' } } },
        },
        events: {
          events: [
            {
              event_id: 'e',
              scheduled_time: 'x',
              modality: 'chat',
              data: { free: 'form' },
              status: 'pending',
              created_at: 'x',
              executed_at: null,
              agent_id: null,
              priority: 0,
              error_message: null,
              metadata: { any: 1 },
            },
          ],
        },
      },
    },
  },
  {
    // An OpenWeather report with fields our model does not keep is still accepted.
    route: 'POST /weather/update',
    body: { report: { lat: 1, lon: 2, current: { rain: { '1h': 0.2 } }, extra_from_openweather: true } },
  },
];

function routeKey(route: RouteInfo): string {
  return `${route.method} ${route.path}`;
}

function routes(): RouteInfo[] {
  const { router } = createUesApp({ adminKey: 'k'.repeat(40) });
  return router.routes;
}

describe('unknown request fields', () => {
  describe('keep every field the Python UES documents', () => {
    const byKey = new Map(routes().map((route) => [routeKey(route), route]));

    it.each(Object.entries(PYTHON_FIELDS))('%s', (key, fields) => {
      const route = byKey.get(key);
      expect(route, `no route ${key}`).toBeDefined();
      const schema = route!.method === 'GET' ? route!.query : route!.body;
      const value = Object.fromEntries(fields.map((field) => [field, null]));
      expect(unknownFieldIssues(schema, value, route!.method === 'GET' ? 'query' : 'body')).toEqual([]);
    });

    it.each(PYTHON_NESTED)('nested fields of $route', ({ route: key, body }) => {
      const route = byKey.get(key)!;
      expect(unknownFieldIssues(route.body, body, 'body')).toEqual([]);
    });
  });

  describe('are refused with a 422 naming them', () => {
    let ues: TestUes;
    beforeAll(async () => {
      ues = await startTestUes();
    });
    afterAll(() => ues.close());

    const concrete = (path: string): string => path.replace(/:(\w+)/g, 'some-$1');

    it('on every route (body, or query string for GET and DELETE), before the route does anything', async () => {
      const before = (await ues.call('GET', '/scenario/export/full')).body.scenario.events;
      for (const route of routes()) {
        const path = concrete(route.path);
        const viaQuery = route.method === 'GET' || route.method === 'DELETE';
        const answer = viaQuery
          ? await ues.call(route.method, `${path}?bogus_field=1`)
          : await ues.call(route.method, path, { body: { bogus_field: 1 } });
        expect(answer.status, `${routeKey(route)} → ${JSON.stringify(answer.body)}`).toBe(422);
        const issue = answer.body.detail.find((entry: { loc: unknown[] }) =>
          entry.loc.includes('bogus_field'),
        );
        expect(issue, routeKey(route)).toMatchObject({
          loc: [viaQuery ? 'query' : 'body', 'bogus_field'],
          type: 'extra_forbidden',
        });
        expect(issue.msg).toContain('"bogus_field"');
      }
      expect((await ues.call('GET', '/scenario/export/full')).body.scenario.events).toEqual(before);
    });

    it('names the field, the route’s fields and the likely one meant', async () => {
      const answer = await ues.call('POST', '/sms/query', { body: { sent_afterr: '2025-01-01T00:00:00Z' } });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].msg).toMatch(
        /"sent_afterr" is not a field here \(did you mean "sent_after"\?\)/,
      );
      expect(answer.body.detail[0].msg).toContain('thread_id, from_number');
    });

    it('inside nested objects and lists, with the path to them', async () => {
      const answer = await ues.call('POST', '/calendar/create', {
        body: {
          title: 'T',
          start: '2025-01-02T10:00:00Z',
          end: '2025-01-02T11:00:00Z',
          attendees: [{ email: 'a@b.co' }, { email: 'c@d.co', rsvp: 'yes' }],
        },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'attendees', 1, 'rsvp'], type: 'extra_forbidden' }),
      ]);
    });

    it('alongside the other problems of the same request', async () => {
      const answer = await ues.call('POST', '/email/send', { body: { to_addresses: [], cc: ['x@y.co'] } });
      expect(answer.status).toBe(422);
      const locs = answer.body.detail.map((entry: { loc: unknown[] }) => entry.loc.join('.'));
      expect(locs).toEqual(expect.arrayContaining(['body.cc', 'body.from_address', 'body.to_addresses']));
    });

    it('while free-form parts (event data, metadata) still take any keys', async () => {
      const answer = await ues.call('POST', '/events', {
        body: {
          scheduled_time: '2025-01-03T00:00:00Z',
          modality: 'chat',
          data: { role: 'user', content: 'later' },
          metadata: { anything: { nested: true } },
        },
      });
      expect(answer.status).toBe(200);
    });
  });
});
