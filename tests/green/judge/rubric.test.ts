import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { CriteriaJudge, summarizeScores } from '../../../src/green/judge/index.js';
import { ACTIONS, LONG_SUMMARY, ScriptedJudgeModel, baseContext, criterion } from './fixtures.js';

const verdict = (score: number) =>
  JSON.stringify({
    score,
    explanation: 'The summaries are clear and ordered by urgency.',
    strengths: ['urgent items first'],
    weaknesses: ['one summary was late'],
  });

const rubric = criterion({
  criterion_id: 'summary_quality',
  name: 'Summary quality',
  description: 'Summaries are clear and complete.',
  dimension: 'politeness',
  max_score: 20,
  evaluation_prompt: 'Score clarity (0-10) and completeness (0-10).',
});

describe('CriteriaJudge: LLM rubric', () => {
  it('gives the judge the task, the rubric, every action in full and real state counts', async () => {
    const model = new ScriptedJudgeModel([verdict(15)]);
    const [result] = await new CriteriaJudge({
      criteria: [rubric],
      evaluators: new Map(),
      model,
      modelName: 'gpt-4o-mini',
    }).evaluateAll(baseContext());

    expect(result).toMatchObject({
      criterion_id: 'summary_quality',
      score: 15,
      max_score: 20,
      explanation: 'The summaries are clear and ordered by urgency.',
      details: {
        method: 'llm',
        model: 'gpt-4o-mini',
        strengths: ['urgent items first'],
        weaknesses: ['one summary was late'],
        raw_llm_score: 15,
      },
    });

    const [prompt] = model.prompts;
    expect(LONG_SUMMARY.length).toBeGreaterThan(400);
    expect(prompt).toContain(LONG_SUMMARY); // the whole parameter, far past 200 characters
    expect(prompt).toContain('Task: criterion_evaluation');
    expect(prompt).toContain(
      '## User Task\nSummarise my unread email every hour in chat, most urgent first.',
    );
    expect(prompt).toContain('## Evaluation Instructions\nScore clarity (0-10) and completeness (0-10).');
    expect(prompt).toContain('- max score: 20');
    expect(prompt).toContain(`## Action Log (${ACTIONS.length} actions, parameters in full)`);
    expect(prompt).toContain(
      '### Action 2: email.send (turn 2, 2025-01-06T11:00:01Z) ✗ failed\nError: permission denied',
    );
    expect(prompt).toContain('- body_text:\n    | Line one\n    | Line two');
    expect(prompt).toContain('- to_addresses: ["jordan@example.com"]');
    expect(prompt).toContain('- email: emails: 7 → 9');
    expect(prompt).toContain('- email: unread: 7 → 2');
    expect(prompt).toContain('- email: threads: 2 → 2');
    expect(prompt).toContain('- chat: assistant messages: 0 → 1');
    expect(prompt).toContain('- time: 2025-01-06T09:00:00Z → 2025-01-06T12:00:00Z');
    expect(prompt).toContain('- read calls: 4');
  });

  it('clamps the judge’s score to [0, max]', async () => {
    const criteria = [
      criterion({ criterion_id: 'over', evaluation_prompt: 'x', max_score: 10 }),
      criterion({ criterion_id: 'under', evaluation_prompt: 'x', max_score: 10 }),
    ];
    const model = new ScriptedJudgeModel([verdict(14), verdict(-2)]);
    const results = await new CriteriaJudge({
      criteria,
      evaluators: new Map(),
      model,
      modelName: 'scripted',
      concurrency: 1,
    }).evaluateAll(baseContext());
    expect(results.map((result) => result.score)).toEqual([10, 0]);
    expect(results[0]!.details).toMatchObject({ raw_llm_score: 14 });
  });

  it("reports unparsable or ill-shaped judge output as not evaluated (judge_error) — never points, never a 0 that reads as the assistant's fault", async () => {
    const criteria = [
      criterion({ criterion_id: 'prose', evaluation_prompt: 'x' }),
      criterion({ criterion_id: 'wrong_shape', evaluation_prompt: 'x' }),
    ];
    const model = new FakeListChatModel({ responses: ['I would say about 8/10.', '{"score": "eight"}'] });
    const results = await new CriteriaJudge({
      criteria,
      evaluators: new Map(),
      model,
      modelName: 'fake',
      concurrency: 1,
    }).evaluateAll(baseContext());
    for (const result of results) {
      expect(result.score).toBe(0);
      expect(result.details).toMatchObject({
        method: 'llm',
        error_type: 'LlmOutputError',
        evaluated: false,
        reason: 'judge_error',
      });
    }
    expect(summarizeScores(results).overall).toMatchObject({ score: 0, max_score: 0 });
  });

  it('accepts fenced JSON from a model without structured output', async () => {
    const model = new ScriptedJudgeModel([`Here is my verdict:\n\`\`\`json\n${verdict(12)}\n\`\`\``]);
    const [result] = await new CriteriaJudge({
      criteria: [rubric],
      evaluators: new Map(),
      model,
      modelName: 'scripted',
    }).evaluateAll(baseContext());
    expect(result!.score).toBe(12);
  });
});
