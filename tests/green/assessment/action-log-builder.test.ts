import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ActionLogBuilder,
  PURPLE_PERMISSIONS,
  toActionLogEntry,
} from '../../../src/green/assessment/index.js';
import { parseResults } from '../../../src/protocol/index.js';
import { UesPermissionError, type EventResponse } from '../../../src/ues/client/index.js';
import { startPurpleUes, type PurpleUes } from '../../support/ues.js';

describe('the purple key', () => {
  let ues: PurpleUes;
  beforeEach(async () => {
    ues = await startPurpleUes();
  });
  afterEach(() => ues.close());

  it('carries exactly the original green’s user permissions', async () => {
    expect(PURPLE_PERMISSIONS).toHaveLength(37); // the original 29 + contacts, location, weather (issue 10)
    expect(new Set(PURPLE_PERMISSIONS).size).toBe(PURPLE_PERMISSIONS.length);
    expect(PURPLE_PERMISSIONS.filter((p) => p.endsWith(':receive') || p.includes('*'))).toEqual([]);
    const key = await ues.admin.keys.get(ues.purpleKeyId);
    expect(key.permissions).toEqual(PURPLE_PERMISSIONS);
    await expect(ues.purple.time.advance(60)).rejects.toBeInstanceOf(UesPermissionError);
    await expect(ues.purple.events.list()).rejects.toBeInstanceOf(UesPermissionError);
    await expect(
      ues.purple.email.receive({
        from_address: 'x@example.com',
        to_addresses: ['u@example.com'],
        subject: 's',
        body_text: 'b',
      }),
    ).rejects.toBeInstanceOf(UesPermissionError);
  });
});

describe('ActionLogBuilder', () => {
  let ues: PurpleUes;
  beforeEach(async () => {
    ues = await startPurpleUes();
  });
  afterEach(() => ues.close());

  const purpleEvents = async (): Promise<EventResponse[]> =>
    (await ues.admin.events.list({ agent_id: ues.purpleKeyId })).events;

  it('logs every state-changing call the purple made through modality routes, in order (bug 14)', async () => {
    // Simulator-side traffic that must not show up as the purple's.
    await ues.admin.email.receive({
      from_address: 'ann@example.com',
      to_addresses: ['user@example.com'],
      subject: 'Lunch?',
      body_text: 'Free at noon?',
    });
    await ues.admin.chat.send({
      role: 'user',
      content: 'Summarize my inbox',
      conversation_id: 'user-assistant',
    });

    await ues.purple.email.send({
      from_address: 'user@example.com',
      to_addresses: ['ann@example.com'],
      subject: 'Re: Lunch?',
      body_text: 'Yes, noon works.',
    });
    await ues.purple.chat.send({
      role: 'assistant',
      content: 'Done: replied to Ann.',
      conversation_id: 'user-assistant',
    });
    await ues.purple.calendar.create({
      title: 'Lunch with Ann',
      start: '2026-01-28T12:00:00Z',
      end: '2026-01-28T13:00:00Z',
      attendees: [{ email: 'ann@example.com' }],
    });

    const builder = new ActionLogBuilder(ues.purpleKeyId);
    const turn1 = builder.recordTurn(1, (await ues.admin.events.list()).events);
    expect(turn1.map((entry) => entry.action)).toEqual([
      'email.send',
      'chat.send_message',
      'calendar.create',
    ]);
    expect(turn1.every((entry) => entry.turn === 1 && entry.success)).toBe(true);
    expect(turn1[0]!.parameters).toMatchObject({ subject: 'Re: Lunch?', to_addresses: ['ann@example.com'] });
    expect(turn1[0]!.parameters).not.toHaveProperty('operation');
    expect(turn1[0]!.parameters).not.toHaveProperty('modality_type');
    expect(turn1[0]!.parameters).not.toHaveProperty('timestamp');
    expect(turn1[1]!.parameters).toMatchObject({ role: 'assistant', content: 'Done: replied to Ann.' });
    expect(Date.parse(turn1[0]!.timestamp)).toBe(Date.parse('2026-01-28T06:00:00Z'));

    // Recorded events are not logged twice; the next turn's calls get the next turn number.
    expect(builder.recordTurn(2, await purpleEvents())).toEqual([]);
    await ues.admin.time.advance(3600);
    const inbox = await ues.purple.email.query({ subject_contains: 'Lunch?' });
    const annsEmail = inbox.emails.find((email) => email.from_address === 'ann@example.com')!;
    await ues.purple.email.star({ message_ids: [annsEmail.message_id] });
    const turn3 = builder.recordTurn(3, await purpleEvents());
    expect(turn3).toMatchObject([
      { action: 'email.star', turn: 3, parameters: { message_ids: [annsEmail.message_id] } },
    ]);
    expect(builder.log.map((entry) => entry.turn)).toEqual([1, 1, 1, 3]);

    // The entries are valid action_log entries of a results object.
    expect(() =>
      parseResults({
        message_type: 'assessment_results',
        assessment_id: 't',
        scenario_id: 's',
        participant: 'assistant',
        status: 'completed',
        duration_seconds: 1,
        turns_taken: 3,
        actions_taken: builder.size,
        scores: {
          message_type: 'scores',
          overall: { message_type: 'overall_score', score: 0, max_score: 0 },
          dimensions: {},
        },
        criteria_results: [],
        action_log: builder.log,
      }),
    ).not.toThrow();
  });

  it('explains texts marked read or unread, which the UES records as update_delivery_status', async () => {
    const phone = (await ues.purple.sms.state({ compact: true })).user_phone_number;
    for (const body of ['Running late', 'Call me']) {
      await ues.admin.sms.receive({ from_number: '+15550107777', to_numbers: [phone], body });
    }
    const texts = (await ues.purple.sms.query({ direction: 'incoming' })).messages;
    const ids = texts.map((text) => text.message_id);
    await ues.purple.sms.read({ message_ids: ids });
    await ues.purple.sms.unread({ message_ids: [ids[0]!] });

    const logged = new ActionLogBuilder(ues.purpleKeyId).recordTurn(1, await purpleEvents());
    expect(logged.map((entry) => [entry.action, entry.parameters['new_status'], entry.notes])).toEqual([
      [
        'sms.update_delivery_status',
        'read',
        `POST /sms/read: marked 2 texts read (the UES's name for it: update_delivery_status "read")`,
      ],
      [
        'sms.update_delivery_status',
        'delivered',
        `POST /sms/unread: marked 1 text unread (the UES's name for it: update_delivery_status "delivered")`,
      ],
    ]);
    expect(logged[0]!.parameters['message_ids']).toEqual(ids);
  });

  it('notes a chat post outside the user’s conversation, and only with the conversation known', () => {
    const event = (conversation: string): EventResponse => ({
      event_id: `e-${conversation}`,
      scheduled_time: '2026-01-28T06:00:00.000Z',
      modality: 'chat',
      status: 'executed',
      priority: 100,
      created_at: '2026-01-28T06:00:00.000Z',
      executed_at: '2026-01-28T06:00:00.000Z',
      agent_id: 'purple',
      data: { operation: 'send_message', role: 'assistant', content: 'hi', conversation_id: conversation },
    });
    const options = { userConversationId: 'user-assistant' };
    expect(toActionLogEntry(1, event('user-assistant'), options)).not.toHaveProperty('notes');
    expect(toActionLogEntry(1, event('default'), options).notes).toMatch(
      /^posted to chat conversation "default", which the user does not read/,
    );
    expect(toActionLogEntry(1, event('default'))).not.toHaveProperty('notes');
  });

  it('records failed events with their error and ignores other agents and unfinished events', () => {
    const base: EventResponse = {
      event_id: 'e1',
      scheduled_time: '2026-01-28T06:00:00.000Z',
      modality: 'email',
      status: 'failed',
      priority: 100,
      created_at: '2026-01-28T06:00:00.000Z',
      executed_at: '2026-01-28T06:00:00.000Z',
      error_message: 'ValueError: no such message',
      agent_id: 'purple',
      data: { modality_type: 'email', timestamp: 'x', input_id: 'i', operation: 'read', message_ids: ['m'] },
    };
    expect(toActionLogEntry(2, base)).toEqual({
      message_type: 'action_log_entry',
      turn: 2,
      timestamp: '2026-01-28T06:00:00.000Z',
      action: 'email.read',
      parameters: { message_ids: ['m'] },
      success: false,
      error_message: 'ValueError: no such message',
    });
    const builder = new ActionLogBuilder('purple');
    const added = builder.recordTurn(1, [
      base,
      { ...base, event_id: 'e2', agent_id: 'someone-else' },
      { ...base, event_id: 'e3', status: 'pending' },
    ]);
    expect(added.map((entry) => entry.action)).toEqual(['email.read']);
  });
});
