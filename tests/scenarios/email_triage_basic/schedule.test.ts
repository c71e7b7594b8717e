import { describe, expect, it } from 'vitest';
import { GROUND_TRUTH } from '../../../scenarios/email_triage_basic/lib/ground-truth.js';
import { assistantPosts, contentText } from '../../../scenarios/email_triage_basic/lib/posts.js';
import {
  assignEmails,
  buildRunView,
  hourOf,
  looksLikeSummary,
  scheduleFor,
} from '../../../scenarios/email_triage_basic/lib/schedule.js';
import { chatPost, entry, perfectText } from './assistants.js';
import { at, makeContext } from './context.js';

const ctx = (actionLog = [chatPost(at('07:00'), 'x')]) =>
  makeContext({ actionLog, turns: [], readCount: 0 }, 'hourly_summary_delivery');

describe('schedule', () => {
  it('has 12 marks, 07:00 … 18:00, with ±5 min tolerance', () => {
    const schedule = scheduleFor(ctx());
    expect(schedule.marks.map((mark) => new Date(mark).toISOString().slice(11, 16))).toEqual(
      ['07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18'].map((h) => `${h}:00`),
    );
    expect(schedule.toleranceMs).toBe(5 * 60_000);
  });

  it('places posts into the hour of a mark: (M − 55 min, M + 5 min]', () => {
    const schedule = scheduleFor(ctx());
    expect(hourOf(at('06:00'), schedule)).toBeNull();
    expect(hourOf(at('06:05'), schedule)).toBeNull();
    expect(hourOf(at('06:06'), schedule)).toBe(0);
    expect(hourOf(at('07:05'), schedule)).toBe(0);
    expect(hourOf(at('07:06'), schedule)).toBe(1);
    expect(hourOf(at('18:00'), schedule)).toBe(11);
  });
});

describe('assistant posts', () => {
  it('keeps assistant chat messages only, one post per turn, text blocks joined', () => {
    const posts = assistantPosts([
      chatPost(at('08:00'), [
        { type: 'text', text: 'part one' },
        { type: 'image', url: 'x' },
        { type: 'text', text: 'part two' },
      ]),
      chatPost(at('07:00'), 'first'),
      chatPost(at('07:00'), 'second', { conversation_id: 'default' }),
      entry(at('07:00'), 'chat.send_message', { role: 'user', content: 'from the user' }),
      { ...chatPost(at('09:00'), 'failed'), success: false },
      entry(at('09:00'), 'email.mark_read', { message_ids: ['email_010'] }),
    ]);
    expect(
      posts.map((post) => [post.iso.slice(11, 16), post.text, post.messageCount, post.conversationIds]),
    ).toEqual([
      ['07:00', 'first\n\nsecond', 2, ['default', 'user-assistant']],
      ['08:00', 'part one\npart two', 1, ['user-assistant']],
    ]);
    expect(contentText(42)).toBe('');
  });

  it('recognises summaries: a known email, a quiet-hour report or urgency labels — not an acknowledgement', () => {
    const post = (text: string, time = at('09:00')) => assistantPosts([chatPost(time, text)])[0]!;
    expect(looksLikeSummary(post('Got it! I will send you a summary every hour.'))).toBe(false);
    expect(looksLikeSummary(post('Quiet hour: nothing important arrived.'))).toBe(true);
    expect(looksLikeSummary(post('- Karen Mitchell wants a timeline for the dashboard export'))).toBe(true);
    expect(looksLikeSummary(post('High:\n- thing one\nLow:\n- thing two'))).toBe(true);
    // An email that has not arrived yet does not make a summary.
    expect(looksLikeSummary(post('- Sam Rivera: dinner confirmed at Bella Notte', at('09:00')))).toBe(false);
  });
});

describe('assignment by real arrival time', () => {
  const ids = (emails: { email_id: string }[]) => emails.map((email) => email.email_id);

  it('a summary at 07:00 covers what arrived 06:00–07:00 (and the backlog), not the 07:15 email', () => {
    const posts = assistantPosts([chatPost(at('07:00'), 'a'), chatPost(at('08:00'), 'b')]);
    const { assignments, unassigned } = assignEmails(posts, GROUND_TRUTH.emails);
    expect(ids(assignments[0]!.emails).sort()).toEqual(
      [
        'email_001',
        'email_002',
        'email_003',
        'email_004',
        'email_005',
        'email_006',
        'email_007',
        'email_008',
        'email_009',
      ].sort(),
    );
    expect(ids(assignments[1]!.emails)).toEqual(['email_010', 'email_011', 'email_012']);
    expect(ids(unassigned)).toContain('email_013');
  });

  it('with a 06:00 summary the backlog is its own and 07:00 gets only the 06:20 and 06:45 arrivals', () => {
    const posts = assistantPosts([chatPost(at('06:00'), 'a'), chatPost(at('07:00'), 'b')]);
    const { assignments } = assignEmails(posts, GROUND_TRUTH.emails);
    expect(assignments[0]!.emails).toHaveLength(7);
    expect(ids(assignments[1]!.emails)).toEqual(['email_008', 'email_009']);
  });

  it('the 17:10 and 17:30 emails need the 18:00 summary (the final turn)', () => {
    const posts = assistantPosts([chatPost(at('17:00'), 'a')]);
    const { unassigned } = assignEmails(posts, GROUND_TRUTH.emails);
    expect(ids(unassigned)).toEqual(['email_048', 'email_049']);
    const withFinal = assignEmails(
      assistantPosts([chatPost(at('17:00'), 'a'), chatPost(at('18:00'), 'b')]),
      GROUND_TRUTH.emails,
    );
    expect(ids(withFinal.assignments[1]!.emails)).toEqual(['email_048', 'email_049']);
    expect(withFinal.unassigned).toEqual([]);
  });

  it('acknowledgements are not summaries, so the backlog goes to the first real summary', () => {
    const actionLog = [
      chatPost(at('06:00'), 'Understood — I will triage your inbox every hour.'),
      chatPost(
        at('07:00'),
        perfectText(
          at('07:00'),
          GROUND_TRUTH.emails.filter((e) => Date.parse(e.available_at) <= at('07:00')),
        ),
      ),
    ];
    const view = buildRunView(ctx(actionLog));
    expect(view.posts).toHaveLength(2);
    expect(view.summaries).toHaveLength(1);
    expect(view.assignments[0]!.emails).toHaveLength(9);
    expect(view.coveredHours).toBe(1);
    expect(view.workFactor).toBeCloseTo(1 / 12);
  });
});
