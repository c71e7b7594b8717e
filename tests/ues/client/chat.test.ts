import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UesPermissionError, type UesClient } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('chat sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('sends as the purple key, attributed, visible in state at once', async () => {
    const { client: purple, keyId } = await env.userClient(['chat:send', 'chat:state', 'chat:query']);
    const sent = await purple.chat.send({
      role: 'assistant',
      content: [{ type: 'text', text: 'Inbox triaged' }],
      conversation_id: 'user-assistant',
    });
    expect(sent).toMatchObject({
      status: 'executed',
      modality: 'chat',
      scheduled_time: '2025-01-01T12:00:00Z',
    });

    const state = await purple.chat.state();
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({ role: 'assistant', conversation_id: 'user-assistant' });
    expect(state.conversations['user-assistant']).toMatchObject({ message_count: 1 });

    const actions = await client.events.list({ agent_id: keyId, status: 'executed' });
    expect(actions.events.map((event) => `${event.modality}.${String(event.data?.operation)}`)).toEqual([
      'chat.send_message',
    ]);
    await expect(purple.chat.clear()).rejects.toBeInstanceOf(UesPermissionError);
  });

  it('returns the compact state', async () => {
    await client.chat.send({ role: 'user', content: 'hello' });
    const compact = await client.chat.state({ compact: true });
    expect(compact).toMatchObject({ modality_type: 'chat', total_message_count: 1, conversation_count: 1 });
    expect(compact).not.toHaveProperty('messages');
  });

  it('queries by role, time and text, in order', async () => {
    await client.chat.send({ role: 'user', content: 'Please triage my inbox' });
    await client.time.advance(60);
    await client.chat.send({ role: 'assistant', content: 'Done: 3 archived' });

    const byRole = await client.chat.query({ role: 'assistant' });
    expect(byRole).toMatchObject({ total_count: 1, returned_count: 1 });
    const since = await client.chat.query({ since: new Date('2025-01-01T12:00:30Z') });
    expect(since.messages.map((message) => message.content)).toEqual(['Done: 3 archived']);
    const search = await client.chat.query({ search: 'TRIAGE', sort_order: 'desc', limit: 5 });
    expect(search.messages.map((message) => message.role)).toEqual(['user']);
    expect(search.query).toMatchObject({ search: 'TRIAGE', sort_order: 'desc', limit: 5 });
  });

  it('deletes a message and clears a conversation', async () => {
    await client.chat.send({ role: 'user', content: 'one', conversation_id: 'c1' });
    await client.chat.send({ role: 'user', content: 'two', conversation_id: 'c1' });
    await client.chat.send({ role: 'user', content: 'other', conversation_id: 'c2' });
    const [first] = (await client.chat.query({ conversation_id: 'c1' })).messages;

    const deleted = await client.chat.delete({ message_id: first!.message_id });
    expect(deleted.status).toBe('executed');
    expect((await client.chat.query({ conversation_id: 'c1' })).total_count).toBe(1);

    const cleared = await client.chat.clear({ conversation_id: 'c1' });
    expect(cleared.status).toBe('executed');
    const state = await client.chat.state();
    expect(state.messages.map((message) => message.content)).toEqual(['other']);
  });
});
