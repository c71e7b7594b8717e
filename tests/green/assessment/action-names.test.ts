import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionLogBuilder } from '../../../src/green/assessment/index.js';
import { createdCalendarEventId, createdContactId } from '../../../src/ues/client/index.js';
import { startPurpleUes, type PurpleUes } from '../../support/ues.js';

const GUIDE = new URL('../../../docs/PURPLE_AGENT_GUIDE.md', import.meta.url);

/** Route → logged action, as the guide's table "What the action log calls your actions" states it. */
async function documentedActionNames(): Promise<Map<string, string>> {
  const guide = await readFile(GUIDE, 'utf8');
  const start = guide.indexOf('What the action log calls your actions\n');
  const table = guide.slice(start, guide.indexOf('\n\n', guide.indexOf('| Route |', start)));
  const names = new Map<string, string>();
  for (const line of table.split('\n').filter((row) => row.startsWith('| `POST'))) {
    const [routeCell, actionCell] = line.split(' | ');
    const routes = [...routeCell!.matchAll(/`(?:POST )?([^`]+)`/g)].map((m) => m[1]!);
    const modality = routes[0]!.split('/')[1]!;
    const paths = routes.map((path) => (path.split('/').length === 2 ? `/${modality}${path}` : path));
    const actions = [...actionCell!.matchAll(/`([a-z]+\.[a-z_]+)`/g)].map((m) => m[1]!);
    // One action for the row's routes, or one per route.
    paths.forEach((path, index) => names.set(`POST ${path}`, actions[actions.length === 1 ? 0 : index]!));
  }
  return names;
}

describe('what the action log calls each action of the purple', () => {
  let ues: PurpleUes;
  beforeAll(async () => {
    ues = await startPurpleUes();
  });
  afterAll(() => ues.close());

  it('is what docs/PURPLE_AGENT_GUIDE.md says, route by route', async () => {
    const { admin, purple } = ues;
    const user = (await purple.email.state({ summary: true })).user_email_address;
    const phone = (await purple.sms.state({ compact: true })).user_phone_number;
    await admin.email.receive({
      from_address: 'ann@example.com',
      to_addresses: [user],
      subject: 'Hi',
      body_text: 'x',
    });
    await admin.sms.receive({ from_number: '+15550104444', to_numbers: [phone], body: 'Hi' });
    const email = (await purple.email.query({})).emails[0]!.message_id;
    const text = (await purple.sms.query({})).messages[0]!.message_id;
    const ids = { message_ids: [email] };

    const calls: Array<[string, () => Promise<unknown>]> = [
      [
        'POST /email/send',
        () =>
          purple.email.send({
            from_address: user,
            to_addresses: ['ann@example.com'],
            subject: 'Re: Hi',
            body_text: 'y',
          }),
      ],
      [
        'POST /email/forward',
        () => purple.email.forward({ message_id: email, to_addresses: ['ann@example.com'], note: 'FYI' }),
      ],
      ['POST /email/read', () => purple.email.read(ids)],
      ['POST /email/unread', () => purple.email.unread(ids)],
      ['POST /email/star', () => purple.email.star(ids)],
      ['POST /email/unstar', () => purple.email.unstar(ids)],
      ['POST /email/label', () => purple.email.label({ ...ids, labels: ['x'] })],
      ['POST /email/unlabel', () => purple.email.unlabel({ ...ids, labels: ['x'] })],
      ['POST /email/move', () => purple.email.move({ ...ids, folder: 'later' })],
      ['POST /email/archive', () => purple.email.archive(ids)],
      ['POST /email/delete', () => purple.email.delete(ids)],
      [
        'POST /sms/send',
        () => purple.sms.send({ from_number: phone, to_numbers: ['+15550104444'], body: 'ok' }),
      ],
      ['POST /sms/read', () => purple.sms.read({ message_ids: [text] })],
      ['POST /sms/unread', () => purple.sms.unread({ message_ids: [text] })],
      ['POST /sms/react', () => purple.sms.react({ message_id: text, phone_number: phone, emoji: '👍' })],
      ['POST /sms/delete', () => purple.sms.delete({ message_ids: [text] })],
      ['POST /chat/send', () => purple.chat.send({ role: 'assistant', content: 'Done.' })],
    ];
    for (const [, call] of calls) await call();
    const event = createdCalendarEventId(
      await purple.calendar.create({
        title: 'Lunch',
        start: '2026-01-28T12:00:00Z',
        end: '2026-01-28T13:00:00Z',
        attendees: [{ email: user }],
      }),
    )!;
    await purple.calendar.update({ event_id: event, title: 'Lunch with Ann' });
    await purple.calendar.respond({ event_id: event, attendee_email: user, response: 'accepted' });
    await purple.calendar.delete({ event_id: event });
    const contact = createdContactId(
      await purple.contacts.create({
        first_name: 'Ann',
        identifiers: [{ identifier_type: 'email', value: 'ann@example.com' }],
      }),
    )!;
    await purple.contacts.update({ contact_id: contact, company: 'Acme' });
    const routes = [
      ...calls.map(([route]) => route),
      'POST /calendar/create',
      'POST /calendar/update',
      'POST /calendar/respond',
      'POST /calendar/delete',
      'POST /contacts/create',
      'POST /contacts/update',
    ];

    const events = (await admin.events.list({ agent_id: ues.purpleKeyId })).events;
    const log = new ActionLogBuilder(ues.purpleKeyId).recordTurn(1, events);
    expect(log.every((entry) => entry.success)).toBe(true);
    const logged = new Map(routes.map((route, index) => [route, log[index]!.action]));
    expect(log).toHaveLength(routes.length);
    expect(Object.fromEntries(await documentedActionNames())).toEqual(Object.fromEntries(logged));
  });
});
