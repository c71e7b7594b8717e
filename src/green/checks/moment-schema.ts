import { z } from 'zod';
import { isIsoDuration } from '../../protocol/index.js';
import { factSchema } from '../reading/facts.js';

/**
 * When things may happen, as a scenario writes it: a clock time, or a moment the run itself defines
 * by what happened (checks/moments.ts reads them). Shared by every check kind with a window.
 */

export const zDateTime = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 datetime with a timezone',
});
export const zDuration = z
  .string()
  .refine(isIsoDuration, { message: 'must be an ISO 8601 duration such as PT30M' });

/** A person of the world by id, or a literal address (email or phone number). */
export const personRefSchema = z.string().min(1);

/**
 * A moment a run defines by what happened rather than by the clock: when given messages had reached
 * the user (a confirmation, every director's yes), when someone first wrote saying something (a
 * restaurant's written confirmation, not its holding reply), or when the user first answered in
 * chat. A moment that never came is never passed (`after` it nothing happens; `before` it is
 * everything).
 */
export const momentSchema = z.union([
  z
    .object({
      /** Email or SMS ids (scripted, or delivered by a trigger): when the last (`all`) or first (`any`) arrived. */
      arrived: z.array(z.string().min(1)).min(1),
      of: z.enum(['all', 'any']).default('all'),
      /** Added to the moment (negative slack is not allowed: write the earlier message instead). */
      slack: zDuration.optional(),
    })
    .strict(),
  z
    .object({
      /**
       * When the first email or text from any of these people arrived that asserts every one of
       * `asserting` in its own words (not asked, not on a condition, not denied, not quoted from
       * the assistant's message) — for replies the characters write, whose ids no scenario knows.
       */
      heard_from: z.array(personRefSchema).min(1),
      asserting: z.array(factSchema).default([]),
      slack: zDuration.optional(),
    })
    .strict(),
  z
    .object({
      /** When the user first wrote in chat after the assistant did: the answer to its question. */
      user_replied: z.literal(true),
      slack: zDuration.optional(),
    })
    .strict(),
]);
export type Moment = z.infer<typeof momentSchema>;

export const momentOrTime = z.union([zDateTime, momentSchema]);

export const windowSchema = z
  .object({ after: momentOrTime.optional(), before: momentOrTime.optional() })
  .strict()
  .refine(
    (w) =>
      typeof w.after !== 'string' ||
      typeof w.before !== 'string' ||
      Date.parse(w.after) <= Date.parse(w.before),
    { message: 'after must not be later than before' },
  );
export type TimeWindow = z.infer<typeof windowSchema>;
