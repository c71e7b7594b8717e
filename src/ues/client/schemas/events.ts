import { z } from 'zod';
import { eventStatusSchema, zIsoDateTime, zJsonObject } from './common.js';

/**
 * EventResponse. `data` (the modality input, with `operation`, `modality_type`, `timestamp`, …) is
 * filled by list and get, and null in the create, immediate and next responses. `agent_id` is the
 * key that created the event (our port stamps it on modality-route events too).
 */
export const eventResponseSchema = z.looseObject({
  event_id: z.string(),
  scheduled_time: zIsoDateTime,
  modality: z.string(),
  status: eventStatusSchema,
  priority: z.number().int(),
  created_at: zIsoDateTime,
  data: zJsonObject.nullish(),
  executed_at: zIsoDateTime.nullish(),
  error_message: z.string().nullish(),
  agent_id: z.string().nullish(),
});
export type EventResponse = z.infer<typeof eventResponseSchema>;

/** `GET /events`: `total` counts the matches; the four status counts cover the whole queue. */
export const eventListResponseSchema = z.looseObject({
  events: z.array(eventResponseSchema),
  total: z.number().int(),
  pending: z.number().int(),
  executed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

/** `GET /events/executed`: events in the order they ran, and the cursor to continue from. */
export const executedEventsPageSchema = z.looseObject({
  events: z.array(eventResponseSchema),
  count: z.number().int(),
  cursor: z.string(),
  has_more: z.boolean(),
});
export type ExecutedEventsPage = z.infer<typeof executedEventsPageSchema>;

/** `POST /events/batch` (201 all created, 207 some failed). */
export const batchCreateResponseSchema = z.looseObject({
  total_submitted: z.number().int(),
  total_created: z.number().int(),
  total_failed: z.number().int(),
  events: z.array(
    z.looseObject({
      index: z.number().int(),
      success: z.boolean(),
      event_id: z.string().nullish(),
      scheduled_time: zIsoDateTime.nullish(),
      error: z.string().nullish(),
    }),
  ),
});
export type BatchCreateResponse = z.infer<typeof batchCreateResponseSchema>;

/** `POST /events/batch` with `validate_only: true`: nothing is created. */
export const batchValidationResponseSchema = z.looseObject({
  total_submitted: z.number().int(),
  total_valid: z.number().int(),
  total_invalid: z.number().int(),
  events: z.array(
    z.looseObject({
      index: z.number().int(),
      valid: z.boolean(),
      error: z.string().nullish(),
    }),
  ),
  validation_only: z.literal(true),
});
export type BatchValidationResponse = z.infer<typeof batchValidationResponseSchema>;

/** `GET /events/summary`. */
export const eventSummarySchema = z.looseObject({
  total: z.number().int(),
  pending: z.number().int(),
  executed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  by_modality: z.record(z.string(), z.number().int()),
  next_event_time: zIsoDateTime.nullish(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** `DELETE /events/{event_id}`. */
export const cancelEventResponseSchema = z.looseObject({
  cancelled: z.boolean(),
  event_id: z.string(),
});
export type CancelEventResponse = z.infer<typeof cancelEventResponseSchema>;
