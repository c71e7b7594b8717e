import { z } from 'zod';
import type { EvalContext, EvalResult } from '../../../src/green/judge/types.js';
import { GROUND_TRUTH } from './ground-truth.js';
import { askStructured, type ChatTurn } from './llm.js';
import { formatTime, type Post } from './posts.js';
import { notEvaluated, round2 } from './results.js';
import type { RunView } from './schedule.js';

/**
 * The LLM rubric criteria. The judge sees every assistant chat post in full with its time (the
 * original cut each to 200 characters), the user's request, the schedule and the rubric from
 * scenario.json (`evaluation_prompt`). Nothing posted → 0 without asking; no LLM → not evaluated;
 * an unusable answer → 0.
 */

const SYSTEM = `You are an impartial evaluator of ONE criterion in a benchmark of AI personal assistants.
Review the assistant's chat messages below and compare them with the criterion's rubric.
Be objective and consistent, cite specific examples, use the full range of the scale (do not default to the middle), and judge only this criterion.
Answer with a JSON object only.`;

function answerSchema(max: number) {
  return z.object({
    score: z
      .number()
      .finite()
      .refine((score) => score >= 0 && score <= max, { message: `must be between 0 and ${max}` }),
    explanation: z.string().min(1),
    // Required (no defaults): providers with strict structured output reject optional fields.
    strengths: z.array(z.string()),
    weaknesses: z.array(z.string()),
  });
}

function scheduleText(view: RunView): string {
  const marks = view.schedule.marks.map((mark) => formatTime(mark).slice(11, 16));
  const quiet = GROUND_TRUTH.marks
    .filter((mark) => mark.is_quiet_hour)
    .map(
      (mark) =>
        `${formatTime(Date.parse(mark.window_start)).slice(11, 16)}–${formatTime(Date.parse(mark.mark)).slice(11, 16)}`,
    );
  return [
    `The run lasted ${formatTime(view.schedule.start)} to ${formatTime(view.schedule.end)}. Summaries were due at ${marks.join(', ')}; a summary at the start covering the overnight backlog is allowed.`,
    `Only noise arrived in ${quiet.join(' and ')}${quiet.length > 0 ? ', so the summary covering that hour should be a short quiet-hour message' : ''}.`,
    `The assistant posted ${view.posts.length} time(s); ${view.coveredHours} of the ${view.schedule.marks.length} hours had a summary.`,
  ].join('\n');
}

function postsText(posts: readonly Post[]): string {
  return posts
    .map((post) => {
      const where = post.conversationIds.join(', ');
      return [
        `### Post ${post.index + 1} — ${formatTime(post.time)} (turn ${post.turn}, conversation ${where}, ${post.messageCount} message(s))`,
        '<<<BEGIN POST>>>',
        post.text,
        '<<<END POST>>>',
      ].join('\n');
    })
    .join('\n\n');
}

export function buildRubricMessages(ctx: EvalContext, view: RunView, options: RubricOptions): ChatTurn[] {
  const criterion = ctx.criterion;
  const human = [
    '## Criterion',
    `${criterion.name} (${criterion.criterion_id}), dimension ${criterion.dimension}, scored 0 to ${criterion.max_score}.`,
    // The description also says how the score is post-processed; the judge only needs the rubric.
    ...(criterion.evaluation_prompt ? [] : [criterion.description]),
    ...(options.scaleByWork
      ? [
          'Judge the quality of the posts that exist. Missing or late summaries are accounted for separately; do not lower the score for them.',
        ]
      : []),
    '',
    "## The user's request (posted into chat at the start)",
    ctx.userPrompt,
    '',
    '## Schedule',
    scheduleText(view),
    '',
    '## Rubric',
    criterion.evaluation_prompt ?? criterion.description,
    '',
    `## The assistant's chat posts (${view.posts.length}), in full`,
    postsText(view.posts),
    '',
    '## Your answer',
    `Return {"score": <number from 0 to ${criterion.max_score}>, "explanation": "<2-4 sentences>", "strengths": ["..."], "weaknesses": ["..."]}.`,
  ].join('\n');
  return [
    ['system', SYSTEM],
    ['human', human],
  ];
}

export interface RubricOptions {
  /** Multiply by the share of hours with a summary (quality of the work delivered, for all of it). */
  scaleByWork: boolean;
}

export async function evaluateRubric(
  ctx: EvalContext,
  view: RunView,
  options: RubricOptions,
): Promise<EvalResult> {
  const max = ctx.criterion.max_score;
  if (view.posts.length === 0) {
    return {
      score: 0,
      max_score: max,
      explanation: 'The assistant posted nothing to chat: there is nothing to judge.',
      details: { method: 'programmatic', posts: 0 },
    };
  }
  if (ctx.llm === null) {
    return notEvaluated(
      `${ctx.criterion.name} is an LLM rubric and no judge model is configured (offline run).`,
      max,
    );
  }
  const outcome = await askStructured(
    ctx.llm,
    buildRubricMessages(ctx, view, options),
    answerSchema(max),
    `rubric_${ctx.criterion.criterion_id}`,
    ctx.signal,
  );
  if (!outcome.ok) {
    return {
      score: 0,
      max_score: max,
      explanation: `The judge's answer could not be used, so no points were awarded: ${outcome.error}`,
      details: { method: 'llm', llm_error: outcome.error, posts: view.posts.length },
    };
  }
  const factor = options.scaleByWork ? view.workFactor : 1;
  const score = round2(outcome.value.score * factor);
  const scaled = options.scaleByWork
    ? ` × ${view.coveredHours}/${view.schedule.marks.length} hours with a summary`
    : '';
  return {
    score,
    max_score: max,
    explanation: `${outcome.value.explanation} (judge score ${outcome.value.score}/${max}${scaled})`,
    details: {
      method: 'llm',
      raw_llm_score: outcome.value.score,
      work_factor: options.scaleByWork ? round2(view.workFactor) : null,
      strengths: outcome.value.strengths,
      weaknesses: outcome.value.weaknesses,
      posts: view.posts.length,
    },
  };
}
