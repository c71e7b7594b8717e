import { Role, TaskState, type Task } from '@a2a-js/sdk';
import type { AgentExecutionEvent, ExecutionEventBus } from '@a2a-js/sdk/server';
import { describe, expect, it } from 'vitest';
import {
  TaskUpdater,
  dataPart,
  isTerminalState,
  taskStateName,
  textPart,
} from '../../../src/protocol/index.js';
import { recordingBus, requestContext } from './recording-bus.js';

const fixedNow = () => new Date('2026-11-22T10:00:00.000Z');

function statusStates(events: AgentExecutionEvent[]): TaskState[] {
  return events.flatMap((event) => (event.kind === 'statusUpdate' ? [event.data.status!.state] : []));
}

describe('TaskUpdater', () => {
  it('publishes a new SUBMITTED task holding the user message first', () => {
    const { bus, events } = recordingBus();
    const context = requestContext();
    const updater = TaskUpdater.forRequest(context, bus, { now: fixedNow });
    expect(updater.startTask(context)).toBe(true);
    expect(events).toHaveLength(1);
    const [first] = events;
    expect(first?.kind).toBe('task');
    const task = first!.data as Task;
    expect(task).toMatchObject({ id: 'task-1', contextId: 'ctx-1', artifacts: [] });
    expect(task.status).toEqual({
      state: TaskState.TASK_STATE_SUBMITTED,
      message: undefined,
      timestamp: '2026-11-22T10:00:00.000Z',
    });
    expect(task.history).toEqual([context.userMessage]);
  });

  it('re-publishes the existing task on follow-up messages', () => {
    const existing: Task = {
      id: 'task-9',
      contextId: 'ctx-9',
      status: { state: TaskState.TASK_STATE_INPUT_REQUIRED, message: undefined, timestamp: undefined },
      artifacts: [],
      history: [],
      metadata: undefined,
    };
    const { bus, events } = recordingBus();
    const context = requestContext({ task: existing });
    const updater = TaskUpdater.forRequest(context, bus);
    updater.startTask(context);
    expect(events[0]).toEqual({ kind: 'task', data: existing });
    expect(updater.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(updater.startTask(context)).toBe(false);
    expect(events).toHaveLength(1);
  });

  it('publishes agent-role status messages with timestamps', () => {
    const { bus, events } = recordingBus();
    const updater = new TaskUpdater(bus, 't', 'c', { now: fixedNow });
    updater.working('step 1', { progress: 0.5 });
    const event = events[0];
    expect(event?.kind).toBe('statusUpdate');
    if (event?.kind !== 'statusUpdate') return;
    expect(event.data).toMatchObject({ taskId: 't', contextId: 'c', metadata: { progress: 0.5 } });
    expect(event.data.status?.timestamp).toBe('2026-11-22T10:00:00.000Z');
    const message = event.data.status?.message;
    expect(message?.role).toBe(Role.ROLE_AGENT);
    expect(message).toMatchObject({ taskId: 't', contextId: 'c' });
    expect(message?.parts).toEqual([textPart('step 1')]);
  });

  it('allows exactly one terminal state and refuses everything after it without throwing', () => {
    const { bus, events } = recordingBus();
    const updater = new TaskUpdater(bus, 't', 'c');
    expect(updater.working()).toBe(true);
    expect(updater.isTerminal).toBe(false);
    expect(updater.failed('boom')).toBe(true);
    expect(updater.isTerminal).toBe(true);

    expect(updater.complete()).toBe(false);
    expect(updater.failed('again')).toBe(false);
    expect(updater.canceled()).toBe(false);
    expect(updater.reject()).toBe(false);
    expect(updater.working('late')).toBe(false);
    expect(updater.inputRequired('late')).toBe(false);
    expect(updater.addArtifact({ name: 'Result', parts: [dataPart({ a: 1 })] })).toBe(false);

    expect(statusStates(events)).toEqual([TaskState.TASK_STATE_WORKING, TaskState.TASK_STATE_FAILED]);
    expect(updater.state).toBe(TaskState.TASK_STATE_FAILED);
  });

  it.each([
    ['complete', TaskState.TASK_STATE_COMPLETED],
    ['failed', TaskState.TASK_STATE_FAILED],
    ['reject', TaskState.TASK_STATE_REJECTED],
    ['canceled', TaskState.TASK_STATE_CANCELED],
  ] as const)('%s is terminal', (method, state) => {
    const { bus, events } = recordingBus();
    const updater = new TaskUpdater(bus, 't', 'c');
    expect(updater[method]()).toBe(true);
    expect(statusStates(events)).toEqual([state]);
    expect(updater.isTerminal).toBe(true);
    expect(isTerminalState(state)).toBe(true);
  });

  it('treats input-required as non-terminal', () => {
    const { bus } = recordingBus();
    const updater = new TaskUpdater(bus, 't', 'c');
    updater.inputRequired('need more');
    expect(updater.isTerminal).toBe(false);
    expect(updater.complete()).toBe(true);
  });

  it('publishes artifacts before the terminal state', () => {
    const { bus, events } = recordingBus();
    const updater = new TaskUpdater(bus, 't', 'c');
    const parts = [textPart('summary'), dataPart({ score: 1 })];
    expect(updater.addArtifact({ name: 'Result', parts, artifactId: 'a-1', description: 'results' })).toBe(
      true,
    );
    updater.complete();
    expect(events[0]).toEqual({
      kind: 'artifactUpdate',
      data: {
        taskId: 't',
        contextId: 'c',
        artifact: {
          artifactId: 'a-1',
          name: 'Result',
          description: 'results',
          parts,
          metadata: undefined,
          extensions: [],
        },
        append: false,
        lastChunk: true,
        metadata: undefined,
      },
    });
  });

  it('reports a failing bus as false instead of throwing into the executor', () => {
    const broken = {
      publish: () => {
        throw new Error('bus closed');
      },
    } as unknown as ExecutionEventBus;
    const updater = new TaskUpdater(broken, 't', 'c');
    expect(updater.working('x')).toBe(false);
    expect(updater.complete()).toBe(false);
    expect(updater.isTerminal).toBe(false);
  });

  it('names task states in the v0.3 spelling', () => {
    expect(taskStateName(TaskState.TASK_STATE_INPUT_REQUIRED)).toBe('input-required');
    expect(taskStateName(TaskState.TASK_STATE_COMPLETED)).toBe('completed');
    expect(taskStateName(undefined)).toBe('unknown');
  });
});
