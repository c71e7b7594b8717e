import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PurpleUESClient } from '../../src/purple/index.js';
import type { UesClient } from '../../src/ues/client/index.js';
import { startPurpleUes, type PurpleUes } from './support/purple-ues.js';

/**
 * The order lists come in, as docs/PURPLE_AGENT_GUIDE.md §3 states it: raw REST routes each have
 * their own default (email and SMS queries say which in their `query` echo); the kit's lists are
 * oldest first, except the location history, newest first like its route.
 */

describe('list order: raw REST defaults and the kit', () => {
  let env: PurpleUes;
  let purple: UesClient;
  let kit: PurpleUESClient;

  beforeAll(async () => {
    env = await startPurpleUes({ start: '2026-03-10T12:00:00Z' });
    purple = env.admin.withApiKey(env.purpleKey.secret);
    kit = PurpleUESClient.create(purple);
    const user = (await env.admin.email.state({ summary: true })).user_email_address;
    const phone = (await env.admin.sms.state({ compact: true })).user_phone_number;
    for (const [index, name] of ['first', 'second', 'third'].entries()) {
      await env.admin.email.receive({
        from_address: `${name}@example.com`,
        to_addresses: [user],
        subject: name,
        body_text: name,
      });
      await env.postUserMessage(name);
      // Texts stored in this order but sent (sent_at) second, third, first.
      const sentAt = ['2026-03-10T11:30:00Z', '2026-03-10T10:00:00Z', '2026-03-10T11:00:00Z'][index]!;
      await env.admin.sms.receive({
        from_number: '+15550101010',
        to_numbers: [phone],
        body: name,
        sent_at: sentAt,
      });
      // Events created latest first.
      const hour = 20 - index;
      await purple.calendar.create({
        title: name,
        start: `2026-03-11T${hour}:00:00Z`,
        end: `2026-03-11T${hour}:30:00Z`,
      });
      await env.admin.location.update({ latitude: 51.5 + index, longitude: -0.1, named_location: name });
      await env.advance(60);
    }
  });
  afterAll(() => env.close());

  it('raw /email/query: the order stored (oldest arrival first), echoed as insertion; sort_by date is newest first', async () => {
    const raw = await purple.email.query({});
    expect(raw.emails.map((email) => email.subject)).toEqual(['first', 'second', 'third']);
    expect(raw.query).toMatchObject({ sort_by: 'insertion', sort_order: 'asc' });
    const byDate = await purple.email.query({ sort_by: 'date' });
    expect(byDate.emails.map((email) => email.subject)).toEqual(['third', 'second', 'first']);
    expect(byDate.query).toMatchObject({ sort_by: 'date', sort_order: 'desc' });
    expect((await kit.queryEmails()).map((email) => email.subject)).toEqual(['first', 'second', 'third']);
  });

  it('raw /sms/query: the order stored, not the order sent; the kit sorts by sent_at, oldest first', async () => {
    const raw = await purple.sms.query({});
    expect(raw.messages.map((text) => text.body)).toEqual(['first', 'second', 'third']);
    expect(raw.query).toMatchObject({ sort_by: 'insertion', sort_order: 'asc' });
    expect((await kit.querySms()).map((text) => text.body)).toEqual(['second', 'third', 'first']);
  });

  it('raw /chat/query: oldest first (timestamp asc), as the kit', async () => {
    const raw = await purple.chat.query({ role: 'user' });
    expect(raw.messages.map((message) => message.content)).toEqual(['first', 'second', 'third']);
    expect(raw.query).toMatchObject({ sort_by: 'timestamp', sort_order: 'asc' });
    expect((await kit.getUserMessages()).map((message) => message.content)).toEqual([
      'first',
      'second',
      'third',
    ]);
  });

  it('raw /calendar/query: by start, earliest first, as the kit', async () => {
    const raw = await purple.calendar.query({});
    expect(raw.events.map((event) => event.title)).toEqual(['third', 'second', 'first']);
    expect((await kit.queryCalendar()).map((event) => event.title)).toEqual(['third', 'second', 'first']);
  });

  it('raw /location/query: newest first (timestamp desc), and so is the kit’s getLocationHistory', async () => {
    const raw = await purple.location.query({});
    expect(raw.locations.map((entry) => entry.named_location)).toEqual(['third', 'second', 'first']);
    expect((await kit.getLocationHistory()).map((entry) => entry.named_location)).toEqual([
      'third',
      'second',
      'first',
    ]);
  });
});
