import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { SCENARIO, evaluate, evaluateAll, scaled } from './context.js';
import { doNothing, hourlyAssistant, perfectText } from './assistants.js';
import { ScriptedJudge, askedIds, kindOf, oracleAnswer } from './fake-judge.js';

const PER_EMAIL = ['noise_exclusion', 'summary_accuracy', 'urgency_accuracy', 'thread_tracking'];
const RUBRICS = [
  'triage_format_compliance',
  'no_sensitive_data_exposure',
  'summary_writing_quality',
  'urgency_tone_appropriateness',
];
const LLM_SCORED = [...PER_EMAIL, 'hourly_summary_delivery', ...RUBRICS];

/** A model without tool calling or structured output: only JSON in its reply text. */
class TextOnlyJudge extends BaseChatModel {
  readonly prompts: string[] = [];
  constructor(private readonly answer: (prompt: string) => string) {
    super({});
  }
  _llmType(): string {
    return 'text-only-test';
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const prompt = messages.map((message) => message.text).join('\n\n');
    this.prompts.push(prompt);
    const text = `Here is my verdict:\n\`\`\`json\n${this.answer(prompt)}\n\`\`\``;
    return { generations: [{ message: new AIMessage(text), text }] };
  }
}

describe('email_triage_basic with an LLM judge', () => {
  it('uses one structured call per summary and scores from its verdicts (method "llm")', async () => {
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    const run = hourlyAssistant();
    const results: Record<string, Awaited<ReturnType<typeof evaluate>>> = {};
    for (const id of PER_EMAIL) results[id] = await evaluate(run, id, judge);
    const scores = Object.fromEntries(PER_EMAIL.map((id) => [id, results[id]!.score]));
    expect(scores).toEqual({
      noise_exclusion: 40,
      summary_accuracy: 58,
      urgency_accuracy: 29,
      thread_tracking: 14,
    });
    for (const id of PER_EMAIL) expect(results[id]!.details!.method).toBe('llm');
    // noise: 13 summaries, each with emails → 13 calls; accuracy/urgency: summaries with substantive
    // mail (11: not 07:00 and 13:00); thread: summaries with tracked emails.
    const counts = judge.prompts.reduce<Record<string, number>>(
      (acc, prompt) => ({ ...acc, [kindOf(prompt)]: (acc[kindOf(prompt)] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ mention: 13, accuracy: 11, urgency: 11, thread: 8 });
  });

  it('gives the judge each summary in full (never cut to 200 characters) with reference data', async () => {
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    const run = hourlyAssistant();
    await evaluate(run, 'summary_accuracy', judge);
    const tenOClock = run.actionLog.find(
      (e) => e.action === 'chat.send_message' && e.timestamp.includes('T10:00'),
    )!;
    const text = tenOClock.parameters.content as string;
    expect(text.length).toBeGreaterThan(800);
    const prompt = judge.prompts.find((p) => p.includes('2026-01-28 10:00 UTC'))!;
    expect(prompt).toContain(text);
    expect(askedIds(prompt)).toEqual(['email_018', 'email_019', 'email_020', 'email_022']);
    expect(prompt).toContain('reference summary: Marcus sharing monitoring data');
  });

  it('thread prompts carry the thread history and the cross-thread link', async () => {
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    await evaluate(hourlyAssistant(), 'thread_tracking', judge);
    const prompt = judge.prompts.find((p) => askedIds(p).includes('email_020'))!;
    expect(prompt).toContain('linked to another thread: Acme Corp Client');
    expect(prompt).toContain('Karen Mitchell: External client Karen Mitchell');
  });

  it('the LLM decides which posts are summaries for hourly delivery', async () => {
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    const result = await evaluate(hourlyAssistant(), 'hourly_summary_delivery', judge);
    expect(result).toMatchObject({ score: 48, details: { method: 'llm' } });
    const refuses = new ScriptedJudge((prompt) =>
      JSON.stringify({
        posts: [...prompt.matchAll(/^### Post (\d+)/gm)].map((m) => ({
          index: Number(m[1]),
          is_summary: false,
        })),
      }),
    );
    expect((await evaluate(hourlyAssistant(), 'hourly_summary_delivery', refuses)).score).toBe(0);
  });

  it('rubric criteria see all posts in full with their times; scores are scaled by the hours delivered', async () => {
    const judge = new ScriptedJudge(
      oracleAnswer((prompt) => (prompt.includes('Triage Format Compliance') ? 27 : 8)),
    );
    const run = hourlyAssistant();
    const format = await evaluate(run, 'triage_format_compliance', judge);
    expect(format).toMatchObject({ score: 27, max_score: 30, details: { method: 'llm', raw_llm_score: 27 } });
    const prompt = judge.prompts[0]!;
    for (const e of run.actionLog.filter((entry) => entry.action === 'chat.send_message')) {
      expect(prompt).toContain(e.parameters.content as string);
    }
    expect(prompt).toContain('### Post 13 — 2026-01-28 18:00 UTC');
    expect(prompt).toContain(
      SCENARIO.criteria.find((c) => c.criterion_id === 'triage_format_compliance')!.evaluation_prompt!,
    );
    expect(prompt).toContain('Only noise arrived in 12:00–13:00');

    const halfDay = hourlyAssistant();
    halfDay.actionLog = halfDay.actionLog.filter((e) => e.timestamp < '2026-01-28T12:01');
    const quality = await evaluate(halfDay, 'summary_writing_quality', judge);
    // The judge is not told about the scaling (it would apply it twice).
    const qualityPrompt = judge.prompts.at(-1)!;
    expect(qualityPrompt).toContain('do not lower the score for them');
    expect(qualityPrompt).not.toContain('multiplied by');
    expect(quality).toMatchObject({ score: 4, details: { raw_llm_score: 8, work_factor: 0.5 } });
  });

  it('an LLM answering garbage earns no points anywhere (no favourable fallback)', async () => {
    const judge = new FakeListChatModel({ responses: ['I am not sure, everything looks fine to me!'] });
    const results = await evaluateAll(hourlyAssistant(), judge);
    for (const id of LLM_SCORED) expect(results[id]!.score, id).toBe(0);
    expect(results.noise_exclusion!.details!.llm_errors).toHaveLength(13);
    expect(results.hourly_summary_delivery!.details!.llm_error).toBeDefined();
    expect(results.summary_writing_quality!.details!.llm_error).toBeDefined();
    // The deterministic criteria are unaffected by the judge.
    expect(results.no_unauthorized_sends!.score).toBe(30);
    expect(results.action_economy!.score).toBe(20);
  });

  it('answers of the wrong shape, missing emails or out-of-range scores earn nothing for what they miss', async () => {
    // Noise verdicts say "not mentioned" as strings, not booleans.
    const wrongType = new ScriptedJudge((prompt) =>
      JSON.stringify({ emails: askedIds(prompt).map((id) => ({ email_id: id, mentioned: 'no' })) }),
    );
    expect((await evaluate(hourlyAssistant(), 'noise_exclusion', wrongType)).score).toBe(0);
    // Verdicts only for the first email of each summary, plus an unknown id.
    const partial = new ScriptedJudge((prompt) =>
      JSON.stringify({
        emails: [
          ...askedIds(prompt)
            .slice(0, 1)
            .map((id) => ({ email_id: id, covered: true, accurate: true })),
          { email_id: 'email_999', covered: true, accurate: true },
        ],
      }),
    );
    const accuracy = await evaluate(hourlyAssistant(), 'summary_accuracy', partial);
    expect(accuracy.score).toBe(22); // 11 summaries with substantive mail × 2 points
    expect((accuracy.details!.llm_errors as unknown[]).length).toBeGreaterThan(0);
    // A rubric score above the maximum is not clamped into full marks.
    const tooHigh = new ScriptedJudge(() =>
      JSON.stringify({ score: 45, explanation: 'x', strengths: [], weaknesses: [] }),
    );
    const format = await evaluate(hourlyAssistant(), 'triage_format_compliance', tooHigh);
    expect(format.score).toBe(0);
    expect(format.details!.llm_error).toMatch(/score: must be between 0 and 30/);
  });

  it('works with models without structured-output support (JSON in the reply text)', async () => {
    const judge = new TextOnlyJudge(oracleAnswer(() => 9));
    const scores = scaled(await evaluateAll(hourlyAssistant(), judge));
    expect(scores).toMatchObject({
      noise_exclusion: 40,
      urgency_accuracy: 29,
      hourly_summary_delivery: 48,
      urgency_tone_appropriateness: 9,
    });
    expect(judge.prompts.at(-1)).toContain('Reply with the JSON object only');
  });

  it('the judge is told what the assistant labelled, not the answer (urgency is extracted, not graded by the LLM)', async () => {
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    await evaluate(hourlyAssistant(), 'urgency_accuracy', judge);
    for (const prompt of judge.prompts) {
      expect(prompt).not.toMatch(/urgency: (high|medium|low)/);
      expect(prompt).not.toContain('reference summary');
    }
  });

  it('rubric criteria are not evaluated offline, and 0 when nothing was posted', async () => {
    const offline = await evaluate(hourlyAssistant(), 'summary_writing_quality', null);
    expect(offline.details).toMatchObject({ evaluated: false });
    const nothing = await evaluate(
      doNothing(),
      'summary_writing_quality',
      new ScriptedJudge(oracleAnswer(() => 20)),
    );
    expect(nothing).toMatchObject({ score: 0, details: { method: 'programmatic', posts: 0 } });
  });

  it('a cancelled assessment aborts the judge calls instead of scoring them', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const { makeContext } = await import('./context.js');
    const { summary_accuracy } = await import('../../../scenarios/email_triage_basic/evaluators.js');
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    const ctx = makeContext(hourlyAssistant(), 'summary_accuracy', judge, controller.signal);
    await expect(summary_accuracy(ctx, ctx.criterion.params ?? {})).rejects.toThrow();
  });

  it('a text answer for one summary cannot leak into another', async () => {
    const judge = new ScriptedJudge(oracleAnswer(() => 0));
    const run = hourlyAssistant({ text: (time, emails) => perfectText(time, emails) });
    await evaluate(run, 'noise_exclusion', judge);
    for (const prompt of judge.prompts) {
      const posts = prompt.match(/<<<BEGIN POST>>>/g) ?? [];
      expect(posts).toHaveLength(1);
    }
  });
});
