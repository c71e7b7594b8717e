import {
  acquireHoldResponseSchema,
  clearSimulationResponseSchema,
  listHoldsResponseSchema,
  redoResponseSchema,
  releaseHoldResponseSchema,
  resetSimulationResponseSchema,
  simulationStatusSchema,
  startSimulationResponseSchema,
  stopSimulationResponseSchema,
  undoResponseSchema,
  type AcquireHoldResponse,
  type ClearSimulationResponse,
  type ListHoldsResponse,
  type RedoResponse,
  type ReleaseHoldResponse,
  type ResetSimulationResponse,
  type SimulationStatus,
  type StartSimulationResponse,
  type StopSimulationResponse,
  type UndoResponse,
} from '../schemas/simulation.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { pathSegment, toWireTime, type DateTimeInput } from '../wire.js';

/** `POST /simulation/start`. */
export interface StartSimulationRequest {
  /** Let the clock run at `time_scale` × wall time. Default false (manual). */
  auto_advance?: boolean;
  /** > 0, default 1. */
  time_scale?: number;
}

/** `POST /simulation/clear`. */
export interface ClearSimulationRequest {
  /** Sets the clock (backwards allowed) after clearing. */
  reset_time_to?: DateTimeInput;
  /**
   * Our extension: every id the simulation generates from now on (events, inputs, emails,
   * messages, …) derives from this seed instead of being random, so the same seed and the same
   * calls give the same ids. Without it, ids are random again.
   */
  id_seed?: string | number;
}

/** `POST /simulation/undo` and `/redo`. */
export interface UndoRedoRequest {
  /** 1..100, default 1. */
  count?: number;
}

/** `POST /simulation/hold`: blocks every time advancement until released or expired. */
export interface AcquireHoldRequest {
  reason?: string;
  /** 1..3600, default 300. */
  timeout_seconds?: number;
  agent_id?: string;
}

/** `/simulation`: lifecycle, undo/redo and holds. */
export class SimulationClient {
  constructor(private readonly transport: UesTransport) {}

  /** Starts the simulation (`simulation:start`); 409 if it is already running. */
  start(request: StartSimulationRequest = {}, options?: CallOptions): Promise<StartSimulationResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulation/start', body: request, schema: startSimulationResponseSchema },
      options,
    );
  }

  /** Stops the simulation (`simulation:stop`); not an error when already stopped. */
  stop(options?: CallOptions): Promise<StopSimulationResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulation/stop', schema: stopSimulationResponseSchema },
      options,
    );
  }

  /** Running flag, clock and event counts (`simulation:status`). */
  status(options?: CallOptions): Promise<SimulationStatus> {
    return this.transport.call(
      { method: 'GET', path: '/simulation/status', schema: simulationStatusSchema },
      options,
    );
  }

  /** Stops, undoes every change and sets every event back to pending; the clock stays (`simulation:reset`). */
  reset(options?: CallOptions): Promise<ResetSimulationResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulation/reset', schema: resetSimulationResponseSchema },
      options,
    );
  }

  /** Stops and empties everything but keys: events, holds, modality states (`simulation:clear`). */
  clear(request: ClearSimulationRequest = {}, options?: CallOptions): Promise<ClearSimulationResponse> {
    const body = {
      ...(request.reset_time_to === undefined ? {} : { reset_time_to: toWireTime(request.reset_time_to) }),
      ...(request.id_seed === undefined ? {} : { id_seed: request.id_seed }),
    };
    return this.transport.call(
      { method: 'POST', path: '/simulation/clear', body, schema: clearSimulationResponseSchema },
      options,
    );
  }

  /** Undoes the newest state changes (`simulation:undo`); 409 when not running. */
  undo(request: UndoRedoRequest = {}, options?: CallOptions): Promise<UndoResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulation/undo', body: request, schema: undoResponseSchema },
      options,
    );
  }

  /** Re-applies undone changes (`simulation:redo`); 409 when not running. */
  redo(request: UndoRedoRequest = {}, options?: CallOptions): Promise<RedoResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulation/redo', body: request, schema: redoResponseSchema },
      options,
    );
  }

  /** Acquires a hold (`simulation:hold`). */
  hold(request: AcquireHoldRequest = {}, options?: CallOptions): Promise<AcquireHoldResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulation/hold', body: request, schema: acquireHoldResponseSchema },
      options,
    );
  }

  /** Releases a hold (`simulation:release`); 404 if unknown or expired. */
  release(holdId: string, options?: CallOptions): Promise<ReleaseHoldResponse> {
    return this.transport.call(
      {
        method: 'POST',
        path: `/simulation/release/${pathSegment(holdId)}`,
        schema: releaseHoldResponseSchema,
      },
      options,
    );
  }

  /** Active holds (`simulation:holds`). */
  holds(options?: CallOptions): Promise<ListHoldsResponse> {
    return this.transport.call(
      { method: 'GET', path: '/simulation/holds', schema: listHoldsResponseSchema },
      options,
    );
  }
}
