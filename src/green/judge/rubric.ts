import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessageLike } from '@langchain/core/messages';
import { z } from 'zod';
import { PROMPT_LABELS, PROMPT_TASKS, invokeStructured, labelLine } from '../../llm/index.js';
import { formatActionLog, formatRunSummary, formatStateSummary } from './context-format.js';
import type { EvalContext, EvalResult } from './types.js';

/** What the rubric prompt asks for. All keys required (strict JSON-schema providers). */
export const rubricVerdictSchema = z.object({
  score: z.number(),
  explanation: z.string(),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
});
export type RubricVerdict = z.infer<typeof rubricVerdictSchema>;

export function buildRubricPrompt(ctx: EvalContext): BaseMessageLike[] {
  const { criterion } = ctx;
  const system = [
    labelLine(PROMPT_LABELS.task, PROMPT_TASKS.criterionEvaluation),
    "You are an impartial evaluator scoring one criterion of an AI personal assistant's work for its user.",
    'Review the actions the assistant took, compare them with the requirements, and be objective and',
    'consistent. Cite specific examples from the action log. Use the full range of the scale — do not',
    'default to the middle — and judge only this criterion.',
    `Scale: 0 = complete failure, ${criterion.max_score} = perfect.`,
  ].join('\n');
  const human = [
    '## Criterion Being Evaluated',
    `- id: ${criterion.criterion_id}`,
    `- name: ${criterion.name}`,
    `- dimension: ${criterion.dimension}`,
    `- max score: ${criterion.max_score}`,
    `- description: ${criterion.description}`,
    '',
    '## User Task',
    ctx.userPrompt,
    '',
    '## Evaluation Instructions',
    criterion.evaluation_prompt ?? '(none beyond the description)',
    '',
    `## Action Log (${ctx.actionLog.length} actions, parameters in full)`,
    formatActionLog(ctx.actionLog),
    '',
    '## Run Summary',
    formatRunSummary(ctx.turns, ctx.actionLog.length, ctx.readCount),
    '',
    '## State Summary (before → after)',
    formatStateSummary(ctx.initialState, ctx.finalState),
    '',
    '## Your Task',
    `Score the assistant on this criterion from 0 to ${criterion.max_score}. Answer with JSON only:`,
    '{"score": <number>, "explanation": "<2–4 sentences>", "strengths": ["..."], "weaknesses": ["..."]}',
  ].join('\n');
  return [
    ['system', system],
    ['human', human],
  ];
}

/**
 * Scores `ctx.criterion` with its rubric. The verdict is on the criterion's own scale; the judge
 * clamps it. A model or parse failure throws (the judge scores it 0 with the error).
 */
export async function evaluateWithRubric(
  model: BaseChatModel,
  modelName: string,
  ctx: EvalContext,
): Promise<EvalResult> {
  const verdict = await invokeStructured(model, buildRubricPrompt(ctx), rubricVerdictSchema, {
    name: PROMPT_TASKS.criterionEvaluation,
    signal: ctx.signal,
  });
  return {
    score: verdict.score,
    max_score: ctx.criterion.max_score,
    explanation: verdict.explanation,
    details: {
      method: 'llm',
      model: modelName,
      strengths: verdict.strengths,
      weaknesses: verdict.weaknesses,
      raw_llm_score: verdict.score,
    },
  };
}
