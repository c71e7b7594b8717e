import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { EventResponse } from '../../ues/client/index.js';
import { unseenChatNote } from './user-context.js';

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

export interface ActionLogOptions {
  /** The chat conversation the user reads: a post elsewhere gets a note saying so. */
  userConversationId?: string;
}

export class ActionLogBuilder {
  private readonly entries: ActionLogEntryWithTurn[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly purpleKeyId: string,
    private readonly options: ActionLogOptions = {},
  ) {}

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
      const entry = toActionLogEntry(turn, event, this.options);
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
export function toActionLogEntry(
  turn: number,
  event: EventResponse,
  options: ActionLogOptions = {},
): ActionLogEntryWithTurn {
  const data = event.data ?? {};
  const operation = typeof data['operation'] === 'string' ? data['operation'] : 'unknown';
  const parameters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!ENVELOPE_FIELDS.has(key)) parameters[key] = value;
  }
  const success = event.status === 'executed';
  const entry: ActionLogEntryWithTurn = {
    message_type: 'action_log_entry',
    turn,
    timestamp: event.executed_at ?? event.scheduled_time,
    action: `${event.modality}.${operation}`,
    parameters,
    success,
    error_message: success ? null : (event.error_message ?? `event ${event.status}`),
  };
  const notes = actionNotes(entry, options);
  return notes === undefined ? entry : { ...entry, notes };
}

/**
 * What a reader of the log needs beyond the action name. `POST /sms/read` and `/sms/unread` are
 * recorded under the original UES's event operation, `update_delivery_status` (new status `read`,
 * or `delivered` for unread); the bulk `message_ids` form is what only those routes create.
 */
function actionNotes(entry: ActionLogEntryWithTurn, options: ActionLogOptions): string | undefined {
  if (options.userConversationId !== undefined) {
    const unseen = unseenChatNote(entry, options.userConversationId);
    if (unseen !== undefined) return unseen;
  }
  if (entry.action === 'sms.update_delivery_status') {
    const ids = entry.parameters['message_ids'];
    if (!Array.isArray(ids)) return undefined;
    const status = entry.parameters['new_status'];
    const texts = `${ids.length} text${ids.length === 1 ? '' : 's'}`;
    if (status === 'read')
      return `POST /sms/read: marked ${texts} read (the UES's name for it: update_delivery_status "read")`;
    if (status === 'delivered') {
      return `POST /sms/unread: marked ${texts} unread (the UES's name for it: update_delivery_status "delivered")`;
    }
  }
  return undefined;
}
