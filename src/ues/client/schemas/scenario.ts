import { z } from 'zod';
import { eventStatusSchema, zIsoDateTime, zJsonObject } from './common.js';

/** ExportedTimeState. */
export const exportedTimeStateSchema = z.looseObject({
  current_time: zIsoDateTime,
  time_scale: z.number(),
  is_paused: z.boolean(),
  auto_advance: z.boolean(),
  last_wall_time_update: zIsoDateTime,
});
export type ExportedTimeState = z.infer<typeof exportedTimeStateSchema>;

/** ExportedEnvironmentData: the clock and every modality's full state. */
export const exportedEnvironmentSchema = z.looseObject({
  time_state: exportedTimeStateSchema,
  modality_states: z.record(z.string(), zJsonObject),
});
export type ExportedEnvironment = z.infer<typeof exportedEnvironmentSchema>;

/** A full SimulatorEvent as the scenario format stores it (with `metadata`). */
export const exportedEventSchema = z.looseObject({
  event_id: z.string(),
  scheduled_time: zIsoDateTime,
  modality: z.string(),
  data: zJsonObject,
  status: eventStatusSchema,
  priority: z.number().int(),
  created_at: zIsoDateTime,
  executed_at: zIsoDateTime.nullish(),
  error_message: z.string().nullish(),
  agent_id: z.string().nullish(),
  metadata: zJsonObject,
});
export type ExportedEvent = z.infer<typeof exportedEventSchema>;

/** ExportedEventQueueData. */
export const exportedEventsSchema = z.looseObject({ events: z.array(exportedEventSchema) });
export type ExportedEvents = z.infer<typeof exportedEventsSchema>;

export const scenarioMetadataSchema = z.looseObject({
  ues_version: z.string(),
  scenario_version: z.string(),
  created_at: z.string().nullish(),
  author: z.string().nullish(),
  description: z.string().nullish(),
});
export type ScenarioMetadata = z.infer<typeof scenarioMetadataSchema>;

/** A whole scenario: metadata, environment and event queue. */
export const scenarioSchema = z.looseObject({
  metadata: scenarioMetadataSchema,
  environment: exportedEnvironmentSchema,
  events: exportedEventsSchema,
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** `GET /scenario/export/environment`. */
export const exportEnvironmentResponseSchema = z.looseObject({
  environment: exportedEnvironmentSchema,
  modalities_exported: z.array(z.string()),
});
export type ExportEnvironmentResponse = z.infer<typeof exportEnvironmentResponseSchema>;

/** `GET /scenario/export/events`. */
export const exportEventsResponseSchema = z.looseObject({
  events: exportedEventsSchema,
  total_events: z.number().int(),
  pending_events: z.number().int(),
  executed_events: z.number().int(),
});
export type ExportEventsResponse = z.infer<typeof exportEventsResponseSchema>;

/** `GET /scenario/export/full`. */
export const exportFullResponseSchema = z.looseObject({ scenario: scenarioSchema });
export type ExportFullResponse = z.infer<typeof exportFullResponseSchema>;

/** `POST /scenario/import/environment`. */
export const importEnvironmentResponseSchema = z.looseObject({
  success: z.boolean(),
  modalities_loaded: z.array(z.string()),
  modalities_skipped: z.array(z.string()),
  warnings: z.array(z.string()),
  historic_events_count: z.number().int(),
  historic_events_action: z.enum(['ignore', 'delete', 'apply']),
});
export type ImportEnvironmentResponse = z.infer<typeof importEnvironmentResponseSchema>;

/** `POST /scenario/import/events`. Event ids are regenerated on import. */
export const importEventsResponseSchema = z.looseObject({
  success: z.boolean(),
  events_loaded: z.number().int(),
  events_merged: z.boolean(),
  previous_events: z.number().int(),
  historic_events_warning: z.string().nullish(),
  historic_event_count: z.number().int(),
});
export type ImportEventsResponse = z.infer<typeof importEventsResponseSchema>;

/** `POST /scenario/import/full`. */
export const importFullResponseSchema = z.looseObject({
  success: z.boolean(),
  environment_loaded: z.boolean(),
  events_loaded: z.number().int(),
  modalities_loaded: z.array(z.string()),
  modalities_skipped: z.array(z.string()),
  warnings: z.array(z.string()),
  scenario_metadata: scenarioMetadataSchema,
});
export type ImportFullResponse = z.infer<typeof importFullResponseSchema>;
