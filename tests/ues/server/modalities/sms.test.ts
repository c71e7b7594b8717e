import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_INITIAL_STATE, startTestUes, type TestUes } from '../../helpers.js';

const USER = '+15550000000';
const ALICE = '+15551110001';
const BOB = '+15551110002';
const REFERENCE_SCENARIO = REFERENCE_INITIAL_STATE;

describe('sms routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(async () => {
    await ues.close();
  });

  const receive = (from: string, body: string, extra: Record<string, unknown> = {}) =>
    ues.call('POST', '/sms/receive', { body: { from_number: from, to_numbers: [USER], body, ...extra } });
  const send = (to: string[], body: string, extra: Record<string, unknown> = {}) =>
    ues.call('POST', '/sms/send', { body: { from_number: USER, to_numbers: to, body, ...extra } });
  const state = async () => (await ues.call('GET', '/sms/state')).body;
  /** The ids of the messages in state, in insertion order. */
  const messageIds = async (): Promise<[string, ...string[]]> =>
    Object.keys((await state()).messages) as [string, ...string[]];
  const event = (eventId: string) => ues.ues.engine.queue.get(eventId)!;

  it('sends and receives, attributed to the caller, visible in state at once', async () => {
    const agent = await ues.createKey(['sms:send', 'sms:receive', 'sms:state']);
    const sent = await ues.call('POST', '/sms/send', {
      body: { from_number: USER, to_numbers: [ALICE], body: 'On my way' },
      key: agent.secret,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      event_id: sent.body.event_id,
      scheduled_time: '2025-01-01T12:00:00Z',
      status: 'executed',
      message: 'SMS message sent successfully',
      modality: 'sms',
    });
    const received = await ues.call('POST', '/sms/receive', {
      body: { from_number: ALICE, to_numbers: [USER], body: 'See you', sent_at: '2025-01-01T11:59:30Z' },
      key: agent.secret,
    });
    expect(received.body).toMatchObject({ status: 'executed', message: 'SMS message received successfully' });

    const full = await ues.call('GET', '/sms/state', { key: agent.secret });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      modality_type: 'sms',
      current_time: '2025-01-01T12:00:00Z',
      user_phone_number: USER,
      total_message_count: 2,
      unread_count: 1,
      total_conversation_count: 1,
    });
    const [outgoing, incoming] = Object.values(full.body.messages) as any[];
    expect(outgoing).toMatchObject({ direction: 'outgoing', is_read: true, body: 'On my way' });
    expect(incoming).toMatchObject({
      direction: 'incoming',
      is_read: false,
      sent_at: '2025-01-01T11:59:30Z',
    });
    expect(incoming).not.toHaveProperty('read_at');
    const conversation = full.body.conversations[incoming.thread_id];
    expect(conversation).toMatchObject({
      conversation_type: 'one_on_one',
      message_count: 2,
      unread_count: 1,
    });

    for (const response of [sent, received]) {
      const recorded = event(response.body.event_id);
      expect(recorded.agent_id).toBe(agent.keyId);
      expect(recorded.metadata).toEqual({ created_by_key: agent.keyId });
      expect(recorded.priority).toBe(100);
    }
    expect(event(sent.body.event_id).data).toMatchObject({
      operation: 'send_message',
      message_id: outgoing.message_id,
    });
    expect(event(received.body.event_id).data).toMatchObject({
      operation: 'receive_message',
      sent_at: '2025-01-01T11:59:30Z',
    });
  });

  it('returns the compact state', async () => {
    await receive(ALICE, 'one');
    await receive(BOB, 'two', { to_numbers: [USER, ALICE] });
    const compact = await ues.call('GET', '/sms/state?compact=true');
    expect(compact.status).toBe(200);
    expect(compact.body).toMatchObject({
      modality_type: 'sms',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 2,
      user_phone_number: USER,
      total_conversations: 2,
      total_messages: 2,
      unread_total: 2,
    });
    const outlines = Object.values(compact.body.conversations) as any[];
    expect(Object.keys(outlines[0]).sort()).toEqual(
      ['created_at', 'last_message_at', 'message_count', 'participants', 'thread_id', 'unread_count'].sort(),
    );
    expect(compact.body).not.toHaveProperty('messages');
  });

  it('marks read and unread, moving conversation unread counts (fix of the original)', async () => {
    await receive(ALICE, 'a');
    await receive(ALICE, 'b');
    const [a, b] = (await messageIds()) as [string, string];
    const key = await ues.createKey(['sms:read', 'sms:unread']);
    const read = await ues.call('POST', '/sms/read', {
      body: { message_ids: [a, b, 'ghost'] },
      key: key.secret,
    });
    expect(read.body).toMatchObject({ status: 'executed', message: 'Marked 2 message(s) as read' });
    let current = await state();
    expect(current.unread_count).toBe(0);
    expect(Object.values(current.conversations)[0]).toMatchObject({ unread_count: 0 });
    expect(current.messages[a].read_at).toBe('2025-01-01T12:00:00Z');

    const recorded = event(read.body.event_id);
    expect(recorded.data).toMatchObject({
      operation: 'update_delivery_status',
      new_status: 'read',
      message_id: a,
      message_ids: [a, b, 'ghost'],
    });
    expect(recorded.agent_id).toBe(key.keyId);

    const unread = await ues.call('POST', '/sms/unread', { body: { message_ids: [b] }, key: key.secret });
    expect(unread.body).toMatchObject({ status: 'executed', message: 'Marked 1 message(s) as unread' });
    current = await state();
    expect(current.messages[b].is_read).toBe(false);
    expect(current.unread_count).toBe(1);
    expect(Object.values(current.conversations)[0]).toMatchObject({ unread_count: 1 });

    const undone = await ues.call('POST', '/simulation/undo', { body: { count: 2 } });
    expect(undone.status).toBe(200);
    current = await state();
    expect(current.unread_count).toBe(2);
    expect(Object.values(current.conversations)[0]).toMatchObject({ unread_count: 2 });
  });

  it('deletes softly, reacts and reports unknown ids as failed events', async () => {
    await receive(ALICE, 'a');
    const [a] = await messageIds();
    const deleted = await ues.call('POST', '/sms/delete', { body: { message_ids: [a] } });
    expect(deleted.body).toMatchObject({ status: 'executed', message: 'Deleted 1 message(s)' });
    expect((await state()).messages[a].is_deleted).toBe(true);
    expect(event(deleted.body.event_id).data).toMatchObject({
      operation: 'delete_message',
      message_ids: [a],
    });

    const reacted = await ues.call('POST', '/sms/react', {
      body: { message_id: a, phone_number: USER, emoji: '❤️' },
    });
    expect(reacted.body).toMatchObject({ status: 'executed', message: "Added reaction '❤️' to message" });
    expect((await state()).messages[a].reactions).toMatchObject([{ phone_number: USER, emoji: '❤️' }]);

    const ghostReact = await ues.call('POST', '/sms/react', {
      body: { message_id: 'ghost', phone_number: USER, emoji: '👍' },
    });
    expect(ghostReact.status).toBe(200);
    expect(ghostReact.body).toMatchObject({
      status: 'failed',
      message: 'Failed to add reaction: ValueError: Message ghost not found',
    });
    expect(event(ghostReact.body.event_id).status).toBe('failed');

    for (const [path, verb] of [
      ['/sms/read', 'mark messages as read'],
      ['/sms/unread', 'mark messages as unread'],
      ['/sms/delete', 'delete messages'],
    ] as const) {
      const response = await ues.call('POST', path, { body: { message_ids: ['g1', 'g2'] } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        status: 'failed',
        message: `Failed to ${verb}: ValueError: Messages not found: g1, g2`,
      });
    }
  });

  it('updates conversations and requires at least one update', async () => {
    await receive(ALICE, 'a');
    await receive(ALICE, 'b');
    const threadId = Object.keys((await state()).conversations)[0]!;
    const updated = await ues.call('POST', '/sms/conversation', {
      body: { thread_id: threadId, pin: true, mute: false, mark_all_read: true, draft_message: 'Sure' },
    });
    expect(updated.body).toMatchObject({
      status: 'executed',
      message: 'Conversation pinned, unmuted, marked all read, draft saved',
    });
    const current = await state();
    expect(current.conversations[threadId]).toMatchObject({
      is_pinned: true,
      is_muted: false,
      unread_count: 0,
      draft_message: 'Sure',
    });
    expect(current.unread_count).toBe(0);

    const cleared = await ues.call('POST', '/sms/conversation', {
      body: { thread_id: threadId, draft_message: '' },
    });
    expect(cleared.body.message).toBe('Conversation draft cleared');
    expect((await state()).conversations[threadId]).not.toHaveProperty('draft_message');

    const empty = await ues.call('POST', '/sms/conversation', { body: { thread_id: threadId, pin: null } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(
      'At least one update field (pin, mute, archive, mark_all_read, draft_message) must be specified',
    );

    const unknown = await ues.call('POST', '/sms/conversation', {
      body: { thread_id: 'nope', archive: true },
    });
    expect(unknown.body).toMatchObject({
      status: 'failed',
      message: 'Failed to update conversation: ValueError: Conversation nope not found',
    });
  });

  describe('query', () => {
    beforeEach(async () => {
      // Imported so that one message is spam, which no route can produce.
      await ues.call('POST', '/simulation/stop');
      const imported = await ues.call('POST', '/scenario/import/environment', {
        body: {
          data: {
            time_state: {
              current_time: '2025-01-01T12:00:00+00:00',
              time_scale: 1,
              is_paused: false,
              auto_advance: false,
              last_wall_time_update: '2025-01-01T12:00:00+00:00',
            },
            modality_states: {
              sms: {
                user_phone_number: USER,
                messages: {
                  spam: {
                    message_id: 'spam',
                    thread_id: 't-spam',
                    from_number: '+19990000000',
                    to_numbers: [USER],
                    body: 'You WON a prize',
                    direction: 'incoming',
                    sent_at: '2025-01-01T08:00:00+00:00',
                    is_spam: true,
                  },
                },
                conversations: {
                  't-spam': {
                    conversation_type: 'one_on_one',
                    participants: [
                      { phone_number: '+19990000000', joined_at: '2025-01-01T08:00:00+00:00' },
                      { phone_number: USER, joined_at: '2025-01-01T08:00:00+00:00' },
                    ],
                    created_at: '2025-01-01T08:00:00+00:00',
                    last_message_at: '2025-01-01T08:00:00+00:00',
                    message_count: 1,
                    unread_count: 1,
                  },
                },
              },
            },
          },
        },
      });
      expect(imported.status).toBe(200);
      expect((await ues.call('POST', '/simulation/start', { body: { auto_advance: false } })).status).toBe(
        200,
      );
      await receive(ALICE, 'Dinner at eight?', { sent_at: '2025-01-01T09:00:00Z' });
      await send([ALICE], 'Yes, dinner works', {
        message_type: 'rcs',
        attachments: [{ filename: 'map.png', size: 100, mime_type: 'image/png' }],
      });
      await receive(BOB, 'Call me', { sent_at: '2025-01-01T10:00:00Z' });
    });

    const query = async (body: Record<string, unknown>) => {
      const response = await ues.call('POST', '/sms/query', { body });
      expect(response.status).toBe(200);
      return response.body;
    };
    const bodies = (result: { messages: { body: string }[] }) =>
      result.messages.map((message) => message.body);

    it('keeps insertion order without sort_by and echoes the query without nulls', async () => {
      const all = await query({ thread_id: null });
      expect(bodies(all)).toEqual(['You WON a prize', 'Dinner at eight?', 'Yes, dinner works', 'Call me']);
      expect(all).toMatchObject({ modality_type: 'sms', total_count: 4, returned_count: 4 });
      // The original echoes sort_order "desc" here, which it does not apply; the echo says what is.
      expect(all.query).toEqual({ offset: 0, sort_by: 'insertion', sort_order: 'asc' });
      const unsorted = await query({ sort_order: 'desc' });
      expect(bodies(unsorted)).toEqual(bodies(all));
      // An order asked for but not applied is said so, naming what sorts.
      expect(unsorted.query).toMatchObject({ sort_by: 'insertion', sort_order: 'asc' });
      expect(unsorted.query.sort_note).toMatch(/sort_order does not apply.*sent_at, from_number, direction/);
      expect((await query({ sort_by: 'body' })).query.sort_note).toMatch(/sort_by "body" does not sort/);
      expect(all.query.sort_note).toBeUndefined();
      expect((await query({ sort_by: 'sent_at' })).query).toMatchObject({
        sort_by: 'sent_at',
        sort_order: 'desc',
      });
      // A null order sorts ascending, as in the original, and the echo says so.
      const nullOrder = await query({ sort_by: 'sent_at', sort_order: null });
      expect(bodies(nullOrder)[0]).toBe('You WON a prize');
      expect(nullOrder.query).toMatchObject({ sort_by: 'sent_at', sort_order: 'asc' });
      const omitted = await ues.call('POST', '/sms/query');
      expect(omitted.body.total_count).toBe(4);
    });

    it('applies every filter', async () => {
      const threadOfAlice = (await query({ from_number: ALICE })).messages[0].thread_id;
      expect(bodies(await query({ thread_id: threadOfAlice }))).toEqual([
        'Dinner at eight?',
        'Yes, dinner works',
      ]);
      expect(bodies(await query({ from_number: BOB }))).toEqual(['Call me']);
      expect(bodies(await query({ to_number: ALICE }))).toEqual(['Yes, dinner works']);
      expect(bodies(await query({ body_contains: 'DINNER' }))).toEqual([
        'Dinner at eight?',
        'Yes, dinner works',
      ]);
      expect(bodies(await query({ message_type: 'rcs' }))).toEqual(['Yes, dinner works']);
      expect(bodies(await query({ direction: 'outgoing' }))).toEqual(['Yes, dinner works']);
      expect((await query({ is_read: false })).total_count).toBe(3);
      expect(bodies(await query({ has_attachments: true }))).toEqual(['Yes, dinner works']);
      expect((await query({ has_attachments: false })).total_count).toBe(4);
      // Texts that arrive are delivered on arrival (the imported one keeps what its state says).
      expect((await query({ delivery_status: 'sent' })).total_count).toBe(2);
      expect(bodies(await query({ delivery_status: 'delivered' }))).toEqual(['Dinner at eight?', 'Call me']);
      expect((await query({ is_deleted: true })).total_count).toBe(0);
      // Fix of the original, which accepted is_spam and ignored it.
      expect(bodies(await query({ is_spam: true }))).toEqual(['You WON a prize']);
      expect((await query({ is_spam: false })).total_count).toBe(3);
      const window = await query({
        sent_after: '2025-01-01T09:00:00Z',
        sent_before: '2025-01-01T10:00:00+00:00',
      });
      expect(bodies(window)).toEqual(['Dinner at eight?', 'Call me']);
      expect(window.query).toMatchObject({ sent_before: '2025-01-01T10:00:00Z' });
      // Ours: since/until, the time-bound names every query takes, mean sent_after/sent_before.
      expect(bodies(await query({ since: '2025-01-01T09:00:00Z', until: '2025-01-01T10:00:00Z' }))).toEqual(
        bodies(window),
      );
      expect(
        bodies(await query({ since: '2025-01-01T09:00:00Z', sent_after: '2025-01-01T09:45:00Z' })),
      ).toEqual(bodies(await query({ sent_after: '2025-01-01T09:45:00Z' })));
    });

    it('sorts by sent_at, from_number and direction, then pages', async () => {
      expect(bodies(await query({ sort_by: 'sent_at' }))).toEqual([
        'Yes, dinner works',
        'Call me',
        'Dinner at eight?',
        'You WON a prize',
      ]);
      expect(bodies(await query({ sort_by: 'sent_at', sort_order: 'asc' }))).toEqual([
        'You WON a prize',
        'Dinner at eight?',
        'Call me',
        'Yes, dinner works',
      ]);
      expect(bodies(await query({ sort_by: 'from_number', sort_order: 'asc' }))).toEqual([
        'Yes, dinner works',
        'Dinner at eight?',
        'Call me',
        'You WON a prize',
      ]);
      // Equal keys keep insertion order in either direction.
      expect(bodies(await query({ sort_by: 'direction' }))).toEqual([
        'Yes, dinner works',
        'You WON a prize',
        'Dinner at eight?',
        'Call me',
      ]);
      expect(bodies(await query({ sort_by: 'body' }))).toEqual(bodies(await query({})));
      const page = await query({ sort_by: 'sent_at', sort_order: 'asc', offset: 1, limit: 2 });
      expect(page).toMatchObject({ total_count: 4, returned_count: 2 });
      expect(bodies(page)).toEqual(['Dinner at eight?', 'Call me']);
    });

    it('rejects malformed queries with 422', async () => {
      for (const [body, field] of [
        [{ limit: 0 }, 'limit'],
        [{ limit: 1001 }, 'limit'],
        [{ offset: -1 }, 'offset'],
        [{ direction: 'sideways' }, 'direction'],
        [{ sent_after: '2025-01-01T09:00:00' }, 'sent_after'],
        [{ sort_order: 'up' }, 'sort_order'],
      ] as const) {
        const response = await ues.call('POST', '/sms/query', { body });
        expect(response.status).toBe(422);
        expect(response.body.detail[0].loc).toEqual(['body', field]);
      }
    });
  });

  it('applies any operation through /events, Python-style nulls included', async () => {
    const group = await ues.call('POST', '/events/immediate', {
      body: {
        modality: 'sms',
        data: {
          operation: 'create_group',
          creator_number: USER,
          participant_numbers: [USER, ALICE, BOB],
          group_name: 'Climbing',
          thread_id: null,
          message_type: null,
          attachments: null,
          delete_for_everyone: null,
          is_admin: null,
          mute_until: null,
        },
      },
    });
    expect(group.status).toBe(200);
    const advanced = await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    expect(advanced.status).toBe(200);
    const [threadId, conversation] = Object.entries((await state()).conversations)[0] as [string, any];
    expect(conversation).toMatchObject({
      conversation_type: 'group',
      group_name: 'Climbing',
      created_by: USER,
    });
    expect(event(group.body.event_id)).toMatchObject({ status: 'executed' });
    expect(event(group.body.event_id).data.created_thread_id).toBe(threadId);

    const invalid = await ues.call('POST', '/events/immediate', {
      body: { modality: 'sms', data: { operation: 'update_conversation', thread_id: threadId } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toContain('update_conversation must specify at least one update');
    const badType = await ues.call('POST', '/events/immediate', {
      body: { modality: 'sms', data: { operation: 'send_message', to_numbers: 'x' } },
    });
    expect(badType.status).toBe(422);
  });

  it('imports the reference scenario with its user number and exports the state back', async () => {
    await ues.call('POST', '/simulation/stop');
    const scenario = JSON.parse(readFileSync(REFERENCE_SCENARIO, 'utf8'));
    expect((await ues.call('POST', '/scenario/import/full', { body: scenario })).status).toBe(200);
    expect(await state()).toMatchObject({ user_phone_number: '+15550100000', total_message_count: 0 });
    expect((await ues.call('POST', '/simulation/start', { body: { auto_advance: false } })).status).toBe(200);

    await ues.call('POST', '/sms/send', {
      body: { from_number: '+15550100000', to_numbers: [ALICE], body: 'Hi' },
    });
    await ues.call('POST', '/sms/receive', {
      body: { from_number: USER, to_numbers: ['+15550100000'], body: 'Yo' },
    });
    const directions = Object.values((await state()).messages).map((message: any) => message.direction);
    expect(directions).toEqual(['outgoing', 'incoming']);

    const environment = await ues.call('GET', '/environment/state?compact=true');
    expect(environment.body.modalities.sms).toMatchObject({
      summary: '2 conversations, 1 unread',
      conversation_count: 2,
      total_unread: 1,
      unread_conversations: [{ participant: USER, unread_count: 1, last_message: 'Yo' }],
    });

    const exported = await ues.call('GET', '/scenario/export/environment');
    const smsExport = exported.body.environment.modality_states.sms;
    expect(smsExport).toMatchObject({
      user_phone_number: '+15550100000',
      max_messages_per_conversation: 10000,
    });
    await ues.call('POST', '/simulation/stop');
    const reimported = await ues.call('POST', '/scenario/import/environment', {
      body: { data: exported.body.environment },
    });
    expect(reimported.status).toBe(200);
    const again = await ues.call('GET', '/scenario/export/environment');
    expect(again.body.environment.modality_states.sms).toEqual(smsExport);
  });

  it('rejects malformed bodies with 422 naming the field, creating no event', async () => {
    const cases: [string, Record<string, unknown>, (string | number)[]][] = [
      ['/sms/send', { from_number: USER, body: 'x' }, ['body', 'to_numbers']],
      ['/sms/send', { from_number: USER, to_numbers: [], body: 'x' }, ['body', 'to_numbers']],
      ['/sms/send', { from_number: '', to_numbers: [ALICE], body: 'x' }, ['body', 'from_number']],
      ['/sms/send', { from_number: USER, to_numbers: [ALICE] }, ['body', 'body']],
      [
        '/sms/send',
        { from_number: USER, to_numbers: [ALICE], body: 'x', message_type: 'mms' },
        ['body', 'message_type'],
      ],
      [
        '/sms/send',
        {
          from_number: USER,
          to_numbers: [ALICE],
          body: 'x',
          attachments: [{ filename: 'f', size: 0, mime_type: 'a/b' }],
        },
        ['body', 'attachments', 0, 'size'],
      ],
      [
        '/sms/receive',
        { from_number: ALICE, to_numbers: [USER], body: 'x', sent_at: '2025-01-01 09:00' },
        ['body', 'sent_at'],
      ],
      ['/sms/read', {}, ['body', 'message_ids']],
      ['/sms/unread', { message_ids: [] }, ['body', 'message_ids']],
      ['/sms/delete', { message_ids: 'abc' }, ['body', 'message_ids']],
      ['/sms/react', { message_id: 'm', phone_number: USER }, ['body', 'emoji']],
      ['/sms/conversation', { pin: true }, ['body', 'thread_id']],
      ['/sms/conversation', { thread_id: 't', pin: 'yes' }, ['body', 'pin']],
    ];
    for (const [path, body, loc] of cases) {
      const response = await ues.call('POST', path, { body });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(response.body.error).toBe('Validation Error');
      expect(response.body.detail[0].loc).toEqual(loc);
    }
    const badJson = await ues.call('POST', '/sms/send', { rawBody: '{"from_number": ' });
    expect(badJson.status).toBe(422);
    const badQuery = await ues.call('GET', '/sms/state?compact=maybe');
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.detail[0].loc).toEqual(['query', 'compact']);
    expect(ues.ues.engine.queue.size).toBe(0);
  });

  it('requires a key with the permission for every route, changing nothing when denied', async () => {
    await receive(ALICE, 'a');
    const [a] = await messageIds();
    const threadId = Object.keys((await state()).conversations)[0]!;
    const before = JSON.stringify(await state());
    const eventsBefore = ues.ues.engine.queue.size;
    const routes: [string, string, string, unknown][] = [
      ['GET', '/sms/state', 'sms:state', undefined],
      ['POST', '/sms/query', 'sms:query', {}],
      ['POST', '/sms/send', 'sms:send', { from_number: USER, to_numbers: [ALICE], body: 'x' }],
      ['POST', '/sms/receive', 'sms:receive', { from_number: ALICE, to_numbers: [USER], body: 'x' }],
      ['POST', '/sms/read', 'sms:read', { message_ids: [a] }],
      ['POST', '/sms/unread', 'sms:unread', { message_ids: [a] }],
      ['POST', '/sms/delete', 'sms:delete', { message_ids: [a] }],
      ['POST', '/sms/react', 'sms:react', { message_id: a, phone_number: USER, emoji: '👍' }],
      ['POST', '/sms/conversation', 'sms:conversation', { thread_id: threadId, pin: true }],
    ];
    const outsider = await ues.createKey(['email:state', 'chat:send']);
    for (const [method, path, permission, body] of routes) {
      const denied = await ues.call(method, path, { body, key: outsider.secret });
      expect(denied.status, path).toBe(403);
      expect(denied.body.detail).toBe(`Permission denied. Required permission: ${permission}`);
      expect((await ues.call(method, path, { body, key: null })).status).toBe(401);
    }
    expect(JSON.stringify(await state())).toBe(before);
    expect(ues.ues.engine.queue.size).toBe(eventsBefore);

    const wildcard = await ues.createKey(['sms:*']);
    expect(
      (await ues.call('POST', '/sms/read', { body: { message_ids: [a] }, key: wildcard.secret })).status,
    ).toBe(200);
  });
});
