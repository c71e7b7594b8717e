import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it, vi } from 'vitest';
import {
  CriteriaJudge,
  criterionEvaluatedUpdate,
  judgeInfo,
  notEvaluated,
  summarizeScores,
  type EvalContext,
  type Evaluator,
} from '../../../src/green/judge/index.js';
import { OfflineChatModel } from '../../../src/llm/index.js';
import { UPDATE_SCHEMAS, type CriterionResult } from '../../../src/protocol/index.js';
import { baseContext, criterion } from './fixtures.js';

const evaluators = (entries: Record<string, Evaluator>) => new Map(Object.entries(entries));

describe('CriteriaJudge: programmatic evaluators', () => {
  it('calls the registered evaluator with the context, the criterion and its params (default {})', async () => {
    const calls: Array<{ ctx: EvalContext; params: Record<string, unknown> }> = [];
    const check: Evaluator = async (ctx, params) => {
      calls.push({ ctx, params });
      return { score: 6, max_score: 10, explanation: 'six of ten', details: { found: 3 } };
    };
    const criteria = [
      criterion({ criterion_id: 'with_params', evaluator_id: 'check', params: { threshold: 2 } }),
      criterion({ criterion_id: 'without_params', evaluator_id: 'check' }),
    ];
    const base = baseContext();
    const results = await new CriteriaJudge({
      criteria,
      evaluators: evaluators({ check }),
      model: null,
      modelName: 'offline',
    }).evaluateAll(base);

    expect(calls.map((call) => call.params)).toEqual([{ threshold: 2 }, {}]);
    expect(calls[0]!.ctx.criterion).toBe(criteria[0]);
    expect(calls[0]!.ctx.actionLog).toBe(base.actionLog);
    expect(results[0]).toEqual({
      message_type: 'criterion_result',
      criterion_id: 'with_params',
      name: 'with params',
      dimension: 'accuracy',
      score: 6,
      max_score: 10,
      explanation: 'six of ten',
      details: { method: 'programmatic', found: 3 },
    });
  });

  it('rescales to the criterion’s max and clamps to [0, max]', async () => {
    const fixed =
      (score: number, max_score: number): Evaluator =>
      async () => ({ score, max_score, explanation: `${score}/${max_score}` });
    const criteria = [
      criterion({ criterion_id: 'rescaled', evaluator_id: 'four_of_five', max_score: 10 }),
      criterion({ criterion_id: 'third', evaluator_id: 'one_of_three', max_score: 10 }),
      criterion({ criterion_id: 'too_high', evaluator_id: 'twelve_of_ten', max_score: 10 }),
      criterion({ criterion_id: 'negative', evaluator_id: 'minus', max_score: 10 }),
    ];
    const results = await new CriteriaJudge({
      criteria,
      evaluators: evaluators({
        four_of_five: fixed(4, 5),
        one_of_three: fixed(1, 3),
        twelve_of_ten: fixed(12, 10),
        minus: fixed(-3, 10),
      }),
      model: null,
      modelName: 'offline',
    }).evaluateAll(baseContext());
    expect(results.map((result) => result.score)).toEqual([8, 3.33, 10, 0]);
    expect(results[0]!.details).toMatchObject({ raw_score: 4, raw_max_score: 5 });
    expect(results[2]!.details).toMatchObject({ raw_score: 12, raw_max_score: 10 });
  });

  it('reports a throwing or malformed evaluator as not evaluated (check_error), without touching the others', async () => {
    const criteria = [
      criterion({ criterion_id: 'throws', evaluator_id: 'boom' }),
      criterion({ criterion_id: 'malformed', evaluator_id: 'bad_shape' }),
      criterion({ criterion_id: 'missing', evaluator_id: 'not_exported' }),
      criterion({ criterion_id: 'fine', evaluator_id: 'ok' }),
    ];
    const warn = vi.fn();
    const judge = new CriteriaJudge({
      criteria,
      evaluators: evaluators({
        boom: async () => {
          throw new TypeError('cannot read properties of undefined');
        },
        bad_shape: async () => ({ score: Number.NaN, max_score: 0, explanation: 'x' }),
        ok: async () => ({ score: 5, max_score: 10, explanation: 'fine' }),
      }),
      model: null,
      modelName: 'offline',
      logger: { warn, debug: vi.fn() } as never,
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ criterion_id: 'missing', evaluator_id: 'not_exported', llm_fallback: false }),
      expect.any(String),
    );
    const results = await judge.evaluateAll(baseContext());
    expect(results.map((result) => result.score)).toEqual([0, 0, 0, 5]);
    expect(results[0]).toMatchObject({
      explanation: 'Not evaluated: the check failed: cannot read properties of undefined',
      details: {
        evaluated: false,
        reason: 'check_error',
        error: 'cannot read properties of undefined',
        error_type: 'TypeError',
        method: 'programmatic',
      },
    });
    expect(results[1]!.details).toMatchObject({ error_type: 'InvalidEvalResultError' });
    expect(String(results[1]!.details!.error)).toMatch(/score|max_score/);
    expect(results[2]!.details).toMatchObject({ error_type: 'EvaluatorNotFoundError' });
    expect(String(results[2]!.details!.error)).toContain('exported: boom, bad_shape, ok');
    // A failed check is not a score: it is left out of the totals (and makes the run incomplete).
    for (const failed of results.slice(0, 3))
      expect(failed.details).toMatchObject({ evaluated: false, reason: 'check_error' });
    expect(summarizeScores(results).overall).toEqual({
      message_type: 'overall_score',
      score: 5,
      max_score: 10,
    });
  });
});

describe('CriteriaJudge: offline', () => {
  const criteria = [
    criterion({ criterion_id: 'rubric_only', evaluation_prompt: 'Judge the tone.', dimension: 'politeness' }),
    criterion({ criterion_id: 'needs_llm', evaluator_id: 'llm_backed', requires_llm: true }),
    criterion({ criterion_id: 'counted', evaluator_id: 'count', dimension: 'safety' }),
    criterion({ criterion_id: 'says_not_evaluated', evaluator_id: 'cannot' }),
  ];
  const llmBacked = vi.fn<Evaluator>(async () => ({ score: 10, max_score: 10, explanation: 'free points' }));
  const registry = evaluators({
    llm_backed: llmBacked,
    count: async () => ({ score: 7, max_score: 10, explanation: 'seven' }),
    cannot: async (ctx) => notEvaluated('needs an LLM to read the summaries', ctx.criterion.max_score),
  });

  for (const [label, model] of [
    ['no model', null],
    ['the offline model', new OfflineChatModel()],
  ] as const) {
    it(`with ${label}: reports LLM criteria as not evaluated and leaves them out of the totals`, async () => {
      llmBacked.mockClear();
      const judge = new CriteriaJudge({ criteria, evaluators: registry, model, modelName: 'offline' });
      expect(judge.hasModel).toBe(false);
      const results = await judge.evaluateAll(baseContext());
      expect(llmBacked).not.toHaveBeenCalled();
      expect(results.map((result) => [result.criterion_id, result.score, result.details?.evaluated])).toEqual(
        [
          ['rubric_only', 0, false],
          ['needs_llm', 0, false],
          ['counted', 7, undefined],
          ['says_not_evaluated', 0, false],
        ],
      );
      expect(results[0]!.explanation).toMatch(/needs an LLM judge.*\(offline\)/);
      expect(results[0]!.details).toMatchObject({ method: 'llm' });
      expect(results[3]!.explanation).toBe('needs an LLM to read the summaries');

      const scores = summarizeScores(results);
      expect(scores.overall).toEqual({ message_type: 'overall_score', score: 7, max_score: 10 });
      expect(Object.keys(scores.dimensions)).toEqual(['safety']);
      expect(judgeInfo(results, 'offline')).toEqual({
        model: 'offline',
        criteria_evaluated: 1,
        criteria_not_evaluated: 3,
      });
    });
  }
});

describe('CriteriaJudge: reporting', () => {
  it('calls onCriterion for every criterion in criterion order, awaited, even when finishing out of order', async () => {
    const release: Record<string, () => void> = {};
    const gated: Evaluator = (ctx) =>
      new Promise((resolve) => {
        release[ctx.criterion.criterion_id] = () => resolve({ score: 1, max_score: 1, explanation: 'ok' });
      });
    const criteria = ['first', 'second', 'third'].map((id) =>
      criterion({ criterion_id: id, evaluator_id: 'gated', max_score: 1 }),
    );
    const seen: string[] = [];
    let published = 0;
    const onCriterion = async (result: CriterionResult, method: string) => {
      seen.push(`${result.criterion_id}:${method}`);
      await new Promise((resolve) => setImmediate(resolve));
      published++;
      if (result.criterion_id === 'second') throw new Error('emitter closed');
    };
    const judge = new CriteriaJudge({
      criteria,
      evaluators: evaluators({ gated }),
      model: null,
      modelName: 'offline',
      onCriterion,
      concurrency: 3,
    });
    const done = judge.evaluateAll(baseContext());
    while (Object.keys(release).length < 3) await new Promise((resolve) => setImmediate(resolve));
    release.third!();
    release.second!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]); // nothing is reported before "first" is done
    release.first!();
    const results = await done;
    expect(published).toBe(3);
    expect(seen).toEqual(['first:programmatic', 'second:programmatic', 'third:programmatic']);
    expect(results.map((result) => result.criterion_id)).toEqual(['first', 'second', 'third']);
  });

  it('maps a result to a valid update_criterion_evaluated', () => {
    const result: CriterionResult = {
      message_type: 'criterion_result',
      criterion_id: 'tone',
      name: 'Tone',
      dimension: 'politeness',
      score: 0,
      max_score: 10,
      explanation: 'Not evaluated',
      details: { evaluated: false },
    };
    const fields = criterionEvaluatedUpdate(result, 'llm');
    expect(fields).toMatchObject({ criterion_name: 'Tone', evaluation_method: 'llm', evaluated: false });
    expect(
      UPDATE_SCHEMAS.update_criterion_evaluated.safeParse({
        ...fields,
        message_type: 'update_criterion_evaluated',
      }).success,
    ).toBe(true);
  });

  it('uses the LLM rubric when the named evaluator is missing but a prompt exists', async () => {
    const model = new FakeListChatModel({
      responses: [
        '{"score": 4, "explanation": "Fell back to the rubric.", "strengths": [], "weaknesses": []}',
      ],
    });
    const [result] = await new CriteriaJudge({
      criteria: [
        criterion({ criterion_id: 'fallback', evaluator_id: 'gone', evaluation_prompt: 'Rate it.' }),
      ],
      evaluators: new Map(),
      model,
      modelName: 'fake',
    }).evaluateAll(baseContext());
    expect(result).toMatchObject({ score: 4, details: { method: 'llm', model: 'fake' } });
  });
});
