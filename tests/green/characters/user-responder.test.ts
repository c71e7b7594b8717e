import { FakeListChatModel } from '@langchain/core/utils/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ResponseGenerator,
  scheduleReplies,
  seededRandom,
  type NewMessages,
} from '../../../src/green/characters/index.js';
import { isQuestion } from '../../../src/green/characters/user-responder.js';
import { briefAnswer } from '../../../src/llm/offline-policies.js';
import {
  ALEX,
  ALEX_PHONE,
  START,
  startScenarioUes,
  testScenario,
  uesScenario,
  type ScenarioUes,
} from './fixtures.js';
import { RecordingOfflineModel } from './models.js';

/**
 * The reactive user: with a `user_brief`, the user answers the assistant's questions in chat after
 * their response timing, offline from the brief's cue phrases; statements get no answer; one reply
 * per turn; `max_replies` bounds the run.
 */

const BRIEF = {
  answers: [
    { about: ['restaurant', 'where'], answer: 'Bella Vista, please.' },
    { about: ['when', 'time'], answer: 'Thursday at 7:30pm.' },
  ],
  otherwise: 'Whatever you think is best.',
  max_replies: 2,
};
const none: NewMessages = { emails: [], sms: [], calendarEvents: [] };

describe('reactive user', () => {
  let env: ScenarioUes;
  beforeEach(async () => {
    env = await startScenarioUes(uesScenario());
  });
  afterEach(() => env.close());

  const generator = (
    model: ConstructorParameters<typeof ResponseGenerator>[0]['model'],
    brief: unknown = BRIEF,
  ) =>
    new ResponseGenerator({
      client: env.admin,
      scenario: testScenario({ user_brief: brief }),
      model,
      random: seededRandom(5),
      userEmail: ALEX,
      userPhone: ALEX_PHONE,
    });

  const assistantSays = (content: string) =>
    env.assistant.chat.send({ role: 'assistant', content, conversation_id: 'user-assistant' });

  async function userMessages(): Promise<string[]> {
    const page = await env.admin.chat.query({ conversation_id: 'user-assistant', role: 'user' });
    return page.messages.map((message) => (typeof message.content === 'string' ? message.content : ''));
  }

  it('answers a question from the brief after the user’s delay, as a user chat message', async () => {
    const model = new RecordingOfflineModel();
    const responder = generator(model);
    await assistantSays('Which restaurant should I book, and at what time?');
    const replies = await responder.generate(none, START);
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply).toMatchObject({ character_id: 'alex', modality: 'chat' });
    const delay = Date.parse(reply.scheduled_time) - Date.parse(START);
    expect(delay).toBeGreaterThanOrEqual(3 * 60_000);
    expect(delay).toBeLessThanOrEqual(7 * 60_000);
    expect(model.prompts[0]).toContain('Task: user_reply');

    await scheduleReplies(env.admin, replies);
    expect(await userMessages()).toEqual([]);
    await env.admin.time.advance(8 * 60);
    expect(await userMessages()).toEqual(['Bella Vista, please. Thursday at 7:30pm.']);
  });

  it('does not answer statements, answers uncovered questions with "otherwise", and stops at max_replies', async () => {
    const responder = generator(new RecordingOfflineModel());
    await assistantSays('Booked it. Your table is confirmed.');
    expect(await responder.generate(none, START)).toEqual([]);
    await assistantSays('Do you want flowers on the table?');
    await assistantSays('Also: anything else?');
    const second = await responder.generate(none, START);
    // Both questions of the turn get one reply.
    expect(second.map((reply) => reply.event.data['content'])).toEqual(['Whatever you think is best.']);
    await assistantSays('Where should I book?');
    expect(await responder.generate(none, START)).toHaveLength(1);
    await assistantSays('And when?');
    expect(await responder.generate(none, START)).toEqual([]);
  });

  it('with a model, sends the brief and the questions and schedules what the model wrote', async () => {
    const model = new FakeListChatModel({ responses: ['Bella Vista — Thursday works.'] });
    const responder = generator(model);
    await assistantSays('Where would you like to go?');
    const [reply] = await responder.generate(none, START);
    expect(reply?.event).toEqual({
      modality: 'chat',
      data: {
        operation: 'send_message',
        role: 'user',
        content: 'Bella Vista — Thursday works.',
        conversation_id: 'user-assistant',
      },
    });
  });

  it('reports a failed model call and loses only that reply', async () => {
    const responder = generator(new RecordingOfflineModel((prompt) => prompt.includes('user_reply')));
    await assistantSays('When should I book it?');
    const failures: string[] = [];
    const replies = await responder.generate(none, START, {
      onFailure: (failure) => failures.push(`${failure.character_id}:${failure.modality}`),
    });
    expect(replies).toEqual([]);
    expect(failures).toEqual(['alex:chat']);
  });

  it('scenarios without a brief never answer chat', async () => {
    const responder = new ResponseGenerator({
      client: env.admin,
      scenario: testScenario(),
      model: new RecordingOfflineModel(),
      random: seededRandom(5),
      userEmail: ALEX,
      userPhone: ALEX_PHONE,
    });
    await assistantSays('Which restaurant?');
    expect(await responder.generate(none, START)).toEqual([]);
  });
});

describe('isQuestion and the offline answer', () => {
  it.each([
    ['Which restaurant?', true],
    ['Let me know which evening suits you.', true],
    ['Please confirm the time.', true],
    ['Booked for Thursday.', false],
    // A question quoted from someone else's message is theirs, not the assistant's.
    ['Done. Karin texted: “Did you sort the flowers for Gran?” — I have not replied.', false],
    // A table's header cell is no question.
    ['| Venue | Price | June 13? |\n|---|---|---|\n| Lakeside | $5,900 | yes |', false],
    // A closing offer asks nothing, whatever it names; an offer asks only about what the brief decides.
    ['All booked. Please let me know if you would like anything else, e.g. a note to the restaurant.', false],
    ['If you’d like the dinner in your calendar too, just let me know.', false],
    ['Let me know if you’d like me to change the restaurant.', true],
  ])('%s → %s', (text, expected) => {
    expect(isQuestion(BRIEF, text)).toBe(expected);
  });

  it('answers by whole-word cues, in the brief’s order, else otherwise (or that they do not know)', () => {
    expect(briefAnswer(BRIEF, 'What time, and where?')).toBe('Bella Vista, please. Thursday at 7:30pm.');
    expect(briefAnswer(BRIEF, 'Any dietary needs?')).toBe('Whatever you think is best.');
    expect(briefAnswer({ answers: BRIEF.answers }, 'Any dietary needs?')).toBe("I don't know.");
    // "somewhere" is not "where"; plurals are fine.
    expect(briefAnswer({ answers: BRIEF.answers }, 'Somewhere nice?')).toBe("I don't know.");
    expect(briefAnswer(BRIEF, 'Any restaurants you like?')).toBe('Bella Vista, please.');
  });
});
