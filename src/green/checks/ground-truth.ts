import { z } from 'zod';
import { parseDuration } from '../../protocol/index.js';
import { zDateTime, zDuration } from './spec.js';
import { factSchema } from '../reading/facts.js';

/**
 * A scenario's answer key (`ground_truth.json`): the reports the assistant owes the user in chat
 * (deliverables), item by item, with the facts each item must state, the label it should get and
 * the items that must be left out. Checks in `scenario.json` refer to deliverables by id.
 */

export const deliverableItemSchema = z
  .object({
    id: z.string().min(1),
    /** The message this item is about; its arrival time makes the item due. */
    source: z
      .object({ email: z.string().min(1).optional(), sms: z.string().min(1).optional() })
      .strict()
      .optional(),
    /** When the item becomes known, if it has no source (default: the scenario start). */
    available_at: zDateTime.optional(),
    /** What a report must state about the item. */
    facts: z.array(factSchema).min(1),
    /** Stale or contradicting facts (last month's figure, the old time): each one stated costs its weight. */
    wrong: z.array(factSchema).default([]),
    /** Facts a report must state to count as reporting the item at all (default min(2, facts)). */
    cover: z.number().int().positive().optional(),
    /** The expected label (e.g. urgency). */
    label: z.string().min(1).optional(),
    /** An item that must be left out (noise). */
    exclude: z.boolean().default(false),
    /** Earlier items this one continues; a report should connect them. */
    follows: z.array(z.string().min(1)).default([]),
    /**
     * What the item counts for against the others (default 1): a deadline due in hours that the user
     * would miss outright weighs more than one due next week. Coverage, facts, labels and brevity
     * are weighted averages over the required items.
     */
    weight: z.number().positive().max(10).default(1),
    note: z.string().optional(),
  })
  .strict();
export type DeliverableItem = z.infer<typeof deliverableItemSchema>;

const labelValueSchema = z
  .object({ value: z.string().min(1), words: z.array(z.string().min(1)).min(1) })
  .strict();

export const deliverableSchema = z
  .object({
    id: z.string().min(1),
    description: z.string().optional(),
    /** Chat conversation the reports go to (default: the scenario's). */
    conversation: z.string().min(1).optional(),
    schedule: z.union([
      z.object({ every: zDuration, first: zDateTime, last: zDateTime.optional() }).strict(),
      z.object({ deadlines: z.array(zDateTime).min(1) }).strict(),
    ]),
    /** How late a report may be and still count as on time. */
    tolerance: zDuration.default('PT10M'),
    labels: z
      .object({
        values: z.array(labelValueSchema).min(2).optional(),
        /** Most important first: the order a sorted report should follow. */
        order: z.array(z.string().min(1)).optional(),
        read_from: z
          .array(z.enum(['explicit', 'heading', 'order']))
          .min(1)
          .default(['explicit', 'heading', 'order']),
      })
      .strict()
      .optional(),
    items: z.array(deliverableItemSchema).min(1),
    /** Posts allowed in the whole run before the flood factor applies (default 1.5 × deadlines + 2). */
    max_posts: z.number().int().positive().optional(),
    /** A "left out: …" block up to this long is a note, not a report of what it names. */
    note_max_chars: z.number().int().positive().default(280),
    /** A report block longer than this (per item) is not brief. */
    max_chars_per_item: z.number().int().positive().default(400),
    /** Credit for an item reported after its deadline. */
    late_credit: z.number().min(0).max(1).default(0.5),
    /** A block repeating this many consecutive words of the item's message pastes it. */
    max_copied_words: z.number().int().min(5).default(15),
    /** Share of the facts credit a pasted item keeps. */
    copy_credit: z.number().min(0).max(1).default(0.5),
  })
  .strict()
  .superRefine((deliverable, ctx) => {
    const ids = new Set<string>();
    deliverable.items.forEach((item, index) => {
      if (ids.has(item.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'id'],
          message: `duplicate item id "${item.id}"`,
        });
      }
      ids.add(item.id);
    });
    deliverable.items.forEach((item, index) => {
      for (const follow of item.follows) {
        if (!ids.has(follow)) {
          ctx.addIssue({
            code: 'custom',
            path: ['items', index, 'follows'],
            message: `unknown item "${follow}"`,
          });
        }
      }
    });
    if ('every' in deliverable.schedule && parseDuration(deliverable.schedule.every) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['schedule', 'every'], message: 'must be a positive duration' });
    }
  });
export type Deliverable = z.infer<typeof deliverableSchema>;

export const groundTruthSchema = z
  .object({
    _note: z.string().optional(),
    deliverables: z.array(deliverableSchema).default([]),
  })
  .strict();
export type GroundTruth = z.infer<typeof groundTruthSchema>;

export const EMPTY_GROUND_TRUTH: GroundTruth = { deliverables: [] };

/** The deadlines of a deliverable's schedule, in ms, ascending; `every` stops at `endMs`. */
export function deadlinesOf(deliverable: Deliverable, endMs: number): number[] {
  const schedule = deliverable.schedule;
  if ('deadlines' in schedule) return schedule.deadlines.map((d) => Date.parse(d)).sort((a, b) => a - b);
  const step = parseDuration(schedule.every);
  const last = schedule.last ? Date.parse(schedule.last) : endMs;
  const out: number[] = [];
  for (let t = Date.parse(schedule.first); t <= last; t += step) out.push(t);
  return out;
}
