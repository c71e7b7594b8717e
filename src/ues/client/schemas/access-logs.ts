import { z } from 'zod';
import { zIsoDateTime } from './common.js';

/** One logged HTTP request. `key_id`/`key_name` are null when authentication failed. */
export const accessLogEntrySchema = z.looseObject({
  log_id: z.string(),
  timestamp: zIsoDateTime,
  method: z.string(),
  path: z.string(),
  status_code: z.number().int(),
  duration_ms: z.number(),
  client_ip: z.string().nullish(),
  user_agent: z.string().nullish(),
  key_id: z.string().nullish(),
  key_name: z.string().nullish(),
  error_detail: z.string().nullish(),
  is_success: z.boolean(),
  is_error: z.boolean(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

/** `GET /access-logs`: newest first. */
export const accessLogPageSchema = z.looseObject({
  entries: z.array(accessLogEntrySchema),
  count: z.number().int(),
  total_in_log: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
});
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

/** `GET /access-logs/stats`. */
export const accessLogStatsSchema = z.looseObject({
  total_entries: z.number().int(),
  max_entries: z.number().int(),
  success_count: z.number().int(),
  client_error_count: z.number().int(),
  server_error_count: z.number().int(),
  unique_keys: z.number().int(),
  earliest_timestamp: zIsoDateTime.nullish(),
  latest_timestamp: zIsoDateTime.nullish(),
  is_full: z.boolean(),
});
export type AccessLogStats = z.infer<typeof accessLogStatsSchema>;

/** `POST /access-logs/clear`. */
export const clearAccessLogResponseSchema = z.looseObject({
  cleared_count: z.number().int(),
  message: z.string(),
});
export type ClearAccessLogResponse = z.infer<typeof clearAccessLogResponseSchema>;
