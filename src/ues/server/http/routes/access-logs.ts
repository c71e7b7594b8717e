import { z } from 'zod';
import type { AccessLog, AccessLogEntry } from '../../core/access-log.js';
import { notFound } from '../../core/errors.js';
import { formatTime, zDateTimeMs } from '../../core/time.js';
import type { UesRouter } from '../router.js';
import { zQueryBool, zQueryInt } from '../validation.js';

const listQuery = z.object({
  key_id: z.string().optional(),
  key_name: z.string().optional(),
  path_prefix: z.string().optional(),
  method: z.string().optional(),
  status_code: zQueryInt.optional(),
  min_status_code: zQueryInt.optional(),
  max_status_code: zQueryInt.optional(),
  since: zDateTimeMs.optional(),
  until: zDateTimeMs.optional(),
  errors_only: zQueryBool.default(false),
  /** Only entries recorded after this one (a `log_id` still in the log): what happened since. */
  after: z.string().min(1).optional(),
  limit: zQueryInt.min(1).max(1000).default(100),
  offset: zQueryInt.min(0).default(0),
});

function entryView(entry: AccessLogEntry): Record<string, unknown> {
  return {
    ...entry,
    timestamp: formatTime(entry.timestamp),
    is_success: entry.status_code >= 200 && entry.status_code < 300,
    is_error: entry.status_code >= 400,
  };
}

/** `/access-logs`: who called which route, newest first. */
export function registerAccessLogRoutes(router: UesRouter, log: AccessLog): void {
  router.get('/access-logs', { permission: 'logs:read', query: listQuery }, ({ query }) => {
    const { limit, offset, after, ...filter } = query;
    if (after !== undefined && !log.has(after)) {
      throw notFound(
        `Access log entry ${after} is not in the log (it keeps the last ${log.capacity} entries; older ones are dropped)`,
      );
    }
    const matches = log.query(filter, after);
    const page = matches.slice(offset, offset + limit);
    return {
      entries: page.map(entryView),
      count: page.length,
      total_in_log: log.size,
      limit,
      offset,
      has_more: offset + page.length < matches.length,
    };
  });

  router.get('/access-logs/stats', { permission: 'logs:read' }, () => {
    const entries = log.all();
    const keys = new Set(entries.map((entry) => entry.key_id).filter((id) => id !== null));
    return {
      total_entries: entries.length,
      max_entries: log.capacity,
      success_count: entries.filter((entry) => entry.status_code < 400).length,
      client_error_count: entries.filter((entry) => entry.status_code >= 400 && entry.status_code < 500)
        .length,
      server_error_count: entries.filter((entry) => entry.status_code >= 500).length,
      unique_keys: keys.size,
      earliest_timestamp: entries.length ? formatTime(entries[0]!.timestamp) : null,
      latest_timestamp: entries.length ? formatTime(entries[entries.length - 1]!.timestamp) : null,
      is_full: entries.length >= log.capacity,
    };
  });

  router.post('/access-logs/clear', { permission: 'logs:clear' }, () => {
    const cleared = log.clear();
    return { cleared_count: cleared, message: `Successfully cleared ${cleared} access log entries` };
  });
}
