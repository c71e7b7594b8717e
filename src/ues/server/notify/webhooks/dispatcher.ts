import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { Agent, request, type Dispatcher } from 'undici';
import type { ApiKeyRegistry } from '../../auth/keys.js';
import type { WallClock } from '../../core/clock.js';
import { formatTime } from '../../core/time.js';
import type { Notification, NotificationSink, SerialisedNotification } from '../notification.js';
import { VisibilityCache } from '../visibility.js';
import type { Webhook, WebhookRegistry } from './registry.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  event_type: string;
  event_data: Record<string, unknown>;
  status: DeliveryStatus;
  attempt_count: number;
  created_at: string;
  delivered_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  /** The first 500 characters of the receiver's answer. */
  response_body: string | null;
  error_message: string | null;
}

export interface WebhookDispatcherOptions {
  registry: WebhookRegistry;
  keys: ApiKeyRegistry;
  wallClock: WallClock;
  logger?: Logger | undefined;
  /** Per attempt, for the whole answer. Default 10 s, as the original. */
  timeoutMs?: number;
  /** Waits before the 2nd, 3rd, … attempt. Default [1000, 2000]: three attempts, as the original. */
  retryDelaysMs?: readonly number[];
  /** Consecutive failed attempts that disable a webhook. Default 10. */
  maxFailures?: number;
  /** Deliveries to one webhook at once; more wait in its queue. */
  maxConcurrentPerWebhook?: number;
  /** Deliveries one webhook may have waiting; beyond it new ones are dropped (and logged as failed). */
  maxQueuedPerWebhook?: number;
  dispatcher?: Dispatcher;
}

const EVENTS_NOT_SENT_TO_WEBHOOKS = new Set(['event.executed', 'event.failed']);
const HISTORY_PER_WEBHOOK = 100;
const RESPONSE_BODY_CHARS = 500;

/** The serialised envelope and its timestamp (the `X-UES-Timestamp` header). */
interface Payload {
  body: string;
  timestamp: string;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
  history: DeliveryRecord[];
}

/**
 * Posts notifications to registered webhooks. Everything happens in the background: `deliver` only
 * queues, so a slow, failing or hanging receiver never holds up a request or the clock, and each
 * webhook's queue and history are bounded. Event payload, headers, HMAC signature, retries (three
 * attempts, 1 s then 2 s apart) and auto-disable after 10 consecutive failures follow the original.
 */
export class WebhookDispatcher implements NotificationSink {
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly maxFailures: number;
  private readonly maxConcurrent: number;
  private readonly maxQueued: number;
  private readonly agent: Dispatcher;
  private readonly ownsAgent: boolean;
  private readonly lanes = new Map<string, Lane>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly aborts = new Set<AbortController>();
  private readonly idleWaiters: (() => void)[] = [];
  private pendingWork = 0;
  private closed = false;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [1000, 2000];
    this.maxFailures = options.maxFailures ?? 10;
    this.maxConcurrent = options.maxConcurrentPerWebhook ?? 4;
    this.maxQueued = options.maxQueuedPerWebhook ?? 1000;
    this.ownsAgent = options.dispatcher === undefined;
    this.agent = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  }

  get active(): boolean {
    return !this.closed && this.options.registry.hasActive;
  }

  deliver(notification: Notification, serialised: SerialisedNotification): void {
    if (EVENTS_NOT_SENT_TO_WEBHOOKS.has(notification.type)) return;
    for (const webhook of this.options.registry.matching(notification.type)) {
      if (!this.creatorMaySee(webhook, notification)) continue;
      this.enqueue(webhook, notification, { body: serialised.text(), timestamp: notification.timestamp });
    }
  }

  /** Deliveries carry only what the registering key could read itself; none once it is revoked. */
  private creatorMaySee(webhook: Webhook, notification: Notification): boolean {
    let creator;
    try {
      creator = this.options.keys.get(webhook.created_by);
    } catch {
      return false;
    }
    if (creator.revoked_at !== null) return false;
    return new VisibilityCache(creator.permissions).canSee(notification.type, notification.data);
  }

  private lane(webhookId: string): Lane {
    let lane = this.lanes.get(webhookId);
    if (!lane) {
      lane = { running: 0, waiting: [], history: [] };
      this.lanes.set(webhookId, lane);
    }
    return lane;
  }

  private newRecord(webhookId: string, notification: Notification): DeliveryRecord {
    return {
      id: `del_${randomBytes(6).toString('hex')}`,
      webhook_id: webhookId,
      event_type: notification.type,
      event_data: notification.data,
      status: 'pending',
      attempt_count: 0,
      created_at: formatTime(this.options.wallClock()),
      delivered_at: null,
      last_attempt_at: null,
      response_status: null,
      response_body: null,
      error_message: null,
    };
  }

  private remember(lane: Lane, record: DeliveryRecord): void {
    lane.history.push(record);
    if (lane.history.length > HISTORY_PER_WEBHOOK)
      lane.history.splice(0, lane.history.length - HISTORY_PER_WEBHOOK);
  }

  private enqueue(webhook: Webhook, notification: Notification, payload: Payload): void {
    const lane = this.lane(webhook.id);
    const record = this.newRecord(webhook.id, notification);
    this.remember(lane, record);
    if (lane.waiting.length >= this.maxQueued) {
      record.status = 'failed';
      record.error_message = `dropped: ${lane.waiting.length} deliveries already waiting for this receiver`;
      return;
    }
    this.pendingWork++;
    const start = (): void => {
      lane.running++;
      void this.attempt(webhook, record, payload).finally(() => {
        lane.running--;
        lane.waiting.shift()?.();
        this.workDone();
      });
    };
    if (lane.running < this.maxConcurrent) start();
    else lane.waiting.push(start);
  }

  /** One attempt; on failure schedules the next one while attempts remain and the hook is active. */
  private async attempt(webhook: Webhook, record: DeliveryRecord, payload: Payload): Promise<void> {
    if (this.closed) return;
    record.attempt_count++;
    const outcome = await this.post(webhook, record, payload);
    const { registry } = this.options;
    registry.recordOutcome(webhook, outcome.success, this.maxFailures);
    if (outcome.success) {
      record.status = 'delivered';
      record.delivered_at = record.last_attempt_at;
      return;
    }
    const delay = this.retryDelaysMs[record.attempt_count - 1];
    const current = registry.find(webhook.id);
    if (delay === undefined || this.closed || !current || current.status !== 'active') {
      record.status = 'failed';
      return;
    }
    record.status = 'retrying';
    this.pendingWork++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(current, record, payload).finally(() => this.workDone());
    }, delay);
    this.timers.add(timer);
  }

  /** POSTs the envelope; never throws. Fills the record's response fields. */
  private async post(
    webhook: Webhook,
    record: DeliveryRecord,
    { body, timestamp }: Payload,
  ): Promise<{ success: boolean; elapsedMs: number | null }> {
    // Retries resend the same bytes, so the signature still verifies and receivers can dedupe by id.
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-ues-event': record.event_type,
      'x-ues-delivery-id': record.id,
      'x-ues-timestamp': timestamp,
    };
    if (webhook.secret !== null) headers['x-ues-signature'] = signature(webhook.secret, body);
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(
      () => abort.abort(new Error(`timed out after ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    const started = performance.now();
    record.last_attempt_at = formatTime(this.options.wallClock());
    try {
      const response = await request(webhook.url, {
        method: 'POST',
        headers,
        body,
        signal: abort.signal,
        dispatcher: this.agent,
      });
      record.response_status = response.statusCode;
      record.response_body = await readPrefix(response.body, RESPONSE_BODY_CHARS);
      const success = response.statusCode >= 200 && response.statusCode < 300;
      record.error_message = success ? null : `HTTP ${response.statusCode}`;
      return { success, elapsedMs: performance.now() - started };
    } catch (error) {
      const reason = abort.signal.aborted ? abort.signal.reason : error;
      record.error_message = reason instanceof Error ? reason.message : String(reason);
      return { success: false, elapsedMs: null };
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
  }

  /**
   * `POST /webhooks/{id}/test`: one synthetic `webhook.test` delivery, awaited, without retries and
   * without touching the failure count or the delivery log.
   */
  async test(webhook: Webhook): Promise<Record<string, unknown>> {
    const now = formatTime(this.options.wallClock());
    const notification: Notification = {
      type: 'webhook.test',
      data: { webhook_id: webhook.id, message: 'This is a test event from UES', timestamp: now },
      timestamp: now,
    };
    const record = this.newRecord(webhook.id, notification);
    record.attempt_count = 1;
    const outcome = await this.post(webhook, record, { body: JSON.stringify(notification), timestamp: now });
    return {
      webhook_id: webhook.id,
      success: outcome.success,
      response_status: record.response_status,
      response_time_ms: outcome.elapsedMs === null ? null : Math.round(outcome.elapsedMs * 1000) / 1000,
      response_body: record.response_body,
      error_message: record.error_message,
    };
  }

  /** The newest `limit` delivery records of a webhook, newest first, and how many are kept. */
  deliveries(webhookId: string, limit: number): { items: DeliveryRecord[]; total: number } {
    const history = this.lanes.get(webhookId)?.history ?? [];
    return { items: history.slice(-limit).reverse(), total: history.length };
  }

  /** Drops a deleted webhook's log (its queued deliveries still settle, then are forgotten). */
  forget(webhookId: string): void {
    const lane = this.lanes.get(webhookId);
    if (lane) lane.history = [];
  }

  private workDone(): void {
    if (this.closed) return;
    this.pendingWork--;
    if (this.pendingWork === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once every queued delivery, attempt and retry has settled (tests wait on it). */
  whenIdle(): Promise<void> {
    if (this.pendingWork === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const abort of this.aborts) abort.abort(new Error('UES shutting down'));
    for (const lane of this.lanes.values()) lane.waiting.length = 0;
    this.pendingWork = 0;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (this.ownsAgent) await this.agent.close();
  }
}

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`, as the receiver recomputes it. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Reads at most `chars` characters of a body and discards the rest unread. */
async function readPrefix(
  stream: AsyncIterable<Buffer> & { destroy(): void },
  chars: number,
): Promise<string | null> {
  let text = '';
  for await (const chunk of stream) {
    text += chunk.toString('utf8');
    if (text.length >= chars) {
      stream.destroy();
      break;
    }
  }
  return text ? text.slice(0, chars) : null;
}
