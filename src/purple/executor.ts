import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { Logger } from 'pino';
import { pino } from 'pino';
import {
  GREEN_TO_PURPLE_MESSAGE_TYPES,
  ProtocolError,
  TaskAbortRegistry,
  TaskUpdater,
  dataPart,
  parseMessage,
  payloadOfMessage,
  payloadParts,
  textPart,
  type GreenToPurpleMessage,
} from '../protocol/index.js';
import type { BasePurpleAgent } from './base-agent.js';
import { AssessmentStateError, MissingPayloadError } from './errors.js';
import { AssessmentHandler, type HandlerReply } from './handler.js';

/** Makes the agent for one assessment; each A2A context gets its own instance. */
export type PurpleAgentFactory = () => BasePurpleAgent | Promise<BasePurpleAgent>;

export interface PurpleAgentExecutorOptions {
  createAgent: PurpleAgentFactory;
  logger?: Logger;
  /** How many finished context ids to remember for clear "already complete" errors. */
  rememberFinished?: number;
  /**
   * Most assessments kept at once. A green that dies mid-run never sends assessment_complete, so
   * when a new assessment would exceed this, the least recently active one is dropped.
   */
  maxAssessments?: number;
}

/**
 * The A2A side of a purple: reads the AgentBeats payload (DataPart, else JSON TextPart), keeps one
 * AssessmentHandler per contextId so concurrent assessments never share state, and ends every
 * task in exactly one terminal state:
 * - `completed` with the reply (`turn_complete` / `early_completion`, or an acknowledgement) as
 *   a `Result` artifact and as the final status message;
 * - `rejected` when the message itself is wrong (no payload, unknown `message_type`, invalid
 *   fields, out-of-order lifecycle);
 * - `failed` when the agent could not do its turn;
 * - `canceled` when the green cancels the task.
 */
export class PurpleAgentExecutor implements AgentExecutor {
  private readonly createAgent: PurpleAgentFactory;
  private readonly logger: Logger;
  private readonly handlers = new Map<string, Promise<AssessmentHandler>>();
  private readonly finished = new Map<string, 'complete' | 'dropped'>();
  private readonly rememberFinished: number;
  private readonly maxAssessments: number;
  private readonly aborts = new TaskAbortRegistry();

  constructor(options: PurpleAgentExecutorOptions) {
    this.createAgent = options.createAgent;
    this.logger = options.logger ?? pino({ level: 'silent' });
    this.rememberFinished = options.rememberFinished ?? 1000;
    this.maxAssessments = options.maxAssessments ?? 256;
  }

  /** Assessments in progress (started and not yet complete). */
  get activeAssessments(): number {
    return this.handlers.size;
  }

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const updater = TaskUpdater.forRequest(context, bus, { logger: this.logger });
    if (!updater.startTask(context)) return;
    try {
      await this.aborts.run(context.taskId, (signal) => this.answer(context, updater, signal));
    } catch (error) {
      this.logger.error({ err: error, taskId: context.taskId }, 'purple executor failed unexpectedly');
    } finally {
      if (!updater.isTerminal) updater.failed('internal error: the purple agent ended without a reply');
    }
  }

  async cancelTask(taskId: string, _bus: ExecutionEventBus): Promise<void> {
    this.aborts.abort(taskId, new Error(`task ${taskId} was canceled by the client`));
  }

  /** Aborts every running task (e.g. on shutdown). */
  close(): void {
    this.aborts.abortAll();
  }

  private async answer(context: RequestContext, updater: TaskUpdater, signal: AbortSignal): Promise<void> {
    const contextId = context.contextId;
    let message: GreenToPurpleMessage;
    try {
      message = readMessage(context);
    } catch (error) {
      this.reject(updater, contextId, error);
      return;
    }
    const log = this.logger.child({ contextId, taskId: context.taskId, messageType: message.message_type });
    if (message.message_type === 'turn_start') updater.working(`turn ${message.turn_number}: working`);

    const aborted = new Promise<'aborted'>((resolve) => {
      if (signal.aborted) resolve('aborted');
      signal.addEventListener('abort', () => resolve('aborted'), { once: true });
    });
    const work = this.route(contextId, message, signal);
    // A canceled turn ends at once; the agent's UES calls observe the same signal and stop soon.
    const outcome = await Promise.race([
      work.then(
        (reply) => ({ reply }),
        (error: unknown) => ({ error }),
      ),
      aborted,
    ]);
    if (outcome === 'aborted') {
      work.catch(() => undefined);
      log.info('task canceled');
      updater.canceled(`${message.message_type} canceled`);
      return;
    }
    if ('error' in outcome) {
      const error = outcome.error;
      if (error instanceof AssessmentStateError) {
        this.reject(updater, contextId, error);
        return;
      }
      log.warn({ err: error }, 'the agent failed');
      updater.failed(`${describeFailure(message)}: ${errorText(error)}`);
      return;
    }
    publishReply(updater, outcome.reply);
  }

  private async route(
    contextId: string,
    message: GreenToPurpleMessage,
    signal: AbortSignal,
  ): Promise<HandlerReply> {
    if (message.message_type === 'assessment_start') {
      if (this.handlers.has(contextId) || this.finished.has(contextId)) {
        const phase = this.finished.has(contextId) ? 'over' : 'already running';
        throw new AssessmentStateError(
          contextId,
          'assessment_start',
          `an assessment in this context is ${phase}; start each assessment in a new context`,
        );
      }
      this.makeRoom();
      const created = this.newHandler(contextId);
      this.handlers.set(contextId, created);
      try {
        return await (await created).handle(message, signal);
      } catch (error) {
        // A failed start leaves nothing behind, so the green may retry in the same context.
        this.handlers.delete(contextId);
        throw error;
      }
    }
    const pending = this.handlers.get(contextId);
    if (pending === undefined) {
      if (this.finished.has(contextId)) {
        if (message.message_type === 'assessment_complete')
          return { kind: 'acknowledged', messageType: 'assessment_complete' };
        throw new AssessmentStateError(contextId, message.message_type, this.endedProblem(contextId));
      }
      if (message.message_type === 'assessment_complete') {
        this.logger.warn({ contextId }, 'assessment_complete for an unknown assessment');
        return { kind: 'acknowledged', messageType: 'assessment_complete' };
      }
      throw new AssessmentStateError(
        contextId,
        message.message_type,
        `turn ${message.turn_number} arrived before assessment_start; the green must send assessment_start (with the UES URL and key) first in this context`,
      );
    }
    // Map order is recency order: the first entry is the least recently active assessment.
    this.handlers.delete(contextId);
    this.handlers.set(contextId, pending);
    const handler = await pending;
    const reply = await handler.handle(message, signal).finally(() => {
      if (message.message_type === 'assessment_complete') this.retire(contextId, 'complete');
    });
    return reply;
  }

  private async newHandler(contextId: string): Promise<AssessmentHandler> {
    const agent = await this.createAgent();
    return new AssessmentHandler(agent, { contextId, logger: this.logger });
  }

  private makeRoom(): void {
    while (this.handlers.size >= this.maxAssessments) {
      const oldest = this.handlers.keys().next().value;
      if (oldest === undefined) return;
      this.logger.warn(
        { contextId: oldest, maxAssessments: this.maxAssessments },
        'dropping the least recently active assessment to make room for a new one',
      );
      this.retire(oldest, 'dropped');
    }
  }

  private endedProblem(contextId: string): string {
    return this.finished.get(contextId) === 'dropped'
      ? `this assessment was dropped when the purple reached its limit of ${this.maxAssessments} assessments at once; start a new assessment`
      : 'this assessment is already complete';
  }

  private retire(contextId: string, why: 'complete' | 'dropped'): void {
    this.handlers.delete(contextId);
    this.finished.set(contextId, why);
    if (this.finished.size > this.rememberFinished) {
      const oldest = this.finished.keys().next().value;
      if (oldest !== undefined) this.finished.delete(oldest);
    }
  }

  private reject(updater: TaskUpdater, contextId: string, error: unknown): void {
    this.logger.warn({ contextId, err: error }, 'message rejected');
    updater.reject(`rejected: ${errorText(error)}`);
  }
}

/** The green message in an A2A request; throws MissingPayloadError or ProtocolError. */
function readMessage(context: RequestContext): GreenToPurpleMessage {
  const payload = payloadOfMessage(context.userMessage);
  if (payload === undefined) throw new MissingPayloadError();
  return parseMessage(payload, GREEN_TO_PURPLE_MESSAGE_TYPES);
}

function publishReply(updater: TaskUpdater, reply: HandlerReply): void {
  if (reply.kind === 'turn_reply') {
    const parts = payloadParts(reply.reply);
    updater.addArtifact({ name: 'Result', description: `${reply.reply.message_type} reply`, parts });
    updater.complete(updater.agentMessage(payloadParts(reply.reply)));
    return;
  }
  updater.complete(
    updater.agentMessage([
      dataPart({ acknowledged: reply.messageType }),
      textPart(`${reply.messageType} acknowledged`),
    ]),
  );
}

function describeFailure(message: GreenToPurpleMessage): string {
  return message.message_type === 'turn_start'
    ? `turn ${message.turn_number} failed`
    : `${message.message_type} failed`;
}

function errorText(error: unknown): string {
  if (error instanceof ProtocolError) return `invalid message: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
