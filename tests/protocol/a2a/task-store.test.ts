import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk';
import { InMemoryTaskStore, ServerCallContext } from '@a2a-js/sdk/server';
import { describe, expect, it } from 'vitest';
import { HistorySharingTaskStore } from '../../../src/protocol/a2a/task-store.js';
import { TaskUpdater } from '../../../src/protocol/index.js';
import { serve } from './test-agents.js';

const message = (id: string): Message =>
  ({ messageId: id, role: Role.ROLE_AGENT, parts: [{ text: `update ${id}` }] }) as unknown as Message;

/** A status update's life cycle, as the SDK's result manager runs it: load, append, save. */
async function appendUpdate(
  store: InMemoryTaskStore,
  id: string,
  update: Message,
  context: ServerCallContext,
) {
  const loaded = (await store.load(id, context))!;
  loaded.history = [...loaded.history, update];
  await store.save(loaded, context);
}

const ids = (messages: readonly Message[] | undefined) => (messages ?? []).map((entry) => entry.messageId);

const task = (id: string, history: Message[], state = TaskState.TASK_STATE_WORKING): Task =>
  ({
    id,
    contextId: 'ctx',
    status: { state, timestamp: `2026-01-01T00:00:0${history.length % 10}Z` },
    history,
    artifacts: [],
  }) as unknown as Task;

describe('HistorySharingTaskStore', () => {
  it('answers loads, saves and lists exactly as the SDK’s in-memory store does', async () => {
    const ours = new HistorySharingTaskStore();
    const sdk = new InMemoryTaskStore();
    const owner = new ServerCallContext({ tenant: 'a' });
    const stranger = new ServerCallContext({ tenant: 'b' });
    // A status update's life cycle, as the SDK's result manager runs it: load, append, save.
    for (const store of [ours, sdk]) await store.save(task('t1', [message('m0')]), owner);
    for (let update = 1; update <= 5; update++) {
      for (const store of [ours, sdk]) {
        const loaded = (await store.load('t1', owner))!;
        loaded.status = { ...loaded.status!, timestamp: `2026-01-01T00:00:0${update}Z` };
        loaded.history = [...loaded.history, message(`m${update}`)];
        await store.save(loaded, owner);
      }
    }
    for (const store of [ours, sdk]) await store.save(task('t2', [], TaskState.TASK_STATE_COMPLETED), owner);
    expect(await ours.load('t1', owner)).toEqual(await sdk.load('t1', owner));
    expect((await ours.load('t1', owner))!.history.map((entry) => entry.messageId)).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    expect(await ours.load('t1', stranger)).toBeUndefined();
    expect(await ours.load('missing', owner)).toBeUndefined();
    const params = { pageSize: 10 } as Parameters<InMemoryTaskStore['list']>[0];
    expect(await ours.list(params, owner)).toEqual(await sdk.list(params, owner));
    expect((await ours.list(params, stranger)).tasks).toEqual([]);
  });

  it('keeps what it stored from changes to what it handed out', async () => {
    const store = new HistorySharingTaskStore();
    const context = new ServerCallContext();
    await store.save(task('t1', [message('m0')]), context);
    const loaded = (await store.load('t1', context))!;
    loaded.history.push(message('stray'));
    loaded.status!.state = TaskState.TASK_STATE_FAILED;
    const again = (await store.load('t1', context))!;
    expect(again.history.map((entry) => entry.messageId)).toEqual(['m0']);
    expect(again.status!.state).toBe(TaskState.TASK_STATE_WORKING);
  });

  it('hands out the newest messages to work on, and keeps the whole history for tasks/get and tasks/list', async () => {
    const store = new HistorySharingTaskStore({ workingWindow: 4 });
    const owner = new ServerCallContext({ tenant: 'a' });
    await store.save(task('t1', [message('m0')]), owner);
    for (let update = 1; update <= 10; update++)
      await appendUpdate(store, 't1', message(`m${update}`), owner);
    const all = Array.from({ length: 11 }, (_, index) => `m${index}`);
    expect(ids((await store.load('t1', owner))!.history)).toEqual(['m7', 'm8', 'm9', 'm10']);
    expect(ids(await store.history('t1', owner))).toEqual(all);
    const params = { pageSize: 10 } as Parameters<InMemoryTaskStore['list']>[0];
    expect(ids((await store.list(params, owner)).tasks[0]!.history)).toEqual(all);
    expect(await store.history('t1', new ServerCallContext({ tenant: 'b' }))).toBeUndefined();
    // An artifact update saves the window unchanged; the archive stays.
    await store.save((await store.load('t1', owner))!, owner);
    expect(ids(await store.history('t1', owner))).toEqual(all);
    // A history that does not continue the window replaces the whole history, as in the SDK's store.
    await store.save(task('t1', [message('x0'), message('x1')]), owner);
    expect(ids(await store.history('t1', owner))).toEqual(['x0', 'x1']);
  });

  it('answers tasks/get with the whole history (historyLength as the SDK reads it)', async () => {
    const server = await serve(
      {
        async execute(context, bus) {
          const updater = TaskUpdater.forRequest(context, bus);
          updater.startTask(context);
          for (let update = 1; update <= 12; update++) updater.working(`update ${update}`);
          updater.complete();
        },
        async cancelTask() {},
      },
      { taskStore: new HistorySharingTaskStore({ workingWindow: 3 }) },
    );
    const call = async (method: string, params: unknown) => {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return ((await response.json()) as { result: Record<string, any> }).result;
    };
    try {
      const sent = await call('message/send', {
        message: { kind: 'message', messageId: 'ask', role: 'user', parts: [{ kind: 'text', text: 'go' }] },
      });
      const texts = (history: Array<{ parts: Array<{ text?: string }> }>) =>
        history.map((entry) => entry.parts[0]?.text);
      const updates = Array.from({ length: 12 }, (_, index) => `update ${index + 1}`);
      expect(texts((await call('tasks/get', { id: sent['id'] }))['history'])).toEqual(['go', ...updates]);
      expect(texts((await call('tasks/get', { id: sent['id'], historyLength: 5 }))['history'])).toEqual(
        updates.slice(-5),
      );
      expect((await call('tasks/get', { id: sent['id'], historyLength: 0 }))['history'] ?? []).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
