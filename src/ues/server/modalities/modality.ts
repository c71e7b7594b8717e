import type { z } from 'zod';
import type { Journal } from '../core/journal.js';
import type { ModalityInput } from '../core/event.js';

/** What a modality state sees while an input is applied. */
export interface ApplyContext {
  /** Simulated time of execution (epoch ms). The input's own `timestamp` is its scheduled time. */
  now: number;
  /** Every mutation goes through the journal so the event can be undone. */
  journal: Journal;
  /** Read access to the other modality states (e.g. contacts, the user's address). */
  environment: ReadonlyMap<string, ModalityState>;
}

/**
 * One modality's state (email, sms, chat, calendar, …). Entities are kept in their wire shape
 * (snake_case, ISO datetimes) so reads serialise without copying.
 */
export interface ModalityState {
  readonly modalityType: string;
  /** Simulated time of the last applied input (epoch ms). */
  lastUpdated: number;
  updateCount: number;
  /** Operation-level rules ("send needs a subject"); an empty list means valid. */
  validate(input: ModalityInput): string[];
  /** Applies an input; throws ModalityOperationError to mark the event `failed`. */
  apply(input: ModalityInput, context: ApplyContext): void;
  /** The full state, as `GET /environment/state` and the scenario export show it. */
  toJSON(now: number): Record<string, unknown>;
  /** One line for `GET /environment/state` summaries, e.g. "4 conversations, 2 unread". */
  summary(): string;
  /** Compact snapshot for `GET /environment/state?compact=true`. */
  compact(now: number): Record<string, unknown>;
  /** Internal consistency problems, for `POST /environment/validate`. */
  checkConsistency(): string[];
  /** Empties the state (keeping configuration such as the user's address). */
  clear(now: number): void;
}

export interface ModalityDefinition {
  readonly name: string;
  /**
   * Validates an event's `data` without the injected envelope (`modality_type`, `timestamp`,
   * `input_id`) and returns the input's fields with defaults filled in.
   */
  readonly inputSchema: z.ZodType<Record<string, unknown>>;
  createState(now: number): ModalityState;
  /** Rebuilds a state from its exported JSON (ours or the Python UES's); throws ZodError on a bad shape. */
  loadState(json: unknown, now: number): ModalityState;
}
