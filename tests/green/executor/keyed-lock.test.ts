import { describe, expect, it } from 'vitest';
import { KeyedLock } from '../../../src/green/executor/index.js';

describe('KeyedLock', () => {
  it('serializes holders of one key in arrival order and lets other keys run', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const releaseA1 = await lock.acquire('a');
    const a2 = lock.acquire('a').then((release) => {
      order.push('a2');
      return release;
    });
    const a3 = lock.acquire('a').then((release) => {
      order.push('a3');
      release();
    });
    const releaseB = await lock.acquire('b');
    order.push('b');
    releaseB();
    expect(order).toEqual(['b']);
    releaseA1();
    (await a2)();
    await a3;
    expect(order).toEqual(['b', 'a2', 'a3']);
    expect(lock.size).toBe(0);
  });

  it('gives up a place in line when aborted, without blocking those behind', async () => {
    const lock = new KeyedLock();
    const release = await lock.acquire('ctx');
    const controller = new AbortController();
    const abandoned = lock.acquire('ctx', controller.signal);
    const next = lock.acquire('ctx');
    controller.abort(new Error('canceled while waiting'));
    await expect(abandoned).rejects.toThrow('canceled while waiting');
    release();
    (await next)();
    expect(lock.size).toBe(0);
  });
});
