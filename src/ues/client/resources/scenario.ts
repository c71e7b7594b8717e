import type { EventStatus } from '../schemas/common.js';
import {
  exportEnvironmentResponseSchema,
  exportEventsResponseSchema,
  exportFullResponseSchema,
  importEnvironmentResponseSchema,
  importEventsResponseSchema,
  importFullResponseSchema,
  type ExportEnvironmentResponse,
  type ExportEventsResponse,
  type ExportFullResponse,
  type ImportEnvironmentResponse,
  type ImportEventsResponse,
  type ImportFullResponse,
} from '../schemas/scenario.js';
import type { CallOptions, UesTransport } from '../transport.js';
import type { DateTimeInput } from '../wire.js';

/**
 * Import inputs are looser than export outputs: an exported value (ours or the Python UES's) can be
 * passed straight back, and hand-written scenarios may leave defaulted fields out.
 */
export interface EnvironmentInput {
  time_state: {
    current_time: DateTimeInput;
    time_scale: number;
    is_paused: boolean;
    auto_advance: boolean;
    last_wall_time_update: DateTimeInput;
  };
  /** Full modality states keyed by modality name, as `GET /environment/state` shows them. */
  modality_states: Record<string, unknown>;
}

export interface EventInput {
  event_id?: string | null;
  scheduled_time: DateTimeInput;
  modality: string;
  data: Record<string, unknown>;
  status?: EventStatus;
  priority?: number;
  created_at?: DateTimeInput | null;
  executed_at?: DateTimeInput | null;
  agent_id?: string | null;
  error_message?: string | null;
  metadata?: Record<string, unknown> | null;
}

export interface EventsInput {
  events: EventInput[];
}

export interface ScenarioInput {
  metadata?: {
    ues_version?: string;
    scenario_version?: string;
    created_at?: string | null;
    author?: string | null;
    description?: string | null;
  };
  environment: EnvironmentInput;
  events?: EventsInput;
}

/** `POST /scenario/import/environment`. */
export interface ImportEnvironmentRequest {
  data: EnvironmentInput;
  /** What to do with existing pending events scheduled before the new clock. Default `ignore`. */
  historic_event_handling?: 'ignore' | 'delete' | 'apply';
  /** Reject unknown modality names (400) instead of skipping them. */
  strict_modalities?: boolean;
}

/** `POST /scenario/import/events`. Event ids are regenerated. */
export interface ImportEventsRequest {
  data: EventsInput;
  /** Add to the queue instead of replacing it. */
  merge?: boolean;
}

/** `POST /scenario/import/full`. */
export interface ImportFullRequest {
  scenario: ScenarioInput;
  strict_modalities?: boolean;
}

/** `GET /scenario/export/full` options. */
export interface ExportFullQuery {
  author?: string;
  description?: string;
}

/** `/scenario`: export and import of the UES scenario format. Imports need a stopped simulation. */
export class ScenarioClient {
  constructor(private readonly transport: UesTransport) {}

  /** The clock and every modality state (`scenario:export`). */
  exportEnvironment(options?: CallOptions): Promise<ExportEnvironmentResponse> {
    return this.transport.call(
      { method: 'GET', path: '/scenario/export/environment', schema: exportEnvironmentResponseSchema },
      options,
    );
  }

  /** Every event, with metadata (`scenario:export`). */
  exportEvents(options?: CallOptions): Promise<ExportEventsResponse> {
    return this.transport.call(
      { method: 'GET', path: '/scenario/export/events', schema: exportEventsResponseSchema },
      options,
    );
  }

  /** A whole scenario (`scenario:export`). */
  exportFull(query: ExportFullQuery = {}, options?: CallOptions): Promise<ExportFullResponse> {
    return this.transport.call(
      { method: 'GET', path: '/scenario/export/full', query: { ...query }, schema: exportFullResponseSchema },
      options,
    );
  }

  /** Replaces the environment, clock included (`scenario:import`); 409 while running. */
  importEnvironment(
    request: ImportEnvironmentRequest,
    options?: CallOptions,
  ): Promise<ImportEnvironmentResponse> {
    return this.transport.call(
      {
        method: 'POST',
        path: '/scenario/import/environment',
        body: request,
        schema: importEnvironmentResponseSchema,
      },
      options,
    );
  }

  /** Replaces (or merges into) the event queue (`scenario:import`); 409 while running. */
  importEvents(request: ImportEventsRequest, options?: CallOptions): Promise<ImportEventsResponse> {
    return this.transport.call(
      { method: 'POST', path: '/scenario/import/events', body: request, schema: importEventsResponseSchema },
      options,
    );
  }

  /** Loads a whole scenario (`scenario:import`); 409 while running. */
  importFull(request: ImportFullRequest, options?: CallOptions): Promise<ImportFullResponse> {
    return this.transport.call(
      { method: 'POST', path: '/scenario/import/full', body: request, schema: importFullResponseSchema },
      options,
    );
  }
}
