import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildReplyPrompt, ResponseGenerator, seededRandom } from '../../../src/green/characters/index.js';
import { EMPTY_HISTORY } from '../../../src/green/characters/history.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/loader.js';
import type { ScenarioConfig } from '../../../src/green/scenarios/schema.js';
import { OfflineChatModel } from '../../../src/llm/index.js';
import {
  ALEX,
  ALEX_PHONE,
  JORDAN,
  PRIYA,
  startScenarioUes,
  testScenario,
  uesScenario,
  type ScenarioUes,
} from './fixtures.js';

/**
 * Every character of every scenario, answering a plain message offline: in their own words —
 * nothing of the message quoted back (least of all its first words, as if they were a subject),
 * no text cut off, no two answers spliced together, no canned "I'll look into what you asked".
 */

const QUESTION =
  'Hi, could you let me know whether Thursday at 3pm still works for the handover on your side?';
const NEWS =
  'Quick update: the signed papers went out this morning by courier, so nothing more is needed from you.';

/** What a reply must never be; returns the reasons it fails, none for a good reply. */
function problems(reply: string, message: string): string[] {
  const found: string[] = [];
  if (/[…]|\.\.\./.test(reply)) found.push('cut text (an ellipsis)');
  if (/["“”]/.test(reply)) found.push('quotes something');
  if (/look into what you asked/i.test(reply)) found.push('the canned "look into what you asked"');
  const words = message.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const text = reply.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, ' ');
  for (let index = 0; index + 4 <= words.length; index += 1) {
    const run = words.slice(index, index + 4).join(' ');
    if (` ${text} `.includes(` ${run} `)) found.push(`echoes "${run}"`);
  }
  const lines = reply.split('\n').map((line) => line.trim());
  // An email ends with the name signing it; a greeting or sign-off line ends with a comma.
  const signed = lines.length > 1 ? lines.slice(0, -1) : lines;
  const sentences = signed
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && !/,$/.test(sentence));
  if (new Set(sentences).size !== sentences.length) found.push('a sentence twice (spliced)');
  for (const sentence of sentences) {
    if (!/[.!?🙂]$/u.test(sentence)) found.push(`an unfinished sentence: ${sentence}`);
  }
  return found;
}

describe('offline characters answer in their own words', () => {
  const model = new OfflineChatModel();
  const scenarios: ScenarioConfig[] = [];

  beforeAll(async () => {
    const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
    for (const id of await manager.listIds()) scenarios.push((await manager.load(id)).config);
  });

  it('every character of every scenario, by email and by text, to a question and to news', async () => {
    expect(scenarios.length).toBeGreaterThan(50);
    let replies = 0;
    for (const scenario of scenarios) {
      const user = scenario.characters[scenario.user_character]!;
      const sender = {
        id: scenario.user_character,
        name: user.name,
        address: user.email ?? user.phone ?? '',
      };
      for (const [id, profile] of Object.entries(scenario.characters)) {
        if (id === scenario.user_character) continue;
        const media = [
          ...(profile.email ? (['email'] as const) : []),
          ...(profile.phone ? (['sms'] as const) : []),
        ];
        for (const medium of media) {
          for (const message of [QUESTION, NEWS]) {
            const me = { id, name: profile.name, address: profile.email ?? profile.phone ?? '' };
            const prompt = buildReplyPrompt({
              character: { id, profile, relationships: [] },
              medium,
              sender,
              participants: [sender, me],
              ...(medium === 'email' ? { subject: message.split(' ').slice(0, 4).join(' ') } : {}),
              latestMessage: message,
              history: EMPTY_HISTORY,
            });
            const reply = (await model.invoke(prompt)).text;
            const where = `${scenario.scenario_id}/${id} (${medium}): ${JSON.stringify(reply)}`;
            expect(problems(reply, message), where).toEqual([]);
            expect(reply.trim(), where).not.toBe('');
            replies += 1;
          }
        }
      }
    }
    expect(replies).toBeGreaterThan(200);
  });

  it('a person signs with their first name, a business in full (not "Bella" for Bella Vista)', async () => {
    const dinner = scenarios.find((scenario) => scenario.scenario_id === 'ask_back_anniversary_dinner')!;
    const maya = dinner.characters[dinner.user_character]!;
    const sender = { id: dinner.user_character, name: maya.name, address: maya.email! };
    const signOff = async (id: string): Promise<string> => {
      const profile = dinner.characters[id]!;
      const me = { id, name: profile.name, address: profile.email! };
      const prompt = buildReplyPrompt({
        character: { id, profile, relationships: [] },
        medium: 'email',
        sender,
        participants: [sender, me],
        subject: 'Dinner',
        latestMessage: QUESTION,
        history: EMPTY_HISTORY,
      });
      return (await model.invoke(prompt)).text.split('\n').at(-1)!;
    };
    expect(await signOff('bellavista')).toBe('Bella Vista');
    expect(await signOff('dan')).toBe('Dan');
  });

  it('the checks themselves catch what used to be written', () => {
    expect(
      problems(
        'Hi Beth, got your message about "Hi Beth and Omar" — noted',
        'Hi Beth and Omar, the venue moved',
      ),
    ).toContain('quotes something');
    expect(problems('Sofia has seen your text abou…', 'x')).toContain('cut text (an ellipsis)');
    expect(
      problems("Thanks. I'll look into what you asked and get back to you shortly.", 'Can you quote?'),
    ).toContain('the canned "look into what you asked"');
    expect(problems('Sure, thursday at 3pm still works.', QUESTION)).toContain(
      'echoes "thursday at 3pm still"',
    );
    expect(problems('No — Friday works. It is. No — Friday works.', 'x')).toContain(
      'a sentence twice (spliced)',
    );
  });
});

describe('a character whose scripted answer was set off writes nothing more', () => {
  let env: ScenarioUes;
  beforeEach(async () => {
    env = await startScenarioUes(uesScenario());
  });
  afterEach(async () => {
    await env.close();
  });

  it('answers the email with the scripted reply alone, while the others still reply', async () => {
    await env.assistant.email.send({
      from_address: ALEX,
      to_addresses: [JORDAN],
      cc_addresses: [PRIYA],
      subject: 'Quote',
      body_text: 'Could you send the quote for the new laptops?',
    });
    const { emails } = await env.admin.email.query({ folder: 'sent' });
    const generator = new ResponseGenerator({
      client: env.admin,
      scenario: testScenario(),
      model: new OfflineChatModel(),
      random: seededRandom(3),
      userEmail: ALEX,
      userPhone: ALEX_PHONE,
    });
    const replies = await generator.generate(
      { emails, sms: [], calendarEvents: [] },
      '2025-01-06T09:00:00Z',
      {
        scripted: [
          { modality: 'email', data: { operation: 'receive', from_address: JORDAN, subject: 'Re: Quote' } },
        ],
      },
    );
    expect(replies.map((reply) => reply.character_id)).toEqual(['priya']);
  });
});
