import { z } from 'zod';

/**
 * A reactive user (`user_brief` in scenario.json): what the user privately knows and answers from
 * when the assistant asks a question in the user's chat conversation. Offline, the user answers
 * deterministically — every answer whose cue phrases (`about`) appear in the question, else
 * `otherwise`; with a model, the model answers from the brief and nothing else. Statements that
 * are not questions get no reply, and at most one reply is written per turn.
 */

export const userBriefAnswerSchema = z
  .object({
    /** Cue phrases: the answer is given when the question mentions any of them (whole words). */
    about: z.array(z.string().min(1)).min(1),
    /** What the user says. */
    answer: z.string().min(1),
  })
  .strict();
export type UserBriefAnswer = z.infer<typeof userBriefAnswerSchema>;

export const userBriefSchema = z
  .object({
    answers: z.array(userBriefAnswerSchema).default([]),
    /** The reply to a question the brief does not cover; none means no reply to such questions. */
    otherwise: z.string().min(1).optional(),
    /** The most replies the user writes in one assessment (a bound against question loops). */
    max_replies: z.number().int().positive().max(100).default(10),
  })
  .strict()
  .refine((brief) => brief.answers.length > 0 || brief.otherwise !== undefined, {
    message: 'a user brief needs at least one answer or an "otherwise" reply',
    path: ['answers'],
  });
export type UserBrief = z.infer<typeof userBriefSchema>;
