import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forwardRequest } from '../../../../src/purple/ues/email-compose.js';
import { startTestUes, type TestUes } from '../../helpers.js';

/**
 * Our additions for builders coming from other assistants' APIs: one time-bound name on every
 * query, attendees added or dropped without resending the list, the calendar event an update
 * changed, and a forward route.
 */
describe('REST additions for builders', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(async () => {
    await ues.close();
  });

  const receive = (subject: string, sentAt: string, extra: Record<string, unknown> = {}) =>
    ues.call('POST', '/email/receive', {
      body: {
        from_address: 'ana@example.com',
        to_addresses: ['user@example.com'],
        subject,
        body_text: `About ${subject}.`,
        sent_at: sentAt,
        ...extra,
      },
    });

  it('email: since/until bound received_at, like received_after/received_before', async () => {
    await receive('first', '2025-01-01T11:00:00Z');
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
    await receive('second', '2025-01-01T12:30:00Z');
    const subjects = async (body: Record<string, unknown>) =>
      (await ues.call('POST', '/email/query', { body })).body.emails.map((e: any) => e.subject);
    expect(await subjects({ since: '2025-01-01T12:30:00Z' })).toEqual(['second']);
    expect(await subjects({ until: '2025-01-01T12:30:00Z' })).toEqual(['first']);
    expect(await subjects({ since: '2025-01-01T12:30:00Z' })).toEqual(
      await subjects({ received_after: '2025-01-01T12:30:00Z' }),
    );
  });

  it('email: the echo says when an order asked for was not applied', async () => {
    await receive('first', '2025-01-01T11:00:00Z');
    const answer = await ues.call('POST', '/email/query', { body: { sort_order: 'desc' } });
    expect(answer.body.query).toMatchObject({ sort_by: 'insertion', sort_order: 'asc' });
    expect(answer.body.query.sort_note).toMatch(/date, from, subject/);
    const sorted = await ues.call('POST', '/email/query', { body: { sort_by: 'date' } });
    expect(sorted.body.query).toMatchObject({ sort_by: 'date', sort_order: 'desc' });
    expect(sorted.body.query.sort_note).toBeUndefined();
  });

  it('email: /email/forward sends what the kit’s forward makes, attachments along, as a send', async () => {
    await receive('Quote', '2025-01-01T11:00:00Z', {
      attachments: [{ filename: 'quote.pdf', size: 2048, mime_type: 'application/pdf' }],
    });
    const state = (await ues.call('GET', '/email/state')).body;
    const original = Object.values(state.emails)[0] as any;
    const sent = await ues.call('POST', '/email/forward', {
      body: { message_id: original.message_id, to_addresses: ['cfo@example.com'], note: 'FYI' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'executed', modality: 'email' });
    const after = (await ues.call('GET', '/email/state')).body;
    const forwarded = Object.values(after.emails).find((e: any) => e.folder === 'sent') as any;
    const expected = forwardRequest(original, 'user@example.com', ['cfo@example.com'], { note: 'FYI' });
    expect(forwarded).toMatchObject({
      from_address: expected.from_address,
      to_addresses: expected.to_addresses,
      subject: 'Fwd: Quote',
      body_text: expected.body_text,
      references: expected.references,
    });
    expect(forwarded.attachments).toEqual([
      expect.objectContaining({ filename: 'quote.pdf', size: 2048, mime_type: 'application/pdf' }),
    ]);
    const event = (await ues.call('GET', `/events/${sent.body.event_id}`)).body;
    expect(event.data.operation).toBe('send');

    const missing = await ues.call('POST', '/email/forward', {
      body: { message_id: 'nope', to_addresses: ['cfo@example.com'] },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('nope');
  });

  it('calendar: add_attendees/remove_attendees keep everyone else and their answers', async () => {
    const created = await ues.call('POST', '/calendar/create', {
      body: {
        title: 'Kickoff',
        start: '2025-01-02T10:00:00Z',
        end: '2025-01-02T11:00:00Z',
        organizer: 'user@example.com',
        attendees: [
          { email: 'user@example.com', response: 'accepted' },
          { email: 'ana@example.com', response: 'accepted' },
          { email: 'bo@example.com' },
        ],
      },
    });
    const id = created.body.calendar_event_id as string;
    const updated = await ues.call('POST', '/calendar/update', {
      body: {
        event_id: id,
        add_attendees: [{ email: 'Cy@Example.com' }, { email: 'ana@example.com' }],
        remove_attendees: ['BO@example.com'],
      },
    });
    expect(updated.body).toMatchObject({ status: 'executed', calendar_event_id: id });
    // The event records the change asked for, not everyone's answers (applied when it runs).
    const recorded = (await ues.call('GET', `/events/${updated.body.event_id}`)).body.data;
    expect(recorded.remove_attendees).toEqual(['BO@example.com']);
    expect(recorded.attendees).toBeNull();
    const event = (await ues.call('GET', '/calendar/state')).body.events[id];
    expect(event.attendees.map((a: any) => [a.email, a.response])).toEqual([
      ['user@example.com', 'accepted'],
      ['ana@example.com', 'accepted'],
      ['cy@example.com', 'needs-action'],
    ]);
    // `attendees` alone still replaces the whole list, as the original.
    await ues.call('POST', '/calendar/update', {
      body: { event_id: id, attendees: [{ email: 'dee@example.com' }] },
    });
    const replaced = (await ues.call('GET', '/calendar/state')).body.events[id];
    expect(replaced.attendees.map((a: any) => a.email)).toEqual(['dee@example.com']);
    const failed = await ues.call('POST', '/calendar/update', { body: { event_id: 'ghost', title: 'x' } });
    expect(failed.body).toMatchObject({ status: 'failed', calendar_event_id: null });
  });

  it('calendar: an update of this and future occurrences answers the split-off series', async () => {
    const created = await ues.call('POST', '/calendar/create', {
      body: {
        title: 'Gym',
        start: '2025-01-06T18:00:00Z',
        end: '2025-01-06T19:00:00Z',
        recurrence: { frequency: 'daily', end_type: 'count', count: 10 },
      },
    });
    const id = created.body.calendar_event_id as string;
    const updated = await ues.call('POST', '/calendar/update', {
      body: { event_id: id, recurrence_scope: 'this_and_future', recurrence_id: '2025-01-09', title: 'Run' },
    });
    expect(updated.body.status).toBe('executed');
    const series = updated.body.calendar_event_id as string;
    expect(series).not.toBe(id);
    expect((await ues.call('GET', '/calendar/state')).body.events[series].title).toBe('Run');
  });

  it('sms: a text that arrives is delivered, with delivered_at', async () => {
    await ues.call('POST', '/sms/receive', {
      body: {
        from_number: '+15551230000',
        to_numbers: ['+15550000000'],
        body: 'hi',
        sent_at: '2025-01-01T11:59:00Z',
      },
    });
    const [message] = (await ues.call('POST', '/sms/query', { body: {} })).body.messages;
    expect(message).toMatchObject({
      direction: 'incoming',
      delivery_status: 'delivered',
      delivered_at: '2025-01-01T12:00:00Z',
    });
  });
});
