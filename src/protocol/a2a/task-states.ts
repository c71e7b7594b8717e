import { TaskState } from '@a2a-js/sdk';

/** Task-state helpers. SDK 1.x states are numeric enums; names here use the v0.3 spelling. */

export const TERMINAL_STATES: ReadonlySet<TaskState> = new Set([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
]);

export function isTerminalState(state: TaskState | undefined): boolean {
  return state !== undefined && TERMINAL_STATES.has(state);
}

export type TaskStateName =
  | 'submitted'
  | 'working'
  | 'input-required'
  | 'auth-required'
  | 'completed'
  | 'failed'
  | 'canceled'
  | 'rejected'
  | 'unknown';

const NAMES: Readonly<Partial<Record<TaskState, TaskStateName>>> = {
  [TaskState.TASK_STATE_SUBMITTED]: 'submitted',
  [TaskState.TASK_STATE_WORKING]: 'working',
  [TaskState.TASK_STATE_INPUT_REQUIRED]: 'input-required',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'auth-required',
  [TaskState.TASK_STATE_COMPLETED]: 'completed',
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'canceled',
  [TaskState.TASK_STATE_REJECTED]: 'rejected',
};

export function taskStateName(state: TaskState | undefined): TaskStateName {
  return (state === undefined ? undefined : NAMES[state]) ?? 'unknown';
}
