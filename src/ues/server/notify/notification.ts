/**
 * What the simulator tells subscribers (WebSocket clients, webhooks) when something happens: the
 * original's envelope `{type, data, timestamp}`, with a wall-clock UTC timestamp.
 */
export interface Notification {
  type: string;
  data: Record<string, unknown>;
  timestamp: string;
}

/**
 * Whether a subscription's patterns take an event type: no patterns means everything; a pattern
 * matches itself exactly, or, when it ends with `.`, every type it prefixes (`email.`).
 */
export function matchesPatterns(patterns: readonly string[] | null, type: string): boolean {
  if (patterns === null) return true;
  for (const pattern of patterns) {
    if (type === pattern || (pattern.endsWith('.') && type.startsWith(pattern))) return true;
  }
  return false;
}

/** The envelope serialised once, on first use, for every sink and subscriber. */
export interface SerialisedNotification {
  text(): string;
  /** UTF-8 bytes of `text()`: sent as is to every WebSocket client, no per-client conversion. */
  bytes(): Buffer;
}

/** A consumer of notifications. `active` says whether it wants any right now (so idle costs nothing). */
export interface NotificationSink {
  readonly active: boolean;
  deliver(notification: Notification, serialised: SerialisedNotification): void;
}
