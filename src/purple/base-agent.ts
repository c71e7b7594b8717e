import type { z } from 'zod';
import type { Logger } from 'pino';
import { pino } from 'pino';
import {
  DEFAULT_TIME_STEP,
  type AssessmentEndReason,
  type InitialStateSummary,
  type earlyCompletionSchema,
  type turnCompleteSchema,
} from '../protocol/index.js';
import { AgentNotInitializedError } from './errors.js';
import { chatMessageText } from './ues/action-results.js';
import { PurpleUESClient } from './ues/purple-ues-client.js';
import type { RetryOptions } from '../ues/client/index.js';

/** What `assessment_start` gives an agent. */
export interface AssessmentContext {
  uesUrl: string;
  apiKey: string;
  /** The assessment's MCP server (`mcp_url`), when the green serves one; the same key works there. */
  mcpUrl?: string | undefined;
  /** Simulated time at the start. */
  currentTime: Date;
  summary: InitialStateSummary;
  /** The fixed instruction text of `assessment_start` (the real task is in chat). */
  instructions: string;
  /** The user's IANA time zone (times on the wire are UTC); undefined from a green that does not send it. */
  userTimezone?: string | undefined;
  /**
   * The scenario's natural check-in step (ISO 8601 duration, `suggested_time_step`): the pace the
   * efficiency budgets assume. Undefined from a green that does not send it.
   */
  suggestedTimeStep?: string | undefined;
}

/** One `turn_start`, as the agent sees it. */
export interface TurnContext {
  turnNumber: number;
  /** Simulated time now; it does not move while the agent works. */
  currentTime: Date;
  /** UES events executed by the previous time advance (new mail, replies…). */
  eventsProcessed: number;
  /** The user's IANA time zone; undefined from a green that does not send it. */
  userTimezone?: string | undefined;
  /** The scenario's end: simulated time never passes it (undefined from an older green). */
  endTime?: Date | undefined;
  /** True when no turn follows this one; undefined from an older green. */
  isFinalTurn?: boolean | undefined;
  /** The scenario's natural check-in step, as in `AssessmentContext`; undefined from an older green. */
  suggestedTimeStep?: string | undefined;
  /** Aborted when the green cancels the turn; `this.ues` already observes it. */
  signal: AbortSignal;
}

/**
 * What a turn ends with: `turn_complete` (advance simulated time by `time_step`) or
 * `early_completion` (the agent is done; the green ends the assessment after this turn). These are
 * the protocol reply objects; the handler validates them before they are sent. A `turn_complete`
 * without `time_step` advances by the scenario's `suggested_time_step` when the green sent one,
 * else by `DEFAULT_TIME_STEP` (PT1H) — the handler fills it in.
 */
export type TurnOutcome = z.input<typeof turnCompleteSchema> | z.input<typeof earlyCompletionSchema>;

/** `turn_complete`; without `timeStep`, the scenario's suggested step (else PT1H) is used. */
export function completeTurn(options: { timeStep?: string; notes?: string } = {}): TurnOutcome {
  return {
    message_type: 'turn_complete',
    ...(options.timeStep === undefined ? {} : { time_step: options.timeStep }),
    ...(options.notes === undefined ? {} : { notes: options.notes }),
  };
}

/** The step a turn advances by when its `turn_complete` names none. */
export function defaultTimeStep(turn: Pick<TurnContext, 'suggestedTimeStep'>): string {
  return turn.suggestedTimeStep ?? DEFAULT_TIME_STEP;
}

export function completeEarly(reason?: string): TurnOutcome {
  return { message_type: 'early_completion', ...(reason === undefined ? {} : { reason }) };
}

export interface BasePurpleAgentOptions {
  logger?: Logger;
}

/**
 * The one class an assistant author extends. The kit calls, per assessment (one instance each):
 * `initialize` on `assessment_start`, `executeTurn` on every `turn_start`, and
 * `onAssessmentComplete` at the end. Between them the agent talks to UES through `this.ues`.
 */
export abstract class BasePurpleAgent {
  protected readonly logger: Logger;
  private baseUes: PurpleUESClient | undefined;
  private turnUes: PurpleUESClient | undefined;
  private context: AssessmentContext | undefined;
  /** How UES calls retry transient failures (`useUesRetry`); MCP clients may follow it too. */
  protected uesRetry: RetryOptions | undefined;

  constructor(options: BasePurpleAgentOptions = {}) {
    this.logger = options.logger ?? pino({ level: 'silent' });
  }

  /** A name for logs and errors; the class name unless overridden. */
  get agentName(): string {
    return this.constructor.name;
  }

  /** UES access for this assessment; during a turn its calls observe the turn's cancel signal. */
  protected get ues(): PurpleUESClient {
    const client = this.turnUes ?? this.baseUes;
    if (client === undefined) throw new AgentNotInitializedError(this.agentName);
    return client;
  }

  /** The `assessment_start` data, once received. */
  protected get assessment(): AssessmentContext {
    if (this.context === undefined) throw new AgentNotInitializedError(this.agentName);
    return this.context;
  }

  get isInitialized(): boolean {
    return this.context !== undefined;
  }

  /**
   * Stores UES access. Override `onAssessmentStart` (not this) for setup of your own; it runs
   * after the UES client exists.
   */
  async initialize(context: AssessmentContext): Promise<void> {
    this.context = context;
    this.baseUes = this.createUesClient(context);
    await this.onAssessmentStart(context);
  }

  /**
   * How this agent's UES client retries transient failures (the server sets it from
   * `ues_retry_delay_ms`); takes effect at the next `assessment_start`.
   */
  useUesRetry(retry: RetryOptions): void {
    this.uesRetry = retry;
  }

  /** Builds the UES client; tests and unusual deployments may override it. */
  protected createUesClient(context: AssessmentContext): PurpleUESClient {
    return PurpleUESClient.connect(
      context.uesUrl,
      context.apiKey,
      this.uesRetry === undefined ? {} : { retry: this.uesRetry },
    );
  }

  /** Hook: runs at the end of `initialize`. Default: nothing. */
  protected async onAssessmentStart(_context: AssessmentContext): Promise<void> {}

  /**
   * The user's instructions: every user message of the `user-assistant` chat conversation,
   * oldest first, separated by blank lines ('' when there are none yet).
   */
  async getUserInstructions(): Promise<string> {
    const messages = await this.ues.getUserMessages();
    return messages
      .map(chatMessageText)
      .map((text) => text.trim())
      .filter((text) => text !== '')
      .join('\n\n');
  }

  /** Does the work of one turn. Throwing fails the turn (the green logs it and goes on). */
  abstract executeTurn(turn: TurnContext): Promise<TurnOutcome>;

  /** Hook: the assessment is over; release resources. Default: nothing. */
  async onAssessmentComplete(_reason: AssessmentEndReason): Promise<void> {}

  /** Runs `executeTurn` with `this.ues` bound to the turn's signal. Called by the handler. */
  async runTurn(turn: TurnContext): Promise<TurnOutcome> {
    const base = this.ues;
    this.turnUes = base.withSignal(turn.signal);
    try {
      return await this.executeTurn(turn);
    } finally {
      this.turnUes = undefined;
    }
  }
}
