import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { SimulationEngine } from '../../../../src/ues/server/core/engine.js';
import { ModalityRegistry } from '../../../../src/ues/server/core/environment.js';
import { UesError } from '../../../../src/ues/server/core/errors.js';
import { parseTime } from '../../../../src/ues/server/core/time.js';
import { smsModality } from '../../../../src/ues/server/modalities/sms/index.js';
import { loadSmsState } from '../../../../src/ues/server/modalities/sms/load.js';
import type { SmsState } from '../../../../src/ues/server/modalities/sms/state.js';

const START = parseTime('2025-01-01T12:00:00Z')!;
const USER = '+15550000000';
const ALICE = '+15551110001';
const BOB = '+15551110002';
const CAROL = '+15551110003';

/** An engine with only the SMS modality, running, its clock at START (or a loaded state). */
function setup(initial?: unknown) {
  const engine = new SimulationEngine({
    registry: new ModalityRegistry([smsModality.definition]),
    startTime: START,
    wallClock: () => 0,
  });
  if (initial !== undefined) engine.states.set('sms', loadSmsState(initial, START));
  engine.start({ autoAdvance: false, timeScale: 1 });
  const state = (): SmsState => engine.states.get('sms') as SmsState;
  const run = (data: Record<string, unknown>) => engine.executeImmediate('sms', data, null);
  const receive = (from: string, body: string, extra: Record<string, unknown> = {}) =>
    run({ operation: 'receive_message', from_number: from, to_numbers: [USER], body, ...extra });
  const send = (to: string[], body: string, extra: Record<string, unknown> = {}) =>
    run({ operation: 'send_message', from_number: USER, to_numbers: to, body, ...extra });
  const snapshot = (): string => JSON.stringify(state().toJSON());
  return { engine, state, run, receive, send, snapshot };
}

const messageIdOf = (event: { data: Record<string, unknown> }): string => event.data.message_id as string;

describe('SMS state: messages and thread resolution', () => {
  it('receives into a new one-on-one conversation and counts it unread', () => {
    const { state, receive } = setup();
    const event = receive(ALICE, 'Lunch?');
    expect(event.status).toBe('executed');
    const id = messageIdOf(event);
    const message = state().messages.get(id)!;
    expect(message).toMatchObject({
      from_number: ALICE,
      to_numbers: [USER],
      direction: 'incoming',
      is_read: false,
      // Ours: an incoming text is delivered when it arrives (the original said "sent").
      delivery_status: 'delivered',
      delivered_at: '2025-01-01T12:00:00Z',
      sent_at: '2025-01-01T12:00:00Z',
      message_type: 'sms',
    });
    const conversation = state().conversations.get(message.thread_id)!;
    expect(conversation).toMatchObject({
      conversation_type: 'one_on_one',
      message_count: 1,
      unread_count: 1,
      created_at: '2025-01-01T12:00:00Z',
      last_message_at: '2025-01-01T12:00:00Z',
    });
    expect(conversation.participants.map((p) => p.phone_number)).toEqual([ALICE, USER].sort());
    expect(event.data.created_thread_id).toBe(message.thread_id);
    // Null optionals are absent from the message JSON.
    const json = JSON.parse(JSON.stringify(message));
    for (const key of ['read_at', 'edited_at', 'replied_to_message_id']) expect(json).not.toHaveProperty(key);
  });

  it('reuses the conversation whose sorted participants match, whoever sends', () => {
    const { state, receive, send } = setup();
    const first = receive(ALICE, 'one');
    const reply = send([ALICE], 'two');
    const threadId = state().messages.get(messageIdOf(first))!.thread_id;
    const outgoing = state().messages.get(messageIdOf(reply))!;
    expect(outgoing).toMatchObject({ thread_id: threadId, direction: 'outgoing', is_read: true });
    expect(state().conversations.size).toBe(1);
    expect(state().conversations.get(threadId)).toMatchObject({ message_count: 2, unread_count: 1 });
    expect(reply.data.created_thread_id).toBeUndefined();
  });

  it('decides direction by the sender, not by the operation', () => {
    const { state, run } = setup();
    const event = run({ operation: 'receive_message', from_number: USER, to_numbers: [ALICE], body: 'x' });
    expect(state().messages.get(messageIdOf(event))!.direction).toBe('outgoing');
  });

  it('opens a group for more than two numbers, named by the input', () => {
    const { state, receive } = setup();
    const event = receive(ALICE, 'hi all', { to_numbers: [USER, BOB], group_name: 'Team' });
    const conversation = state().conversations.get(state().messages.get(messageIdOf(event))!.thread_id)!;
    expect(conversation).toMatchObject({ conversation_type: 'group', group_name: 'Team' });
    expect(conversation.participants).toHaveLength(3);
  });

  it('fails on an explicit unknown thread and leaves the state untouched', () => {
    const { state, receive, snapshot } = setup();
    const before = snapshot();
    const event = receive(ALICE, 'x', { thread_id: 'nope' });
    expect(event.status).toBe('failed');
    expect(event.error_message).toBe('ValueError: Conversation nope not found');
    expect(snapshot()).toBe(before);
    expect(state().updateCount).toBe(0);
  });

  it('fails when a given message id already exists', () => {
    const { receive } = setup();
    receive(ALICE, 'x', { message_id: 'm1' });
    const again = receive(ALICE, 'y', { message_id: 'm1' });
    expect(again.status).toBe('failed');
    expect(again.error_message).toBe('ValueError: Message m1 already exists');
  });

  it('stamps a given sent_at and pins attachment ids on the input', () => {
    const { state, receive } = setup();
    const event = receive(ALICE, 'photo', {
      sent_at: '2024-12-31T23:00:00+01:00',
      message_type: 'rcs',
      attachments: [
        { filename: 'a.jpg', size: 10, mime_type: 'image/jpeg', thumbnail_url: null, duration: null },
      ],
      replied_to_message_id: 'earlier',
    });
    const message = state().messages.get(messageIdOf(event))!;
    expect(message.sent_at).toBe('2024-12-31T22:00:00Z');
    expect(state().conversations.get(message.thread_id)!.last_message_at).toBe('2025-01-01T12:00:00Z');
    const attachmentId = (event.data.attachments as { attachment_id: string }[])[0]!.attachment_id;
    expect(JSON.parse(JSON.stringify(message.attachments))).toEqual([
      { filename: 'a.jpg', size: 10, mime_type: 'image/jpeg', attachment_id: attachmentId },
    ]);
    expect(message.replied_to_message_id).toBe('earlier');
  });

  it('trims the oldest message by sent_at beyond the per-conversation limit', () => {
    const { state, receive, engine, snapshot } = setup({ max_messages_per_conversation: 2 });
    const oldest = receive(ALICE, 'oldest', { sent_at: '2025-01-01T09:00:00Z' });
    const newest = receive(ALICE, 'newest', { sent_at: '2025-01-01T11:00:00Z' });
    const before = snapshot();
    const third = receive(ALICE, 'third', { sent_at: '2025-01-01T10:00:00Z' });
    expect(third.status).toBe('executed');
    expect(state().messages.has(messageIdOf(oldest))).toBe(false);
    expect([...state().messages.keys()]).toEqual([messageIdOf(newest), messageIdOf(third)]);
    const threadId = state().messages.get(messageIdOf(newest))!.thread_id;
    expect(state().conversations.get(threadId)).toMatchObject({ message_count: 2, unread_count: 2 });
    expect(state().checkConsistency()).toEqual([]);
    // Undo puts the trimmed message back in its old place, ahead of the others.
    engine.undo(1);
    expect(snapshot()).toBe(before);
  });
});

describe('SMS state: operations on existing messages', () => {
  it('marks read and unread, keeping conversation unread counts in step', () => {
    const { state, receive, run } = setup();
    const a = messageIdOf(receive(ALICE, 'a'));
    const b = messageIdOf(receive(ALICE, 'b'));
    const threadId = state().messages.get(a)!.thread_id;
    const read = run({ operation: 'update_delivery_status', message_id: a, new_status: 'read' });
    expect(read.status).toBe('executed');
    expect(state().messages.get(a)).toMatchObject({ is_read: true, read_at: '2025-01-01T12:00:00Z' });
    expect(state().conversations.get(threadId)!.unread_count).toBe(1);

    run({ operation: 'update_delivery_status', message_ids: [a, b, 'ghost'], new_status: 'read' });
    expect(state().conversations.get(threadId)!.unread_count).toBe(0);
    run({ operation: 'update_delivery_status', message_ids: [a, b], new_status: 'delivered' });
    expect(state().messages.get(a)).toMatchObject({ is_read: false, read_at: undefined });
    expect(state().conversations.get(threadId)!.unread_count).toBe(2);
  });

  it('sets delivered and failed statuses, and an outgoing read becomes "read"', () => {
    const { state, send, run } = setup();
    const id = messageIdOf(send([ALICE], 'hi'));
    run({
      operation: 'update_delivery_status',
      message_id: id,
      new_status: 'delivered',
      delivered_at: '2025-01-01T12:00:05Z',
    });
    expect(state().messages.get(id)).toMatchObject({
      delivery_status: 'delivered',
      delivered_at: '2025-01-01T12:00:05Z',
      is_read: true,
    });
    run({ operation: 'update_delivery_status', message_id: id, new_status: 'read' });
    expect(state().messages.get(id)!.delivery_status).toBe('read');
    run({ operation: 'update_delivery_status', message_id: id, new_status: 'failed' });
    expect(state().messages.get(id)!.delivery_status).toBe('failed');
    expect(state().conversations.get(state().messages.get(id)!.thread_id)!.unread_count).toBe(0);
  });

  it('fails status updates and deletes on unknown messages', () => {
    const { run } = setup();
    const single = run({ operation: 'update_delivery_status', message_id: 'ghost', new_status: 'read' });
    expect(single.error_message).toBe('ValueError: Message ghost not found');
    const bulk = run({ operation: 'delete_message', message_ids: ['g1', 'g2'] });
    expect(bulk.status).toBe('failed');
    expect(bulk.error_message).toBe('ValueError: Messages not found: g1, g2');
  });

  it('soft-deletes, keeping the message and its counts', () => {
    const { state, receive, run } = setup();
    const a = messageIdOf(receive(ALICE, 'a'));
    const b = messageIdOf(receive(BOB, 'b'));
    expect(run({ operation: 'delete_message', message_id: a }).status).toBe('executed');
    expect(state().messages.get(a)!.is_deleted).toBe(true);
    run({ operation: 'delete_message', message_id: b, message_ids: [b] });
    expect(state().messages.get(b)!.is_deleted).toBe(true);
    expect(state().messages.size).toBe(2);
    expect(state().conversations.get(state().messages.get(a)!.thread_id)!.unread_count).toBe(1);
  });

  it('adds and removes reactions, pinning the reaction id', () => {
    const { state, receive, run } = setup();
    const id = messageIdOf(receive(ALICE, 'a'));
    const added = run({ operation: 'add_reaction', message_id: id, phone_number: USER, emoji: '👍' });
    const reactionId = added.data.reaction_id as string;
    expect(state().messages.get(id)!.reactions).toEqual([
      {
        reaction_id: reactionId,
        message_id: id,
        phone_number: USER,
        emoji: '👍',
        timestamp: '2025-01-01T12:00:00Z',
      },
    ]);
    run({ operation: 'remove_reaction', message_id: id, phone_number: USER, reaction_id: 'unknown' });
    expect(state().messages.get(id)!.reactions).toHaveLength(1);
    run({ operation: 'remove_reaction', message_id: id, phone_number: USER, reaction_id: reactionId });
    expect(state().messages.get(id)!.reactions).toEqual([]);
    const ghost = run({ operation: 'add_reaction', message_id: 'ghost', phone_number: USER, emoji: '👍' });
    expect(ghost.error_message).toBe('ValueError: Message ghost not found');
  });

  it('edits RCS messages only', () => {
    const { state, engine, send, run } = setup();
    const rcs = messageIdOf(send([ALICE], 'teh', { message_type: 'rcs' }));
    const sms = messageIdOf(send([ALICE], 'teh'));
    engine.advance(60_000);
    expect(run({ operation: 'edit_message', message_id: rcs, new_body: 'the' }).status).toBe('executed');
    expect(state().messages.get(rcs)).toMatchObject({ body: 'the', edited_at: '2025-01-01T12:01:00Z' });
    const failed = run({ operation: 'edit_message', message_id: sms, new_body: 'the' });
    expect(failed.error_message).toBe('ValueError: Can only edit RCS messages');
    expect(state().messages.get(sms)!.body).toBe('teh');
  });
});

describe('SMS state: groups and conversations', () => {
  it('creates, renames and changes the members of a group', () => {
    const { state, run, receive } = setup();
    const created = run({
      operation: 'create_group',
      creator_number: USER,
      participant_numbers: [USER, ALICE, BOB],
      group_name: 'Trip',
      group_photo_url: 'https://example.test/trip.png',
    });
    const threadId = created.data.created_thread_id as string;
    expect(state().conversations.get(threadId)).toMatchObject({
      conversation_type: 'group',
      group_name: 'Trip',
      created_by: USER,
      message_count: 0,
    });
    expect(
      state()
        .conversations.get(threadId)!
        .participants.map((p) => p.is_admin),
    ).toEqual([true, false, false]);

    run({ operation: 'update_group', thread_id: threadId, group_name: 'Trip 2025' });
    expect(state().conversations.get(threadId)!.group_name).toBe('Trip 2025');

    expect(run({ operation: 'add_participant', thread_id: threadId, phone_number: CAROL }).status).toBe(
      'executed',
    );
    const duplicate = run({ operation: 'add_participant', thread_id: threadId, phone_number: CAROL });
    expect(duplicate.status).toBe('failed');
    // Thread resolution follows the new member set.
    const message = receive(CAROL, 'hello', { to_numbers: [USER, ALICE, BOB] });
    expect(state().messages.get(messageIdOf(message))!.thread_id).toBe(threadId);

    run({ operation: 'remove_participant', thread_id: threadId, phone_number: ALICE });
    run({ operation: 'leave_group', thread_id: threadId });
    const participants = state().conversations.get(threadId)!.participants;
    expect(participants.find((p) => p.phone_number === ALICE)!.left_at).toBe('2025-01-01T12:00:00Z');
    expect(participants.find((p) => p.phone_number === USER)!.left_at).toBe('2025-01-01T12:00:00Z');
    expect(participants.find((p) => p.phone_number === BOB)!.left_at).toBeUndefined();

    const unknown = run({ operation: 'update_group', thread_id: 'nope', group_name: 'x' });
    expect(unknown.error_message).toBe('ValueError: Conversation nope not found');
  });

  it('updates conversation flags, drafts and mark_all_read', () => {
    const { state, receive, run } = setup();
    receive(ALICE, 'a');
    const threadId = state().messages.get(messageIdOf(receive(ALICE, 'b')))!.thread_id;
    run({
      operation: 'update_conversation',
      thread_id: threadId,
      pin: true,
      mute: true,
      archive: true,
      draft_message: 'so',
    });
    expect(state().conversations.get(threadId)).toMatchObject({
      is_pinned: true,
      is_muted: true,
      is_archived: true,
      draft_message: 'so',
    });
    run({
      operation: 'update_conversation',
      thread_id: threadId,
      pin: false,
      draft_message: '',
      mark_all_read: true,
    });
    const conversation = state().conversations.get(threadId)!;
    expect(conversation).toMatchObject({
      is_pinned: false,
      is_muted: true,
      unread_count: 0,
      draft_message: undefined,
    });
    expect([...state().messages.values()].every((message) => message.is_read)).toBe(true);
  });

  it('rejects inputs that break the operation rules before they are queued', () => {
    const { run, state } = setup();
    const problems = (data: Record<string, unknown>) =>
      state().validate({ modality_type: 'sms', timestamp: '2025-01-01T12:00:00Z', input_id: 'i', ...data });
    expect(problems({ operation: 'send_message', from_number: USER, to_numbers: [], body: 'x' })).toEqual([
      'to_numbers cannot be empty',
    ]);
    expect(problems({ operation: 'update_delivery_status', message_id: 'm', new_status: 'sent' })).toEqual([
      `new_status must be one of ["delivered","read","failed"], got 'sent'`,
    ]);
    expect(
      problems({ operation: 'create_group', creator_number: USER, participant_numbers: [ALICE] }),
    ).toEqual(['participant_numbers must have at least 2 participants']);
    expect(problems({ operation: 'update_conversation', thread_id: 't' })).toHaveLength(1);
    expect(
      problems({ operation: 'add_reaction', message_id: 'm', phone_number: USER, message_ids: ['m'] }),
    ).toEqual([
      'message_ids is only supported for operations update_delivery_status, delete_message',
      "emoji is required for operation 'add_reaction'",
    ]);
    expect(() => run({ operation: 'receive_message', to_numbers: [USER], body: 'x' })).toThrow(UesError);
    expect(() => run({ operation: 'bogus' })).toThrow(/operation/);
  });
});

describe('SMS state: undo, export and import', () => {
  const pythonExport = {
    modality_type: 'sms',
    last_updated: '2025-01-01T11:00:00+00:00',
    update_count: 3,
    messages: {
      m1: {
        message_id: 'm1',
        thread_id: 't1',
        from_number: ALICE,
        to_numbers: [USER],
        body: 'Are we still on?',
        attachments: [
          {
            filename: 'x.png',
            size: 5,
            mime_type: 'image/png',
            attachment_id: 'a1',
            thumbnail_url: null,
            duration: null,
          },
        ],
        reactions: [],
        message_type: 'sms',
        direction: 'incoming',
        sent_at: '2025-01-01T10:00:00+00:00',
        delivered_at: null,
        read_at: null,
        is_read: false,
        delivery_status: 'sent',
        edited_at: null,
        is_deleted: false,
        replied_to_message_id: null,
        is_spam: false,
      },
    },
    conversations: {
      t1: {
        thread_id: 't1',
        conversation_type: 'one_on_one',
        participants: [
          { phone_number: ALICE, is_admin: false, joined_at: '2025-01-01T10:00:00+00:00', left_at: null },
          { phone_number: USER, is_admin: false, joined_at: '2025-01-01T10:00:00+00:00', left_at: null },
        ],
        group_name: null,
        group_photo_url: null,
        created_at: '2025-01-01T10:00:00+00:00',
        created_by: null,
        last_message_at: '2025-01-01T10:00:00+00:00',
        message_count: 1,
        unread_count: 1,
        is_pinned: false,
        is_muted: false,
        is_archived: false,
        draft_message: null,
      },
    },
    max_messages_per_conversation: 10000,
    user_phone_number: USER,
  };

  it('loads the Python export and emits it in canonical form', () => {
    const state = loadSmsState(pythonExport, START);
    const json = JSON.parse(JSON.stringify(state.toJSON()));
    expect(json.last_updated).toBe('2025-01-01T11:00:00Z');
    expect(json.update_count).toBe(3);
    expect(json.messages.m1).toEqual({
      message_id: 'm1',
      thread_id: 't1',
      from_number: ALICE,
      to_numbers: [USER],
      body: 'Are we still on?',
      attachments: [{ filename: 'x.png', size: 5, mime_type: 'image/png', attachment_id: 'a1' }],
      reactions: [],
      message_type: 'sms',
      direction: 'incoming',
      sent_at: '2025-01-01T10:00:00Z',
      is_read: false,
      delivery_status: 'sent',
      is_deleted: false,
      is_spam: false,
    });
    expect(json.conversations.t1.participants[0]).toEqual({
      phone_number: ALICE,
      is_admin: false,
      joined_at: '2025-01-01T10:00:00Z',
    });
    expect(state.checkConsistency()).toEqual([]);
    // Our own export loads back to the same JSON.
    expect(JSON.stringify(loadSmsState(json, START).toJSON())).toBe(JSON.stringify(state.toJSON()));
    // Thread resolution finds the imported conversation.
    expect(state.conversationWithParticipants([USER, ALICE].sort())?.thread_id).toBe('t1');
  });

  it('rejects a malformed export', () => {
    expect(() => loadSmsState({ messages: { m: { body: 1 } } }, START)).toThrow(ZodError);
    expect(() =>
      loadSmsState({ conversations: { t: { created_at: '2025-01-01T10:00:00' } } }, START),
    ).toThrow(ZodError);
  });

  it('restores the exact pre-state when every applied input is reset', () => {
    const { engine, state, run, receive, send, snapshot } = setup({
      ...pythonExport,
      max_messages_per_conversation: 2,
    });
    const before = snapshot();
    const a = messageIdOf(receive(ALICE, 'newer'));
    receive(ALICE, 'newest'); // trims m1, the oldest of the thread
    send([ALICE, BOB], 'group hello');
    run({ operation: 'update_delivery_status', message_ids: ['m1', a], new_status: 'read' });
    run({ operation: 'update_delivery_status', message_ids: [a], new_status: 'delivered' });
    run({ operation: 'add_reaction', message_id: a, phone_number: USER, emoji: '🎉' });
    run({ operation: 'delete_message', message_id: a });
    const group = run({ operation: 'create_group', creator_number: USER, participant_numbers: [BOB, CAROL] });
    run({ operation: 'add_participant', thread_id: group.data.created_thread_id, phone_number: ALICE });
    run({ operation: 'leave_group', thread_id: group.data.created_thread_id });
    run({
      operation: 'update_conversation',
      thread_id: 't1',
      mark_all_read: true,
      pin: true,
      draft_message: 'd',
    });
    expect(snapshot()).not.toBe(before);
    expect(state().updateCount).toBe(14);

    const result = engine.reset();
    expect(result.undoErrors).toEqual([]);
    expect(snapshot()).toBe(before);
    expect(state().checkConsistency()).toEqual([]);
    // Thread resolution forgot the conversations the reset removed.
    expect(state().conversationWithParticipants([USER, ALICE, BOB].sort())).toBeUndefined();
  });

  it('redoes with the same generated ids', () => {
    const { engine, receive, run, snapshot } = setup();
    const id = messageIdOf(
      receive(ALICE, 'a', { attachments: [{ filename: 'f', size: 1, mime_type: 'text/plain' }] }),
    );
    run({ operation: 'add_reaction', message_id: id, phone_number: USER, emoji: '👍' });
    run({ operation: 'create_group', creator_number: USER, participant_numbers: [BOB, CAROL] });
    const after = snapshot();
    engine.undo(3);
    engine.redo(3);
    expect(snapshot()).toBe(after);
  });

  it('clears content but keeps the configuration', () => {
    const state = loadSmsState(
      { ...pythonExport, user_phone_number: '+15550100000', max_messages_per_conversation: 50 },
      START,
    );
    state.clear(START);
    expect(state.toJSON()).toEqual({
      modality_type: 'sms',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 0,
      messages: {},
      conversations: {},
      max_messages_per_conversation: 50,
      user_phone_number: '+15550100000',
    });
    expect(state.conversationWithParticipants([USER, ALICE].sort())).toBeUndefined();
  });

  it('summarises, snapshots and checks consistency', () => {
    const { state, receive, run } = setup();
    expect(state().summary()).toBe('No conversations');
    receive(ALICE, 'x'.repeat(120));
    const groupMessage = receive(BOB, 'group news', { to_numbers: [USER, CAROL] });
    run({
      operation: 'create_group',
      creator_number: USER,
      participant_numbers: [ALICE, BOB],
      group_name: 'Quiet',
    });
    expect(state().summary()).toBe('3 conversations, 2 unread');
    const compact = state().compact(START + 2 * 3_600_000);
    expect(compact).toMatchObject({
      summary: '3 conversations, 2 unread',
      conversation_count: 3,
      total_unread: 2,
    });
    const unread = compact.unread_conversations as Record<string, unknown>[];
    expect(unread).toHaveLength(2);
    expect(unread.find((entry) => entry.participant === ALICE)).toMatchObject({
      unread_count: 1,
      received_ago: '2 hours ago',
      last_message: `${'x'.repeat(100)}...`,
    });
    expect(unread.find((entry) => entry.is_group)).toMatchObject({
      group_name: 'Group (3 members)',
      last_message: 'group news',
    });

    const broken = loadSmsState(
      {
        messages: { m: { ...pythonExport.messages.m1, message_id: 'm', thread_id: 'missing' } },
        conversations: { t1: { ...pythonExport.conversations.t1, participants: [] } },
      },
      START,
    );
    expect(broken.checkConsistency()).toEqual([
      'Message m references non-existent conversation missing',
      "Conversation t1 message_count (1) doesn't match actual count (0)",
      'Conversation t1 has no participants',
    ]);
    expect(groupMessage.status).toBe('executed');
  });
});
