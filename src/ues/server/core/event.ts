import { formatTime } from './time.js';

export const EVENT_STATUSES = ['pending', 'executing', 'executed', 'failed', 'skipped', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A modality input as stored on an event: the validated fields plus the injected envelope. */
export type ModalityInput = Record<string, unknown> & {
  modality_type: string;
  timestamp: string;
  input_id: string;
};

export interface SimulatorEvent {
  event_id: string;
  /** Epoch ms; the queue orders by it. */
  scheduled_time: number;
  modality: string;
  data: ModalityInput;
  status: EventStatus;
  priority: number;
  /** Simulated time at creation (epoch ms). */
  created_at: number;
  executed_at: number | null;
  error_message: string | null;
  agent_id: string | null;
  metadata: Record<string, unknown>;
  /** Insertion counter: the final tiebreak so equal events keep their creation order. */
  seq: number;
}

/** EventResponse as the REST API returns it (`metadata` is only in scenario exports). */
export function eventToResponse(event: SimulatorEvent, includeData: boolean): Record<string, unknown> {
  return {
    event_id: event.event_id,
    scheduled_time: formatTime(event.scheduled_time),
    modality: event.modality,
    status: event.status,
    priority: event.priority,
    created_at: formatTime(event.created_at),
    data: includeData ? event.data : null,
    executed_at: event.executed_at === null ? null : formatTime(event.executed_at),
    error_message: event.error_message,
    agent_id: event.agent_id,
  };
}

/** The full event JSON of the scenario export format. */
export function eventToExport(event: SimulatorEvent): Record<string, unknown> {
  return { ...eventToResponse(event, true), metadata: event.metadata };
}
