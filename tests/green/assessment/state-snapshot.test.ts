import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildInitialStateSummary,
  captureStateSnapshot,
  countEventsOn,
} from '../../../src/green/assessment/index.js';
import { initialStateSummarySchema } from '../../../src/protocol/index.js';
import type { CalendarStateResponse } from '../../../src/ues/client/index.js';
import { startPurpleUes, type PurpleUes } from '../../support/ues.js';

describe('state snapshots', () => {
  let ues: PurpleUes;
  beforeEach(async () => {
    ues = await startPurpleUes('2026-01-28T06:00:00Z');
  });
  afterEach(() => ues.close());

  it('captures every modality and the clock, and summarizes real counts', async () => {
    for (const subject of ['One', 'Two']) {
      await ues.admin.email.receive({
        from_address: 'a@example.com',
        to_addresses: ['user@example.com'],
        subject,
        body_text: 'x',
      });
    }
    const inbox = await ues.admin.email.query({ subject_contains: 'One' });
    await ues.admin.email.read({ message_ids: [inbox.emails[0]!.message_id] });
    await ues.admin.sms.receive({ from_number: '+15550100001', to_numbers: ['+15550100000'], body: 'hey' });
    await ues.admin.chat.send({ role: 'user', content: 'Please triage', conversation_id: 'user-assistant' });
    await ues.admin.calendar.create({
      title: 'Today',
      start: '2026-01-28T15:00:00Z',
      end: '2026-01-28T16:00:00Z',
    });
    await ues.admin.calendar.create({
      title: 'Tomorrow',
      start: '2026-01-29T15:00:00Z',
      end: '2026-01-29T16:00:00Z',
    });

    const snapshot = await captureStateSnapshot(ues.admin);
    expect(Object.keys(snapshot)).toEqual(['email', 'sms', 'calendar', 'chat', 'time', 'contacts']);
    expect(Date.parse(snapshot.time.current_time)).toBe(Date.parse('2026-01-28T06:00:00Z'));

    const summary = buildInitialStateSummary(snapshot);
    expect(initialStateSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toEqual({
      message_type: 'initial_state_summary',
      email: { message_type: 'email_summary', total_emails: 2, total_threads: 2, unread: 1, draft_count: 0 },
      calendar: { message_type: 'calendar_summary', event_count: 2, calendar_count: 1, events_today: 1 },
      sms: { message_type: 'sms_summary', total_messages: 1, total_conversations: 1, unread: 1 },
      chat: { message_type: 'chat_summary', total_messages: 1, conversation_count: 1 },
    });
  });
});

describe('countEventsOn', () => {
  const calendar = (timezone: string, starts: string[]): CalendarStateResponse =>
    ({
      user_timezone: timezone,
      events: Object.fromEntries(
        starts.map((start, index) => [`e${index}`, { event_id: `e${index}`, start, status: 'confirmed' }]),
      ),
    }) as unknown as CalendarStateResponse;

  it('reads the simulated date and event starts in the user’s timezone', () => {
    // 03:00 UTC on the 28th is still 22:00 on the 27th in New York.
    const now = '2026-01-28T03:00:00Z';
    const starts = ['2026-01-27T23:00:00Z', '2026-01-28T04:30:00Z', '2026-01-28T06:00:00Z', '2026-01-27'];
    expect(countEventsOn(calendar('UTC', starts), now)).toBe(2);
    expect(countEventsOn(calendar('America/New_York', starts), now)).toBe(3);
    expect(countEventsOn(calendar('Not/AZone', starts), now)).toBe(2);
  });

  it('leaves cancelled events out', () => {
    const state = calendar('UTC', ['2026-01-28T10:00:00Z']);
    (state.events['e0'] as { status: string }).status = 'cancelled';
    expect(countEventsOn(state, '2026-01-28T06:00:00Z')).toBe(0);
  });
});
