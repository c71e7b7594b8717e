import type {
  BatchEventsRequest,
  CreateEventRequest,
  EventListQuery,
  ExecutedEventsQuery,
  ImmediateEventRequest,
} from '../requests/events.js';
import {
  batchCreateResponseSchema,
  batchValidationResponseSchema,
  cancelEventResponseSchema,
  eventListResponseSchema,
  eventResponseSchema,
  eventSummarySchema,
  executedEventsPageSchema,
  type BatchCreateResponse,
  type BatchValidationResponse,
  type CancelEventResponse,
  type EventListResponse,
  type EventResponse,
  type EventSummary,
  type ExecutedEventsPage,
} from '../schemas/events.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { pathSegment } from '../wire.js';

/** `/events`: the scheduled-event queue. */
export class EventsClient {
  constructor(private readonly transport: UesTransport) {}

  /**
   * Lists events in queue order with their `data` (`events:list`). Filter by `agent_id` to get what
   * one key did, e.g. `{agent_id: purpleKeyId, status: 'executed'}`.
   */
  list(query: EventListQuery = {}, options?: CallOptions): Promise<EventListResponse> {
    return this.transport.call(
      { method: 'GET', path: '/events', query: { ...query }, schema: eventListResponseSchema },
      options,
    );
  }

  /**
   * Events in the order they ran (executed or failed), with their `data`, after a cursor
   * (`events:list`): pass each answer's `cursor` as the next `after` to read only what ran since,
   * paging while `has_more`. 409 once the log restarted (clear, import, reset, undo, redo, a
   * backward time jump): list again without `after`.
   */
  executed(query: ExecutedEventsQuery = {}, options?: CallOptions): Promise<ExecutedEventsPage> {
    return this.transport.call(
      { method: 'GET', path: '/events/executed', query: { ...query }, schema: executedEventsPageSchema },
      options,
    );
  }

  /**
   * Schedules an event (`events:create`); `data` is typed by `modality` for the built-in
   * modalities. 409 if `scheduled_time` is in the past.
   */
  create<M extends string>(request: CreateEventRequest<M>, options?: CallOptions): Promise<EventResponse> {
    return this.transport.call(
      { method: 'POST', path: '/events', body: request, schema: eventResponseSchema },
      options,
    );
  }

  /** Queues an event at the current sim time (`events:execute`); it runs on the next advance. */
  immediate<M extends string>(
    request: ImmediateEventRequest<M>,
    options?: CallOptions,
  ): Promise<EventResponse> {
    return this.transport.call(
      { method: 'POST', path: '/events/immediate', body: request, schema: eventResponseSchema },
      options,
    );
  }

  /**
   * Schedules several events at once (`events:batch`). Without `stop_on_first_error`, valid events
   * are created and invalid ones reported per index (`total_failed`).
   */
  batch(request: BatchEventsRequest, options?: CallOptions): Promise<BatchCreateResponse> {
    return this.transport.call(
      {
        method: 'POST',
        path: '/events/batch',
        body: { ...request, validate_only: false },
        schema: batchCreateResponseSchema,
      },
      options,
    );
  }

  /** Checks a batch without creating anything (`events:batch` with `validate_only`). */
  validateBatch(
    request: Pick<BatchEventsRequest, 'events'>,
    options?: CallOptions,
  ): Promise<BatchValidationResponse> {
    return this.transport.call(
      {
        method: 'POST',
        path: '/events/batch',
        body: { events: request.events, validate_only: true },
        schema: batchValidationResponseSchema,
      },
      options,
    );
  }

  /** One event with its `data` (`events:read`). */
  get(eventId: string, options?: CallOptions): Promise<EventResponse> {
    return this.transport.call(
      { method: 'GET', path: `/events/${pathSegment(eventId)}`, schema: eventResponseSchema },
      options,
    );
  }

  /** The first pending event in queue order (`events:read`); `UesNotFoundError` when there is none. */
  next(options?: CallOptions): Promise<EventResponse> {
    return this.transport.call({ method: 'GET', path: '/events/next', schema: eventResponseSchema }, options);
  }

  /** Counts by status and modality (`events:summary`). */
  summary(options?: CallOptions): Promise<EventSummary> {
    return this.transport.call(
      { method: 'GET', path: '/events/summary', schema: eventSummarySchema },
      options,
    );
  }

  /** Cancels a pending event (`events:delete`); 400 for any other status. */
  cancel(eventId: string, options?: CallOptions): Promise<CancelEventResponse> {
    return this.transport.call(
      { method: 'DELETE', path: `/events/${pathSegment(eventId)}`, schema: cancelEventResponseSchema },
      options,
    );
  }
}
