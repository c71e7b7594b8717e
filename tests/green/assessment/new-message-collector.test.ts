import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NewMessageCollector } from '../../../src/green/assessment/index.js';
import { createdCalendarEventId } from '../../../src/ues/client/index.js';
import { startPurpleUes, type PurpleUes } from '../../support/ues.js';

describe('NewMessageCollector', () => {
  let ues: PurpleUes;
  beforeEach(async () => {
    ues = await startPurpleUes();
  });
  afterEach(() => ues.close());

  it('reports only emails, SMS and calendar events created or changed since the last collection', async () => {
    await ues.admin.email.receive({
      from_address: 'old@example.com',
      to_addresses: ['user@example.com'],
      subject: 'Before the assessment',
      body_text: 'x',
    });
    const collector = new NewMessageCollector(ues.admin);
    await collector.initialize();
    expect(collector.isInitialized).toBe(true);
    expect(await collector.collect()).toEqual({ emails: [], sms: [], calendarEvents: [] });

    await ues.purple.email.send({
      from_address: 'user@example.com',
      to_addresses: ['ann@example.com'],
      subject: 'Sent during turn 1',
      body_text: 'x',
    });
    await ues.purple.sms.send({
      from_number: '+15550100000',
      to_numbers: ['+15550100001'],
      body: 'On my way',
    });
    const created = await ues.purple.calendar.create({
      title: 'Sync',
      start: '2026-01-28T10:00:00Z',
      end: '2026-01-28T10:30:00Z',
      attendees: [{ email: 'ann@example.com' }],
    });
    const first = await collector.collect();
    expect(first.emails.map((email) => email.subject)).toEqual(['Sent during turn 1']);
    expect(first.sms.map((sms) => sms.body)).toEqual(['On my way']);
    expect(first.calendarEvents.map((event) => event.title)).toEqual(['Sync']);

    // Same simulated instant, nothing new: nothing repeats (timestamps alone could not tell).
    expect(await collector.collect()).toEqual({ emails: [], sms: [], calendarEvents: [] });

    // An edit to a calendar event makes it new again (attendees may answer again).
    await ues.admin.time.advance(60);
    const eventId = createdCalendarEventId(created)!;
    await ues.purple.calendar.update({
      event_id: eventId,
      title: 'Sync (moved)',
      start: '2026-01-28T11:00:00Z',
      end: '2026-01-28T11:30:00Z',
    });
    const second = await collector.collect();
    expect(second.calendarEvents.map((event) => event.title)).toEqual(['Sync (moved)']);
    expect(second.emails).toEqual([]);
  });
});
