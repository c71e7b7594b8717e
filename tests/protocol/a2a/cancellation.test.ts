import { describe, expect, it } from 'vitest';
import { TaskAbortRegistry } from '../../../src/protocol/index.js';

describe('TaskAbortRegistry', () => {
  it('aborts only the named task, with the given reason', () => {
    const registry = new TaskAbortRegistry();
    const first = registry.register('a');
    const second = registry.register('b');
    const reason = new Error('user canceled');
    expect(registry.abort('a', reason)).toBe(true);
    expect(first.aborted).toBe(true);
    expect(first.reason).toBe(reason);
    expect(second.aborted).toBe(false);
  });

  it('returns false for unknown or released tasks', () => {
    const registry = new TaskAbortRegistry();
    expect(registry.abort('missing')).toBe(false);
    registry.register('a');
    registry.release('a');
    expect(registry.has('a')).toBe(false);
    expect(registry.abort('a')).toBe(false);
  });

  it('returns the live signal when a task registers twice, and a fresh one after an abort', () => {
    const registry = new TaskAbortRegistry();
    const signal = registry.register('a');
    expect(registry.register('a')).toBe(signal);
    registry.abort('a');
    const next = registry.register('a');
    expect(next).not.toBe(signal);
    expect(next.aborted).toBe(false);
  });

  it('aborts everything on shutdown', () => {
    const registry = new TaskAbortRegistry();
    const signals = ['a', 'b', 'c'].map((id) => registry.register(id));
    registry.abort('b');
    expect(registry.abortAll()).toBe(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(registry.size).toBe(3);
  });

  it('run() hands the work its signal and releases the task even when the work throws', async () => {
    const registry = new TaskAbortRegistry();
    await expect(
      registry.run('a', async (signal) => {
        expect(registry.signal('a')).toBe(signal);
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(registry.has('a')).toBe(false);
    await expect(registry.run('b', async () => 'done')).resolves.toBe('done');
    expect(registry.size).toBe(0);
  });
});
