import type { ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { describe, expect, it } from 'vitest';
import { LazyGreenExecutor } from '../../../src/green/executor/lazy-executor.js';

/** The executor a green starts with, loaded by its first request (assessments run through it elsewhere). */

const context = {} as RequestContext;
const bus = {} as ExecutionEventBus;

describe('LazyGreenExecutor', () => {
  it('loads nothing to shut down, cancel or count before its first request', async () => {
    let calls = 0;
    const executor = new LazyGreenExecutor(() => {
      calls++;
      return Promise.reject(new Error('not expected'));
    });
    executor.setPublicBaseUrl('http://127.0.0.1:1/');
    await executor.cancelTask('task-1', bus);
    expect(executor.activeContexts).toBe(0);
    await executor.shutdown();
    expect(calls).toBe(0);
  });

  it("reports a failed load to its request and tries again with the next one's", async () => {
    let calls = 0;
    const executor = new LazyGreenExecutor(() => Promise.reject(new Error(`load ${++calls} failed`)));
    await expect(executor.execute(context, bus)).rejects.toThrow('load 1 failed');
    await expect(executor.execute(context, bus)).rejects.toThrow('load 2 failed');
    // A shutdown after failed loads has nothing to stop and does not fail.
    await executor.shutdown();
    expect(calls).toBe(2);
  });
});
