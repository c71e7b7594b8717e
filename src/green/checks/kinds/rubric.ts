import type { BaseMessageLike } from '@langchain/core/messages';
import { z } from 'zod';
import { PROMPT_LABELS, PROMPT_TASKS, invokeStructured, labelLine } from '../../../llm/index.js';
import { formatActionLog } from '../../judge/context-format.js';
import type { EvalContext } from '../../judge/types.js';
import { contentText } from '../run-view.js';
import { viewsOf } from '../action-match.js';
import type { RubricCheck } from '../spec.js';
import { clamp01, type CheckOutcome } from '../types.js';

/**
 * The LLM judge for what needs judgement (tone, writing quality). The score scale is part of the
 * answer's schema, so a 0-or-10 rubric cannot come back as 7. The model sees only what the rubric
 * asks for (the user's request, the chat, the outgoing messages, the action log).
 */

export function rubricScale(spec: RubricCheck): { min: number; max: number; levels: number[] | null } {
  if ('levels' in spec.scale) {
    const levels = [...new Set(spec.scale.levels)].sort((a, b) => a - b);
    return { min: levels[0]!, max: levels[levels.length - 1]!, levels };
  }
  return { min: spec.scale.min, max: spec.scale.max, levels: null };
}

export function verdictSchema(spec: RubricCheck) {
  const scale = rubricScale(spec);
  const score = scale.levels
    ? z.union(scale.levels.map((level) => z.literal(level)) as [z.ZodLiteral<number>, z.ZodLiteral<number>])
    : z.number().int().min(scale.min).max(scale.max);
  return z.object({ score, rationale: z.string() });
}

function section(title: string, body: string): string {
  return `## ${title}\n${body.trim() === '' ? '(none)' : body}`;
}

function chatTranscript(ctx: EvalContext): string {
  return ctx.finalState.chat.messages
    .filter((m) => m.conversation_id === ctx.scenario.chat_conversation_id)
    .map((m) => `[${m.timestamp}] ${m.role}:\n${contentText(m.content)}`)
    .join('\n\n');
}

function outgoing(ctx: EvalContext): string {
  return viewsOf(ctx)
    .filter((v) => v.success && (v.outgoingMessage || v.invitation))
    .map((v) => `[${v.entry.timestamp}] ${v.action} to ${v.recipients.join(', ')}:\n${v.text}`)
    .join('\n\n');
}

export function buildRubricMessages(ctx: EvalContext, spec: RubricCheck): BaseMessageLike[] {
  const scale = rubricScale(spec);
  const allowed = scale.levels
    ? `one of ${scale.levels.join(', ')}`
    : `an integer from ${scale.min} to ${scale.max}`;
  const system = [
    labelLine(PROMPT_LABELS.task, PROMPT_TASKS.criterionEvaluation),
    "You are an impartial evaluator scoring one aspect of an AI personal assistant's work for its user.",
    'Judge only this aspect, cite specific examples, and use the whole scale.',
    `The score must be ${allowed} (${scale.min} = complete failure, ${scale.max} = perfect).`,
  ].join('\n');
  const parts = [section('What to judge', `${ctx.criterion.name}: ${spec.prompt}`)];
  if (spec.context.includes('user_prompt')) parts.push(section("The user's request", ctx.userPrompt));
  if (spec.context.includes('chat'))
    parts.push(section('Chat between the user and the assistant', chatTranscript(ctx)));
  if (spec.context.includes('outgoing'))
    parts.push(section('Messages and invitations the assistant sent', outgoing(ctx)));
  if (spec.context.includes('actions')) parts.push(section('Action log', formatActionLog(ctx.actionLog)));
  parts.push(section('Answer', `JSON only: {"score": ${allowed}, "rationale": "<2-4 sentences>"}`));
  return [
    ['system', system],
    ['human', parts.join('\n\n')],
  ];
}

export async function runRubric(ctx: EvalContext, spec: RubricCheck): Promise<CheckOutcome> {
  if (!ctx.llm) throw new Error('runRubric needs a judge model');
  const scale = rubricScale(spec);
  const verdict = await invokeStructured(ctx.llm, buildRubricMessages(ctx, spec), verdictSchema(spec), {
    name: PROMPT_TASKS.criterionEvaluation,
    signal: ctx.signal,
  });
  return {
    fraction: clamp01((verdict.score - scale.min) / (scale.max - scale.min)),
    explanation: verdict.rationale,
    evidence: { judge_score: verdict.score, scale: scale.levels ?? [scale.min, scale.max] },
  };
}
