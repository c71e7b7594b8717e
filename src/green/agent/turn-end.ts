import type { Logger } from 'pino';
import { formatDuration, type ActionLogEntryWithTurn, type TaskUpdateEmitter } from '../../protocol/index.js';
import type { UesClient } from '../../ues/client/index.js';
import type { ActionLogBuilder } from '../assessment/action-log-builder.js';
import type { ReadCounter } from '../assessment/read-counter.js';
import type { TriggerEngine } from '../assessment/triggers.js';
import type { AdvancePlan } from '../assessment/turn-clock.js';
import type { TurnStateReader } from '../assessment/turn-state-reader.js';
import type { StateSnapshot } from '../judge/types.js';
import { LlmCallError } from '../../llm/index.js';
import {
  ReplySchedulingError,
  scheduleReplies,
  type ReplyFailure,
  type ResponseGenerator,
  type ScheduledReply,
} from '../characters/index.js';

/**
 * Everything between a purple's reply and the next turn (the two-phase time advance):
 * 1. advance 1 s ("apply") so anything due with the purple's actions has run;
 * 2. log the turn's actions (and count its reads), one `update_action_observed` each;
 * 3. read the state (kept as the last state read: if the simulator dies later, the partial
 *    results are scored on it) and the new messages in it — both from what ran since the last turn
 *    (TurnStateReader), never the whole world — let characters reply (and, with a `user_brief`, the user answer the
 *    assistant's questions in chat), schedule the replies as future UES events;
 * 4. advance the rest of the step, which delivers the replies due by the next turn.
 * A closing turn (the assessment ends after it) does steps 2 only: its actions count, time stays.
 */

export interface TurnEndResult {
  actions: ActionLogEntryWithTurn[];
  reads: number;
  /** Simulated time after the advance (= the turn start when time did not move). */
  timeAfter: string;
  /** UES events executed by this turn's advances (reported in the next `turn_start`). */
  eventsProcessed: number;
  repliesScheduled: number;
}

export interface TurnEndDeps {
  client: UesClient;
  emitter: TaskUpdateEmitter;
  purpleKeyId: string;
  actionLog: ActionLogBuilder;
  reads: ReadCounter;
  state: TurnStateReader;
  responder: Pick<ResponseGenerator, 'generate'>;
  logger: Logger;
  signal: AbortSignal;
  setActivity(text: string): void;
  /** Told each state read after a turn's actions (rendered on demand). */
  onStateRead?(snapshot: () => Promise<StateSnapshot>, turn: number): void;
  /** The scenario's conditional events: arrivals set off by the assistant's actions. */
  triggers?: TriggerEngine;
}

/** One `update_action_observed` per logged action, with the green's note when there is one. */
export async function reportActions(
  emitter: TaskUpdateEmitter,
  actions: readonly ActionLogEntryWithTurn[],
): Promise<void> {
  for (const action of actions) {
    await emitter.actionObserved({
      turn_number: action.turn,
      timestamp: action.timestamp,
      action: action.action,
      parameters: action.parameters,
      success: action.success,
      error_message: action.error_message ?? null,
      ...(action.notes ? { notes: action.notes } : {}),
    });
  }
}

export class TurnEndProcessor {
  constructor(private readonly deps: TurnEndDeps) {}

  async process(turn: number, turnStart: string, plan: AdvancePlan): Promise<TurnEndResult> {
    const { client, signal } = this.deps;
    let now = turnStart;
    let eventsProcessed = 0;
    if (plan.applyMs > 0) {
      const applied = await client.time.advance(plan.applyMs / 1_000, { signal });
      now = applied.current_time;
      eventsProcessed += applied.events_executed;
    }

    const actions = await this.logActions(turn);
    const reads = await this.deps.reads.collect({ signal });

    let repliesScheduled = 0;
    if (plan.stepMs > 0) {
      repliesScheduled = await this.replyAsCharacters(turn, now, actions);
      if (plan.remainderMs > 0) {
        const advanced = await client.time.advance(plan.remainderMs / 1_000, { signal });
        now = advanced.current_time;
        eventsProcessed += advanced.events_executed;
      }
      await this.deps.emitter.simulationAdvanced({
        previous_time: turnStart,
        new_time: now,
        duration: formatDuration(plan.stepMs),
        events_processed: eventsProcessed,
      });
    }
    return { actions, reads, timeAfter: now, eventsProcessed, repliesScheduled };
  }

  private async logActions(turn: number): Promise<ActionLogEntryWithTurn[]> {
    const { signal, actionLog, emitter } = this.deps;
    const actions = actionLog.recordTurn(turn, await this.deps.state.newEvents({ signal }));
    await reportActions(emitter, actions);
    return actions;
  }

  /** Character replies to what the purple sent; a failure loses replies, never the assessment. */
  private async replyAsCharacters(
    turn: number,
    now: string,
    actions: readonly ActionLogEntryWithTurn[],
  ): Promise<number> {
    const { client, signal, emitter, logger } = this.deps;
    this.deps.setActivity(`turn ${turn}: simulated characters are replying`);
    const { newMessages, snapshot } = await this.deps.state.readState(now, { signal });
    this.deps.onStateRead?.(snapshot, turn);
    const fired = (await this.deps.triggers?.fire(client, actions, snapshot, now, { signal })) ?? [];
    for (const trigger of fired) {
      logger.info({ trigger: trigger.trigger_id, turn, events: trigger.events }, 'trigger fired');
    }
    let replies: ScheduledReply[] = [];
    let scheduled: ScheduledReply[] = [];
    const failures: ReplyFailure[] = [];
    try {
      replies = await this.deps.responder.generate(newMessages, now, {
        signal,
        onFailure: (failure) => failures.push(failure),
        // A character whose scripted answer was just set off says nothing more on top of it.
        scripted: this.deps.triggers?.scheduledBy(fired) ?? [],
      });
      await scheduleReplies(client, replies);
      scheduled = replies;
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof ReplySchedulingError) {
        const failed = new Set(error.failures.map((failure) => failure.reply));
        scheduled = replies.filter((reply) => !failed.has(reply));
      }
      logger.warn({ err: error, turn }, 'character replies failed');
      await emitter.errorOccurred({
        error_type: 'internal_error',
        error_message: `character replies for turn ${turn} failed: ${(error as Error).message}`,
        recoverable: true,
        context: { turn_number: turn },
      });
    }
    // A reply lost to a failed model call is reported, not just logged.
    for (const failure of failures) {
      await emitter.errorOccurred({
        error_type: failure.error instanceof LlmCallError ? 'model_error' : 'internal_error',
        error_message:
          `turn ${turn}: ${failure.character_name}'s ${failure.modality} reply was not written: ` +
          failure.error.message,
        recoverable: true,
        context: {
          turn_number: turn,
          character_id: failure.character_id,
          modality: failure.modality,
          reply_to: failure.reply_to,
        },
      });
    }
    await emitter.responsesGenerated({
      turn_number: turn,
      responses_count: scheduled.length,
      characters_involved: [...new Set(scheduled.map((reply) => reply.character_name))],
    });
    return scheduled.length;
  }
}
