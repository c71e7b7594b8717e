import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UesApiError,
  UesPermissionError,
  UesValidationError,
  type ReceiveSmsRequest,
  type UesClient,
} from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

const USER = '+15550000000';
const FRIEND = '+15551234567';

const fromFriend = (body: string, extra: Partial<ReceiveSmsRequest> = {}): ReceiveSmsRequest => ({
  from_number: FRIEND,
  to_numbers: [USER],
  body,
  ...extra,
});

describe('sms sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  async function messageIdsByBody(): Promise<Record<string, string>> {
    const { messages } = await client.sms.query();
    return Object.fromEntries(messages.map((message) => [message.body, message.message_id]));
  }

  it('receives (with sent_at) and sends, in the full and compact state', async () => {
    const received = await client.sms.receive(fromFriend('Lunch?', { sent_at: '2025-01-01T11:58:00Z' }));
    expect(received).toMatchObject({ status: 'executed', modality: 'sms' });
    const sent = await client.sms.send({ from_number: USER, to_numbers: [FRIEND], body: 'Sure, 1pm' });
    expect(sent.status).toBe('executed');

    const state = await client.sms.state();
    expect(state).toMatchObject({
      user_phone_number: USER,
      total_message_count: 2,
      unread_count: 1,
      total_conversation_count: 1,
    });
    const messages = Object.values(state.messages);
    expect(messages.find((message) => message.body === 'Lunch?')).toMatchObject({
      direction: 'incoming',
      is_read: false,
      sent_at: '2025-01-01T11:58:00Z',
    });
    expect(messages.find((message) => message.body === 'Sure, 1pm')).toMatchObject({ direction: 'outgoing' });
    const [conversation] = Object.values(state.conversations);
    expect(conversation).toMatchObject({
      conversation_type: 'one_on_one',
      message_count: 2,
      unread_count: 1,
    });

    const compact = await client.sms.state({ compact: true });
    expect(compact).toMatchObject({ total_conversations: 1, total_messages: 2, unread_total: 1 });
  });

  it('queries by thread, direction, time and order', async () => {
    await client.sms.receive(fromFriend('one'));
    await client.time.advance(60);
    await client.sms.receive(fromFriend('two'));
    await client.sms.receive({ from_number: '+15559999999', to_numbers: [USER], body: 'other thread' });
    const threadId = (await client.sms.query({ body_contains: 'one' })).messages[0]!.thread_id;

    const thread = await client.sms.query({ thread_id: threadId, sort_by: 'sent_at', sort_order: 'asc' });
    expect(thread.messages.map((message) => message.body)).toEqual(['one', 'two']);
    expect(thread).toMatchObject({ total_count: 2, returned_count: 2 });
    const recent = await client.sms.query({
      sent_after: new Date('2025-01-01T12:00:30Z'),
      direction: 'incoming',
    });
    expect(recent.total_count).toBe(2);
    const limited = await client.sms.query({ sort_by: 'sent_at', sort_order: 'desc', limit: 1 });
    expect(limited.returned_count).toBe(1);
  });

  it('marks read and unread, reacts and deletes, as the purple key', async () => {
    const { client: purple, keyId } = await env.userClient([
      'sms:read',
      'sms:unread',
      'sms:react',
      'sms:delete',
      'sms:query',
    ]);
    await client.sms.receive(fromFriend('first'));
    await client.sms.receive(fromFriend('second'));
    const ids = await messageIdsByBody();

    expect((await purple.sms.read({ message_ids: [ids.first!, ids.second!] })).status).toBe('executed');
    expect((await purple.sms.query({ is_read: false })).total_count).toBe(0);
    await purple.sms.unread({ message_ids: [ids.second!] });
    expect((await purple.sms.query({ is_read: false })).messages.map((message) => message.body)).toEqual([
      'second',
    ]);

    const reacted = await purple.sms.react({ message_id: ids.first!, phone_number: USER, emoji: '👍' });
    expect(reacted.status).toBe('executed');
    const reactedMessage = (await purple.sms.query({ body_contains: 'first' })).messages[0]!;
    expect(reactedMessage.reactions).toEqual([expect.objectContaining({ emoji: '👍', phone_number: USER })]);

    await purple.sms.delete({ message_ids: [ids.second!] });
    expect((await purple.sms.query({ is_deleted: true })).messages.map((message) => message.body)).toEqual([
      'second',
    ]);

    const actions = await client.events.list({ agent_id: keyId });
    expect(actions.events.map((event) => event.data?.operation)).toEqual([
      'update_delivery_status',
      'update_delivery_status',
      'add_reaction',
      'delete_message',
    ]);
    await expect(purple.sms.receive(fromFriend('spoofed'))).rejects.toBeInstanceOf(UesPermissionError);
  });

  it('updates a conversation, and says 400 when nothing is to change', async () => {
    await client.sms.receive(fromFriend('hello'));
    const threadId = (await client.sms.query()).messages[0]!.thread_id;
    const updated = await client.sms.conversation({
      thread_id: threadId,
      pin: true,
      draft_message: 'later…',
    });
    expect(updated.status).toBe('executed');
    expect((await client.sms.state()).conversations[threadId]).toMatchObject({
      is_pinned: true,
      draft_message: 'later…',
    });

    const error = await client.sms.conversation({ thread_id: threadId }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesApiError);
    expect((error as UesApiError).status).toBe(400);
    expect((error as UesApiError).reason).toContain('At least one update field');
  });

  it('names the invalid field with a 422', async () => {
    const error = await client.sms
      .send({ from_number: USER, to_numbers: [], body: 'nobody' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesValidationError);
    expect((error as UesValidationError).fieldErrors.map((field) => field.field)).toContain(
      'body.to_numbers',
    );
  });
});
