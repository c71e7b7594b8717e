import { FakeListChatModel } from '@langchain/core/utils/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_THREAD_MESSAGES, ResponseGenerator, seededRandom } from '../../../src/green/characters/index.js';
import {
  ALEX,
  ALEX_PHONE,
  JORDAN,
  START,
  startScenarioUes,
  testScenario,
  uesScenario,
  type ScenarioUes,
} from './fixtures.js';
import { RecordingOfflineModel } from './models.js';

/** A 12-message thread between Jordan and Alex, one per hour before START. */
const thread = Array.from({ length: 12 }, (_, index) => ({
  message_id: `long-${index + 1}`,
  thread_id: 'thread-long',
  from_address: index % 2 === 0 ? JORDAN : ALEX,
  to_addresses: [index % 2 === 0 ? ALEX : JORDAN],
  subject: 'Launch date',
  body_text: `Point number ${index + 1} about the launch.`,
  sent_at: new Date(Date.parse('2025-01-05T20:00:00Z') + index * 3_600_000).toISOString(),
  folder: index % 2 === 0 ? 'inbox' : 'sent',
}));

describe('ResponseGenerator: thread history', () => {
  let env: ScenarioUes | undefined;
  afterEach(async () => {
    await env?.close();
  });

  async function answer(summarizer: ConstructorParameters<typeof ResponseGenerator>[0]['summarizer']) {
    env = await startScenarioUes(uesScenario({ emails: thread }));
    await env.assistant.email.send({
      from_address: ALEX,
      to_addresses: [JORDAN],
      subject: 'Re: Launch date',
      body_text: 'So do we go with March 3rd?',
      thread_id: 'thread-long',
    });
    const { emails } = await env.admin.email.query({ folder: 'sent', body_contains: 'March 3rd' });
    const model = new RecordingOfflineModel();
    const replies = await new ResponseGenerator({
      client: env.admin,
      scenario: testScenario(),
      model,
      summarizer,
      random: seededRandom(1),
      userEmail: ALEX,
      userPhone: ALEX_PHONE,
    }).generate({ emails, sms: [], calendarEvents: [] }, START);
    expect(replies).toHaveLength(1);
    return model.promptsFor('reply', 'Jordan Lee')[0]!;
  }

  it('summarises all but the last 10 earlier messages and shows those 10 in order', async () => {
    const summarizer = new RecordingOfflineModel();
    const prompt = await answer(summarizer);
    expect(MAX_THREAD_MESSAGES).toBe(10);

    expect(summarizer.prompts).toHaveLength(1);
    const [summaryPrompt] = summarizer.prompts;
    expect(summaryPrompt).toContain('Task: summarize_thread');
    expect(summaryPrompt).toContain('Message count: 2');
    expect(summaryPrompt).toContain('Point number 1 about');
    expect(summaryPrompt).toContain('Point number 2 about');
    expect(summaryPrompt).not.toContain('Point number 3 about');

    expect(prompt).toContain(
      'Summary of earlier messages:\nEarlier email conversation of 2 messages between',
    );
    expect(prompt).not.toContain('Point number 1 about');
    expect(prompt).not.toContain('Point number 2 about');
    const shown = [...prompt.matchAll(/Point number (\d+) about/g)].map((match) => Number(match[1]));
    expect(shown).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(prompt).toContain(
      '[2025-01-06 07:00] Alex Thompson:\nSubject: Launch date\n\nPoint number 12 about',
    );
    // The message being answered is the latest message, not part of the history.
    expect(prompt).toContain('Latest message:\n<<<\nSo do we go with March 3rd?\n>>>');
  });

  it('falls back to a placeholder when the summary fails', async () => {
    const failing = new FakeListChatModel({ responses: ['unused'] });
    failing.invoke = () => Promise.reject(new Error('summarizer down'));
    const prompt = await answer(failing);
    expect(prompt).toContain('Summary of earlier messages:\n(Earlier conversation with 2 messages)');
  });
});
