import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;

/** A registered webhook; its secret is never returned (`has_secret` says whether one is set). */
export const webhookSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()).nullable(),
  status: z.enum(WEBHOOK_STATUSES),
  created_at: zIsoDateTime,
  updated_at: zIsoDateTime,
  metadata: zJsonObject,
  failure_count: z.number().int(),
  last_delivery_at: zIsoDateTime.nullish(),
  last_failure_at: zIsoDateTime.nullish(),
  has_secret: z.boolean(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.looseObject({
  items: z.array(webhookSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** `POST /webhooks/{id}/test`. */
export const webhookTestSchema = z.looseObject({
  webhook_id: z.string(),
  success: z.boolean(),
  response_status: z.number().int().nullish(),
  response_time_ms: z.number().nullish(),
  response_body: z.string().nullish(),
  error_message: z.string().nullish(),
});
export type WebhookTestResult = z.infer<typeof webhookTestSchema>;

export const deliveryRecordSchema = z.looseObject({
  id: z.string(),
  webhook_id: z.string(),
  event_type: z.string(),
  event_data: zJsonObject,
  status: z.enum(['pending', 'delivered', 'failed', 'retrying']),
  attempt_count: z.number().int(),
  created_at: zIsoDateTime,
  delivered_at: zIsoDateTime.nullish(),
  last_attempt_at: zIsoDateTime.nullish(),
  response_status: z.number().int().nullish(),
  response_body: z.string().nullish(),
  error_message: z.string().nullish(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

/** `GET /webhooks/{id}/deliveries`: newest first; `total` = records kept (at most 100). */
export const deliveryListSchema = z.looseObject({
  items: z.array(deliveryRecordSchema),
  total: z.number().int(),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

/** What `/ws` and webhooks carry: the event type, its data and a wall-clock timestamp. */
export const uesNotificationSchema = z.looseObject({
  type: z.string(),
  data: zJsonObject,
  timestamp: z.string(),
});
export type UesNotification = z.infer<typeof uesNotificationSchema>;
