import type { AccessLogEntry, UesClient } from '../../ues/client/index.js';

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
  private readonly seen = new Set<string>();
  private total = 0;

  constructor(
    private readonly client: UesClient,
    readonly purpleKeyId: string,
  ) {}

  /** Read calls since the previous collection. */
  async collect(options: { signal?: AbortSignal } = {}): Promise<number> {
    let count = 0;
    // The log is newest first: page until reaching an entry counted before.
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const page = await this.client.accessLogs.list(
        { key_id: this.purpleKeyId, limit: PAGE_SIZE, offset },
        options,
      );
      let reachedKnown = false;
      for (const entry of page.entries) {
        if (this.seen.has(entry.log_id)) {
          reachedKnown = true;
          break;
        }
        this.seen.add(entry.log_id);
        if (isReadCall(entry)) count += 1;
      }
      if (reachedKnown || !page.has_more) break;
    }
    this.total += count;
    return count;
  }

  /** Read calls counted so far. */
  get totalReads(): number {
    return this.total;
  }
}
