import type { Message, Task } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore, type ServerCallContext } from '@a2a-js/sdk/server';

/**
 * The SDK's in-memory task store without its cost growing with a task's history. The SDK's result
 * manager loads and saves the task for every status update, whose message joins the history, and
 * each time it searches the history for the message and copies it to append one; the SDK's store
 * deep-copies the whole task on every load and save besides. An assessment of 480 turns sends tens
 * of thousands of updates: most of its time went into copying its own history.
 *
 * Here the history is kept beside the task, and a load hands out only its working window — the
 * newest `workingWindow` messages, as a new array of the same message objects (the SDK never
 * changes a message in place: it copies one before adding it, and replaces the array) — so an
 * update costs the same on the first turn and the last. Older messages are archived as the window
 * moves on. The whole history is what `tasks/get` (HistoryServingRequestHandler) and `tasks/list`
 * answer; the task snapshots the SDK serves from a load (a stream's `task` event, cancel and
 * resubscribe answers) carry the working window.
 *
 * Histories are keyed by task id: ids are unique (the server makes them), and a task is only given
 * its history when the SDK's store, which scopes tasks by tenant and owner, finds it.
 */

const DEFAULT_WORKING_WINDOW = 500;

interface StoredHistory {
  /** Messages older than the working window, oldest first. */
  archived: Message[];
  /** The working window, oldest first. */
  recent: readonly Message[];
}

export class HistorySharingTaskStore extends InMemoryTaskStore {
  private readonly histories = new Map<string, StoredHistory>();
  private readonly workingWindow: number;

  constructor(options: { workingWindow?: number } = {}) {
    super();
    this.workingWindow = options.workingWindow ?? DEFAULT_WORKING_WINDOW;
  }

  override async save(task: Task, context: ServerCallContext): Promise<void> {
    this.histories.set(task.id, this.merged(task.id, task.history ?? []));
    await super.save({ ...task, history: [] }, context);
  }

  override async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const task = await super.load(taskId, context);
    return task === undefined
      ? undefined
      : { ...task, history: [...(this.histories.get(task.id)?.recent ?? [])] };
  }

  override async list(...args: Parameters<InMemoryTaskStore['list']>): ReturnType<InMemoryTaskStore['list']> {
    const page = await super.list(...args);
    return { ...page, tasks: page.tasks.map((task) => ({ ...task, history: this.wholeHistory(task.id) })) };
  }

  /** Every message of the task, oldest first; undefined when the caller may not see the task. */
  async history(taskId: string, context: ServerCallContext): Promise<Message[] | undefined> {
    return (await super.load(taskId, context)) === undefined ? undefined : this.wholeHistory(taskId);
  }

  private wholeHistory(taskId: string): Message[] {
    const stored = this.histories.get(taskId);
    return stored === undefined ? [] : [...stored.archived, ...stored.recent];
  }

  /**
   * The history after saving `history`. A history that starts where the working window started is
   * the window, edited (messages appended): the archive stays. Any other replaces the whole
   * history, as it would in the SDK's store.
   */
  private merged(taskId: string, history: readonly Message[]): StoredHistory {
    const stored = this.histories.get(taskId);
    const first = stored?.recent[0];
    const continues = first !== undefined && history[0]?.messageId === first.messageId;
    const archived = continues ? stored!.archived : [];
    const overflow = history.length - this.workingWindow;
    if (overflow <= 0) return { archived, recent: [...history] };
    for (let index = 0; index < overflow; index++) archived.push(history[index]!);
    return { archived, recent: history.slice(overflow) };
  }
}

/** The SDK's request handler, whose `tasks/get` answers the whole history of a HistorySharingTaskStore's task. */
export class HistoryServingRequestHandler extends DefaultRequestHandler {
  private readonly histories: HistorySharingTaskStore | undefined;

  constructor(...args: ConstructorParameters<typeof DefaultRequestHandler>) {
    super(...args);
    const store = args[1];
    this.histories = store instanceof HistorySharingTaskStore ? store : undefined;
  }

  override async getTask(
    ...args: Parameters<DefaultRequestHandler['getTask']>
  ): ReturnType<DefaultRequestHandler['getTask']> {
    const task = await super.getTask(...args);
    const [params, context] = args;
    const history = await this.histories?.history(task.id, context);
    if (history === undefined) return task;
    // `historyLength` as the SDK reads it: absent, all of it; zero or less, none; else the newest n.
    const length = params.historyLength;
    return {
      ...task,
      history: length === undefined ? history : length <= 0 ? [] : history.slice(-length),
    };
  }
}
