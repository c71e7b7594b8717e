import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import {
  ResponseGenerator,
  scheduleReplies,
  seededRandom,
  type NewMessages,
  type ScheduledReply,
} from '../../../src/green/characters/index.js';
import type { Email } from '../../../src/ues/client/index.js';
import {
  ALEX,
  ALEX_PHONE,
  JORDAN,
  OLIVIA,
  PRIYA,
  START,
  STRANGER,
  scriptedEmail,
  startScenarioUes,
  testScenario,
  uesScenario,
  type ScenarioUes,
} from './fixtures.js';
import { RecordingOfflineModel } from './models.js';

const scenario = testScenario();
const PRIOR: Parameters<typeof uesScenario>[0] = {
  emails: [
    {
      message_id: 'q3-1',
      thread_id: 'thread-q3',
      from_address: JORDAN,
      to_addresses: [ALEX],
      subject: 'Q3 plan',
      body_text: 'Please draft the Q3 plan and send it over.',
      sent_at: '2025-01-06T08:00:00Z',
    },
  ],
  events: [
    // Scripted arrival CC'd to another character: it must never trigger a reply.
    scriptedEmail('scripted-cc', '2025-01-06T09:30:00Z', {
      from_address: JORDAN,
      to_addresses: [ALEX],
      cc_addresses: [PRIYA],
      subject: 'Standup moved',
      body_text: 'Standup is at 10:30 today. Can you both make it?',
    }),
  ],
};

const newMessages = (emails: Email[]): NewMessages => ({ emails, sms: [], calendarEvents: [] });

describe('ResponseGenerator: email replies against a real UES', () => {
  let env: ScenarioUes;
  beforeEach(async () => {
    env = await startScenarioUes(uesScenario(PRIOR));
  });
  afterEach(async () => {
    await env.close();
  });

  async function sendAsAssistant(fields: Partial<Parameters<ScenarioUes['assistant']['email']['send']>[0]>) {
    await env.assistant.email.send({
      from_address: ALEX,
      to_addresses: [JORDAN],
      subject: 'Re: Q3 plan',
      body_text: 'Can you confirm the Q3 budget by Friday?',
      ...fields,
    });
    const { emails } = await env.admin.email.query({ folder: 'sent', sort_by: 'date', sort_order: 'asc' });
    return emails;
  }

  function generator(model = new RecordingOfflineModel(), seed = 7, extra = {}) {
    return new ResponseGenerator({
      client: env.admin,
      scenario,
      model,
      random: seededRandom(seed),
      userEmail: ALEX,
      userPhone: ALEX_PHONE,
      ...extra,
    });
  }

  it('schedules in-character replies that arrive only at their time, in the thread, with reply headers', async () => {
    const sent = await sendAsAssistant({
      cc_addresses: [PRIYA],
      thread_id: 'thread-q3',
      in_reply_to: 'q3-1',
      references: ['q3-1'],
    });
    const original = sent[0]!;
    const replies = await generator().generate(newMessages(sent), START);

    expect(replies.map((reply) => reply.character_id)).toEqual(['jordan', 'priya']);
    const jordan = replies[0]!;
    const jordanAt = Date.parse(jordan.scheduled_time);
    expect(jordanAt).toBeGreaterThanOrEqual(Date.parse('2025-01-06T09:05:00Z'));
    expect(jordanAt).toBeLessThanOrEqual(Date.parse('2025-01-06T09:15:00Z'));
    const priyaAt = Date.parse(replies[1]!.scheduled_time);
    expect(priyaAt).toBeGreaterThanOrEqual(Date.parse('2025-01-06T09:10:00Z'));
    expect(priyaAt).toBeLessThanOrEqual(Date.parse('2025-01-06T09:30:00Z'));
    expect(jordan).toMatchObject({
      character_name: 'Jordan Lee',
      modality: 'email',
      reply_to: original.message_id,
      event: {
        modality: 'email',
        data: {
          operation: 'receive',
          from_address: JORDAN,
          to_addresses: [ALEX],
          cc_addresses: [PRIYA],
          subject: 'Re: Q3 plan',
          thread_id: 'thread-q3',
          in_reply_to: original.message_id,
          references: ['q3-1', original.message_id],
        },
      },
    });
    // The offline model's reply answers the question in Jordan's own words and voice.
    const body = String(jordan.event.data.body_text);
    expect(body).toMatch(/^Hi Alex,\n\nThanks for your email\. /);
    expect(body).not.toMatch(/["“”…]|Q3 budget/);
    expect(body).toMatch(/Regards,\nJordan$/);

    const ids = await scheduleReplies(env.admin, replies);
    expect(ids).toHaveLength(2);
    const queued = await env.admin.events.list({ agent_id: 'character:jordan' });
    expect(queued.events).toHaveLength(1);
    expect(queued.events[0]).toMatchObject({ status: 'pending', event_id: ids[0] });
    expect(await env.admin.events.get(ids[0]!)).toMatchObject({ scheduled_time: jordan.scheduled_time });

    const fromJordan = async () =>
      (await env.admin.email.query({ from_address: JORDAN, thread_id: 'thread-q3' })).emails;
    expect(await fromJordan()).toHaveLength(1); // only the pre-existing email: nothing delivered at once

    const secondsUntil = (jordanAt - Date.parse(START)) / 1000;
    await env.admin.time.advance(secondsUntil - 1);
    expect(await fromJordan()).toHaveLength(1);

    await env.admin.time.advance(1);
    const arrived = (await fromJordan()).find((email) => email.message_id !== 'q3-1');
    expect(arrived).toMatchObject({
      thread_id: 'thread-q3',
      subject: 'Re: Q3 plan',
      to_addresses: [ALEX],
      cc_addresses: [PRIYA],
      in_reply_to: original.message_id,
      references: ['q3-1', original.message_id],
      body_text: body,
      folder: 'inbox',
    });
    expect(Date.parse(arrived!.received_at)).toBe(jordanAt);
    expect((await env.admin.events.get(ids[0]!)).status).toBe('executed');
  });

  it('never answers scripted arrivals, even when CC’d to other characters', async () => {
    const model = new RecordingOfflineModel();
    await env.admin.time.advance(3600);
    const { emails } = await env.admin.email.query({ received_after: START });
    expect(emails.map((email) => email.subject)).toEqual(['Standup moved']);
    expect(emails[0]!.cc_addresses).toEqual([PRIYA]);

    const replies = await generator(model).generate(newMessages(emails), '2025-01-06T10:00:00Z');
    expect(replies).toEqual([]);
    expect(model.prompts).toEqual([]);
  });

  it('skips recipients who are not characters, the user, and characters whose instructions say they never answer', async () => {
    const model = new RecordingOfflineModel();
    const sent = await sendAsAssistant({
      to_addresses: [OLIVIA, STRANGER, ALEX],
      subject: 'Office supplies',
    });
    expect(await generator(model).generate(newMessages(sent), START)).toEqual([]);
    expect(model.prompts).toEqual([]);
  });

  it('puts persona, special instructions, private details and relationships into the prompts', async () => {
    const model = new RecordingOfflineModel();
    const sent = await sendAsAssistant({ cc_addresses: [PRIYA], thread_id: 'thread-q3' });
    await generator(model).generate(newMessages(sent), START);

    const [decision] = model.promptsFor('should_respond', 'Jordan Lee');
    const [reply] = model.promptsFor('reply', 'Jordan Lee');
    for (const prompt of [decision!, reply!]) {
      expect(prompt).toContain('Personality: Direct, authoritative engineering manager.');
      expect(prompt).toContain(
        'Special instructions: Always asks for a written summary before approving anything.',
      );
      expect(prompt).toContain('- q3_budget: $50,000');
      expect(prompt).toContain(
        '- Alex Thompson: Alex reports to Jordan; Jordan trusts Alex with the Q3 plan.',
      );
      expect(prompt).toContain('Please draft the Q3 plan and send it over.'); // thread history
      expect(prompt).toContain('Can you confirm the Q3 budget by Friday?');
    }
    // Priya's relationship is keyed by Jordan's name; Jordan is on the email, so it is relevant.
    const [priyaReply] = model.promptsFor('reply', 'Priya Sharma');
    expect(priyaReply).toContain('- Jordan Lee: Jordan is her manager.');
  });

  it('does not answer a bare acknowledgement (should-respond says no) and answers each message once', async () => {
    const model = new RecordingOfflineModel();
    const sent = await sendAsAssistant({ subject: 'Re: Q3 plan', body_text: 'Thanks!' });
    const gen = generator(model);
    expect(await gen.generate(newMessages(sent), START)).toEqual([]);
    expect(model.promptsFor('should_respond', 'Jordan Lee')).toHaveLength(1);
    expect(model.promptsFor('reply', 'Jordan Lee')).toHaveLength(0);

    const again = await sendAsAssistant({ body_text: 'Also: is the budget final?' });
    const replies = await gen.generate(newMessages(again), START);
    expect(replies).toHaveLength(1); // the "Thanks!" email, reported again, is not reconsidered
    expect(model.promptsFor('should_respond', 'Jordan Lee')).toHaveLength(2);
  });

  it('same seed, same reply times; another seed, other times', async () => {
    const sent = await sendAsAssistant({ cc_addresses: [PRIYA] });
    const times = async (seed: number) =>
      (await generator(new RecordingOfflineModel(), seed).generate(newMessages(sent), START)).map(
        (reply: ScheduledReply) => reply.scheduled_time,
      );
    const first = await times(1234);
    expect(await times(1234)).toEqual(first);
    expect(await times(4321)).not.toEqual(first);
  });

  it('a failed model call loses only that reply and is logged', async () => {
    const model = new RecordingOfflineModel((prompt) => prompt.includes('Character: Jordan Lee'));
    const warn = vi.fn();
    const logger = pino({ level: 'warn' }, { write: (line: string) => warn(JSON.parse(line)) });
    const sent = await sendAsAssistant({ cc_addresses: [PRIYA] });
    const replies = await generator(model, 7, { logger }).generate(newMessages(sent), START);
    expect(replies.map((reply) => reply.character_id)).toEqual(['priya']);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ character_id: 'jordan', msg: 'character reply skipped: model call failed' }),
    );
  });

  it('a malformed should-respond answer skips the reply instead of guessing', async () => {
    const model = new FakeListChatModel({ responses: ['sure, I would reply'] });
    const sent = await sendAsAssistant({});
    expect(await generator(model as never).generate(newMessages(sent), START)).toEqual([]);
  });

  it('stops on cancellation instead of quietly skipping replies', async () => {
    const sent = await sendAsAssistant({});
    const controller = new AbortController();
    controller.abort(new Error('assessment cancelled'));
    await expect(
      generator().generate(newMessages(sent), START, { signal: controller.signal }),
    ).rejects.toThrow('assessment cancelled');
  });

  it('rejects a `now` that is not a datetime', async () => {
    await expect(generator().generate(newMessages([]), 'soon')).rejects.toThrow(
      /now must be an ISO 8601 datetime/,
    );
  });
});
