import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { EventResponse } from '../../ues/client/index.js';

/**
 * Turns the purple's UES events into the action log. Our UES stamps every event a key creates —
 * modality routes included — with `agent_id = key_id` (UES_API.md decision a), so the log is
 * "every event whose agent_id is the purple's key", in queue order, i.e. the order of the calls.
 * Reads create no events; `ReadCounter` counts them from the access log.
 */

/** Envelope fields the simulator adds to every input; they say nothing about what was asked. */
const ENVELOPE_FIELDS = new Set(['modality_type', 'timestamp', 'input_id', 'operation']);

/** Event statuses that mean the call is over (a running or queued event is picked up later). */
const FINISHED = new Set(['executed', 'failed', 'skipped', 'cancelled']);

export class ActionLogBuilder {
  private readonly entries: ActionLogEntryWithTurn[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly purpleKeyId: string) {}

  /**
   * Records the purple's finished events not recorded before under `turn`, and returns the new
   * entries in call order. Events of other agents are ignored.
   */
  recordTurn(turn: number, events: readonly EventResponse[]): ActionLogEntryWithTurn[] {
    const added: ActionLogEntryWithTurn[] = [];
    for (const event of events) {
      if (event.agent_id !== this.purpleKeyId || this.seen.has(event.event_id)) continue;
      if (!FINISHED.has(event.status)) continue;
      this.seen.add(event.event_id);
      const entry = toActionLogEntry(turn, event);
      this.entries.push(entry);
      added.push(entry);
    }
    return added;
  }

  /** Every entry so far, in order. */
  get log(): readonly ActionLogEntryWithTurn[] {
    return this.entries;
  }

  get size(): number {
    return this.entries.length;
  }
}

/** One event as an `action_log_entry`: action `<modality>.<operation>`, parameters = the input. */
export function toActionLogEntry(turn: number, event: EventResponse): ActionLogEntryWithTurn {
  const data = event.data ?? {};
  const operation = typeof data['operation'] === 'string' ? data['operation'] : 'unknown';
  const parameters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!ENVELOPE_FIELDS.has(key)) parameters[key] = value;
  }
  const success = event.status === 'executed';
  return {
    message_type: 'action_log_entry',
    turn,
    timestamp: event.executed_at ?? event.scheduled_time,
    action: `${event.modality}.${operation}`,
    parameters,
    success,
    error_message: success ? null : (event.error_message ?? `event ${event.status}`),
  };
}
