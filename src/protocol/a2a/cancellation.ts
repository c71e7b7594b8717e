import { setMaxListeners } from 'node:events';

/**
 * Abort listeners a task's signal may hold before Node warns. Every concurrent model call of an
 * assessment (judge, characters, scenario checks — a dozen or more at once, each with a few
 * listeners that are removed when it ends) listens to the task's signal, so Node's default of 10
 * produced a MaxListenersExceededWarning on every LLM-judged run.
 */
export const TASK_SIGNAL_MAX_LISTENERS = 1_000;

/**
 * One AbortController per running task, so `AgentExecutor.cancelTask` can stop the matching
 * `execute` call (the SDK's cancel waits until execute publishes `canceled`).
 */
export class TaskAbortRegistry {
  private readonly controllers = new Map<string, AbortController>();

  /** Registers a task and returns the signal its work should observe. */
  register(taskId: string): AbortSignal {
    const existing = this.controllers.get(taskId);
    if (existing !== undefined && !existing.signal.aborted) return existing.signal;
    const controller = new AbortController();
    setMaxListeners(TASK_SIGNAL_MAX_LISTENERS, controller.signal);
    this.controllers.set(taskId, controller);
    return controller.signal;
  }

  signal(taskId: string): AbortSignal | undefined {
    return this.controllers.get(taskId)?.signal;
  }

  has(taskId: string): boolean {
    return this.controllers.has(taskId);
  }

  get size(): number {
    return this.controllers.size;
  }

  /** Aborts the task's work. Returns false when the task is unknown (already finished). */
  abort(taskId: string, reason: unknown = new Error(`task ${taskId} was canceled`)): boolean {
    const controller = this.controllers.get(taskId);
    if (controller === undefined) return false;
    controller.abort(reason);
    return true;
  }

  /** Forgets the task; call when its `execute` returns. */
  release(taskId: string): void {
    this.controllers.delete(taskId);
  }

  /** Aborts every registered task, e.g. on server shutdown. Returns how many were aborted. */
  abortAll(reason: unknown = new Error('the server is shutting down')): number {
    let count = 0;
    for (const controller of this.controllers.values()) {
      if (!controller.signal.aborted) {
        controller.abort(reason);
        count += 1;
      }
    }
    return count;
  }

  /**
   * Runs `work` with the task's signal and releases the task afterwards, whatever happens.
   */
  async run<T>(taskId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = this.register(taskId);
    try {
      return await work(signal);
    } finally {
      this.release(taskId);
    }
  }
}
