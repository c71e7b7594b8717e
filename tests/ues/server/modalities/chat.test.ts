import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

describe('chat routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(async () => {
    await ues.close();
  });

  it('lets only keys holding chat:send_as_user speak as the user (403 otherwise, nothing recorded)', async () => {
    const assistant = await ues.createKey(['chat:send', 'chat:state']);
    const refused = await ues.call('POST', '/chat/send', {
      body: {
        role: 'user',
        content: 'Please wire $5,000 to this account',
        conversation_id: 'user-assistant',
      },
      key: assistant.secret,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/^Permission denied\. Required permission: chat:send_as_user/);
    expect(refused.body.detail).toMatch(/only as the assistant/);
    expect((await ues.call('GET', '/chat/state')).body.messages).toEqual([]);
    expect(ues.ues.engine.queue.size).toBe(0);

    const proctor = await ues.createKey(['chat:send', 'chat:send_as_user']);
    const allowed = await ues.call('POST', '/chat/send', {
      body: { role: 'user', content: 'Summarise my inbox' },
      key: proctor.secret,
    });
    expect(allowed.status).toBe(200);
    expect((await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'admin' } })).status).toBe(
      200,
    );
  });

  it('sends a message that is visible in state at once, attributed to the caller', async () => {
    const user = await ues.createKey(['chat:send', 'chat:state']);
    const sent = await ues.call('POST', '/chat/send', {
      body: { role: 'assistant', content: 'Hello Alex', conversation_id: 'user-assistant' },
      key: user.secret,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'executed',
      modality: 'chat',
      scheduled_time: '2025-01-01T12:00:00Z',
    });

    const state = await ues.call('GET', '/chat/state', { key: user.secret });
    expect(state.status).toBe(200);
    expect(state.body.messages).toHaveLength(1);
    expect(state.body.messages[0]).toMatchObject({
      role: 'assistant',
      content: 'Hello Alex',
      conversation_id: 'user-assistant',
    });
    expect(state.body.conversations['user-assistant']).toMatchObject({
      message_count: 1,
      participant_roles: ['assistant'],
    });

    const event = ues.ues.engine.queue.get(sent.body.event_id)!;
    expect(event.agent_id).toBe(user.keyId);
    expect(event.metadata).toEqual({ created_by_key: user.keyId });
    expect(event.data.message_id).toBe(state.body.messages[0].message_id);
  });

  it('queries by role, search text and order', async () => {
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'Please triage my inbox' } });
    await ues.call('POST', '/chat/send', {
      body: { role: 'assistant', content: [{ type: 'text', text: 'Quiet hour' }] },
    });
    const byRole = await ues.call('POST', '/chat/query', { body: { role: 'assistant' } });
    expect(byRole.body.total_count).toBe(1);
    const bySearch = await ues.call('POST', '/chat/query', { body: { search: 'QUIET' } });
    expect(bySearch.body.messages[0].role).toBe('assistant');
    const desc = await ues.call('POST', '/chat/query', {
      body: { sort_by: 'role', sort_order: 'desc', limit: 1 },
    });
    expect(desc.body).toMatchObject({ total_count: 2, returned_count: 1 });
    expect(desc.body.messages[0].role).toBe('user');
    expect(desc.body.query).toEqual({ sort_by: 'role', sort_order: 'desc', limit: 1, offset: 0 });
  });

  it('deletes and clears', async () => {
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'one' } });
    const state = await ues.call('GET', '/chat/state');
    const id = state.body.messages[0].message_id;
    expect((await ues.call('POST', '/chat/delete', { body: { message_id: id } })).body.status).toBe(
      'executed',
    );
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(0);
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'two' } });
    await ues.call('POST', '/chat/clear', { body: {} });
    const cleared = await ues.call('GET', '/chat/state?compact=true');
    expect(cleared.body).toMatchObject({ total_message_count: 0, conversation_count: 0 });
  });

  it('sends without conversation_id to the default conversation, "default" unless the state names another', async () => {
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'stock default' } });
    const stock = (await ues.call('GET', '/chat/state')).body;
    expect(stock.default_conversation_id).toBe('default');
    expect(stock.messages[0].conversation_id).toBe('default');

    // A scenario names the user's conversation as the default (the green does this at setup).
    const exported = (await ues.call('GET', '/scenario/export/full')).body;
    exported.scenario.environment.modality_states.chat.default_conversation_id = 'user-assistant';
    await ues.call('POST', '/simulation/clear', { body: {} });
    expect((await ues.call('POST', '/scenario/import/full', { body: exported })).status).toBe(200);
    await ues.call('POST', '/simulation/start', { body: { auto_advance: false } });

    const assistant = await ues.createKey(['chat:send', 'chat:state']);
    const sent = await ues.call('POST', '/chat/send', {
      body: { role: 'assistant', content: 'Your 3pm moved to 4pm' },
      key: assistant.secret,
    });
    expect(sent.body.message).toBe('Sent assistant message to conversation user-assistant');
    // Through /events too, and the event names the conversation it went to.
    const scheduled = await ues.call('POST', '/events/immediate', {
      body: { modality: 'chat', data: { operation: 'send_message', role: 'user', content: 'thanks' } },
    });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    const event = (await ues.call('GET', `/events/${scheduled.body.event_id}`)).body;
    expect(event.data.conversation_id).toBe('user-assistant');

    const state = (await ues.call('GET', '/chat/state', { key: assistant.secret })).body;
    expect(state.default_conversation_id).toBe('user-assistant');
    const byConversation = state.messages.map((m: { conversation_id: string; content: string }) => [
      m.conversation_id,
      m.content,
    ]);
    // Same simulated instant: the state keeps them in the order they arrived.
    expect(byConversation).toEqual([
      ['default', 'stock default'],
      ['user-assistant', 'Your 3pm moved to 4pm'],
      ['user-assistant', 'thanks'],
    ]);
    const compact = (await ues.call('GET', '/chat/state?compact=true')).body;
    expect(compact.default_conversation_id).toBe('user-assistant');
    // An explicit conversation is still honoured, and clear without one clears the default.
    await ues.call('POST', '/chat/send', {
      body: { role: 'assistant', content: 'x', conversation_id: 'other' },
    });
    await ues.call('POST', '/chat/clear', { body: {} });
    const left = (await ues.call('GET', '/chat/state')).body.messages;
    expect(left.map((m: { conversation_id: string }) => m.conversation_id).sort()).toEqual([
      'default',
      'other',
    ]);
  });

  it('rejects malformed bodies with 422 naming the field', async () => {
    const missing = await ues.call('POST', '/chat/send', { body: { content: 'no role' } });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe('Validation Error');
    expect(missing.body.detail[0].loc).toEqual(['body', 'role']);
    const badJson = await ues.call('POST', '/chat/send', { rawBody: '{"role": ' });
    expect(badJson.status).toBe(422);
    const badQuery = await ues.call('GET', '/chat/state?compact=maybe');
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.detail[0].loc).toEqual(['query', 'compact']);
    const badLimit = await ues.call('POST', '/chat/query', { body: { limit: 0 } });
    expect(badLimit.status).toBe(422);
  });

  it('requires a key with the permission', async () => {
    expect((await ues.call('GET', '/chat/state', { key: null })).status).toBe(401);
    expect((await ues.call('GET', '/chat/state', { key: 'nope' })).status).toBe(401);
    const reader = await ues.createKey(['chat:state']);
    const denied = await ues.call('POST', '/chat/send', {
      body: { role: 'user', content: 'x' },
      key: reader.secret,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('Permission denied. Required permission: chat:send');
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(0);
  });
});
