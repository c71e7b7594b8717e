import { z } from 'zod';

/**
 * Building blocks shared by the response schemas. Objects are loose (extra fields allowed) because
 * adding response fields is a compatible change; schemas never transform, so a validated body and an
 * unvalidated one have the same type.
 */

/** An ISO 8601 datetime with a zone: `…Z` from datetime fields, `…+00:00` from `isoformat()` ones. */
export const zIsoDateTime = z.iso.datetime({ offset: true });

/** A calendar date `YYYY-MM-DD`. */
export const zIsoDate = z.iso.date();

/** A JSON object whose fields the client does not pin down (a modality's full state, event data). */
export const zJsonObject = z.record(z.string(), z.unknown());

export const EVENT_STATUSES = ['pending', 'executing', 'executed', 'failed', 'skipped', 'cancelled'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

/**
 * ModalityActionResponse: what every modality action route (send, read, create, …) returns.
 * `event_id` is the simulator event, not the email/message/calendar event it created; `status` is
 * `executed`, or `failed` with the reason in `message`.
 */
export const modalityActionResponseSchema = z.looseObject({
  event_id: z.string(),
  scheduled_time: zIsoDateTime,
  status: eventStatusSchema,
  message: z.string(),
  modality: z.string(),
});
export type ModalityActionResponse = z.infer<typeof modalityActionResponseSchema>;

/** `GET /health`. */
export const healthResponseSchema = z.looseObject({ status: z.string() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /`. */
export const rootResponseSchema = z.looseObject({
  message: z.string(),
  version: z.string(),
  docs_url: z.string().nullish(),
});
export type RootResponse = z.infer<typeof rootResponseSchema>;
