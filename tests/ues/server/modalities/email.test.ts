import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_INITIAL_STATE, startTestUes, type TestUes } from '../../helpers.js';

const REFERENCE_SCENARIO = REFERENCE_INITIAL_STATE;
const STANDARD_FOLDERS = ['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive'];

const mail = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  from_address: 'sam@example.com',
  to_addresses: ['user@example.com'],
  subject: 'Dinner?',
  body_text: 'Pizza on Saturday?',
  ...overrides,
});

describe('email routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(async () => {
    await ues.close();
  });

  /** Receives an email over HTTP and returns its message id (read back from the state). */
  async function receive(overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await ues.call('POST', '/email/receive', { body: mail(overrides) });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('executed');
    const event = await ues.call('GET', `/events/${response.body.event_id}`);
    return event.body.data.message_id;
  }

  const state = async (query = ''): Promise<any> => (await ues.call('GET', `/email/state${query}`)).body;

  it('starts with an empty mailbox and the standard folders', async () => {
    const response = await ues.call('GET', '/email/state');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      modality_type: 'email',
      current_time: '2025-01-01T12:00:00Z',
      user_email_address: 'user@example.com',
      emails: {},
      threads: {},
      folders: Object.fromEntries(STANDARD_FOLDERS.map((folder) => [folder, []])),
      labels: {},
      total_email_count: 0,
      unread_count: 0,
      starred_count: 0,
    });
  });

  it('receives an email, visible at once, attributed to the caller, honouring sent_at', async () => {
    const user = await ues.createKey(['email:receive', 'email:state']);
    const broadcasts: [string, Record<string, unknown>][] = [];
    ues.ues.engine.subscribe((type, data) => broadcasts.push([type, data]));
    const received = await ues.call('POST', '/email/receive', {
      body: mail({ cc_addresses: ['kim@example.com'], sent_at: '2025-01-01T09:15:00+00:00' }),
      key: user.secret,
    });
    expect(received.status).toBe(200);
    expect(received.body).toEqual({
      event_id: expect.any(String),
      scheduled_time: '2025-01-01T12:00:00Z',
      status: 'executed',
      message: 'Email received successfully',
      modality: 'email',
    });

    const body = await (await ues.call('GET', '/email/state', { key: user.secret })).body;
    const [id] = Object.keys(body.emails);
    expect(body.emails[id!]).toEqual({
      message_id: id,
      thread_id: `thread-${id}`,
      from_address: 'sam@example.com',
      to_addresses: ['user@example.com'],
      cc_addresses: ['kim@example.com'],
      bcc_addresses: [],
      reply_to_address: null,
      subject: 'Dinner?',
      body_text: 'Pizza on Saturday?',
      body_html: null,
      attachments: [],
      in_reply_to: null,
      references: [],
      sent_at: '2025-01-01T09:15:00Z',
      received_at: '2025-01-01T12:00:00Z',
      is_read: false,
      is_starred: false,
      priority: 'normal',
      folder: 'inbox',
      labels: [],
    });
    expect(body.folders.inbox).toEqual([id]);
    expect(body).toMatchObject({ total_email_count: 1, unread_count: 1, starred_count: 0 });
    expect(body.threads[`thread-${id}`]).toMatchObject({ message_ids: [id], unread_count: 1 });

    const event = ues.ues.engine.queue.get(received.body.event_id)!;
    expect(event.agent_id).toBe(user.keyId);
    expect(event.metadata).toEqual({ created_by_key: user.keyId });
    expect(event.data).toMatchObject({
      operation: 'receive',
      message_id: id,
      sent_at: '2025-01-01T09:15:00Z',
    });
    expect(broadcasts).toContainEqual([
      'email.received',
      { email_id: received.body.event_id, from: 'sam@example.com', subject: 'Dinner?' },
    ]);
  });

  it('sends an email into sent, read, with its attachments', async () => {
    const sent = await ues.call('POST', '/email/send', {
      body: mail({
        from_address: 'user@example.com',
        to_addresses: ['sam@example.com'],
        priority: 'high',
        attachments: [{ filename: 'menu.pdf', size: 1200, mime_type: 'application/pdf' }],
      }),
    });
    expect(sent.body).toMatchObject({ status: 'executed', message: 'Email sent successfully' });
    const [email] = Object.values((await state()).emails) as any[];
    expect(email).toMatchObject({ folder: 'sent', is_read: true, priority: 'high' });
    expect(email.attachments).toEqual([
      {
        filename: 'menu.pdf',
        size: 1200,
        mime_type: 'application/pdf',
        content_id: null,
        attachment_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('reads, stars, labels, moves, archives and deletes, each answering with its message', async () => {
    const a = await receive({ thread_id: 'dinner' });
    const b = await receive({ thread_id: 'dinner', from_address: 'kim@example.com' });
    const expectAction = async (path: string, body: unknown, message: string): Promise<void> => {
      const response = await ues.call('POST', path, { body });
      expect(response.status, path).toBe(200);
      expect(response.body, path).toMatchObject({ status: 'executed', message, modality: 'email' });
    };
    await expectAction('/email/read', { message_ids: [a, b] }, 'Marked 2 email(s) as read');
    expect((await state()).threads.dinner.unread_count).toBe(0);
    await expectAction('/email/unread', { message_ids: [b] }, 'Marked 1 email(s) as unread');
    await expectAction('/email/star', { message_ids: [a] }, 'Starred 1 email(s)');
    let body = await state();
    expect(body).toMatchObject({ unread_count: 1, starred_count: 1 });
    expect(body.threads.dinner.unread_count).toBe(1);
    await expectAction('/email/unstar', { message_ids: [a] }, 'Unstarred 1 email(s)');
    await expectAction(
      '/email/label',
      { message_ids: [a, b], labels: ['food'] },
      'Added 1 label(s) to 2 email(s)',
    );
    await expectAction(
      '/email/unlabel',
      { message_ids: [b], labels: ['food'] },
      'Removed 1 label(s) from 1 email(s)',
    );
    await expectAction('/email/move', { message_ids: [a], folder: 'Plans' }, 'Moved 1 email(s) to Plans');
    await expectAction('/email/archive', { message_ids: [b] }, 'Archived 1 email(s)');
    body = await state();
    expect(body.labels).toEqual({ food: [a] });
    expect(body.folders).toMatchObject({ inbox: [], archive: [b], Plans: [a] });
    expect(body.emails[a].is_starred).toBe(false);
    await expectAction('/email/delete', { message_ids: [a, b] }, 'Deleted 2 email(s)');
    body = await state();
    expect(body.folders).toMatchObject({ trash: [a, b], archive: [], Plans: [] });
  });

  it('skips unknown ids silently: the action executes and nothing changes', async () => {
    const id = await receive();
    const before = await state();
    for (const path of ['/email/read', '/email/star', '/email/archive', '/email/delete']) {
      const response = await ues.call('POST', path, { body: { message_ids: ['no-such-email'] } });
      expect(response.body.status, path).toBe('executed');
    }
    const after = await state();
    expect(after.emails).toEqual(before.emails);
    expect(after.emails[id].folder).toBe('inbox');
  });

  it('reports a failed event with its reason when an operation cannot apply', async () => {
    const immediate = await ues.call('POST', '/events/immediate', {
      body: {
        modality: 'email',
        data: { operation: 'reply', in_reply_to: 'missing', ...mail({ from_address: 'user@example.com' }) },
      },
    });
    expect(immediate.status).toBe(200);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1 } });
    const event = await ues.call('GET', `/events/${immediate.body.event_id}`);
    expect(event.body).toMatchObject({
      status: 'failed',
      error_message: 'ValueError: Cannot reply to non-existent email: missing',
    });
    expect((await state()).total_email_count).toBe(0);
  });

  it('summarises the mailbox with summary=true or compact=true', async () => {
    const id = await receive({
      body_text: 'word '.repeat(30),
      attachments: [{ filename: 'a', size: 1, mime_type: 'x/y' }],
    });
    await ues.call('POST', '/email/label', { body: { message_ids: [id], labels: ['x'] } });
    await ues.call('POST', '/email/star', { body: { message_ids: [id] } });
    const summary = await state('?summary=true');
    expect(await state('?compact=true')).toEqual(summary);
    expect(summary).toMatchObject({
      modality_type: 'email',
      current_time: '2025-01-01T12:00:00Z',
      user_email_address: 'user@example.com',
      statistics: {
        total_emails: 1,
        total_threads: 1,
        total_unread: 1,
        total_starred: 1,
        total_drafts: 0,
        total_labels: 1,
      },
      labels: { x: 1 },
    });
    expect(summary.folders.inbox).toEqual({ message_count: 1, unread_count: 1 });
    expect(summary.folders.spam).toEqual({ message_count: 0, unread_count: 0 });
    expect(summary.emails[id]).toEqual({
      message_id: id,
      thread_id: `thread-${id}`,
      from_address: 'sam@example.com',
      to_addresses: ['user@example.com'],
      subject: 'Dinner?',
      sent_at: '2025-01-01T12:00:00Z',
      received_at: '2025-01-01T12:00:00Z',
      is_read: false,
      is_starred: true,
      folder: 'inbox',
      has_attachments: true,
      attachment_count: 1,
      body_preview: `${'word '.repeat(20).trimEnd()}...`,
    });
    expect(Object.keys(summary.threads)).toEqual([`thread-${id}`]);
  });

  describe('query', () => {
    let ids: Record<string, string>;
    beforeEach(async () => {
      ids = {};
      ids.alpha = await receive({
        from_address: 'Zoe@Work.example',
        subject: 'Alpha report',
        body_text: 'Quarterly NUMBERS attached',
        attachments: [{ filename: 'q.pdf', size: 10, mime_type: 'application/pdf' }],
        sent_at: '2025-01-01T08:00:00Z',
        priority: 'high',
      });
      await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
      ids.bravo = await receive({
        from_address: 'bob@home.example',
        to_addresses: ['user@example.com', 'team@work.example'],
        subject: 'bravo plans',
        thread_id: 'plans',
      });
      await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
      ids.charlie = await receive({
        from_address: 'carol@work.example',
        cc_addresses: ['team@work.example'],
        subject: 'Charlie',
        thread_id: 'plans',
        priority: 'low',
      });
      await ues.call('POST', '/email/read', { body: { message_ids: [ids.bravo] } });
      await ues.call('POST', '/email/star', { body: { message_ids: [ids.charlie] } });
      await ues.call('POST', '/email/label', {
        body: { message_ids: [ids.alpha, ids.charlie], labels: ['work'] },
      });
      await ues.call('POST', '/email/label', { body: { message_ids: [ids.charlie], labels: ['urgent'] } });
      await ues.call('POST', '/email/archive', { body: { message_ids: [ids.charlie] } });
    });

    const names = (emails: { message_id: string }[]): string[] =>
      emails.map((email) => Object.keys(ids).find((name) => ids[name] === email.message_id)!);

    const query = async (body: Record<string, unknown>): Promise<string[]> => {
      const response = await ues.call('POST', '/email/query', { body });
      expect(response.status, JSON.stringify(body)).toBe(200);
      return names(response.body.emails);
    };

    it('keeps insertion order without sort_by and echoes the query without nulls, with the order applied', async () => {
      const response = await ues.call('POST', '/email/query', { body: { folder: null, thread_id: 'plans' } });
      expect(response.body).toMatchObject({ modality_type: 'email', total_count: 2, returned_count: 2 });
      expect(names(response.body.emails)).toEqual(['bravo', 'charlie']);
      // The original echoes sort_order "desc" here, which it does not apply; the echo says what is.
      expect(response.body.query).toEqual({
        thread_id: 'plans',
        offset: 0,
        sort_by: 'insertion',
        sort_order: 'asc',
      });
      expect(response.body.emails[0]).toHaveProperty('body_text');
      expect(await query({})).toEqual(['alpha', 'bravo', 'charlie']);
      expect(await query({ sort_by: 'priority' })).toEqual(['alpha', 'bravo', 'charlie']);
      expect(await query({ sort_order: 'desc' })).toEqual(['alpha', 'bravo', 'charlie']);
      const echo = async (body: Record<string, unknown>) =>
        (await ues.call('POST', '/email/query', { body })).body.query;
      expect(await echo({ sort_by: 'priority', sort_order: 'desc' })).toMatchObject({
        sort_by: 'insertion',
        sort_order: 'asc',
      });
      // The echo can be sent back as it is and gives the same order.
      expect(await query({ sort_by: 'insertion', sort_order: 'asc' })).toEqual(['alpha', 'bravo', 'charlie']);
      expect(await echo({ sort_by: 'date' })).toMatchObject({ sort_by: 'date', sort_order: 'desc' });
      expect(await echo({ sort_by: 'subject', sort_order: null })).toMatchObject({
        sort_by: 'subject',
        sort_order: 'desc',
      });
    });

    it('filters on every field', async () => {
      expect(await query({ folder: 'inbox' })).toEqual(['alpha', 'bravo']);
      expect(await query({ folder: 'nowhere' })).toEqual([]);
      expect(await query({ is_read: false })).toEqual(['alpha', 'charlie']);
      expect(await query({ is_starred: true })).toEqual(['charlie']);
      expect(await query({ from_address: 'WORK.example' })).toEqual(['alpha', 'charlie']);
      expect(await query({ to_address: 'team@' })).toEqual(['bravo']);
      expect(await query({ subject_contains: 'PLANS' })).toEqual(['bravo']);
      expect(await query({ body_contains: 'numbers' })).toEqual(['alpha']);
      expect(await query({ has_attachments: true })).toEqual(['alpha']);
      expect(await query({ has_attachments: false })).toEqual(['bravo', 'charlie']);
      expect(await query({ labels: ['work'] })).toEqual(['alpha', 'charlie']);
      expect(await query({ labels: ['work', 'urgent'] })).toEqual(['charlie']);
      expect(await query({ labels: [] })).toEqual(['alpha', 'bravo', 'charlie']);
      expect(await query({ thread_id: `thread-${ids.alpha}` })).toEqual(['alpha']);
      expect(await query({ priority: 'low' })).toEqual(['charlie']);
      expect(await query({ sent_before: '2025-01-01T11:00:00Z' })).toEqual(['alpha']);
      expect(await query({ sent_after: '2025-01-01T12:00:00+00:00' })).toEqual(['bravo', 'charlie']);
      expect(await query({ received_after: '2025-01-01T12:01:00Z' })).toEqual(['bravo', 'charlie']);
      expect(await query({ received_before: '2025-01-01T12:01:00Z' })).toEqual(['alpha', 'bravo']);
      expect(
        await query({ received_after: '2025-01-01T12:00:30Z', received_before: '2025-01-01T12:01:30Z' }),
      ).toEqual(['bravo']);
    });

    it('sorts by date, from and subject and pages with limit and offset', async () => {
      expect(await query({ sort_by: 'date' })).toEqual(['charlie', 'bravo', 'alpha']);
      expect(await query({ sort_by: 'date', sort_order: 'asc' })).toEqual(['alpha', 'bravo', 'charlie']);
      // Code-point order, as Python compares strings: upper case sorts before lower case.
      expect(await query({ sort_by: 'from', sort_order: 'asc' })).toEqual(['alpha', 'bravo', 'charlie']);
      expect(await query({ sort_by: 'subject' })).toEqual(['bravo', 'charlie', 'alpha']);
      const page = await ues.call('POST', '/email/query', { body: { sort_by: 'date', limit: 1, offset: 1 } });
      expect(page.body).toMatchObject({ total_count: 3, returned_count: 1 });
      expect(names(page.body.emails)).toEqual(['bravo']);
      expect(await query({ offset: 2 })).toEqual(['charlie']);
      expect(await query({ offset: 5 })).toEqual([]);
    });

    it('rejects a malformed query with 422 naming the field', async () => {
      for (const [body, loc] of [
        [{ limit: 0 }, ['body', 'limit']],
        [{ limit: 1001 }, ['body', 'limit']],
        [{ offset: -1 }, ['body', 'offset']],
        [{ sort_order: 'sideways' }, ['body', 'sort_order']],
        [{ is_read: 'yes' }, ['body', 'is_read']],
        [{ priority: 'urgent' }, ['body', 'priority']],
        [{ received_after: '2025-01-01T12:00:00' }, ['body', 'received_after']],
        [{ labels: 'work' }, ['body', 'labels']],
      ] as const) {
        const response = await ues.call('POST', '/email/query', { body });
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(response.body.detail[0].loc).toEqual(loc);
      }
    });
  });

  it('rejects malformed action bodies with 422 naming the field and changes nothing', async () => {
    const cases: [string, unknown, (string | number)[]][] = [
      ['/email/send', mail({ to_addresses: ['not-an-address'] }), ['body', 'to_addresses', 0]],
      ['/email/send', mail({ from_address: 'sam@localhost' }), ['body', 'from_address']],
      ['/email/send', mail({ to_addresses: [] }), ['body', 'to_addresses']],
      ['/email/send', mail({ subject: undefined }), ['body', 'subject']],
      ['/email/send', mail({ body_text: '' }), ['body', 'body_text']],
      ['/email/send', mail({ priority: 'urgent' }), ['body', 'priority']],
      [
        '/email/send',
        mail({ attachments: [{ filename: 'a', size: 0, mime_type: 'x/y' }] }),
        ['body', 'attachments', 0, 'size'],
      ],
      ['/email/receive', mail({ cc_addresses: ['bad'] }), ['body', 'cc_addresses', 0]],
      ['/email/receive', mail({ reply_to_address: 'bad' }), ['body', 'reply_to_address']],
      ['/email/receive', mail({ sent_at: '2025-01-01T09:00:00' }), ['body', 'sent_at']],
      ['/email/read', { message_ids: [] }, ['body', 'message_ids']],
      ['/email/delete', {}, ['body', 'message_ids']],
      ['/email/label', { message_ids: ['a'], labels: [] }, ['body', 'labels']],
      ['/email/move', { message_ids: ['a'] }, ['body', 'folder']],
      ['/email/move', { message_ids: ['a'], folder: '' }, ['body', 'folder']],
    ];
    for (const [path, body, loc] of cases) {
      const response = await ues.call('POST', path, { body });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(response.body.error).toBe('Validation Error');
      expect(response.body.detail[0].loc, `${path} ${JSON.stringify(body)}`).toEqual(loc);
    }
    expect((await ues.call('POST', '/email/send', { rawBody: '{"from_address": ' })).status).toBe(422);
    const badFlag = await ues.call('GET', '/email/state?summary=perhaps');
    expect(badFlag.status).toBe(422);
    expect(badFlag.body.detail[0].loc).toEqual(['query', 'summary']);
    expect((await state()).total_email_count).toBe(0);
    expect(ues.ues.engine.queue.size).toBe(0);
  });

  it('requires a key with the route permission and changes nothing without it', async () => {
    expect((await ues.call('GET', '/email/state', { key: null })).status).toBe(401);
    const id = await receive();
    const reader = await ues.createKey(['email:state', 'email:query']);
    expect((await ues.call('GET', '/email/state', { key: reader.secret })).status).toBe(200);
    expect((await ues.call('POST', '/email/query', { body: {}, key: reader.secret })).status).toBe(200);
    const actions: [string, unknown, string][] = [
      ['/email/send', mail(), 'email:send'],
      ['/email/receive', mail(), 'email:receive'],
      ['/email/read', { message_ids: [id] }, 'email:read'],
      ['/email/unread', { message_ids: [id] }, 'email:unread'],
      ['/email/star', { message_ids: [id] }, 'email:star'],
      ['/email/unstar', { message_ids: [id] }, 'email:unstar'],
      ['/email/archive', { message_ids: [id] }, 'email:archive'],
      ['/email/delete', { message_ids: [id] }, 'email:delete'],
      ['/email/label', { message_ids: [id], labels: ['x'] }, 'email:label'],
      ['/email/unlabel', { message_ids: [id], labels: ['x'] }, 'email:unlabel'],
      ['/email/move', { message_ids: [id], folder: 'x' }, 'email:move'],
    ];
    const before = await state();
    const eventsBefore = ues.ues.engine.queue.size;
    for (const [path, body, permission] of actions) {
      const denied = await ues.call('POST', path, { body, key: reader.secret });
      expect(denied.status, path).toBe(403);
      expect(denied.body.detail).toBe(`Permission denied. Required permission: ${permission}`);
    }
    const writer = await ues.createKey(['email:send']);
    expect((await ues.call('GET', '/email/state', { key: writer.secret })).status).toBe(403);
    expect((await ues.call('POST', '/email/query', { body: {}, key: writer.secret })).status).toBe(403);
    expect(await state()).toEqual(before);
    expect(ues.ues.engine.queue.size).toBe(eventsBefore);
  });

  it('keeps a folder named __proto__ as an ordinary folder', async () => {
    const id = await receive();
    await ues.call('POST', '/email/move', { body: { message_ids: [id], folder: '__proto__' } });
    const { folders } = await state();
    expect(Object.getOwnPropertyDescriptor(folders, '__proto__')?.value).toEqual([id]);
    expect(Object.keys(folders)).toEqual([...STANDARD_FOLDERS, '__proto__']);
  });

  it('shows in the environment state, full and compact', async () => {
    const id = await receive({ subject: 'Status?' });
    await ues.call('POST', '/email/star', { body: { message_ids: [id] } });
    const full = await ues.call('GET', '/environment/state');
    expect(full.body.modalities.email).toMatchObject({
      modality_type: 'email',
      update_count: 2,
      last_updated: '2025-01-01T12:00:00Z',
      user_email_address: 'user@example.com',
      folders: { inbox: [id] },
      drafts: {},
    });
    expect(full.body.modalities.email.emails[id].subject).toBe('Status?');
    expect(full.body.summary).toContainEqual({
      modality_type: 'email',
      state_summary: '1 unread, 1 total emails',
    });
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 1800 } });
    const compact = await ues.call('GET', '/environment/state?compact=true');
    expect(compact.body.modalities.email).toEqual({
      summary: '1 unread, 1 total emails',
      unread_count: 1,
      total_count: 1,
      draft_count: 0,
      flagged_count: 1,
      recent_unread: [
        { subject: 'Status?', from: 'sam@example.com', received_ago: '30 min ago', flagged: true },
      ],
    });
  });

  it('exports and re-imports the mailbox unchanged', async () => {
    const id = await receive({ thread_id: 'plans' });
    await receive({ thread_id: 'plans', from_address: 'kim@example.com' });
    await ues.call('POST', '/email/label', { body: { message_ids: [id], labels: ['keep'] } });
    await ues.call('POST', '/email/move', { body: { message_ids: [id], folder: 'Saved' } });
    const before = await state();
    const exported = await ues.call('GET', '/scenario/export/full');
    await ues.call('POST', '/simulation/clear', { body: {} });
    expect((await state()).total_email_count).toBe(0);
    await ues.call('POST', '/simulation/stop');
    const imported = await ues.call('POST', '/scenario/import/full', { body: exported.body });
    expect(imported.status).toBe(200);
    expect(await state()).toEqual(before);
  });

  it('imports the email_triage_basic scenario and delivers its 42 emails as time passes', async () => {
    await ues.call('POST', '/simulation/stop');
    const scenario = JSON.parse(readFileSync(REFERENCE_SCENARIO, 'utf8'));
    const imported = await ues.call('POST', '/scenario/import/full', { body: scenario });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ success: true, events_loaded: 42 });
    let body = await state();
    expect(body).toMatchObject({
      user_email_address: 'alex.thompson@meridiantech.com',
      total_email_count: 7,
      unread_count: 7,
      current_time: '2026-01-28T06:00:00Z',
    });
    expect(Object.keys(body.threads)).toHaveLength(7);
    expect((await ues.call('POST', '/simulation/start', { body: { auto_advance: false } })).status).toBe(200);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 12 * 3600 } });
    body = await state();
    expect(body).toMatchObject({ total_email_count: 49, unread_count: 49 });
    expect(body.folders.inbox).toHaveLength(49);
    expect(body.threads.thread_prod_incident).toMatchObject({ message_count: 6, unread_count: 6 });
    const failed = await ues.call('GET', '/events?status=failed');
    expect(failed.body).toMatchObject({ total: 0, executed: 42 });
  });
});
