import type { Logger } from 'pino';
import {
  formatDuration,
  parseDuration,
  type ActionLogEntryWithTurn,
  type TaskUpdateEmitter,
} from '../../protocol/index.js';
import type { UesClient } from '../../ues/client/index.js';
import { NO_ADVANCE, isFinalTurnStart, planAdvance } from '../assessment/turn-clock.js';
import { unseenChatTurnNotes } from '../assessment/user-context.js';
import type { TurnRecord } from '../judge/types.js';
import { throwIfCanceled } from './errors.js';
import type { PurpleChannel } from './purple-channel.js';
import type { TurnEndProcessor } from './turn-end.js';
import { exchangeTurn, type TurnOutcome } from './turn-exchange.js';

/**
 * The turn loop. Each turn: `turn_start` → the purple acts on UES and replies → the turn's actions
 * are logged and time advances (see TurnEndProcessor). It ends when
 * - the purple sends `early_completion` (that turn's actions still count — bug 8 of the original);
 * - a turn started at the scenario's `end_time` is done (time never passes it — bug 2);
 * - `max_consecutive_turn_failures` turns in a row failed;
 * - `max_turns` turns ran;
 * - or the assessment is canceled (throws AssessmentCanceledError).
 * A failed turn (timeout, bad reply) is recorded and time still moves by the scenario's
 * `default_time_step`, so the scenario goes on.
 */

export type EndReason = 'early_completion' | 'scenario_complete' | 'max_turns' | 'consecutive_failures';

export interface TurnLoopSettings {
  maxTurns: number;
  turnTimeoutMs: number;
  maxConsecutiveFailures: number;
  /** The scenario's end, epoch ms. */
  endMs: number;
  /** The scenario's `default_time_step`, used after a failed turn. */
  defaultStepMs: number;
  /** The same step as the purple is told it in every `turn_start` (`suggested_time_step`). */
  suggestedTimeStep?: string;
  /** The user's IANA time zone, told to the purple in every `turn_start`. */
  userTimezone?: string;
  /** The chat conversation the user reads; a post elsewhere is named in the turn's record. */
  userConversationId?: string;
}

export interface TurnLoopDeps {
  client: UesClient;
  purple: PurpleChannel;
  emitter: TaskUpdateEmitter;
  turnEnd: TurnEndProcessor;
  logger: Logger;
  signal: AbortSignal;
  setActivity(text: string): void;
}

/** The turn under way: its start, and the purple's answer once it came. */
interface TurnUnderWay {
  turn: number;
  startTime: string;
  outcome: TurnOutcome | undefined;
}

export class TurnLoop {
  /** Every turn run so far, including the failed ones. */
  readonly turns: TurnRecord[] = [];
  private consecutiveFailures = 0;
  private eventsProcessed = 0;
  private underWay: TurnUnderWay | undefined;

  constructor(
    private readonly deps: TurnLoopDeps,
    private readonly settings: TurnLoopSettings,
  ) {}

  async run(): Promise<EndReason> {
    const { client, emitter, signal } = this.deps;
    for (let turn = 1; ; turn += 1) {
      throwIfCanceled(signal);
      const now = (await client.time.get({ signal })).current_time;
      const nowMs = Date.parse(now);
      this.underWay = { turn, startTime: now, outcome: undefined };
      const pending = (await client.events.summary({ signal })).pending;
      await emitter.turnStarted({ turn_number: turn, current_time: now, events_pending: pending });

      this.deps.setActivity(`turn ${turn}: waiting for the purple's reply (simulated time ${now})`);
      const outcome = await exchangeTurn(
        this.deps.purple,
        {
          message_type: 'turn_start',
          turn_number: turn,
          current_time: now,
          events_processed: this.eventsProcessed,
          ...(this.settings.userTimezone ? { user_timezone: this.settings.userTimezone } : {}),
          end_time: new Date(this.settings.endMs).toISOString().replace('.000Z', 'Z'),
          is_final_turn: isFinalTurnStart(nowMs, this.settings.endMs) || turn >= this.settings.maxTurns,
          ...(this.settings.suggestedTimeStep
            ? { suggested_time_step: this.settings.suggestedTimeStep }
            : {}),
        },
        { timeoutMs: this.settings.turnTimeoutMs, signal },
      );
      this.underWay.outcome = outcome;
      await this.noteOutcome(turn, outcome);

      const endReason = this.endReason(turn, nowMs, outcome);
      const plan =
        endReason !== undefined
          ? NO_ADVANCE
          : planAdvance(nowMs, this.requestedStepMs(outcome), this.settings.endMs);
      this.deps.setActivity(`turn ${turn}: logging actions and advancing time`);
      const end = await this.deps.turnEnd.process(turn, now, plan);
      this.eventsProcessed = end.eventsProcessed;
      this.underWay = undefined;
      this.turns.push({
        turn_number: turn,
        start_time: now,
        end_time: end.timeAfter,
        time_step: outcome.kind === 'complete' ? outcome.reply.time_step : null,
        actions: end.actions.length,
        reads: end.reads,
        early_completion: outcome.kind === 'early',
        error: outcome.kind === 'failed' ? outcome.failure.message : null,
        notes:
          outcome.kind === 'complete'
            ? (outcome.reply.notes ?? null)
            : outcome.kind === 'early'
              ? (outcome.reply.reason ?? null)
              : null,
        ...this.greenNotes(end.actions),
      });
      await emitter.turnCompleted({
        turn_number: turn,
        actions_taken: end.actions.length,
        time_advanced: formatDuration(plan.stepMs),
        early_completion_requested: outcome.kind === 'early',
      });
      if (endReason !== undefined) return endReason;
    }
  }

  /**
   * Records the turn that was under way when the run broke, with what was logged of it (`actions`:
   * the whole action log, of which its own entries are counted; `totalReads`: every read so far).
   */
  recordInterrupted(reason: string, actions: readonly { turn: number }[], totalReads: number): void {
    const underWay = this.underWay;
    if (underWay === undefined) return;
    this.underWay = undefined;
    const outcome = underWay.outcome;
    this.turns.push({
      turn_number: underWay.turn,
      start_time: underWay.startTime,
      end_time: underWay.startTime,
      time_step: outcome?.kind === 'complete' ? outcome.reply.time_step : null,
      actions: actions.filter((action) => action.turn === underWay.turn).length,
      reads: Math.max(0, totalReads - this.turns.reduce((sum, turn) => sum + turn.reads, 0)),
      early_completion: outcome?.kind === 'early',
      error: `interrupted: ${reason}`,
      notes: null,
    });
  }

  /** Actions and reads found after the last turn was recorded (the purple's access closed since). */
  addLateActivity(actions: readonly ActionLogEntryWithTurn[], reads: number): void {
    const last = this.turns.at(-1);
    if (last === undefined) return;
    last.actions += actions.length;
    last.reads += reads;
    const notes = this.greenNotes(actions).green_notes;
    if (notes) last.green_notes = [...(last.green_notes ?? []), ...notes];
  }

  /** What the green noticed in a turn's actions: chat posts the user cannot see. */
  private greenNotes(actions: readonly ActionLogEntryWithTurn[]): { green_notes?: string[] } {
    const conversation = this.settings.userConversationId;
    const notes = conversation === undefined ? [] : unseenChatTurnNotes(actions, conversation);
    return notes.length > 0 ? { green_notes: notes } : {};
  }

  private async noteOutcome(turn: number, outcome: TurnOutcome): Promise<void> {
    if (outcome.kind !== 'failed') {
      this.consecutiveFailures = 0;
      return;
    }
    this.consecutiveFailures += 1;
    this.deps.logger.warn({ turn, failure: outcome.failure }, 'purple turn failed');
    await this.deps.emitter.errorOccurred({
      error_type: outcome.failure.errorType,
      error_message: `turn ${turn}: ${outcome.failure.message}`,
      recoverable: true,
      context: {
        turn_number: turn,
        consecutive_failures: this.consecutiveFailures,
        max_consecutive_failures: this.settings.maxConsecutiveFailures,
      },
    });
  }

  private endReason(turn: number, nowMs: number, outcome: TurnOutcome): EndReason | undefined {
    if (outcome.kind === 'early') return 'early_completion';
    if (this.consecutiveFailures >= this.settings.maxConsecutiveFailures) return 'consecutive_failures';
    if (isFinalTurnStart(nowMs, this.settings.endMs)) return 'scenario_complete';
    if (turn >= this.settings.maxTurns) return 'max_turns';
    return undefined;
  }

  private requestedStepMs(outcome: TurnOutcome): number {
    return outcome.kind === 'complete' ? parseDuration(outcome.reply.time_step) : this.settings.defaultStepMs;
  }
}
