import type { Message, Task } from '@a2a-js/sdk';
import { InMemoryTaskStore, type ServerCallContext } from '@a2a-js/sdk/server';

/**
 * The SDK's in-memory task store without its quadratic cost on long tasks. The SDK's store
 * deep-copies the whole task on every load and save, and its result manager loads and saves the
 * task for each status update, whose message joins the task's history: an assessment of 480
 * turns (thousands of updates) spent most of its time copying its own history. Here the history
 * is kept beside the task, and a load hands out a new array of the same messages — which the SDK
 * never changes in place (it copies a message before adding it, and replaces the array) — so an
 * update costs what it adds. Loads, saves and lists answer exactly what the SDK's store answers.
 *
 * Histories are keyed by task id: ids are unique (the server makes them), and a task is only
 * given its history when the SDK's store, which scopes tasks by tenant and owner, finds it.
 */
export class HistorySharingTaskStore extends InMemoryTaskStore {
  private readonly histories = new Map<string, readonly Message[]>();

  override async save(task: Task, context: ServerCallContext): Promise<void> {
    this.histories.set(task.id, [...(task.history ?? [])]);
    await super.save({ ...task, history: [] }, context);
  }

  override async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const task = await super.load(taskId, context);
    return task === undefined ? undefined : this.withHistory(task);
  }

  override async list(...args: Parameters<InMemoryTaskStore['list']>): ReturnType<InMemoryTaskStore['list']> {
    const page = await super.list(...args);
    return { ...page, tasks: page.tasks.map((task) => this.withHistory(task)) };
  }

  private withHistory(task: Task): Task {
    return { ...task, history: [...(this.histories.get(task.id) ?? [])] };
  }
}
