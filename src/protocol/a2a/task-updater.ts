import { TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { buildMessage, textPart, type JsonObject } from './parts.js';
import { isTerminalState, taskStateName } from './task-states.js';

/**
 * Publishes task lifecycle events for one task on an SDK event bus — the JS SDK has no
 * equivalent of Python's TaskUpdater. A task reaches exactly one terminal state: later status or
 * artifact publishes are refused (logged, `false` returned), never thrown into the executor.
 */

/** A status message given as plain text or as a ready Message. */
export type StatusMessage = string | Message;

export interface ArtifactSpec {
  name: string;
  parts: Part[];
  artifactId?: string;
  description?: string;
  metadata?: JsonObject;
  /** Append these parts to an artifact with the same id published before. */
  append?: boolean;
  lastChunk?: boolean;
}

export interface TaskUpdaterOptions {
  logger?: Logger;
  /** Clock for status timestamps; injectable for tests. */
  now?: () => Date;
}

export class TaskUpdater {
  readonly taskId: string;
  readonly contextId: string;
  private readonly bus: ExecutionEventBus;
  private readonly logger: Logger | undefined;
  private readonly now: () => Date;
  private started = false;
  private currentState: TaskState | undefined;

  constructor(bus: ExecutionEventBus, taskId: string, contextId: string, options: TaskUpdaterOptions = {}) {
    this.bus = bus;
    this.taskId = taskId;
    this.contextId = contextId;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
  }

  /** An updater for the task the SDK assigned to this request. */
  static forRequest(
    context: RequestContext,
    bus: ExecutionEventBus,
    options?: TaskUpdaterOptions,
  ): TaskUpdater {
    return new TaskUpdater(bus, context.taskId, context.contextId, options);
  }

  get state(): TaskState | undefined {
    return this.currentState;
  }

  get isTerminal(): boolean {
    return isTerminalState(this.currentState);
  }

  /**
   * Publishes the task itself, which the SDK requires as the first event of every execution —
   * the existing task on follow-up messages, otherwise a new SUBMITTED task.
   */
  startTask(context: RequestContext): boolean {
    if (this.started) return this.refuse('startTask called twice');
    const task: Task = context.task ?? {
      id: this.taskId,
      contextId: this.contextId,
      status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: this.timestamp() },
      artifacts: [],
      history: [context.userMessage],
      metadata: undefined,
    };
    if (!this.publish(AgentEvent.task(task))) return false;
    this.started = true;
    this.currentState = task.status?.state;
    return true;
  }

  /** Publishes a status update. Returns false (and publishes nothing) once the task is terminal. */
  status(state: TaskState, message?: StatusMessage, metadata?: JsonObject): boolean {
    if (this.isTerminal) {
      return this.refuse(
        `status ${taskStateName(state)} after terminal state ${taskStateName(this.currentState)}`,
      );
    }
    const published = this.publish(
      AgentEvent.statusUpdate({
        taskId: this.taskId,
        contextId: this.contextId,
        status: { state, message: this.toMessage(message), timestamp: this.timestamp() },
        metadata,
      }),
    );
    if (published) this.currentState = state;
    return published;
  }

  working(message?: StatusMessage, metadata?: JsonObject): boolean {
    return this.status(TaskState.TASK_STATE_WORKING, message, metadata);
  }

  complete(message?: StatusMessage): boolean {
    return this.status(TaskState.TASK_STATE_COMPLETED, message);
  }

  failed(message?: StatusMessage): boolean {
    return this.status(TaskState.TASK_STATE_FAILED, message);
  }

  /** Ends the task because the request itself was invalid (AgentBeats templates do this). */
  reject(message?: StatusMessage): boolean {
    return this.status(TaskState.TASK_STATE_REJECTED, message);
  }

  canceled(message?: StatusMessage): boolean {
    return this.status(TaskState.TASK_STATE_CANCELED, message);
  }

  inputRequired(message?: StatusMessage): boolean {
    return this.status(TaskState.TASK_STATE_INPUT_REQUIRED, message);
  }

  /** Publishes an artifact. Refused after the terminal state, since clients stop reading there. */
  addArtifact(spec: ArtifactSpec): boolean {
    if (this.isTerminal) return this.refuse(`artifact "${spec.name}" after terminal state`);
    return this.publish(
      AgentEvent.artifactUpdate({
        taskId: this.taskId,
        contextId: this.contextId,
        artifact: {
          artifactId: spec.artifactId ?? randomUUID(),
          name: spec.name,
          description: spec.description ?? '',
          parts: spec.parts,
          metadata: spec.metadata,
          extensions: [],
        },
        append: spec.append ?? false,
        lastChunk: spec.lastChunk ?? true,
        metadata: undefined,
      }),
    );
  }

  /** A message from this agent, bound to this task and context. */
  agentMessage(parts: Part[]): Message {
    return buildMessage(parts, { role: 'agent', taskId: this.taskId, contextId: this.contextId });
  }

  private toMessage(message: StatusMessage | undefined): Message | undefined {
    if (message === undefined) return undefined;
    return typeof message === 'string' ? this.agentMessage([textPart(message)]) : message;
  }

  private timestamp(): string {
    return this.now().toISOString();
  }

  private publish(event: Parameters<ExecutionEventBus['publish']>[0]): boolean {
    try {
      this.bus.publish(event);
      return true;
    } catch (error) {
      // A broken bus must not crash the executor mid-assessment; the caller sees `false`.
      this.logger?.error(
        { err: error, taskId: this.taskId, kind: event.kind },
        'publishing a task event failed',
      );
      return false;
    }
  }

  private refuse(reason: string): false {
    this.logger?.warn({ taskId: this.taskId }, `task event refused: ${reason}`);
    return false;
  }
}
