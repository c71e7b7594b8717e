import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk';
import { InMemoryTaskStore, ServerCallContext } from '@a2a-js/sdk/server';
import { describe, expect, it } from 'vitest';
import { HistorySharingTaskStore } from '../../../src/protocol/a2a/task-store.js';

const message = (id: string): Message =>
  ({ messageId: id, role: Role.ROLE_AGENT, parts: [{ text: `update ${id}` }] }) as unknown as Message;

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
});
