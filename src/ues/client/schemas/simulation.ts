import { z } from 'zod';
import { zIsoDateTime } from './common.js';

/** `POST /simulation/start`. `time_scale` is null in manual mode. */
export const startSimulationResponseSchema = z.looseObject({
  simulation_id: z.string(),
  status: z.string(),
  current_time: zIsoDateTime,
  auto_advance: z.boolean(),
  time_scale: z.number().nullable(),
});
export type StartSimulationResponse = z.infer<typeof startSimulationResponseSchema>;

/** `POST /simulation/stop`; the counters are null when the simulation was not running. */
export const stopSimulationResponseSchema = z.looseObject({
  simulation_id: z.string(),
  status: z.string(),
  final_time: zIsoDateTime.nullable(),
  total_events: z.number().int().nullable(),
  events_executed: z.number().int().nullable(),
  events_failed: z.number().int().nullable(),
});
export type StopSimulationResponse = z.infer<typeof stopSimulationResponseSchema>;

/** `GET /simulation/status`. */
export const simulationStatusSchema = z.looseObject({
  is_running: z.boolean(),
  current_time: zIsoDateTime,
  is_paused: z.boolean(),
  auto_advance: z.boolean(),
  time_scale: z.number(),
  pending_events: z.number().int(),
  executed_events: z.number().int(),
  failed_events: z.number().int(),
  next_event_time: zIsoDateTime.nullish(),
});
export type SimulationStatus = z.infer<typeof simulationStatusSchema>;

/** `POST /simulation/reset`. */
export const resetSimulationResponseSchema = z.looseObject({
  status: z.string(),
  message: z.string(),
  cleared_events: z.number().int(),
  events_undone: z.number().int(),
  undo_errors: z.array(z.string()),
});
export type ResetSimulationResponse = z.infer<typeof resetSimulationResponseSchema>;

/** `POST /simulation/clear`. */
export const clearSimulationResponseSchema = z.looseObject({
  status: z.string(),
  events_removed: z.number().int(),
  modalities_cleared: z.number().int(),
  time_reset: zIsoDateTime.nullish(),
  current_time: zIsoDateTime,
  id_seed: z.string().nullish(),
});
export type ClearSimulationResponse = z.infer<typeof clearSimulationResponseSchema>;

const undoneEventSchema = z.looseObject({
  event_id: z.string(),
  modality: z.string(),
  action: z.string().nullish(),
});

/** `POST /simulation/undo`. */
export const undoResponseSchema = z.looseObject({
  undone_count: z.number().int(),
  undone_events: z.array(undoneEventSchema),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  message: z.string().nullish(),
});
export type UndoResponse = z.infer<typeof undoResponseSchema>;

/** `POST /simulation/redo`. */
export const redoResponseSchema = z.looseObject({
  redone_count: z.number().int(),
  redone_events: z.array(undoneEventSchema),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  message: z.string().nullish(),
});
export type RedoResponse = z.infer<typeof redoResponseSchema>;

/** `POST /simulation/hold`. */
export const acquireHoldResponseSchema = z.looseObject({
  hold_id: z.string(),
  reason: z.string().nullish(),
  timeout_seconds: z.number().nullish(),
  acquired_at: zIsoDateTime,
  expires_at: zIsoDateTime.nullish(),
  active_hold_count: z.number().int(),
});
export type AcquireHoldResponse = z.infer<typeof acquireHoldResponseSchema>;

/** `POST /simulation/release/{hold_id}`. */
export const releaseHoldResponseSchema = z.looseObject({
  released: z.boolean(),
  hold_id: z.string(),
  active_hold_count: z.number().int(),
});
export type ReleaseHoldResponse = z.infer<typeof releaseHoldResponseSchema>;

export const holdSchema = z.looseObject({
  hold_id: z.string(),
  reason: z.string().nullish(),
  timeout_seconds: z.number().nullish(),
  acquired_at: zIsoDateTime,
  expires_at: zIsoDateTime.nullish(),
  agent_id: z.string().nullish(),
});
export type Hold = z.infer<typeof holdSchema>;

/** `GET /simulation/holds`. */
export const listHoldsResponseSchema = z.looseObject({
  holds: z.array(holdSchema),
  active_count: z.number().int(),
});
export type ListHoldsResponse = z.infer<typeof listHoldsResponseSchema>;
