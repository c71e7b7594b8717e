import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UesPermissionError,
  UesValidationError,
  type ReceiveEmailRequest,
  type UesClient,
} from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

const incoming = (subject: string, extra: Partial<ReceiveEmailRequest> = {}): ReceiveEmailRequest => ({
  from_address: 'boss@company.com',
  to_addresses: ['user@example.com'],
  subject,
  body_text: `Body of ${subject}`,
  ...extra,
});

describe('email sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  async function idsBySubject(): Promise<Record<string, string>> {
    const { emails } = await client.email.query();
    return Object.fromEntries(emails.map((email) => [email.subject, email.message_id]));
  }

  it('receives (with a back-dated sent_at) and shows the email in the full and summary state', async () => {
    const received = await client.email.receive(
      incoming('Quarterly report', {
        cc_addresses: ['cfo@company.com'],
        sent_at: new Date('2025-01-01T11:30:00Z'),
      }),
    );
    expect(received).toMatchObject({ status: 'executed', modality: 'email' });

    const state = await client.email.state();
    expect(state).toMatchObject({
      user_email_address: 'user@example.com',
      total_email_count: 1,
      unread_count: 1,
    });
    const [email] = Object.values(state.emails);
    expect(email).toMatchObject({
      subject: 'Quarterly report',
      folder: 'inbox',
      is_read: false,
      sent_at: '2025-01-01T11:30:00Z',
      received_at: '2025-01-01T12:00:00Z',
      cc_addresses: ['cfo@company.com'],
    });
    expect(state.folders.inbox).toEqual([email!.message_id]);

    const summary = await client.email.state({ summary: true });
    expect(summary.statistics).toMatchObject({ total_emails: 1, total_unread: 1 });
    expect(summary.emails[email!.message_id]).toMatchObject({ body_preview: 'Body of Quarterly report' });
    const compact = await client.email.state({ compact: true });
    expect(compact.folders.inbox).toEqual({ message_count: 1, unread_count: 1 });
  });

  it('sends as the purple key (attributed) but refuses receive to it', async () => {
    const { client: purple, keyId } = await env.userClient(['email:send', 'email:query']);
    const sent = await purple.email.send({
      from_address: 'user@example.com',
      to_addresses: ['boss@company.com'],
      subject: 'Re: report',
      body_text: 'On it.',
      priority: 'high',
    });
    expect(sent.status).toBe('executed');
    const { emails } = await purple.email.query({ folder: 'sent' });
    expect(emails[0]).toMatchObject({ subject: 'Re: report', is_read: true, priority: 'high' });
    const actions = await client.events.list({ agent_id: keyId });
    expect(actions.events.map((event) => event.data?.operation)).toEqual(['send']);
    await expect(purple.email.receive(incoming('spoofed'))).rejects.toBeInstanceOf(UesPermissionError);
  });

  it('queries with filters, time windows and ordering', async () => {
    await client.email.receive(incoming('First'));
    await client.time.advance(60);
    await client.email.receive(incoming('Second', { from_address: 'friend@mail.org' }));
    await client.time.advance(60);
    await client.email.receive(incoming('Third'));

    const ascending = await client.email.query({
      received_after: new Date('2025-01-01T12:00:30Z'),
      sort_by: 'date',
      sort_order: 'asc',
    });
    expect(ascending.emails.map((email) => email.subject)).toEqual(['Second', 'Third']);
    expect(ascending).toMatchObject({ total_count: 2, returned_count: 2 });
    expect(ascending.query).toMatchObject({ sort_by: 'date', sort_order: 'asc' });

    const fromFriend = await client.email.query({ from_address: 'FRIEND' });
    expect(fromFriend.emails.map((email) => email.subject)).toEqual(['Second']);
    const paged = await client.email.query({ sort_by: 'date', sort_order: 'desc', limit: 1, offset: 1 });
    expect(paged.emails.map((email) => email.subject)).toEqual(['Second']);
    expect(paged.total_count).toBe(3);
  });

  it('marks read/unread, stars, labels, moves, archives and deletes', async () => {
    await client.email.receive(incoming('A'));
    await client.email.receive(incoming('B'));
    const ids = await idsBySubject();
    const a = ids.A!;
    const b = ids.B!;

    expect((await client.email.read({ message_ids: [a, b] })).status).toBe('executed');
    expect((await client.email.query({ is_read: true })).total_count).toBe(2);
    await client.email.unread({ message_ids: [b] });
    expect((await client.email.query({ is_read: false })).emails.map((email) => email.subject)).toEqual([
      'B',
    ]);

    await client.email.star({ message_ids: [a] });
    expect((await client.email.query({ is_starred: true })).emails.map((email) => email.subject)).toEqual([
      'A',
    ]);
    await client.email.unstar({ message_ids: [a] });
    expect((await client.email.query({ is_starred: true })).total_count).toBe(0);

    await client.email.label({ message_ids: [a, b], labels: ['work', 'q1'] });
    await client.email.unlabel({ message_ids: [b], labels: ['q1'] });
    expect(
      (await client.email.query({ labels: ['work', 'q1'] })).emails.map((email) => email.subject),
    ).toEqual(['A']);

    await client.email.move({ message_ids: [a], folder: 'projects' });
    expect((await client.email.query({ folder: 'projects' })).total_count).toBe(1);
    await client.email.archive({ message_ids: [a] });
    await client.email.delete({ message_ids: [b] });
    const state = await client.email.state();
    expect(state.emails[a]!.folder).toBe('archive');
    expect(state.emails[b]!.folder).toBe('trash');
  });

  it('names the invalid field with a 422', async () => {
    const error = await client.email
      .send({ from_address: 'user@example.com', to_addresses: [], subject: 's', body_text: 'b' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesValidationError);
    expect((error as UesValidationError).fieldErrors.map((field) => field.field)).toContain(
      'body.to_addresses',
    );
    expect((error as UesValidationError).message).toContain(
      'POST /email/send failed with HTTP 422: body.to_addresses',
    );
  });

  it('schedules a typed email event that arrives when the clock gets there', async () => {
    const scheduled = await client.events.create({
      scheduled_time: '2025-01-01T12:30:00Z',
      modality: 'email',
      data: { operation: 'receive', ...incoming('Scheduled'), sent_at: '2025-01-01T12:29:00Z' },
    });
    expect(scheduled.status).toBe('pending');
    expect((await client.email.query()).total_count).toBe(0);
    await client.time.advance(1800);
    const { emails } = await client.email.query();
    expect(emails.map((email) => [email.subject, email.received_at])).toEqual([
      ['Scheduled', '2025-01-01T12:30:00Z'],
    ]);
  });
});

// Compile-time checks: event data is typed by modality (never executed).
export function typedEventDataExamples(client: UesClient): void {
  void client.events.create({
    scheduled_time: new Date(),
    modality: 'email',
    // @ts-expect-error 'archive_all' is not an email operation
    data: { operation: 'archive_all' },
  });
  void client.events.immediate({ modality: 'custom', data: { anything: 1 } });
}
