import { z } from 'zod';
import { eventStatusSchema, zIsoDateTime } from './common.js';

/** `GET /simulator/time` and `POST /simulator/time/set-scale`. */
export const timeStateSchema = z.looseObject({
  current_time: zIsoDateTime,
  time_scale: z.number(),
  is_paused: z.boolean(),
  auto_advance: z.boolean(),
  mode: z.enum(['paused', 'auto', 'manual']),
});
export type TimeState = z.infer<typeof timeStateSchema>;

/** One event processed during an advance or skip. */
export const executionDetailSchema = z.looseObject({
  event_id: z.string(),
  modality: z.string(),
  status: eventStatusSchema,
  error: z.string().nullish(),
});
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;

/** `POST /simulator/time/advance`. `events_executed` counts failed events too. */
export const advanceTimeResponseSchema = z.looseObject({
  previous_time: zIsoDateTime,
  current_time: zIsoDateTime,
  /** Python timedelta text, e.g. `1:00:00`. */
  time_advanced: z.string(),
  events_executed: z.number().int(),
  events_failed: z.number().int(),
  execution_details: z.array(executionDetailSchema),
});
export type AdvanceTimeResponse = z.infer<typeof advanceTimeResponseSchema>;

/** `POST /simulator/time/set`. */
export const setTimeResponseSchema = z.looseObject({
  current_time: zIsoDateTime,
  previous_time: zIsoDateTime,
  skipped_events: z.number().int(),
  executed_events: z.number().int(),
  rolled_back_events: z.number().int(),
  reset_skipped_events: z.number().int(),
});
export type SetTimeResponse = z.infer<typeof setTimeResponseSchema>;

/** `POST /simulator/time/skip-to-next`. */
export const skipToNextResponseSchema = z.looseObject({
  previous_time: zIsoDateTime,
  current_time: zIsoDateTime,
  events_executed: z.number().int(),
  next_event_time: zIsoDateTime.nullish(),
});
export type SkipToNextResponse = z.infer<typeof skipToNextResponseSchema>;

/** `POST /simulator/time/pause` and `/resume`. */
export const pauseResumeResponseSchema = z.looseObject({
  message: z.string(),
  current_time: zIsoDateTime,
  is_paused: z.boolean(),
});
export type PauseResumeResponse = z.infer<typeof pauseResumeResponseSchema>;
