import { z } from 'zod';
import {
  deliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookTestSchema,
  type DeliveryList,
  type Webhook,
  type WebhookList,
  type WebhookTestResult,
} from '../schemas/webhooks.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { pathSegment } from '../wire.js';

/** `POST /webhooks`. */
export interface CreateWebhookRequest {
  /** An http(s) URL the simulator POSTs events to. */
  url: string;
  /** Event types or prefixes ending with `.` (`email.`); omit or null for every event. */
  events?: string[] | null;
  /** Signs each body: `X-UES-Signature: sha256=<hex HMAC-SHA256(secret, body)>`. */
  secret?: string;
  metadata?: Record<string, unknown>;
}

/** `PATCH /webhooks/{id}`: only the given fields change; `events: []` means every event. */
export interface UpdateWebhookRequest {
  url?: string;
  events?: string[];
  secret?: string;
  metadata?: Record<string, unknown>;
  status?: 'active' | 'paused' | 'disabled';
}

const noContent = z.unknown();

/** `/webhooks`: HTTP callbacks on simulator events. Each route needs `webhooks:<action>`. */
export class WebhooksClient {
  constructor(private readonly transport: UesTransport) {}

  create(request: CreateWebhookRequest, options?: CallOptions): Promise<Webhook> {
    return this.transport.call(
      { method: 'POST', path: '/webhooks', body: request, schema: webhookSchema },
      options,
    );
  }

  list(
    query: { status?: 'active' | 'paused' | 'disabled'; limit?: number; offset?: number } = {},
    options?: CallOptions,
  ): Promise<WebhookList> {
    return this.transport.call(
      { method: 'GET', path: '/webhooks', query: { ...query }, schema: webhookListSchema },
      options,
    );
  }

  get(id: string, options?: CallOptions): Promise<Webhook> {
    return this.transport.call(
      { method: 'GET', path: `/webhooks/${pathSegment(id)}`, schema: webhookSchema },
      options,
    );
  }

  update(id: string, request: UpdateWebhookRequest, options?: CallOptions): Promise<Webhook> {
    return this.transport.call(
      { method: 'PATCH', path: `/webhooks/${pathSegment(id)}`, body: request, schema: webhookSchema },
      options,
    );
  }

  /** Unregisters it (204) and drops its delivery log. */
  async delete(id: string, options?: CallOptions): Promise<void> {
    await this.transport.call(
      { method: 'DELETE', path: `/webhooks/${pathSegment(id)}`, schema: noContent },
      options,
    );
  }

  /** Sends one `webhook.test` event and reports how the receiver answered. */
  test(id: string, options?: CallOptions): Promise<WebhookTestResult> {
    return this.transport.call(
      { method: 'POST', path: `/webhooks/${pathSegment(id)}/test`, schema: webhookTestSchema },
      options,
    );
  }

  /** Recent deliveries, newest first (1..200, default 50). */
  deliveries(id: string, query: { limit?: number } = {}, options?: CallOptions): Promise<DeliveryList> {
    return this.transport.call(
      {
        method: 'GET',
        path: `/webhooks/${pathSegment(id)}/deliveries`,
        query: { limit: query.limit },
        schema: deliveryListSchema,
      },
      options,
    );
  }

  pause(id: string, options?: CallOptions): Promise<Webhook> {
    return this.transport.call(
      { method: 'POST', path: `/webhooks/${pathSegment(id)}/pause`, schema: webhookSchema },
      options,
    );
  }

  /** Re-activates a paused or disabled webhook and resets its failure count. */
  resume(id: string, options?: CallOptions): Promise<Webhook> {
    return this.transport.call(
      { method: 'POST', path: `/webhooks/${pathSegment(id)}/resume`, schema: webhookSchema },
      options,
    );
  }
}
