import { randomBytes } from 'node:crypto';
import type { WallClock } from '../../core/clock.js';
import { conflict, notFound } from '../../core/errors.js';
import { formatTime } from '../../core/time.js';
import { matchesPatterns } from '../notification.js';

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** How many webhooks one simulator keeps; each costs deliveries on every event. */
export const MAX_WEBHOOKS = 100;

export interface Webhook {
  id: string;
  url: string;
  /** Event types or `prefix.` patterns; null for every event. */
  events: string[] | null;
  secret: string | null;
  status: WebhookStatus;
  /** Wall-clock epoch ms, like every webhook timestamp. */
  created_at: number;
  updated_at: number;
  metadata: Record<string, unknown>;
  /** Consecutive failed attempts; reset by a success or a resume. */
  failure_count: number;
  last_delivery_at: number | null;
  last_failure_at: number | null;
  /** The key that registered it: deliveries carry only what that key may read. */
  created_by: string;
}

export type WebhookChanges = Partial<Pick<Webhook, 'url' | 'events' | 'secret' | 'metadata' | 'status'>>;

/** WebhookResponse: the registration without its secret. */
export function webhookResponse(webhook: Webhook): Record<string, unknown> {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    status: webhook.status,
    created_at: formatTime(webhook.created_at),
    updated_at: formatTime(webhook.updated_at),
    metadata: webhook.metadata,
    failure_count: webhook.failure_count,
    last_delivery_at: webhook.last_delivery_at === null ? null : formatTime(webhook.last_delivery_at),
    last_failure_at: webhook.last_failure_at === null ? null : formatTime(webhook.last_failure_at),
    has_secret: webhook.secret !== null,
    created_by: webhook.created_by,
  };
}

/** The registered webhooks, in registration order. Not part of the simulation: clear keeps them. */
export class WebhookRegistry {
  private readonly webhooks = new Map<string, Webhook>();
  /** Called when the set of active webhooks may have changed. */
  onChange: () => void = () => undefined;

  constructor(private readonly wallClock: WallClock) {}

  get hasActive(): boolean {
    for (const webhook of this.webhooks.values()) if (webhook.status === 'active') return true;
    return false;
  }

  create(spec: {
    url: string;
    events: string[] | null;
    secret: string | null;
    metadata: Record<string, unknown>;
    createdBy: string;
  }): Webhook {
    if (this.webhooks.size >= MAX_WEBHOOKS) {
      throw conflict(`At most ${MAX_WEBHOOKS} webhooks can be registered; delete one first`);
    }
    const now = this.wallClock();
    const webhook: Webhook = {
      id: `wh_${randomBytes(6).toString('hex')}`,
      url: spec.url,
      events: spec.events,
      secret: spec.secret,
      status: 'active',
      created_at: now,
      updated_at: now,
      metadata: spec.metadata,
      failure_count: 0,
      last_delivery_at: null,
      last_failure_at: null,
      created_by: spec.createdBy,
    };
    this.webhooks.set(webhook.id, webhook);
    this.onChange();
    return webhook;
  }

  get(id: string): Webhook {
    const webhook = this.webhooks.get(id);
    if (!webhook) throw notFound(`Webhook ${id} not found`);
    return webhook;
  }

  find(id: string): Webhook | undefined {
    return this.webhooks.get(id);
  }

  list(status: WebhookStatus | undefined): Webhook[] {
    return [...this.webhooks.values()].filter((webhook) => status === undefined || webhook.status === status);
  }

  update(id: string, changes: WebhookChanges & { failure_count?: number }): Webhook {
    const webhook = this.get(id);
    Object.assign(webhook, changes, { updated_at: this.wallClock() });
    this.onChange();
    return webhook;
  }

  delete(id: string): void {
    this.get(id);
    this.webhooks.delete(id);
    this.onChange();
  }

  /** Active webhooks subscribed to an event type. */
  matching(type: string): Webhook[] {
    const matches: Webhook[] = [];
    for (const webhook of this.webhooks.values()) {
      if (webhook.status === 'active' && matchesPatterns(webhook.events, type)) matches.push(webhook);
    }
    return matches;
  }

  /** Stamps a delivery outcome without touching `updated_at` (which tracks configuration changes). */
  recordOutcome(webhook: Webhook, success: boolean, maxFailures: number): void {
    const now = this.wallClock();
    if (success) {
      webhook.failure_count = 0;
      webhook.last_delivery_at = now;
      return;
    }
    webhook.failure_count++;
    webhook.last_failure_at = now;
    if (webhook.failure_count >= maxFailures && webhook.status === 'active') {
      webhook.status = 'disabled';
      this.onChange();
    }
  }
}
