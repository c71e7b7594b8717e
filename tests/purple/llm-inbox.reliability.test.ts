import { ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASSESSMENT_INSTRUCTIONS, loadPurpleConfig, parseMessage } from '../../src/protocol/index.js';
import { LlmAgent, createPurpleAgent } from '../../src/purple/index.js';
import {
  CHAT_COMPLETIONS,
  toolCallCompletion,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../support/openai-stand-in.js';
import { assessmentStart } from './support/green-messages.js';
import { receiveEmail, startPurpleUes, type PurpleUes } from './support/purple-ues.js';
import { ScriptedToolCallingModel, callTools } from './support/scripted-chat-model.js';

/**
 * The llm baseline by mid-day: a full inbox must not cost it the newest mail. list_emails answers
 * newest first, one page at a time within its character budget, with next_offset for older mail —
 * nothing is cut off silently. The purple's seed reaches the provider.
 */

const START = '2026-01-28T06:00:00Z';

let env: PurpleUes | undefined;
let standIn: OpenAiStandIn | undefined;
beforeEach(async () => {
  env = await startPurpleUes({ start: START });
  await env.postUserMessage('Every hour, summarise my new email in chat.');
});
afterEach(async () => {
  await env?.close();
  await standIn?.close();
  env = standIn = undefined;
});

async function agentWith(model: ScriptedToolCallingModel): Promise<LlmAgent> {
  const agent = createPurpleAgent('llm', {
    config: loadPurpleConfig({ agent: 'llm' }, {}),
    chatModel: model,
  });
  if (!(agent instanceof LlmAgent)) throw new Error('expected an LlmAgent');
  await agent.initialize({
    uesUrl: env!.url,
    apiKey: env!.purpleKey.secret,
    currentTime: new Date(START),
    summary: parseMessage(assessmentStart(env!.url, 'k'), ['assessment_start']).initial_state_summary,
    instructions: ASSESSMENT_INSTRUCTIONS,
  });
  return agent;
}

const toolResults = (messages: BaseMessage[]): string[] =>
  messages.filter((message) => ToolMessage.isInstance(message)).map((message) => String(message.content));

/** 60 emails, one a minute, each with a 600-character body: far more than one tool result holds. */
async function fillInbox(): Promise<void> {
  for (let index = 1; index <= 60; index++) {
    await receiveEmail(env!.admin, {
      from: `sender${index}@example.com`,
      subject: `Email number ${index}`,
      body: `Body of email ${index}. ${'Some text. '.repeat(55)}`,
    });
    await env!.advance(60);
  }
}

describe('list_emails on a full inbox', () => {
  it('shows the newest mail first, within budget, and pages on to older mail with next_offset', async () => {
    await fillInbox();
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'list_emails' }),
      (messages) => {
        const first = JSON.parse(toolResults(messages).at(-1)!) as { next_offset: number };
        return callTools({ name: 'list_emails', args: { offset: first.next_offset } });
      },
      callTools({ name: 'finish_turn', args: { time_step: 'PT1H' } }),
    ]);
    const agent = await agentWith(model);
    await agent.runTurn({
      turnNumber: 1,
      currentTime: new Date(START),
      eventsProcessed: 60,
      signal: new AbortController().signal,
    });
    const [firstPage, secondPage] = toolResults(model.calls.at(-1)!).map(
      (text) =>
        JSON.parse(text) as {
          total: number;
          returned: number;
          next_offset: number | null;
          emails: Array<{ subject: string }>;
        },
    );
    expect(firstPage!.total).toBe(60);
    expect(firstPage!.emails[0]!.subject).toBe('Email number 60');
    expect(firstPage!.emails.map((email) => email.subject)).toContain('Email number 50');
    expect(firstPage!.next_offset).toBe(firstPage!.returned);
    expect(secondPage!.emails[0]!.subject).toBe(`Email number ${60 - firstPage!.returned}`);
    for (const text of toolResults(model.calls.at(-1)!)) {
      expect(text).not.toContain('TRUNCATED');
      expect(text.length).toBeLessThanOrEqual(20_000);
    }
  });
});

describe('the purple’s seed', () => {
  it('reaches the provider with every call', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: toolCallCompletion('finish_turn', { time_step: 'PT1H' }),
    });
    const config = loadPurpleConfig(
      { agent: 'llm', model: 'openai:local-model', baseUrl: standIn.baseUrl, seed: '7' },
      {},
    );
    const agent = createPurpleAgent('llm', { config });
    await agent.initialize({
      uesUrl: env!.url,
      apiKey: env!.purpleKey.secret,
      currentTime: new Date(START),
      summary: parseMessage(assessmentStart(env!.url, 'k'), ['assessment_start']).initial_state_summary,
      instructions: ASSESSMENT_INSTRUCTIONS,
    });
    await agent.runTurn({
      turnNumber: 1,
      currentTime: new Date(START),
      eventsProcessed: 0,
      signal: new AbortController().signal,
    });
    expect(standIn.requests.length).toBeGreaterThan(0);
    for (const request of standIn.requests) expect((request.body as { seed?: number }).seed).toBe(7);
  });
});
