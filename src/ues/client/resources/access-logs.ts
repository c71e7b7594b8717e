import {
  accessLogPageSchema,
  accessLogStatsSchema,
  clearAccessLogResponseSchema,
  type AccessLogPage,
  type AccessLogStats,
  type ClearAccessLogResponse,
} from '../schemas/access-logs.js';
import type { CallOptions, UesTransport } from '../transport.js';
import type { DateTimeInput } from '../wire.js';

/** `GET /access-logs` filters; all optional. */
export interface AccessLogQuery {
  key_id?: string;
  key_name?: string;
  /** E.g. `/email/` for every email route. */
  path_prefix?: string;
  /** Case-insensitive. */
  method?: string;
  status_code?: number;
  min_status_code?: number;
  max_status_code?: number;
  /** Wall-clock time, at or after. */
  since?: DateTimeInput;
  /** Wall-clock time, before. */
  until?: DateTimeInput;
  errors_only?: boolean;
  /**
   * Only entries recorded after this one (the `log_id` of an entry still in the log; 404 once it
   * was dropped): a cursor, so a caller that keeps up reads only what is new.
   */
  after?: string;
  /** 1..1000, default 100. */
  limit?: number;
  offset?: number;
}

/**
 * `/access-logs`: every HTTP request with the key that made it, newest first. Reads (state and
 * query routes) create no simulator events, so this is where they can be counted per key.
 */
export class AccessLogsClient {
  constructor(private readonly transport: UesTransport) {}

  /** One page of entries (`logs:read`). */
  list(query: AccessLogQuery = {}, options?: CallOptions): Promise<AccessLogPage> {
    return this.transport.call(
      { method: 'GET', path: '/access-logs', query: { ...query }, schema: accessLogPageSchema },
      options,
    );
  }

  /** Counts over the whole log (`logs:read`). */
  stats(options?: CallOptions): Promise<AccessLogStats> {
    return this.transport.call(
      { method: 'GET', path: '/access-logs/stats', schema: accessLogStatsSchema },
      options,
    );
  }

  /** Empties the log (`logs:clear`). */
  clear(options?: CallOptions): Promise<ClearAccessLogResponse> {
    return this.transport.call(
      { method: 'POST', path: '/access-logs/clear', schema: clearAccessLogResponseSchema },
      options,
    );
  }
}
