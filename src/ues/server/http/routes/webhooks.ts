import { z } from 'zod';
import { WEBHOOK_STATUSES, webhookResponse } from '../../notify/webhooks/registry.js';
import type { UesRouter } from '../router.js';
import { zQueryInt } from '../validation.js';

const zUrl = z.string().refine(
  (url) => {
    if (!/^https?:\/\//.test(url)) return false;
    try {
      new URL(url);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'URL must be an absolute http:// or https:// URL' },
);
const zPatterns = z.array(z.string().min(1, 'event patterns must be non-empty'));

const createBody = z.object({
  url: zUrl,
  events: zPatterns.min(1, 'events list cannot be empty, use null for all events').nullish(),
  secret: z.string().min(1).nullish(),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

const updateBody = z.object({
  url: zUrl.nullish(),
  /** An empty list means "every event" (stored as null), as in the original. */
  events: zPatterns.nullish(),
  secret: z.string().min(1).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  status: z.enum(WEBHOOK_STATUSES).nullish(),
});

const listQuery = z.object({
  status: z.enum(WEBHOOK_STATUSES).optional(),
  limit: zQueryInt.min(1).max(200).default(50),
  offset: zQueryInt.min(0).default(0),
});
const idParams = z.object({ webhook_id: z.string() });

/** `/webhooks`: HTTP callbacks for simulator events (delivery in notify/webhooks/dispatcher.ts). */
export function registerWebhookRoutes(router: UesRouter): void {
  const { webhooks, dispatcher } = router.context.notifications;

  router.post('/webhooks', { permission: 'webhooks:create', body: createBody }, ({ body, key, reply }) => {
    const webhook = webhooks.create({
      url: body.url,
      events: body.events ?? null,
      secret: body.secret ?? null,
      metadata: body.metadata,
      createdBy: key.key_id,
    });
    reply.code(201);
    return webhookResponse(webhook);
  });

  router.get('/webhooks', { permission: 'webhooks:list', query: listQuery }, ({ query }) => {
    const all = webhooks.list(query.status);
    return {
      items: all.slice(query.offset, query.offset + query.limit).map(webhookResponse),
      total: all.length,
      limit: query.limit,
      offset: query.offset,
    };
  });

  router.get('/webhooks/:webhook_id', { permission: 'webhooks:read', params: idParams }, ({ params }) =>
    webhookResponse(webhooks.get(params.webhook_id)),
  );

  router.patch(
    '/webhooks/:webhook_id',
    { permission: 'webhooks:update', params: idParams, body: updateBody },
    ({ params, body }) => {
      webhooks.get(params.webhook_id);
      const changes: Parameters<typeof webhooks.update>[1] = {};
      if (body.url != null) changes.url = body.url;
      if (body.events != null) changes.events = body.events.length ? body.events : null;
      if (body.secret != null) changes.secret = body.secret;
      if (body.metadata != null) changes.metadata = body.metadata;
      if (body.status != null) changes.status = body.status;
      const webhook =
        Object.keys(changes).length > 0
          ? webhooks.update(params.webhook_id, changes)
          : webhooks.get(params.webhook_id);
      return webhookResponse(webhook);
    },
  );

  router.delete(
    '/webhooks/:webhook_id',
    { permission: 'webhooks:delete', params: idParams },
    ({ params, reply }) => {
      webhooks.delete(params.webhook_id);
      dispatcher.forget(params.webhook_id);
      reply.code(204);
      return reply.send();
    },
  );

  router.post('/webhooks/:webhook_id/test', { permission: 'webhooks:test', params: idParams }, ({ params }) =>
    dispatcher.test(webhooks.get(params.webhook_id)),
  );

  router.get(
    '/webhooks/:webhook_id/deliveries',
    {
      permission: 'webhooks:deliveries',
      params: idParams,
      query: z.object({ limit: zQueryInt.min(1).max(200).default(50) }),
    },
    ({ params, query }) => {
      webhooks.get(params.webhook_id);
      return dispatcher.deliveries(params.webhook_id, query.limit);
    },
  );

  router.post(
    '/webhooks/:webhook_id/pause',
    { permission: 'webhooks:pause', params: idParams },
    ({ params }) => webhookResponse(webhooks.update(params.webhook_id, { status: 'paused' })),
  );

  router.post(
    '/webhooks/:webhook_id/resume',
    { permission: 'webhooks:resume', params: idParams },
    ({ params }) =>
      webhookResponse(webhooks.update(params.webhook_id, { status: 'active', failure_count: 0 })),
  );
}
