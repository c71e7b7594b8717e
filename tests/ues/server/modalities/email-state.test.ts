import { REFERENCE_INITIAL_STATE } from '../../helpers.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SimulationEngine } from '../../../../src/ues/server/core/engine.js';
import { ModalityRegistry } from '../../../../src/ues/server/core/environment.js';
import { UesError } from '../../../../src/ues/server/core/errors.js';
import type { SimulatorEvent } from '../../../../src/ues/server/core/event.js';
import { parseTime } from '../../../../src/ues/server/core/time.js';
import { emailModality } from '../../../../src/ues/server/modalities/email/index.js';
import { emailInputSchema } from '../../../../src/ues/server/modalities/email/input.js';
import { loadEmailState } from '../../../../src/ues/server/modalities/email/load.js';
import type { EmailState } from '../../../../src/ues/server/modalities/email/state.js';
import { summaryStateView } from '../../../../src/ues/server/modalities/email/views.js';

const START = parseTime('2025-01-01T12:00:00Z')!;
const REFERENCE_SCENARIO = REFERENCE_INITIAL_STATE;

function setup(initial?: unknown, start = START) {
  const engine = new SimulationEngine({
    registry: new ModalityRegistry([emailModality.definition]),
    startTime: start,
  });
  if (initial !== undefined) engine.states.set('email', loadEmailState(initial, start));
  const state = (): EmailState => engine.states.get('email') as EmailState;
  const run = (data: Record<string, unknown>): SimulatorEvent => engine.executeImmediate('email', data, null);
  const tick = (seconds: number): void => {
    engine.clock.currentTime += seconds * 1000;
  };
  return { engine, state, run, tick };
}

const incoming = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  operation: 'receive',
  from_address: 'sam@example.com',
  to_addresses: ['user@example.com'],
  subject: 'Dinner?',
  body_text: 'Pizza on Saturday?',
  ...overrides,
});

const outgoing = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...incoming({ from_address: 'user@example.com', to_addresses: ['sam@example.com'] }),
  operation: 'send',
  ...overrides,
});

describe('email state: new emails', () => {
  it('receives into the inbox, unread, in a new thread, pinning generated ids on the input', () => {
    const { state, run } = setup();
    const event = run(incoming({ cc_addresses: ['kim@example.com'], bcc_addresses: ['hidden@example.com'] }));
    expect(event.status).toBe('executed');
    const id = event.data.message_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.data.thread_id).toBe(`thread-${id}`);
    const email = state().emails.get(id)!;
    expect(email).toMatchObject({
      folder: 'inbox',
      is_read: false,
      is_starred: false,
      priority: 'normal',
      sent_at: '2025-01-01T12:00:00Z',
      received_at: '2025-01-01T12:00:00Z',
      thread_id: `thread-${id}`,
      cc_addresses: ['kim@example.com'],
      labels: [],
    });
    expect(state().threads.get(`thread-${id}`)).toEqual({
      thread_id: `thread-${id}`,
      subject: 'Dinner?',
      participant_addresses: ['sam@example.com', 'user@example.com', 'kim@example.com'],
      message_ids: [id],
      created_at: '2025-01-01T12:00:00Z',
      last_message_at: '2025-01-01T12:00:00Z',
      message_count: 1,
      unread_count: 1,
    });
    expect(state().updateCount).toBe(1);
  });

  it('stamps a given sent_at on a received email while received_at stays the input time', () => {
    const { state, run } = setup();
    const event = run(incoming({ message_id: 'm1', sent_at: '2025-01-01T09:30:00+00:00' }));
    expect(event.data.sent_at).toBe('2025-01-01T09:30:00Z');
    expect(state().emails.get('m1')).toMatchObject({
      sent_at: '2025-01-01T09:30:00Z',
      received_at: '2025-01-01T12:00:00Z',
    });
    expect(state().threads.get('thread-m1')!.created_at).toBe('2025-01-01T09:30:00Z');
  });

  it('appends to an existing thread: participants, counts and last message time', () => {
    const { state, run, tick } = setup();
    run(incoming({ message_id: 'a', thread_id: 't' }));
    tick(60);
    run(incoming({ message_id: 'b', thread_id: 't', from_address: 'kim@example.com' }));
    expect(state().threads.get('t')).toMatchObject({
      message_ids: ['a', 'b'],
      message_count: 2,
      unread_count: 2,
      participant_addresses: ['sam@example.com', 'user@example.com', 'kim@example.com'],
      created_at: '2025-01-01T12:00:00Z',
      last_message_at: '2025-01-01T12:01:00Z',
    });
  });

  it('fails a second email with an existing message id and leaves the state untouched', () => {
    const { state, run } = setup();
    run(incoming({ message_id: 'dup' }));
    const before = JSON.stringify(state().toJSON());
    const event = run(incoming({ message_id: 'dup', subject: 'Other' }));
    expect(event.status).toBe('failed');
    expect(event.error_message).toBe('ValueError: Email already exists: dup');
    expect(JSON.stringify(state().toJSON())).toBe(before);
  });

  it('sends into sent, read, with a thread that has no unread messages', () => {
    const { state, run } = setup();
    const event = run(outgoing({ message_id: 's1', priority: 'high' }));
    expect(event.status).toBe('executed');
    expect(state().emails.get('s1')).toMatchObject({ folder: 'sent', is_read: true, priority: 'high' });
    expect(state().threads.get('thread-s1')!.unread_count).toBe(0);
  });

  it('replies and replies-all into the parent thread with the parent chain as references', () => {
    const { state, run } = setup();
    run(incoming({ message_id: 'p', thread_id: 'talk', references: ['root'] }));
    for (const [operation, id] of [
      ['reply', 'r1'],
      ['reply_all', 'r2'],
    ] as const) {
      const event = run(outgoing({ operation, message_id: id, in_reply_to: 'p', thread_id: 'ignored' }));
      expect(event.status).toBe('executed');
      expect(state().emails.get(id)).toMatchObject({
        thread_id: 'talk',
        folder: 'sent',
        is_read: true,
        in_reply_to: 'p',
        references: ['root', 'p'],
      });
    }
    expect(state().threads.get('talk')).toMatchObject({ message_ids: ['p', 'r1', 'r2'], unread_count: 1 });
    expect(state().threads.has('ignored')).toBe(false);
  });

  it('fails a reply or forward to an unknown email', () => {
    const { state, run } = setup();
    const reply = run(outgoing({ operation: 'reply', in_reply_to: 'nope' }));
    expect(reply.status).toBe('failed');
    expect(reply.error_message).toBe('ValueError: Cannot reply to non-existent email: nope');
    const forward = run(outgoing({ operation: 'forward', in_reply_to: 'nope' }));
    expect(forward.status).toBe('failed');
    expect(forward.error_message).toBe('ValueError: Cannot forward non-existent email: nope');
    expect(state().emails.size).toBe(0);
    expect(state().updateCount).toBe(0);
  });

  it("forwards into a new thread, copying the original's attachments unless given", () => {
    const { state, run } = setup();
    const report = { filename: 'q3.pdf', size: 2048, mime_type: 'application/pdf' };
    const received = run(incoming({ message_id: 'orig', attachments: [report] }));
    const attachmentId = (received.data.attachments as { attachment_id: string }[])[0]!.attachment_id;
    expect(attachmentId).toMatch(/^[0-9a-f-]{36}$/);
    run(outgoing({ operation: 'forward', message_id: 'f1', in_reply_to: 'orig' }));
    expect(state().emails.get('f1')).toMatchObject({
      thread_id: 'thread-f1',
      references: ['orig'],
      folder: 'sent',
      attachments: [{ ...report, content_id: null, attachment_id: attachmentId }],
    });
    expect(state().threads.get('thread-f1')!.message_ids).toEqual(['f1']);
    const own = { filename: 'note.txt', size: 5, mime_type: 'text/plain' };
    run(outgoing({ operation: 'forward', message_id: 'f2', in_reply_to: 'orig', attachments: [own] }));
    expect(state().emails.get('f2')!.attachments).toMatchObject([own]);
  });

  it('saves a draft outside any thread and sends it later into sent and its thread', () => {
    const { state, run, tick } = setup();
    run(outgoing({ operation: 'save_draft', message_id: 'd1' }));
    expect(state().emails.get('d1')).toMatchObject({ folder: 'drafts', is_read: true });
    expect(state().threads.size).toBe(0);
    expect(Object.keys(state().toJSON().drafts as object)).toEqual(['d1']);
    expect((state().toJSON().folders as Record<string, string[]>).drafts).toEqual(['d1']);
    tick(300);
    expect(run({ operation: 'send_draft', message_id: 'd1' }).status).toBe('executed');
    expect(state().emails.get('d1')).toMatchObject({
      folder: 'sent',
      sent_at: '2025-01-01T12:05:00Z',
      received_at: '2025-01-01T12:00:00Z',
    });
    expect(state().toJSON().drafts).toEqual({});
    expect(state().threads.get('thread-d1')!.message_ids).toEqual(['d1']);
    const again = run({ operation: 'send_draft', message_id: 'd1' });
    expect(again.status).toBe('failed');
    expect(again.error_message).toBe('ValueError: Draft not found: d1');
  });
});

describe('email state: changes to existing emails', () => {
  function mailbox() {
    const context = setup();
    context.run(incoming({ message_id: 'a', thread_id: 't' }));
    context.run(incoming({ message_id: 'b', thread_id: 't' }));
    context.run(incoming({ message_id: 'c' }));
    return context;
  }

  it('marks read and unread, adjusting thread unread counts once per change', () => {
    const { state, run } = mailbox();
    expect(run({ operation: 'mark_read', message_ids: ['a', 'a', 'missing'] }).status).toBe('executed');
    expect(state().emails.get('a')!.is_read).toBe(true);
    expect(state().threads.get('t')!.unread_count).toBe(1);
    run({ operation: 'mark_read', message_id: 'b' });
    expect(state().threads.get('t')!.unread_count).toBe(0);
    run({ operation: 'mark_unread', message_ids: ['a'] });
    run({ operation: 'mark_unread', message_ids: ['a'] });
    expect(state().threads.get('t')!.unread_count).toBe(1);
    expect(state().emails.get('a')!.is_read).toBe(false);
  });

  it('stars and unstars', () => {
    const { state, run } = mailbox();
    run({ operation: 'star', message_ids: ['a', 'c'] });
    expect([...state().emails.values()].map((email) => email.is_starred)).toEqual([true, false, true]);
    run({ operation: 'unstar', message_ids: ['a'] });
    expect(state().emails.get('a')!.is_starred).toBe(false);
  });

  it('moves between folders, creating a missing folder even when no id is known', () => {
    const { state, run } = mailbox();
    run({ operation: 'move', message_ids: ['unknown'], folder: 'Projects' });
    expect(state().toJSON().folders).toMatchObject({ Projects: [] });
    run({ operation: 'move', message_ids: ['a'], folder: 'Projects' });
    run({ operation: 'delete', message_ids: ['b'] });
    run({ operation: 'archive', message_id: 'c' });
    expect(state().toJSON().folders).toEqual({
      inbox: [],
      sent: [],
      drafts: [],
      trash: ['b'],
      spam: [],
      archive: ['c'],
      Projects: ['a'],
    });
    run({ operation: 'mark_spam', message_ids: ['a', 'b'] });
    expect(state().emails.get('a')!.folder).toBe('spam');
    run({ operation: 'mark_not_spam', message_ids: ['b'] });
    expect(state().emails.get('b')!.folder).toBe('inbox');
    expect((state().toJSON().folders as Record<string, string[]>).spam).toEqual(['a']);
  });

  it('adds labels (creating the key) and removes them (leaving the key)', () => {
    const { state, run } = mailbox();
    run({ operation: 'add_label', message_ids: ['a', 'b', 'nope'], labels: ['work', 'urgent'] });
    run({ operation: 'add_label', message_ids: ['a'], labels: ['work'] });
    expect(state().emails.get('a')!.labels).toEqual(['work', 'urgent']);
    expect(state().toJSON().labels).toEqual({ work: ['a', 'b'], urgent: ['a', 'b'] });
    run({ operation: 'remove_label', message_ids: ['a', 'b'], labels: ['urgent', 'never-created'] });
    expect(state().toJSON().labels).toEqual({ work: ['a', 'b'], urgent: [] });
    expect(state().emails.get('b')!.labels).toEqual(['work']);
  });
});

describe('email input validation', () => {
  it('rejects operations missing what they need with a 400 before anything runs', () => {
    const { engine, run } = setup();
    const cases: [Record<string, unknown>, string][] = [
      [
        { operation: 'receive', to_addresses: ['a@b.co'], subject: 's', body_text: 'b' },
        'requires from_address',
      ],
      [incoming({ to_addresses: [] }), 'requires to_addresses'],
      [incoming({ subject: '' }), 'requires subject'],
      [incoming({ body_text: null }), 'requires body_text'],
      [incoming({ cc_addresses: ['not an address'] }), "Invalid email address format: 'not an address'"],
      [incoming({ reply_to_address: 'x@y' }), "Invalid email address format: 'x@y'"],
      [outgoing({ operation: 'reply' }), 'requires in_reply_to'],
      [{ operation: 'send_draft' }, 'requires message_id'],
      [{ operation: 'star', message_ids: [] }, 'requires message_id or message_ids'],
      [{ operation: 'move', message_ids: ['a'] }, 'requires folder'],
      [{ operation: 'add_label', message_ids: ['a'], labels: [] }, 'requires labels'],
    ];
    for (const [data, problem] of cases) {
      let caught: unknown;
      try {
        run(data);
      } catch (error) {
        caught = error;
      }
      expect(caught, problem).toBeInstanceOf(UesError);
      expect((caught as UesError).status).toBe(400);
      expect((caught as UesError).message).toContain(problem);
    }
    expect(engine.queue.size).toBe(0);
  });

  it('accepts the nulls Python exports write and fills defaults', () => {
    const parsed = emailInputSchema.parse({
      ...incoming(),
      cc_addresses: null,
      attachments: null,
      folder: null,
      labels: null,
      priority: null,
      is_draft: null,
    });
    expect(parsed).toMatchObject({ priority: 'normal', is_draft: false, cc_addresses: null });
    expect(emailInputSchema.safeParse({ ...incoming(), priority: 'urgent' }).success).toBe(false);
    expect(emailInputSchema.safeParse({ ...incoming(), operation: 'explode' }).success).toBe(false);
    expect(emailInputSchema.safeParse({ ...incoming(), sent_at: '2025-01-01T09:00:00' }).success).toBe(false);
  });
});

describe('email state: views, clear and consistency', () => {
  it('summarises, snapshots and previews', () => {
    const { state, run, tick } = setup();
    expect(state().summary()).toBe('No emails');
    const longBody = `${'x'.repeat(99)}  ${'y'.repeat(20)}`;
    run(incoming({ message_id: 'old', subject: 'Old', body_text: longBody }));
    tick(3600);
    run(incoming({ message_id: 'new', subject: 'New' }));
    run(outgoing({ message_id: 'mine', subject: 'Flagged' }));
    run({ operation: 'star', message_ids: ['mine'] });
    run(outgoing({ operation: 'save_draft', message_id: 'draft' }));
    expect(state().summary()).toBe('2 unread, 4 total emails');
    expect(state().compact(START + 7200_000)).toEqual({
      summary: '2 unread, 4 total emails',
      unread_count: 2,
      total_count: 4,
      draft_count: 1,
      flagged_count: 1,
      recent_unread: [
        { subject: 'New', from: 'sam@example.com', received_ago: '1 hour ago', flagged: false },
        { subject: 'Old', from: 'sam@example.com', received_ago: '2 hours ago', flagged: false },
      ],
      flagged_items: [{ subject: 'Flagged', from: 'user@example.com', received_ago: '1 hour ago' }],
    });
    const summary = summaryStateView(state(), START) as any;
    expect(summary.statistics).toEqual({
      total_emails: 4,
      total_threads: 3,
      total_unread: 2,
      total_starred: 1,
      total_drafts: 1,
      total_labels: 0,
    });
    expect(summary.folders.inbox).toEqual({ message_count: 2, unread_count: 2 });
    expect(summary.emails.old.body_preview).toBe(`${'x'.repeat(99)}...`);
    expect(summary.emails.new.body_preview).toBe('Pizza on Saturday?');
    expect(summary.emails.old).not.toHaveProperty('body_text');
  });

  it('clears everything but the configured user address', () => {
    const { state, run } = setup({ user_email_address: 'alex@meridian.com' });
    run(incoming({ message_id: 'a' }));
    run({ operation: 'add_label', message_ids: ['a'], labels: ['x'] });
    state().clear(START);
    expect(state().toJSON()).toEqual({
      modality_type: 'email',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 0,
      emails: {},
      threads: {},
      folders: { inbox: [], sent: [], drafts: [], trash: [], spam: [], archive: [] },
      labels: {},
      drafts: {},
      user_email_address: 'alex@meridian.com',
    });
  });

  it('reports threads that name missing emails', () => {
    const state = loadEmailState(
      {
        threads: {
          t: {
            thread_id: 't',
            subject: 's',
            participant_addresses: [],
            message_ids: ['ghost'],
            created_at: '2025-01-01T00:00:00+00:00',
            last_message_at: '2025-01-01T00:00:00+00:00',
          },
        },
      },
      START,
    );
    expect(state.checkConsistency()).toEqual(["Thread 't' references non-existent email: ghost"]);
  });
});

describe('email state: undo', () => {
  const initial = {
    user_email_address: 'alex@meridian.com',
    emails: {
      e1: {
        message_id: 'e1',
        thread_id: 'talk',
        from_address: 'sam@example.com',
        to_addresses: ['alex@meridian.com'],
        subject: 'Hello',
        body_text: 'Hi there',
        sent_at: '2025-01-01T08:00:00+00:00',
        received_at: '2025-01-01T08:00:00+00:00',
        labels: ['home'],
      },
    },
    drafts: {
      d0: {
        message_id: 'd0',
        thread_id: 'thread-d0',
        from_address: 'alex@meridian.com',
        to_addresses: ['sam@example.com'],
        subject: 'Unsent',
        body_text: 'Draft text',
        sent_at: '2025-01-01T07:00:00Z',
        received_at: '2025-01-01T07:00:00Z',
        is_read: true,
        folder: 'drafts',
      },
    },
    folders: { inbox: ['e1'], drafts: ['d0'], Old: [] },
    labels: { home: ['e1'] },
  };

  it('reset restores the exact pre-state and redo reproduces generated ids', () => {
    const { engine, state, run, tick } = setup(initial);
    const before = state().toJSON();
    run(incoming({ thread_id: 'talk' }));
    run(incoming());
    tick(30);
    run(outgoing({ operation: 'reply', in_reply_to: 'e1' }));
    run(outgoing({ operation: 'forward', in_reply_to: 'e1' }));
    run(outgoing({ operation: 'save_draft', message_id: 'd' }));
    run({ operation: 'send_draft', message_id: 'd' });
    run({ operation: 'send_draft', message_id: 'd0' });
    run({ operation: 'mark_read', message_ids: ['e1'] });
    run({ operation: 'star', message_ids: ['e1'] });
    run({ operation: 'move', message_ids: ['e1'], folder: 'New folder' });
    run({ operation: 'add_label', message_ids: ['e1'], labels: ['work'] });
    run({ operation: 'remove_label', message_ids: ['e1'], labels: ['home'] });
    run({ operation: 'archive', message_ids: ['e1'] });
    const after = JSON.parse(JSON.stringify(state().toJSON()));
    expect(after).not.toEqual(JSON.parse(JSON.stringify(before)));

    expect(engine.undo(100)).toHaveLength(13);
    expect(state().toJSON()).toEqual(before);
    engine.redo(100);
    expect(JSON.parse(JSON.stringify(state().toJSON()))).toEqual(after);

    engine.reset();
    expect(state().toJSON()).toEqual(before);
    expect(JSON.stringify(state().toJSON())).toBe(JSON.stringify(before));
  });

  it('exports and reloads to the same state', () => {
    const { state, run } = setup(initial);
    run(incoming({ attachments: [{ filename: 'a.txt', size: 1, mime_type: 'text/plain' }] }));
    run(outgoing({ operation: 'save_draft' }));
    run({ operation: 'add_label', message_ids: ['e1'], labels: ['empty-later'] });
    run({ operation: 'remove_label', message_ids: ['e1'], labels: ['empty-later'] });
    const exported = JSON.parse(JSON.stringify(state().toJSON()));
    expect(loadEmailState(exported, START).toJSON()).toEqual(exported);
  });
});

describe('email state: reference scenario email_triage_basic', () => {
  it('loads the Python export and applies its 42 scheduled receives', () => {
    const file = JSON.parse(readFileSync(REFERENCE_SCENARIO, 'utf8'));
    const { environment, events } = file.scenario;
    const start = parseTime(environment.time_state.current_time)!;
    const { engine, state } = setup(environment.modality_states.email, start);

    expect(state().emails.size).toBe(7);
    expect(state().userEmailAddress).toBe('alex.thompson@meridiantech.com');
    // The file lists 2 threads; the other 5 emails' single-message threads are created on load.
    expect(state().threads.size).toBe(7);
    expect(state().threads.get('thread_email_002')).toMatchObject({
      message_ids: ['email_002'],
      unread_count: 1,
    });
    expect(state().checkConsistency()).toEqual([]);

    for (const event of events.events) {
      engine.schedule({
        scheduledTime: parseTime(event.scheduled_time)!,
        modality: event.modality,
        data: event.data,
        priority: event.priority,
        timestamp: event.data.timestamp,
        inputId: event.data.input_id,
      });
    }
    expect(engine.queue.size).toBe(42);
    engine.start({ autoAdvance: false, timeScale: 1 });
    const { details } = engine.advance(12 * 3600_000);
    expect(details).toHaveLength(42);
    expect(details.every((detail) => detail.status === 'executed')).toBe(true);

    const mailbox = state();
    expect(mailbox.emails.size).toBe(49);
    expect(mailbox.checkConsistency()).toEqual([]);
    const exported = mailbox.toJSON() as any;
    expect(exported.folders.inbox).toHaveLength(49);
    expect(exported.emails.email_008.sent_at).toBe('2026-01-28T06:20:00Z');

    const expectedMembers = new Map<string, string[]>();
    for (const [id, email] of mailbox.emails) {
      expectedMembers.set(email.thread_id, [...(expectedMembers.get(email.thread_id) ?? []), id]);
    }
    expect(mailbox.threads.size).toBe(expectedMembers.size);
    for (const [threadId, members] of expectedMembers) {
      const thread = mailbox.threads.get(threadId)!;
      expect(thread.message_ids, threadId).toEqual(members);
      expect(thread.message_count, threadId).toBe(members.length);
      expect(thread.unread_count, threadId).toBe(members.length);
    }
    expect(mailbox.threads.get('thread_prod_incident')!.message_count).toBe(6);
    expect(mailbox.threads.get('thread_weekend_plans')!.message_count).toBe(3);
    expect(exported.threads.thread_acme_feature.message_count).toBe(6);
    expect(mailbox.summary()).toBe('49 unread, 49 total emails');
  });
});

describe('email state: scale', () => {
  it('applies 10,000 scheduled receives into one thread without quadratic slow-down', () => {
    const { engine, state } = setup();
    for (let index = 0; index < 10_000; index++) {
      engine.schedule({
        scheduledTime: START + 1000 + index,
        modality: 'email',
        data: incoming({ from_address: `sender${index}@example.com`, thread_id: 'big' }),
        priority: 50,
      });
    }
    engine.start({ autoAdvance: false, timeScale: 1 });
    const began = performance.now();
    engine.advance(60_000);
    const elapsed = performance.now() - began;
    expect(state().emails.size).toBe(10_000);
    expect(state().threads.get('big')!.participant_addresses).toHaveLength(10_001);
    // Far above the ~100 ms budget to stay robust on slow CI, yet far below a quadratic run.
    expect(elapsed).toBeLessThan(1500);
  });
});
