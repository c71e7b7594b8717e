import { randomUUID } from 'node:crypto';

export interface AccessLogEntry {
  log_id: string;
  /** Wall-clock epoch ms. */
  timestamp: number;
  method: string;
  path: string;
  status_code: number;
  duration_ms: number;
  client_ip: string | null;
  user_agent: string | null;
  key_id: string | null;
  key_name: string | null;
  error_detail: string | null;
}

export interface AccessLogFilter {
  key_id?: string | undefined;
  key_name?: string | undefined;
  path_prefix?: string | undefined;
  method?: string | undefined;
  status_code?: number | undefined;
  min_status_code?: number | undefined;
  max_status_code?: number | undefined;
  since?: number | undefined;
  until?: number | undefined;
  errors_only?: boolean | undefined;
}

export const ACCESS_LOG_CAPACITY = 10_000;

/** A ring buffer of the last requests, so "who called what" can be answered per key. */
export class AccessLog {
  private entries: AccessLogEntry[] = [];
  private start = 0;
  /** Where each entry still in the log sits in the order of recording (for `after`). */
  private readonly sequenceOf = new Map<string, number>();
  private recorded = 0;

  constructor(readonly capacity = ACCESS_LOG_CAPACITY) {}

  get size(): number {
    return this.entries.length;
  }

  record(entry: Omit<AccessLogEntry, 'log_id'>): void {
    const full = { log_id: randomUUID(), ...entry };
    this.sequenceOf.set(full.log_id, this.recorded++);
    if (this.entries.length < this.capacity) {
      this.entries.push(full);
    } else {
      this.sequenceOf.delete(this.entries[this.start]!.log_id);
      this.entries[this.start] = full;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Oldest first. */
  all(): AccessLogEntry[] {
    return [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
  }

  /** Whether the entry is still in the log (the oldest are dropped beyond `capacity`). */
  has(logId: string): boolean {
    return this.sequenceOf.has(logId);
  }

  /**
   * Matching entries, newest first. With `after` (the id of an entry still in the log), only the
   * entries recorded after it: the walk stops there, so its cost is what was recorded since.
   */
  query(filter: AccessLogFilter, after?: string): AccessLogEntry[] {
    const method = filter.method?.toUpperCase();
    const newerCount =
      after === undefined ? this.entries.length : this.recorded - 1 - (this.sequenceOf.get(after) ?? -1);
    const matches: AccessLogEntry[] = [];
    const count = Math.min(newerCount, this.entries.length);
    for (let back = 1; back <= count; back++) {
      const entry = this.entries[(this.start + this.entries.length - back) % this.entries.length]!;
      if (
        (filter.key_id === undefined || entry.key_id === filter.key_id) &&
        (filter.key_name === undefined || entry.key_name === filter.key_name) &&
        (filter.path_prefix === undefined || entry.path.startsWith(filter.path_prefix)) &&
        (method === undefined || entry.method === method) &&
        (filter.status_code === undefined || entry.status_code === filter.status_code) &&
        (filter.min_status_code === undefined || entry.status_code >= filter.min_status_code) &&
        (filter.max_status_code === undefined || entry.status_code <= filter.max_status_code) &&
        (filter.since === undefined || entry.timestamp >= filter.since) &&
        (filter.until === undefined || entry.timestamp < filter.until) &&
        (!filter.errors_only || entry.status_code >= 400)
      ) {
        matches.push(entry);
      }
    }
    return matches;
  }

  clear(): number {
    const count = this.entries.length;
    this.entries = [];
    this.start = 0;
    this.sequenceOf.clear();
    return count;
  }
}
