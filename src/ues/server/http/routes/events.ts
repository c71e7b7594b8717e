import { z } from 'zod';
import { badRequest, notFound, UesError } from '../../core/errors.js';
import type { NewEvent } from '../../core/event-factory.js';
import { eventToResponse, type SimulatorEvent } from '../../core/event.js';
import { formatTime, zDateTimeMs } from '../../core/time.js';
import type { UesRouter } from '../router.js';
import { zQueryInt } from '../validation.js';

const LISTABLE_STATUSES = ['pending', 'executed', 'failed', 'skipped', 'cancelled'];

const listQuery = z.object({
  status: z.string().optional(),
  start_time: zDateTimeMs.optional(),
  end_time: zDateTimeMs.optional(),
  modality: z.string().optional(),
  agent_id: z.string().optional(),
  limit: zQueryInt.min(0).optional(),
  offset: zQueryInt.min(0).default(0),
});

const executedQuery = z.object({
  after: z.string().min(1).optional(),
  limit: zQueryInt.min(1).max(10_000).default(1_000),
});

const zData = z.record(z.string(), z.unknown());

const createEventBody = z.object({
  scheduled_time: zDateTimeMs,
  modality: z.string().min(1),
  data: zData,
  priority: z.number().int().min(0).max(100).default(50),
  metadata: z.record(z.string(), z.unknown()).default({}),
  agent_id: z.string().nullish(),
});
type CreateEventBody = z.infer<typeof createEventBody>;

const immediateBody = z.object({ modality: z.string().min(1), data: zData });

const batchBody = z.object({
  events: z.array(createEventBody),
  stop_on_first_error: z.boolean().default(false),
  validate_only: z.boolean().default(false),
});

const MAX_BATCH = 1000;
const eventIdParams = z.object({ event_id: z.string() });

/** `/events`: the scheduled-event queue, with attribution to the calling key. */
export function registerEventRoutes(router: UesRouter): void {
  const { engine } = router.context;

  const toNewEvent = (body: CreateEventBody, keyId: string): NewEvent => ({
    scheduledTime: body.scheduled_time,
    modality: body.modality,
    data: body.data,
    priority: body.priority,
    metadata: { ...body.metadata, created_by_key: keyId },
    agentId: body.agent_id ?? keyId,
  });

  const announce = (event: SimulatorEvent): void =>
    engine.broadcast('event.scheduled', {
      event_id: event.event_id,
      modality: event.modality,
      scheduled_time: formatTime(event.scheduled_time),
    });

  router.get('/events', { permission: 'events:list', query: listQuery }, ({ query }) => {
    if (query.status !== undefined && !LISTABLE_STATUSES.includes(query.status)) {
      throw badRequest(`Invalid status: ${query.status}. Must be one of: ${LISTABLE_STATUSES.join(', ')}`);
    }
    const matches = engine.queue
      .all()
      .filter(
        (event) =>
          (query.status === undefined || event.status === query.status) &&
          (query.modality === undefined || event.modality === query.modality) &&
          (query.agent_id === undefined || event.agent_id === query.agent_id) &&
          (query.start_time === undefined || event.scheduled_time >= query.start_time) &&
          (query.end_time === undefined || event.scheduled_time <= query.end_time),
      );
    const page = matches.slice(query.offset, query.limit ? query.offset + query.limit : undefined);
    const counts = engine.queue.counts();
    return {
      events: page.map((event) => eventToResponse(event, true)),
      total: matches.length,
      pending: counts.pending,
      executed: counts.executed,
      failed: counts.failed,
      skipped: counts.skipped,
    };
  });

  router.post('/events', { permission: 'events:create', body: createEventBody }, ({ body, key }) => {
    const event = engine.schedule(toNewEvent(body, key.key_id));
    announce(event);
    return eventToResponse(event, false);
  });

  router.post('/events/immediate', { permission: 'events:execute', body: immediateBody }, ({ body, key }) => {
    const event = engine.schedule({
      scheduledTime: engine.now,
      modality: body.modality,
      data: body.data,
      priority: 100,
      agentId: key.key_id,
      metadata: { created_by_key: key.key_id },
    });
    announce(event);
    return eventToResponse(event, false);
  });

  router.post('/events/batch', { permission: 'events:batch', body: batchBody }, ({ body, key, reply }) => {
    const total = body.events.length;
    if (total === 0) throw badRequest('Batch must contain at least one event');
    if (total > MAX_BATCH) throw badRequest(`Batch size ${total} exceeds maximum of ${MAX_BATCH}`);

    const built: Array<{ event?: SimulatorEvent; error?: string }> = [];
    for (const [index, item] of body.events.entries()) {
      try {
        const spec = toNewEvent(item, key.key_id);
        if (spec.scheduledTime < engine.now) {
          throw badRequest(
            `Cannot schedule event in the past. Current time: ${formatTime(engine.now)}, scheduled: ${formatTime(spec.scheduledTime)}`,
          );
        }
        built.push({ event: engine.build(spec) });
      } catch (error) {
        const message = error instanceof UesError ? String(error.message) : (error as Error).message;
        if (body.stop_on_first_error) {
          throw badRequest({
            detail: `Batch validation failed at index ${index}: ${message}`,
            failed_index: index,
            events_validated: index + 1,
            total_events: total,
          });
        }
        built.push({ error: message });
      }
    }

    if (body.validate_only) {
      const valid = built.filter((entry) => entry.event).length;
      return {
        total_submitted: total,
        total_valid: valid,
        total_invalid: total - valid,
        events: built.map((entry, index) => ({
          index,
          valid: Boolean(entry.event),
          ...(entry.error ? { error: entry.error } : {}),
        })),
        validation_only: true,
      };
    }

    const created = built.flatMap((entry) => (entry.event ? [entry.event] : []));
    engine.queue.addMany(created);
    engine.broadcast('event.batch_scheduled', {
      count: created.length,
      event_ids: created.map((event) => event.event_id),
      modalities: [...new Set(created.map((event) => event.modality))],
    });
    reply.code(created.length === total ? 201 : 207);
    return {
      total_submitted: total,
      total_created: created.length,
      total_failed: total - created.length,
      events: built.map((entry, index) =>
        entry.event
          ? {
              index,
              success: true,
              event_id: entry.event.event_id,
              scheduled_time: formatTime(entry.event.scheduled_time),
            }
          : { index, success: false, error: entry.error },
      ),
    };
  });

  router.get('/events/next', { permission: 'events:read' }, () => {
    const next = engine.queue.nextPending();
    if (!next) throw notFound('No pending events');
    return eventToResponse(next, false);
  });

  // What ran since the caller last looked, in the order it ran: its cost is the answer's, however
  // long the history (a client keeping up with a long simulation must not re-read all of it).
  router.get('/events/executed', { permission: 'events:list', query: executedQuery }, ({ query }) => {
    const page = engine.executionLog.after(query.after, query.limit);
    return {
      events: page.events.map((event) => eventToResponse(event, true)),
      count: page.events.length,
      cursor: page.cursor,
      has_more: page.hasMore,
    };
  });

  router.get('/events/summary', { permission: 'events:summary' }, () => {
    const counts = engine.queue.counts();
    const next = engine.queue.nextPending();
    return {
      total: engine.queue.size,
      pending: counts.pending,
      executed: counts.executed,
      failed: counts.failed,
      skipped: counts.skipped,
      by_modality: engine.queue.modalityCounts(),
      next_event_time: next ? formatTime(next.scheduled_time) : null,
    };
  });

  router.get('/events/:event_id', { permission: 'events:read', params: eventIdParams }, ({ params }) => {
    const event = engine.queue.get(params.event_id);
    if (!event) throw notFound(`Event ${params.event_id} not found`);
    return eventToResponse(event, true);
  });

  router.delete('/events/:event_id', { permission: 'events:delete', params: eventIdParams }, ({ params }) => {
    const event = engine.cancel(params.event_id);
    engine.broadcast('event.cancelled', { event_id: event.event_id });
    return { cancelled: true, event_id: event.event_id };
  });
}
