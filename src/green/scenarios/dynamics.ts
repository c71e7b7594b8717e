import { z } from 'zod';
import { actionMatcherSchema, zDuration } from '../checks/spec.js';

/**
 * What makes an expert scenario behave like the real world beyond its scripted arrivals:
 * **triggers** — arrivals (a reply, a cancellation, the user changing their mind) scheduled when
 * the assistant does something (books, sends, confirms), as in an event DAG, deterministic offline
 * — and **noise** — a seeded share of the assistant's requests failing with a transient 503 or
 * answered slowly, injected by the green's UES proxy and recorded in the results. And the
 * **capabilities** a scenario tests.
 */

export const CAPABILITIES = [
  'long_horizon',
  'adaptability',
  'time',
  'ambiguity',
  'search',
  'policy',
  'noise',
  'negotiation',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** One simulator event a trigger schedules: a UES event's modality and data, as in the initial state's queue. */
export const triggeredEventSchema = z
  .object({
    /** Names the event (the scheduled event is `evt-<trigger>-<id>`). */
    id: z.string().min(1),
    modality: z.string().min(1),
    data: z.record(z.string(), z.unknown()),
    /** Extra delay after the trigger's own (default none). */
    after: zDuration.optional(),
  })
  .strict();

export const triggerSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a lower-case id'),
    description: z.string().min(1),
    /** The assistant's action that sets it off: the first successful action matching it. */
    when: actionMatcherSchema,
    /** How long after that action its events arrive (default at once: the next advance). */
    after: zDuration.default('PT0S'),
    events: z.array(triggeredEventSchema).min(1),
  })
  .strict();
export type Trigger = z.infer<typeof triggerSchema>;

export const noiseSchema = z
  .object({
    /** Share of the assistant's simulator requests answered 503 with Retry-After (not applied). */
    transient_failure_rate: z.number().min(0).max(0.5).default(0),
    /** Share answered only after `slow_ms` (wall time). */
    slow_rate: z.number().min(0).max(0.5).default(0),
    slow_ms: z.number().int().min(1).max(10_000).default(1_500),
    /** The Retry-After a 503 carries, in seconds. */
    retry_after_seconds: z.number().int().min(1).max(30).default(1),
  })
  .strict();
export type NoiseSettings = z.infer<typeof noiseSchema>;
