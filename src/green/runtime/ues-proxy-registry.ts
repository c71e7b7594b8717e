/**
 * Which UES serves which A2A context, and whether that context's purple may still reach it.
 *
 * At the end of an assessment the green closes the purple's access before it takes the final
 * action listing: new requests are refused at the proxy, requests already on their way are
 * allowed to finish (or, past a grace period, are cut off), and only then is the key revoked and
 * the event log read. Nothing the purple's key did can then happen after the listing — so
 * nothing it did is missing from the action log.
 */

/** How long requests in flight get to finish when access closes, before they are cut off. */
export const DEFAULT_DRAIN_GRACE_MS = 5_000;

interface Upstream {
  url: string;
  /** Why purple requests are refused, or undefined while they are accepted. */
  closedBecause: string | undefined;
  inflight: Set<AbortController>;
  drained: Array<() => void>;
  /** Open streams (WebSockets): ended as soon as access closes, never waited for. */
  streams: Set<AbortController>;
}

/** A request the proxy forwards: its abort signal (cut off after the drain grace) and `done()`. */
export interface ProxiedRequest {
  upstream: string;
  signal: AbortSignal;
  done(): void;
}

export type ProxyAdmission =
  { kind: 'unknown' } | { kind: 'closed'; reason: string } | { kind: 'admitted'; request: ProxiedRequest };

/** Open streams (WebSockets) one context may have through the proxy at once. */
export const MAX_STREAMS_PER_CONTEXT = 16;

/** Like ProxyAdmission, for a stream: or refused because the context has its limit of them. */
export type StreamAdmission = ProxyAdmission | { kind: 'full'; limit: number };

export class UesProxyRegistry {
  private readonly upstreams = new Map<string, Upstream>();

  register(contextId: string, uesUrl: string): void {
    this.upstreams.set(contextId, {
      url: uesUrl.replace(/\/+$/, ''),
      closedBecause: undefined,
      inflight: new Set(),
      drained: [],
      streams: new Set(),
    });
  }

  unregister(contextId: string): void {
    const upstream = this.upstreams.get(contextId);
    this.upstreams.delete(contextId);
    if (upstream === undefined) return;
    const stopped = new Error('the context’s UES was stopped');
    for (const request of [...upstream.inflight, ...upstream.streams]) request.abort(stopped);
  }

  lookup(contextId: string): string | undefined {
    return this.upstreams.get(contextId)?.url;
  }

  get size(): number {
    return this.upstreams.size;
  }

  /** Lets the context's purple in again (a new assessment in the same context). */
  openAccess(contextId: string): void {
    const upstream = this.upstreams.get(contextId);
    if (upstream !== undefined) upstream.closedBecause = undefined;
  }

  /**
   * Refuses new purple requests for the context and resolves once those in flight are done. After
   * `graceMs` the remaining ones are aborted (their upstream calls cut) and it resolves anyway.
   */
  async closeAccess(contextId: string, reason: string, graceMs = DEFAULT_DRAIN_GRACE_MS): Promise<void> {
    const upstream = this.upstreams.get(contextId);
    if (upstream === undefined) return;
    upstream.closedBecause = reason;
    for (const stream of upstream.streams) stream.abort(new Error(reason));
    if (upstream.inflight.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        for (const request of upstream.inflight) {
          request.abort(new Error(`cut off: ${reason}`));
        }
        resolve();
      }, graceMs);
      upstream.drained.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Whether a purple request for the context may go through; if so, the caller must call `done()`. */
  admit(contextId: string): ProxyAdmission {
    const upstream = this.upstreams.get(contextId);
    if (upstream === undefined) return { kind: 'unknown' };
    if (upstream.closedBecause !== undefined) return { kind: 'closed', reason: upstream.closedBecause };
    const controller = new AbortController();
    upstream.inflight.add(controller);
    let finished = false;
    return {
      kind: 'admitted',
      request: {
        upstream: upstream.url,
        signal: controller.signal,
        done: () => {
          if (finished) return;
          finished = true;
          upstream.inflight.delete(controller);
          if (upstream.inflight.size === 0) {
            for (const resolve of upstream.drained.splice(0)) resolve();
          }
        },
      },
    };
  }

  /**
   * Whether the context's purple may open a stream (a WebSocket); if so, the caller must call
   * `done()` when it ends. Its signal aborts the moment access closes (or the context goes), with
   * the reason: a stream is cut then, not drained — it only carries notifications.
   */
  admitStream(contextId: string): StreamAdmission {
    const upstream = this.upstreams.get(contextId);
    if (upstream === undefined) return { kind: 'unknown' };
    if (upstream.closedBecause !== undefined) return { kind: 'closed', reason: upstream.closedBecause };
    if (upstream.streams.size >= MAX_STREAMS_PER_CONTEXT)
      return { kind: 'full', limit: MAX_STREAMS_PER_CONTEXT };
    const controller = new AbortController();
    upstream.streams.add(controller);
    return {
      kind: 'admitted',
      request: {
        upstream: upstream.url,
        signal: controller.signal,
        done: () => upstream.streams.delete(controller),
      },
    };
  }

  /** Streams open for the context right now (diagnostics, tests). */
  streams(contextId: string): number {
    return this.upstreams.get(contextId)?.streams.size ?? 0;
  }

  /** Requests being forwarded for the context right now (diagnostics, tests). */
  inflight(contextId: string): number {
    return this.upstreams.get(contextId)?.inflight.size ?? 0;
  }
}
