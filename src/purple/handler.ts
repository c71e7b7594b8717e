import type { Logger } from 'pino';
import { pino } from 'pino';
import {
  PURPLE_REPLY_MESSAGE_TYPES,
  ProtocolError,
  parseMessage,
  type AssessmentCompleteMessage,
  type AssessmentStartMessage,
  type GreenToPurpleMessage,
  type PurpleReply,
  type TurnStartMessage,
} from '../protocol/index.js';
import { defaultTimeStep, type BasePurpleAgent } from './base-agent.js';
import { AssessmentStateError, PurpleKitError } from './errors.js';

/** Where an assessment is in its lifecycle, from this purple's point of view. */
export type AssessmentPhase = 'awaiting_start' | 'running' | 'complete';

/** What the handler answers to one green message. */
export type HandlerReply =
  | { kind: 'acknowledged'; messageType: 'assessment_start' | 'assessment_complete' }
  | { kind: 'turn_reply'; reply: PurpleReply };

/** The agent returned something that is not a valid `turn_complete` / `early_completion`. */
export class InvalidTurnOutcomeError extends PurpleKitError {
  constructor(
    readonly agentName: string,
    readonly turnNumber: number,
    cause: ProtocolError,
  ) {
    super(`${agentName} returned an invalid reply for turn ${turnNumber}: ${cause.message}`, { cause });
  }
}

export interface AssessmentHandlerOptions {
  contextId: string;
  logger?: Logger;
}

/**
 * The state of one assessment (one A2A context) on the purple side: it routes each green message
 * to the agent in lifecycle order and turns the agent's outcome into a validated protocol reply.
 * Messages are handled one at a time, even if a green sends the next before the last is answered.
 */
export class AssessmentHandler {
  readonly contextId: string;
  private readonly agent: BasePurpleAgent;
  private readonly logger: Logger;
  private currentPhase: AssessmentPhase = 'awaiting_start';
  private lastTurn = 0;
  /** `assessment_start`'s `suggested_time_step`, for greens that do not repeat it in `turn_start`. */
  private suggestedTimeStep: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(agent: BasePurpleAgent, options: AssessmentHandlerOptions) {
    this.agent = agent;
    this.contextId = options.contextId;
    this.logger = (options.logger ?? pino({ level: 'silent' })).child({ contextId: options.contextId });
  }

  get phase(): AssessmentPhase {
    return this.currentPhase;
  }

  /** The highest turn number handled so far (0 before the first turn). */
  get turnsHandled(): number {
    return this.lastTurn;
  }

  /** Handles one parsed green message after every earlier one has finished. */
  handle(message: GreenToPurpleMessage, signal: AbortSignal): Promise<HandlerReply> {
    const run = this.queue.then(() => this.dispatch(message, signal));
    // The chain continues whatever this message's outcome was.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async dispatch(message: GreenToPurpleMessage, signal: AbortSignal): Promise<HandlerReply> {
    switch (message.message_type) {
      case 'assessment_start':
        await this.handleAssessmentStart(message);
        return { kind: 'acknowledged', messageType: 'assessment_start' };
      case 'turn_start':
        return { kind: 'turn_reply', reply: await this.handleTurnStart(message, signal) };
      case 'assessment_complete':
        await this.handleAssessmentComplete(message);
        return { kind: 'acknowledged', messageType: 'assessment_complete' };
    }
  }

  async handleAssessmentStart(message: AssessmentStartMessage): Promise<void> {
    if (this.currentPhase !== 'awaiting_start') {
      throw new AssessmentStateError(
        this.contextId,
        'assessment_start',
        `this assessment has already started (phase ${this.currentPhase}); start a new assessment in a new context`,
      );
    }
    await this.agent.initialize({
      uesUrl: message.ues_url,
      apiKey: message.api_key,
      mcpUrl: message.mcp_url,
      currentTime: new Date(message.current_time),
      summary: message.initial_state_summary,
      instructions: message.assessment_instructions,
      userTimezone: message.user_timezone,
      suggestedTimeStep: message.suggested_time_step,
    });
    this.suggestedTimeStep = message.suggested_time_step;
    this.currentPhase = 'running';
    this.logger.info({ uesUrl: message.ues_url, currentTime: message.current_time }, 'assessment started');
  }

  async handleTurnStart(message: TurnStartMessage, signal: AbortSignal): Promise<PurpleReply> {
    if (this.currentPhase === 'awaiting_start') {
      throw new AssessmentStateError(
        this.contextId,
        'turn_start',
        `turn ${message.turn_number} arrived before assessment_start; the green must send assessment_start (with the UES URL and key) first`,
      );
    }
    if (this.currentPhase === 'complete') {
      throw new AssessmentStateError(
        this.contextId,
        'turn_start',
        `turn ${message.turn_number} arrived after assessment_complete; this assessment is over`,
      );
    }
    if (message.turn_number <= this.lastTurn) {
      this.logger.warn({ turn: message.turn_number, last: this.lastTurn }, 'turn number did not increase');
    }
    this.lastTurn = Math.max(this.lastTurn, message.turn_number);
    const suggestedTimeStep = message.suggested_time_step ?? this.suggestedTimeStep;
    const turnLogger = this.logger.child({ turn: message.turn_number });
    turnLogger.debug({ currentTime: message.current_time }, 'turn started');
    const outcome = await this.agent.runTurn({
      turnNumber: message.turn_number,
      currentTime: new Date(message.current_time),
      eventsProcessed: message.events_processed,
      userTimezone: message.user_timezone,
      endTime: message.end_time === undefined ? undefined : new Date(message.end_time),
      isFinalTurn: message.is_final_turn,
      suggestedTimeStep,
      signal,
    });
    let reply: PurpleReply;
    try {
      // A turn_complete without a step checks in again at the scenario's natural pace.
      const stepped =
        outcome.message_type === 'turn_complete' && outcome.time_step === undefined
          ? { ...outcome, time_step: defaultTimeStep({ suggestedTimeStep }) }
          : outcome;
      reply = parseMessage(stepped, PURPLE_REPLY_MESSAGE_TYPES);
    } catch (error) {
      if (error instanceof ProtocolError) {
        throw new InvalidTurnOutcomeError(this.agent.agentName, message.turn_number, error);
      }
      throw error;
    }
    turnLogger.info({ reply: reply.message_type }, 'turn finished');
    return reply;
  }

  async handleAssessmentComplete(message: AssessmentCompleteMessage): Promise<void> {
    if (this.currentPhase === 'complete') return;
    const wasRunning = this.currentPhase === 'running';
    this.currentPhase = 'complete';
    if (!wasRunning) {
      this.logger.warn({ reason: message.reason }, 'assessment_complete without assessment_start');
      return;
    }
    this.logger.info({ reason: message.reason, turns: this.lastTurn }, 'assessment complete');
    await this.agent.onAssessmentComplete(message.reason);
  }
}
