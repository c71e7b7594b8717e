import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASSESSMENT_INSTRUCTIONS, type InitialStateSummary } from '../../../../src/protocol/index.js';
import type { BasePurpleAgent } from '../../../../src/purple/base-agent.js';
import { ASK_QUESTIONS } from '../../../../src/purple/baselines/imitation/relay-text.js';
import { createPurpleAgent } from '../../../../src/purple/index.js';
import { EMPTY_SUMMARY } from '../../support/green-messages.js';
import { receiveEmail, startPurpleUes, type PurpleUes } from '../../support/purple-ues.js';

/**
 * The relay strategies against a real UES (zone UTC): a dinner tonight with Nadia (text only) and
 * Felix (text and email), booked at Larkspur Kitchen (email only), in the calendar with Felix
 * invited. The test plays the green: it advances time and writes the user's answers and the
 * friends' messages.
 */

const START = '2026-01-28T06:00:00Z'; // a Wednesday
const DINNER = { start: '2026-01-28T19:30:00Z', end: '2026-01-28T21:30:00Z' };
const NADIA = '+15550100021';
const FELIX = { phone: '+15550100032', email: 'felix@friends.example' };
const LARKSPUR = 'reservations@larkspur.example';

async function start(env: PurpleUes, name: string) {
  const agent: BasePurpleAgent = createPurpleAgent(name);
  await agent.initialize({
    uesUrl: env.url,
    apiKey: env.purpleKey.secret,
    currentTime: new Date(START),
    summary: EMPTY_SUMMARY as InitialStateSummary,
    instructions: ASSESSMENT_INSTRUCTIONS,
  });
  let turn = 0;
  return async () => {
    turn += 1;
    const now = (await env.admin.time.get()).current_time;
    return agent.runTurn({
      turnNumber: turn,
      currentTime: new Date(now),
      eventsProcessed: 0,
      signal: new AbortController().signal,
    });
  };
}

async function outgoingSms(env: PurpleUes): Promise<Array<{ to: string[]; body: string }>> {
  const { messages } = await env.admin.sms.query({ direction: 'outgoing' });
  return messages.map((message) => ({ to: message.to_numbers, body: message.body }));
}

async function sentEmails(env: PurpleUes) {
  return Object.values((await env.admin.email.state()).emails).filter((email) => email.folder === 'sent');
}

async function dinner(env: PurpleUes) {
  return (await env.admin.calendar.query({ search: 'Dinner' })).events.find((event) =>
    event.title.startsWith('Dinner'),
  )!;
}

const textFromNadia = (env: PurpleUes, body: string) =>
  env.admin.sms.receive({ from_number: NADIA, to_numbers: ['+15550000000'], body });

describe('relay strategies', () => {
  let env: PurpleUes;
  beforeEach(async () => {
    env = await startPurpleUes({ start: START });
    for (const [first, last, identifiers] of [
      ['Nadia', 'Petrov', [{ identifier_type: 'phone', value: NADIA }]],
      [
        'Felix',
        'Amara',
        [
          { identifier_type: 'phone', value: FELIX.phone },
          { identifier_type: 'email', value: FELIX.email },
        ],
      ],
    ] as const) {
      await env.admin.contacts.create({ first_name: first, last_name: last, identifiers: [...identifiers] });
    }
    await env.admin.contacts.create({
      display_name: 'Larkspur Kitchen',
      identifiers: [{ identifier_type: 'email', value: LARKSPUR }],
    });
    await env.admin.calendar.create({
      title: 'Dinner at Larkspur',
      ...DINNER,
      attendees: [{ email: FELIX.email }],
    });
    await receiveEmail(env.admin, {
      from: LARKSPUR,
      subject: 'Your dinner booking',
      body: 'Your table for three tonight at 7:30pm is confirmed. Larkspur Kitchen',
    });
    await receiveEmail(env.admin, { from: 'deals@shop.example', subject: 'Sale', body: 'Half price shoes.' });
  });
  afterEach(() => env.close());

  it('ask-relay: one focused question a turn while the user answers, then relays the prompt and the answers', async () => {
    await env.postUserMessage(
      "Tonight I'm having dinner with Nadia and Felix at Larkspur Kitchen at 7:30pm. Sort out anything that changes.",
    );
    const turn = await start(env, 'ask-relay');
    expect(await turn()).toMatchObject({ time_step: 'PT25M' });
    await env.advance(15 * 60);
    await env.postUserMessage('Go with the back room on Friday at 8:45pm.');
    await env.advance(10 * 60);
    expect(await turn()).toMatchObject({ time_step: 'PT25M' });
    await env.advance(25 * 60);
    expect(await turn()).toMatchObject({ message_type: 'turn_complete' });

    const [first, second, done, ...rest] = await env.assistantMessages();
    expect([first, second, rest]).toEqual([ASK_QUESTIONS[0], ASK_QUESTIONS[1], []]);
    expect(done).toMatch(/^What I did:\n- texted Nadia Petrov\n/);

    const sms = await outgoingSms(env);
    // Nadia has no email: the pass-on and the best-matching email both reach her by text.
    expect(sms.map((message) => message.to)).toEqual([[NADIA], [NADIA], [FELIX.phone]]);
    expect(sms[0]!.body).toMatch(/^Hi Nadia, .* asked me to pass this on: Tonight I'm having dinner/);
    expect(sms[0]!.body).toContain('adds: Go with the back room on Friday at 8:45pm.');
    expect(sms[1]!.body).toContain('Fwd: Your dinner booking — Your table for three tonight at 7:30pm');
    const sent = await sentEmails(env);
    const forward = sent.find((email) => email.subject === 'Fwd: Your dinner booking');
    expect(forward?.to_addresses).toEqual([FELIX.email]);
    expect(forward?.body_text).toContain('Your table for three tonight at 7:30pm is confirmed.');
    expect(sent.some((email) => email.to_addresses.includes(LARKSPUR))).toBe(true);

    const created = (await env.admin.calendar.query({ search: 'Tonight' })).events;
    expect(created).toEqual([
      expect.objectContaining({
        start: '2026-01-30T20:45:00Z',
        end: '2026-01-30T21:45:00Z',
        attendees: expect.arrayContaining([expect.objectContaining({ email: FELIX.email })]),
      }),
    ]);
    expect(created[0]!.title).toMatch(/^Tonight I'm having dinner .* Go with the back room/);
  });

  it('relay-echo: passes a named friend’s news on, restates it to her, and drags the event to her new time', async () => {
    await env.postUserMessage("Tonight I'm having dinner with Nadia and Felix. Keep everyone posted.");
    await env.advance(60);
    const turn = await start(env, 'relay-echo');
    await turn();
    // History is reported, never relayed.
    expect(await outgoingSms(env)).toEqual([]);
    expect((await env.assistantMessages())[0]).toMatch(
      /^New messages:\n- Larkspur Kitchen \(email "Your dinner booking"\)/,
    );

    await env.advance(15 * 60);
    await textFromNadia(env, 'Running late, the bridge is jammed. Can we make it 8:15pm instead?');
    await turn();
    expect(await outgoingSms(env)).toEqual([
      { to: [FELIX.phone], body: expect.stringMatching(/^Hi Felix, Nadia Petrov says: Running late/) },
      {
        to: [NADIA],
        body: 'Thanks — just to confirm: Running late, the bridge is jammed. Can we make it 8:15pm instead?',
      },
    ]);
    expect(await dinner(env)).toMatchObject({ start: '2026-01-28T20:15:00Z', end: '2026-01-28T22:15:00Z' });
    const report = (await env.assistantMessages())[1]!;
    expect(report).toContain(
      'Alerts:\n- Nadia Petrov wrote: Running late, the bridge is jammed. Can we make it 8:15pm instead.',
    );
    expect(report).not.toContain('?');
    expect(report).toContain('- moved "Dinner at Larkspur" to');

    // A bare thank-you is alerted but not passed on (no ping-pong).
    await env.advance(15 * 60);
    await textFromNadia(env, 'Thanks!');
    await turn();
    expect(await outgoingSms(env)).toHaveLength(2);
    expect((await env.assistantMessages())[2]).toContain('Alerts:\n- Nadia Petrov wrote: Thanks!');
  });

  it('relay-all: carries out the prompt’s "move … to", asks, relays, and reminds the quiet ones at the prompt’s time', async () => {
    await env.postUserMessage(
      'Move my dinner with Felix to Friday at 8pm. Check with Nadia and Felix by 9am.',
    );
    const turn = await start(env, 'relay-all');
    expect(await turn()).toMatchObject({ time_step: 'PT25M' });
    expect(await dinner(env)).toMatchObject({ start: '2026-01-30T20:00:00Z', end: '2026-01-30T22:00:00Z' });
    const posts = await env.assistantMessages();
    expect(posts).toHaveLength(2);
    expect(posts).toContain(ASK_QUESTIONS[0]);
    expect(posts.find((post) => post !== ASK_QUESTIONS[0])).toContain(
      'What I did:\n- moved "Dinner at Larkspur" to Friday 30 January',
    );

    // No answer: it acts on what it has.
    await env.advance(25 * 60);
    await textFromNadia(env, 'Friday works for me, see you at 8 then at the usual place!');
    await turn();
    const relayed = await outgoingSms(env);
    expect(relayed.filter((message) => message.body.includes('asked me to pass this on'))).toHaveLength(2);

    await env.advance(9 * 3600 - 25 * 60 - 6 * 3600 + 60);
    await turn();
    const reminders = (await outgoingSms(env)).filter((message) =>
      message.body.startsWith('Just a reminder about'),
    );
    expect(reminders).toEqual([
      { to: [FELIX.phone], body: 'Just a reminder about Move my dinner with Felix to Friday at 8pm.' },
    ]);
  });
});
