import { z } from 'zod';
import { actionLogEntryWithTurnSchema } from '../../protocol/index.js';
import {
  calendarStateSchema,
  chatStateSchema,
  contactsStateSchema,
  emailStateSchema,
  smsStateSchema,
  timeStateSchema,
} from '../../ues/client/index.js';
import type { StateSnapshot, TurnRecord } from '../judge/types.js';

/**
 * `evaluation-input.json`: everything the evaluation of a finished run reads besides the scenario —
 * the action log, the turns, the read count and the simulator's state before the purple's first
 * turn and after its last (arrivals come from the scenario, as in the run). Written beside
 * `results.json`, it lets `rescore` recompute the scores without a purple or a simulator, and
 * `report` draw the run. The state schemas are the UES client's own (they never transform), so a
 * saved snapshot reads back exactly as the run saw it.
 */

export const EVALUATION_INPUT_FILE = 'evaluation-input.json';
export const EVALUATION_INPUT_VERSION = 1;

export const stateSnapshotSchema = z.object({
  email: emailStateSchema,
  sms: smsStateSchema,
  calendar: calendarStateSchema,
  chat: chatStateSchema,
  time: timeStateSchema,
  contacts: contactsStateSchema,
});

export const turnRecordSchema = z.object({
  turn_number: z.number().int().min(1),
  start_time: z.string(),
  end_time: z.string(),
  time_step: z.string().nullable(),
  actions: z.number().int().min(0),
  reads: z.number().int().min(0),
  early_completion: z.boolean(),
  error: z.string().nullable(),
  notes: z.string().nullable(),
  green_notes: z.array(z.string()).optional(),
});

export const evaluationInputSchema = z
  .object({
    message_type: z.literal('evaluation_input'),
    format_version: z.literal(EVALUATION_INPUT_VERSION),
    assessment_id: z.string().min(1).optional(),
    scenario_id: z.string().min(1),
    /** The content hash of the scenario version the run used. */
    content_hash: z.string().min(1),
    /** The run's seed (rescore replays the judge's recorded calls under it). */
    seed: z.number().int().optional(),
    action_log: z.array(actionLogEntryWithTurnSchema),
    turns: z.array(turnRecordSchema),
    read_count: z.number().int().min(0),
    initial_state: stateSnapshotSchema,
    final_state: stateSnapshotSchema,
    /**
     * Present when the run failed before its end (its simulator died): `final_state` is the last
     * state the green read, after this turn's actions (0: before the first turn).
     */
    final_state_read_after_turn: z.number().int().min(0).optional(),
  })
  .meta({ id: 'EvaluationInput', title: 'evaluation_input' });

export type EvaluationInput = z.infer<typeof evaluationInputSchema>;

// The schemas must describe the types the evaluation reads (compile-time check).
type Assignable<T, U extends T> = U;
export type _SnapshotMatches = Assignable<StateSnapshot, z.infer<typeof stateSnapshotSchema>>;
export type _TurnMatches = Assignable<TurnRecord, z.infer<typeof turnRecordSchema>>;

export interface EvaluationInputParts {
  scenarioId: string;
  contentHash: string;
  actionLog: readonly EvaluationInput['action_log'][number][];
  turns: readonly TurnRecord[];
  readCount: number;
  initialState: StateSnapshot;
  finalState: StateSnapshot;
  finalStateReadAfterTurn?: number | undefined;
}

export function buildEvaluationInput(parts: EvaluationInputParts): EvaluationInput {
  return {
    message_type: 'evaluation_input',
    format_version: EVALUATION_INPUT_VERSION,
    scenario_id: parts.scenarioId,
    content_hash: parts.contentHash,
    action_log: [...parts.actionLog],
    turns: parts.turns.map((turn) => ({ ...turn })),
    read_count: parts.readCount,
    initial_state: parts.initialState,
    final_state: parts.finalState,
    ...(parts.finalStateReadAfterTurn === undefined
      ? {}
      : { final_state_read_after_turn: parts.finalStateReadAfterTurn }),
  };
}
