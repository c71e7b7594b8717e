import type { SimulatorEvent } from '../core/event.js';
import { formatTime } from '../core/time.js';

/**
 * ModalityActionResponse, with the event's real status (UES port decision d): a state-level
 * failure (unknown message id, …) still answers 200 but says `failed` and why.
 */
export function actionResponse(
  event: SimulatorEvent,
  successMessage: string,
  failureVerb: string,
): Record<string, unknown> {
  const failed = event.status === 'failed';
  return {
    event_id: event.event_id,
    scheduled_time: formatTime(event.scheduled_time),
    status: event.status,
    message: failed ? `Failed to ${failureVerb}: ${event.error_message}` : successMessage,
    modality: event.modality,
  };
}
