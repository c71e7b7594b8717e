import { UesNotFoundError, type AccessLogEntry, type UesClient } from '../../ues/client/index.js';

/**
 * Counts the purple's read calls. Reads (`GET /<modality>/state`, `POST /<modality>/query`,
 * `GET /simulator/time`) create no simulator events, so they are counted from the UES access log,
 * which records the key behind every request (bug 6 of the original: reads were never counted).
 */

const PAGE_SIZE = 1_000;

/** True for the calls that only look at the simulator. */
export function isReadCall(entry: Pick<AccessLogEntry, 'method' | 'path'>): boolean {
  const method = entry.method.toUpperCase();
  if (method === 'GET' && entry.path === '/simulator/time') return true;
  if (method === 'GET' && /^\/[a-z_]+\/state$/.test(entry.path)) return true;
  return method === 'POST' && /^\/[a-z_]+\/query$/.test(entry.path);
}

export class ReadCounter {
  /** The newest entry counted: the next collection asks only for entries after it. */
  private after: string | undefined;
  private total = 0;

  constructor(
    private readonly client: UesClient,
    readonly purpleKeyId: string,
  ) {}

  /** Read calls since the previous collection. */
  async collect(options: { signal?: AbortSignal } = {}): Promise<number> {
    let count = 0;
    let newest: string | undefined;
    // Entries recorded while paging shift the later pages: count each entry once.
    const counted = new Set<string>();
    let after = this.after;
    // The log is newest first: page through the entries recorded after the last one counted.
    for (let offset = 0; ; offset += PAGE_SIZE) {
      let page: Awaited<ReturnType<UesClient['accessLogs']['list']>>;
      try {
        page = await this.client.accessLogs.list(
          { key_id: this.purpleKeyId, limit: PAGE_SIZE, offset, ...(after === undefined ? {} : { after }) },
          options,
        );
      } catch (error) {
        // That entry was dropped (the log keeps its last 10,000): everything still there is newer.
        if (!(error instanceof UesNotFoundError) || after === undefined) throw error;
        after = undefined;
        offset = -PAGE_SIZE;
        continue;
      }
      newest ??= page.entries[0]?.log_id;
      for (const entry of page.entries) {
        if (counted.has(entry.log_id)) continue;
        counted.add(entry.log_id);
        if (isReadCall(entry)) count += 1;
      }
      if (!page.has_more) break;
    }
    if (newest !== undefined) this.after = newest;
    this.total += count;
    return count;
  }

  /** Read calls counted so far. */
  get totalReads(): number {
    return this.total;
  }
}
