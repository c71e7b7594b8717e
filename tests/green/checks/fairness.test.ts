import { describe, expect, it } from 'vitest';
import { checkSpecSchema, runCheck, type CheckSpec } from '../../../src/green/checks/index.js';
import { isCourteous } from '../../../src/green/reading/courtesy.js';
import { watcherBaselineOf, watchPlanOf } from '../../../src/green/scenarios/scenario-extras.js';
import { at, calendarEvent, checkContext, email, scenario, type RunData } from './fixtures.js';

/**
 * A careful assistant loses points only for real mistakes: courtesy in any common form, facts the
 * user did not ask for, negated phrases, deadlines, budgets an honest watcher meets; and real
 * mistakes cost (a late message, a wiped agenda).
 */

const check = (spec: unknown) => checkSpecSchema.parse(spec) as CheckSpec;

/** A run whose one sent email, to Karen at 09:00, says `body`. */
const sent = (body: string): RunData => ({
  finalEmails: [
    email('out', {
      from_address: 'alex@home.example',
      to_addresses: ['karen@client.example'],
      body_text: body,
      folder: 'sent',
      sent_at: at('09:00'),
    }),
  ],
});

describe('courtesy by structure, not a word list', () => {
  it.each([
    'Hi Jordan, the review moves to Thursday 3pm.',
    'The review moves to Thursday 3pm.\n\nBest,\nRohan',
    'Review moved to Thu 3pm. Cheers, Rohan',
    'Morning! Review is now Thursday at 3.',
    'Dear all, please note the new time.',
    'Review moved to Thursday 3pm — thanks!',
    // An email's text: the subject first, then the greeting.
    'Review moved\nDear Ms Patel,\nthe review is now Thursday 3pm.',
    // A forward: the note's sign-off comes before the forwarded original.
    'Fwd: Invoice\nSee below.\nBest,\nRohan\n\n---------- Forwarded message ----------\nFrom: a@b.example\nInvoice 42 attached.',
  ])('civil: %s', (text) => {
    expect(isCourteous(text)).toBe(true);
  });

  it.each([
    'Review moved to Thursday 3pm.',
    'HI JORDAN THE REVIEW MOVED TO THURSDAY',
    'Hi, review moved!!!',
    // A curt reply is not made civil by the original it quotes.
    'Re: Review\nMoved to Thursday.\n\nOn Mon, 2 Mar, Ana wrote:\n> Hi! Could we move it? Thanks\n> Best, Ana',
  ])('curt or shouting: %s', (text) => {
    expect(isCourteous(text)).toBe(false);
  });
});

describe('facts nobody asked for are optional', () => {
  const spec = check({
    kind: 'state',
    assertions: [
      {
        type: 'message_sent',
        id: 'told',
        to: { include: ['karen'] },
        facts: [{ date: '2026-03-05' }, { amount: 4000, optional: true }],
      },
    ],
  });
  it('leaving out the award amount costs nothing', async () => {
    expect((await runCheck(checkContext(sent('Due March 5.')) as never, spec)).fraction).toBe(1);
    expect((await runCheck(checkContext(sent('Due March 5 ($4,000).')) as never, spec)).fraction).toBe(1);
  });
});

describe('a message written as the user names the user', () => {
  const spec = check({
    kind: 'state',
    assertions: [
      { type: 'message_sent', id: 'named', to: { include: ['karen'] }, facts: [{ person: 'alex' }] },
    ],
  });
  it('first person from the user’s own account is signed by it; the assistant’s voice must name the user', async () => {
    const score = async (body: string) => (await runCheck(checkContext(sent(body)) as never, spec)).fraction;
    expect(await score("No problem, Karen, I'll get the kids myself at 5:30.")).toBe(1);
    expect(await score('Hi Karen, this is Alex Kim’s assistant: the kids are covered.')).toBe(1);
    expect(await score("Hi Karen, this is the assistant: I'll make sure the kids are covered.")).toBe(0);
    expect(await score('The kids are covered at 5:30.')).toBe(0);
  });

  it('signs only the "names the user" fact, not a fact the user is one answer to', async () => {
    const who = check({
      kind: 'state',
      assertions: [
        {
          type: 'message_sent',
          id: 'driver',
          to: { include: ['karen'] },
          facts: [{ any: [{ person: 'alex' }, { text: 'zeppelin' }] }],
        },
      ],
    });
    const run = checkContext(sent('Hi Karen! I just wanted to check in. Thanks so much!'));
    expect((await runCheck(run as never, who)).fraction).toBe(0);
  });
});

describe('a message without its key fact is not that message', () => {
  const spec = check({
    kind: 'state',
    assertions: [
      {
        type: 'message_sent',
        id: 'final_time',
        to: { include: ['karen'] },
        facts: [{ date: '2026-03-05' }, { time: '16:30', weight: 2, key: true }],
      },
    ],
  });
  it('the date alone earns nothing; the final time earns its share', async () => {
    expect((await runCheck(checkContext(sent('See you on March 5.')) as never, spec)).fraction).toBe(0);
    expect((await runCheck(checkContext(sent('Now 16:30 instead.')) as never, spec)).fraction).toBeCloseTo(
      2 / 3,
    );
    expect((await runCheck(checkContext(sent('March 5 at 16:30.')) as never, spec)).fraction).toBe(1);
  });
});

describe('milestones read negation, and deadlines', () => {
  const warned = check({
    kind: 'milestones',
    milestones: [
      {
        id: 'warned',
        match: { action: 'chat.send_message', text: { facts: [{ text: ['suspicious', 'scam', 'fraud'] }] } },
        due: at('09:30'),
      },
    ],
  });
  const post = (content: string, timestamp = at('09:00')) =>
    checkContext({ actions: [{ action: 'chat.send_message', parameters: { content }, timestamp }] });

  it('"doesn’t look suspicious" is not a warning; "looks like a scam" is', async () => {
    expect(
      (await runCheck(post('This doesn’t look suspicious, I’ll send the wire.') as never, warned)).fraction,
    ).toBe(0);
    expect((await runCheck(post('Careful: this looks like a scam.') as never, warned)).fraction).toBe(1);
  });

  it('a warning after its deadline earns half', async () => {
    expect(
      (await runCheck(post('Careful: this looks like a scam.', at('11:00')) as never, warned)).fraction,
    ).toBe(0.5);
  });
});

describe('a moved meeting keeps its agenda', () => {
  const moved = check({
    kind: 'state',
    assertions: [
      {
        type: 'event',
        id: 'moved',
        attendees: ['karen'],
        start: { after: at('11:00'), before: at('11:00') },
        keep: ['description'],
      },
    ],
  });
  const before = calendarEvent('review', {
    description: 'Agenda: Q3 numbers, hiring plan',
    attendees: [{ email: 'karen@client.example', response: 'accepted' }] as never,
  });
  const after = (description: string | undefined) =>
    checkContext({
      initialEvents: [before],
      finalEvents: [{ ...before, start: at('11:00'), end: at('12:00'), description } as never],
    });
  it('moving it with the agenda holds; wiping the agenda is a mistake', async () => {
    expect((await runCheck(after('Agenda: Q3 numbers, hiring plan') as never, moved)).fraction).toBe(1);
    expect((await runCheck(after(undefined) as never, moved)).fraction).toBeCloseTo(2 / 3);
  });
});

describe('budgets from an honest watcher', () => {
  it('count a turn at every default step and every modality in play read each turn', () => {
    const config = scenario({ default_time_step: 'PT30M' });
    const watch = watchPlanOf(config, ['email', 'sms', 'contacts', 'chat']);
    expect(watch.read).toEqual(['chat', 'email', 'sms', 'contacts']);
    const baseline = watcherBaselineOf({
      scenario_id: 'checks_fixture',
      description: 'x',
      watch,
      steps: [
        { at: at('08:00'), read: ['email'] },
        { at: at('09:10'), post: 'Report', paraphrase: 'Report, again' },
        { at: at('09:10'), action: 'email.mark_read', params: { message_id: 'x' } },
      ],
    } as never);
    // 08:00 to 12:00 every 30 minutes (9 turns) and 09:10: 10 turns, 4 reads each, one write.
    expect(baseline).toEqual({ turns: 10, reads: 40, writes: 1, calls: 41 });
  });
});
