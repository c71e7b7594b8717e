import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PurpleUESClient,
  UesActionFailedError,
  dayBounds,
  PURPLE_PERMISSION_TABLE,
  PURPLE_UES_PERMISSIONS,
} from '../../src/purple/index.js';
import { startPurpleUes, receiveEmail, type PurpleUes } from './support/purple-ues.js';

/** PurpleUESClient against a real UES, authenticated with the purple's key. */

describe('PurpleUESClient', () => {
  let env: PurpleUes;
  let ues: PurpleUESClient;
  let userEmail: string;

  beforeAll(async () => {
    env = await startPurpleUes({ start: '2026-03-10T12:00:00Z' });
    ues = PurpleUESClient.connect(env.url, env.purpleKey.secret);
    userEmail = (await env.admin.email.state({ summary: true })).user_email_address;
  });
  afterAll(() => env.close());

  it('uses a key with exactly the 37 purple permissions', () => {
    expect(PURPLE_UES_PERMISSIONS).toHaveLength(37);
    expect(new Set(PURPLE_UES_PERMISSIONS).size).toBe(37);
    expect(new Set(PURPLE_PERMISSION_TABLE.map((entry) => entry.permission))).toEqual(
      new Set(PURPLE_UES_PERMISSIONS),
    );
  });

  it('reads the simulated time', async () => {
    expect((await ues.getCurrentTime()).toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it('lists unread inbox email oldest first, replies in thread, sends, labels and marks read', async () => {
    await receiveEmail(env.admin, {
      from: 'ana.lopez@example.com',
      subject: 'Quarterly plan',
      body: 'Draft attached.',
    });
    await env.advance(60);
    await env.admin.email.receive({
      from_address: 'ben@example.com',
      to_addresses: [userEmail, 'carol@example.com'],
      cc_addresses: ['dan@example.com'],
      subject: 'Re: Offsite',
      body_text: 'Which day works?',
    });
    const unread = await ues.getUnreadEmails();
    expect(unread.map((email) => email.subject)).toEqual(['Quarterly plan', 'Re: Offsite']);
    const [plan, offsite] = unread as [(typeof unread)[0], (typeof unread)[0]];

    const mailboxReads = async (): Promise<number> =>
      (
        await env.admin.accessLogs.list({
          key_id: env.purpleKey.keyId,
          path_prefix: '/email/state',
          limit: 1000,
        })
      ).count;
    await ues.getUserEmailAddress(); // read once per client, whatever the client does next
    const readsBefore = await mailboxReads();
    await ues.replyToEmail(plan.message_id, 'Thanks, will review.');
    // The original was read by the query above: the reply needs no whole-mailbox read.
    expect(await mailboxReads()).toBe(readsBefore);
    const thread = await ues.getEmailThread(plan.thread_id);
    expect(thread).toHaveLength(2);
    const reply = thread[1]!;
    expect(reply).toMatchObject({
      from_address: userEmail,
      to_addresses: ['ana.lopez@example.com'],
      subject: 'Re: Quarterly plan',
      in_reply_to: plan.message_id,
      references: [plan.message_id],
      folder: 'sent',
    });

    await ues.replyToEmail(offsite.message_id, 'Tuesday.', { replyAll: true });
    const replyAll = (await ues.getEmailThread(offsite.thread_id)).at(-1)!;
    expect(replyAll.subject).toBe('Re: Offsite');
    expect(replyAll.to_addresses).toEqual(['ben@example.com']);
    expect(replyAll.cc_addresses).toEqual(['carol@example.com', 'dan@example.com']);

    await ues.sendEmail({ to: 'erin@example.com', subject: 'Hello', body: 'Hi Erin' });
    const sent = await ues.queryEmails({ folder: 'sent', subject_contains: 'Hello' });
    expect(sent[0]).toMatchObject({ from_address: userEmail, to_addresses: ['erin@example.com'] });

    await ues.labelEmails([plan.message_id], ['planning']);
    expect((await ues.getEmailsByLabel('planning')).map((email) => email.message_id)).toEqual([
      plan.message_id,
    ]);
    await ues.markEmailsRead([plan.message_id]);
    expect((await ues.getUnreadEmails()).map((email) => email.message_id)).toEqual([offsite.message_id]);
    expect(await ues.getEmail('no-such-id')).toBeUndefined();
    await expect(ues.replyToEmail('no-such-id', 'x')).rejects.toThrow(
      'replyToEmail: no email with id "no-such-id"',
    );
  });

  it("returns today's events only, creates events and RSVPs as the user", async () => {
    await ues.createEvent({
      title: 'Late yesterday',
      start: '2026-03-09T23:00:00Z',
      end: '2026-03-10T00:00:00Z',
    });
    const { eventId } = await ues.createEvent({
      title: 'Design review',
      start: '2026-03-10T15:00:00Z',
      end: '2026-03-10T16:00:00Z',
      attendees: [{ email: userEmail }, { email: 'ana.lopez@example.com' }],
    });
    expect(eventId).toEqual(expect.any(String));
    await ues.createEvent({ title: 'Tomorrow', start: '2026-03-11T09:00:00Z', end: '2026-03-11T10:00:00Z' });
    expect((await ues.getTodaysEvents()).map((event) => event.title)).toEqual(['Design review']);

    await ues.rsvpToEvent(eventId!, 'accepted', 'See you there');
    const [event] = await ues.getEventsInRange('2026-03-10T15:00:00Z', '2026-03-10T16:00:00Z');
    expect(event?.attendees.find((attendee) => attendee.email === userEmail)).toMatchObject({
      response: 'accepted',
      comment: 'See you there',
    });
    await expect(ues.rsvpToEvent('missing-event', 'declined')).rejects.toBeInstanceOf(UesActionFailedError);
  });

  it('reads unread SMS, texts from the user number, reacts and marks read', async () => {
    const phone = await ues.getUserPhoneNumber();
    await env.admin.sms.receive({ from_number: '+15550001111', to_numbers: [phone], body: 'Running late' });
    const unread = await ues.getUnreadSms();
    expect(unread.map((message) => message.body)).toEqual(['Running late']);
    await ues.sendSms('+15550001111', 'No problem');
    const outgoing = await ues.querySms({ direction: 'outgoing' });
    expect(outgoing[0]).toMatchObject({
      from_number: phone,
      to_numbers: ['+15550001111'],
      body: 'No problem',
    });
    await ues.reactToSms(unread[0]!.message_id, '👍');
    await ues.markSmsRead([unread[0]!.message_id]);
    expect(await ues.getUnreadSms()).toEqual([]);
  });

  it('returns only new user chat messages and posts as the assistant', async () => {
    await env.postUserMessage('Please summarise my email every hour.');
    expect((await ues.getNewUserMessages()).map((message) => message.content)).toEqual([
      'Please summarise my email every hour.',
    ]);
    expect(await ues.getNewUserMessages()).toEqual([]);
    // Messages at the same simulated instant have no defined order in UES, so time moves on.
    await env.advance(1);
    await ues.sendChatMessage('Will do.');
    await env.advance(1);
    await env.postUserMessage('Also watch for Ana.');
    // A signal-bound view shares what has been seen.
    const view = ues.withSignal(new AbortController().signal);
    expect((await view.getNewUserMessages()).map((message) => message.content)).toEqual([
      'Also watch for Ana.',
    ]);
    const all = await ues.getChatMessages();
    expect(all.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Please summarise my email every hour.'],
      ['assistant', 'Will do.'],
      ['user', 'Also watch for Ana.'],
    ]);
    expect(all.every((message) => message.conversation_id === 'user-assistant')).toBe(true);
  });

  it('stops calls once its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('turn canceled'));
    await expect(ues.withSignal(controller.signal).getCurrentTime()).rejects.toThrow();
  });

  it('finds, adds and updates contacts in the user’s address book', async () => {
    await env.admin.contacts.create({
      first_name: 'Karen',
      last_name: 'Mitchell',
      company: 'Acme',
      identifiers: [{ identifier_type: 'email', value: 'karen@acme.com' }],
    });
    const found = await ues.queryContacts({ search_text: 'acme' });
    expect(found.map((contact) => contact.resolved_display_name)).toEqual(['Karen Mitchell']);
    const { contactId } = await ues.createContact({
      first_name: 'Ben',
      identifiers: [{ identifier_type: 'phone', value: '555 010 2000' }],
    });
    await ues.updateContact({ contact_id: contactId!, add_groups: ['offsite'] });
    expect(await ues.getContact(contactId!)).toMatchObject({
      identifiers: [{ identifier_type: 'phone', value: '+15550102000' }],
      groups: ['offsite'],
    });
    expect(await ues.getContact('missing')).toBeUndefined();
    await expect(ues.updateContact({ contact_id: 'missing', nickname: 'x' })).rejects.toBeInstanceOf(
      UesActionFailedError,
    );
  });

  it('reads where the user is and the weather there', async () => {
    expect(await ues.getCurrentLocation()).toBeUndefined();
    await env.admin.location.update({ latitude: 40.7128, longitude: -74.006, named_location: 'Home' });
    await env.advance(60);
    await env.admin.location.update({ latitude: 40.7589, longitude: -73.9851, named_location: 'Office' });
    const here = (await ues.getCurrentLocation())!;
    expect(here).toMatchObject({ named_location: 'Office' });
    expect((await ues.getLocationHistory()).map((entry) => entry.named_location)).toEqual(['Office', 'Home']);
    expect(await ues.getWeather(here.latitude, here.longitude)).toBeUndefined();
    await env.admin.weather.update({
      latitude: 40.7589,
      longitude: -73.9851,
      report: {
        lat: 40.7589,
        lon: -73.9851,
        timezone: 'America/New_York',
        timezone_offset: -14400,
        current: {
          dt: 1773144000,
          sunrise: 1773140000,
          sunset: 1773182000,
          temp: 293.15,
          feels_like: 293.15,
          pressure: 1010,
          humidity: 40,
          dew_point: 280,
          uvi: 3,
          clouds: 10,
          visibility: 10000,
          wind_speed: 3,
          wind_deg: 90,
          weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
        },
      },
    });
    const weather = (await ues.getWeather(here.latitude, here.longitude))!;
    expect(weather.current!.temp).toBeCloseTo(20, 6);
    expect((await ues.getWeatherLocations()).map((location) => location.key)).toEqual(['40.76,-73.99']);
  });

  it('every action so far was attributed to the purple key, and none needed more permissions', async () => {
    const actions = await env.purpleActions();
    expect(actions).toEqual(
      expect.arrayContaining([
        'email.send',
        'email.add_label',
        'email.mark_read',
        'calendar.create',
        'chat.send_message',
        'contacts.create_contact',
        'contacts.update_contact',
      ]),
    );
  });
});

describe('dayBounds', () => {
  it('gives the local day in a time zone, including across a DST change', () => {
    const nyc = dayBounds(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(nyc.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // DST starts that day: the local day has 23 hours.
    expect(nyc.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const tokyo = dayBounds(new Date('2026-03-08T20:00:00Z'), 'Asia/Tokyo');
    expect(tokyo.start.toISOString()).toBe('2026-03-08T15:00:00.000Z');
  });

  it('falls back to UTC for an unknown zone', () => {
    const bounds = dayBounds(new Date('2026-03-08T12:00:00Z'), 'Mars/Olympus_Mons');
    expect(bounds.start.toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });
});
