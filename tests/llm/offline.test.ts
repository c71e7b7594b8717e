import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LlmOutputError,
  OfflineChatModel,
  OfflineModelError,
  PROMPT_LABELS as L,
  PROMPT_TASKS,
  invokeStructured,
  isOfflineChatModel,
  labelBlock,
  labelLine,
} from '../../src/llm/index.js';

function prompt(fields: { task?: string; lines?: string[]; latest?: string }): [SystemMessage, HumanMessage] {
  const system = [
    fields.task ? labelLine(L.task, fields.task) : 'You are a helper.',
    ...(fields.lines ?? []),
  ];
  const human = fields.latest === undefined ? 'Hello' : labelBlock(L.latestMessage, fields.latest);
  return [new SystemMessage(system.join('\n')), new HumanMessage(human)];
}

const replyPrompt = (personality: string, latest: string, medium = 'email') =>
  prompt({
    task: PROMPT_TASKS.reply,
    lines: [
      labelLine(L.character, 'Jordan Lee'),
      labelLine(L.personality, personality),
      labelLine(L.medium, medium),
      labelLine(L.sender, 'Alex Thompson'),
      labelLine(L.subject, 'Re: Q3 budget'),
    ],
    latest,
  });

const decisionSchema = z.object({ should_respond: z.boolean(), reasoning: z.string() });
const rsvpSchema = z.object({
  status: z.enum(['accepted', 'declined', 'tentative']),
  comment: z.string().nullable(),
  reasoning: z.string(),
});

describe('OfflineChatModel', () => {
  const model = new OfflineChatModel();

  it('is deterministic: same prompt, same answer, across calls and instances', async () => {
    const messages = replyPrompt('Direct, authoritative', 'Can you confirm the budget?');
    const first = (await model.invoke(messages)).text;
    expect((await model.invoke(messages)).text).toBe(first);
    expect((await new OfflineChatModel().invoke(messages)).text).toBe(first);
    expect(isOfflineChatModel(model)).toBe(true);
  });

  it('writes an email reply in the character’s own words, in their voice, quoting nothing', async () => {
    const formal = (
      await model.invoke(replyPrompt('Direct, authoritative manager', 'Can you confirm the budget?'))
    ).text;
    expect(formal).toBe(
      "Hi Alex,\n\nThanks for your email. Good question. I'll find out and let you know.\n\nRegards,\nJordan",
    );
    const casual = (await model.invoke(replyPrompt('Casual and warm, loves emoji', 'Budget attached.'))).text;
    expect(casual).toBe('Hey Alex,\n\nThanks for letting me know. 🙂\n\nCheers,\nJordan');
  });

  it('writes a short SMS answering the kind of message, without quoting it', async () => {
    const text = (await model.invoke(replyPrompt('Friendly', 'Running late. Start without me?', 'sms'))).text;
    expect(text).toBe("Hi Alex! I'll look at it and get back to you with an answer.");
    const plain = (await model.invoke(replyPrompt('Friendly', 'Landed!', 'sms'))).text;
    expect(plain).toBe('Hi Alex! Thanks for the update.');
  });

  it('decides should_respond: no for bare acknowledgements, yes otherwise', async () => {
    const ask = (latest: string) =>
      invokeStructured(model, prompt({ task: PROMPT_TASKS.shouldRespond, latest }), decisionSchema, {
        name: PROMPT_TASKS.shouldRespond,
      });
    expect((await ask('Thanks!')).should_respond).toBe(false);
    expect((await ask('Got it, thank you')).should_respond).toBe(false);
    expect((await ask('Thanks — can you send the numbers?')).should_respond).toBe(true);
    expect((await ask('Here is the plan for next week.')).should_respond).toBe(true);
  });

  it('accepts invitations by name through withStructuredOutput, optionally with the raw message', async () => {
    const messages = prompt({
      task: PROMPT_TASKS.calendarRsvp,
      lines: [labelLine(L.eventTitle, 'Q3 planning'), labelLine(L.organizer, 'Alex Thompson')],
    });
    const parsed = await model.withStructuredOutput(rsvpSchema, { name: 'calendar_rsvp' }).invoke(messages);
    expect(parsed).toEqual({
      status: 'accepted',
      comment: 'Thanks Alex, I\'ll be at "Q3 planning".',
      reasoning: 'Offline rule: invitations are accepted.',
    });
    const withRaw = await model
      .withStructuredOutput(rsvpSchema, { name: 'calendar_rsvp', includeRaw: true })
      .invoke(messages);
    expect(withRaw.parsed).toEqual(parsed);
    expect(JSON.parse(withRaw.raw.text as string)).toEqual(parsed);
  });

  it('summarises a thread from its labelled fields', async () => {
    const messages = prompt({
      task: PROMPT_TASKS.summarizeThread,
      lines: [
        labelLine(L.medium, 'email'),
        labelLine(L.messageCount, 4),
        labelLine(L.participants, 'Alex Thompson and Jordan Lee'),
        labelLine(L.subject, 'Re: Launch'),
      ],
    });
    expect((await model.invoke(messages)).text).toBe(
      'Earlier email conversation of 4 messages between Alex Thompson and Jordan Lee about "Launch".',
    );
  });

  it('refuses to judge criteria and structured tasks it has no rule for', async () => {
    const judge = prompt({ task: PROMPT_TASKS.criterionEvaluation });
    const schema = z.object({ score: z.number() });
    await expect(model.invoke(judge)).rejects.toBeInstanceOf(OfflineModelError);
    await expect(
      invokeStructured(model, judge, schema, { name: PROMPT_TASKS.criterionEvaluation }),
    ).rejects.toBeInstanceOf(OfflineModelError);
    await expect(model.withStructuredOutput(schema, { name: 'extract_invoice' }).invoke('x')).rejects.toThrow(
      /no deterministic structured answer for task "extract_invoice"/,
    );
  });

  it('reports a schema that does not fit its answer as an LlmOutputError', async () => {
    const wrong = z.object({ decision: z.enum(['yes', 'no']) });
    await expect(
      model
        .withStructuredOutput(wrong, { name: 'should_respond' })
        .invoke(prompt({ task: PROMPT_TASKS.shouldRespond, latest: 'Hi?' })),
    ).rejects.toBeInstanceOf(LlmOutputError);
  });

  it('answers prompts without a Task label with a generic acknowledgement', async () => {
    expect((await model.invoke('What is on my calendar today?')).text).toBe(
      'Offline model (no LLM configured). Received: "What is on my calendar today?"',
    );
  });
});
