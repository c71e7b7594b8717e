import { describe, expect, it } from 'vitest';
import { UesProxyRegistry } from '../../../src/green/runtime/index.js';

/** Closing a purple's access: new requests refused at once, those in flight drained (or cut off). */

describe('UesProxyRegistry access', () => {
  it('refuses new requests once closed and resolves when the ones in flight are done', async () => {
    const registry = new UesProxyRegistry();
    registry.register('ctx', 'http://127.0.0.1:1/');
    const first = registry.admit('ctx');
    if (first.kind !== 'admitted') throw new Error('expected admission');
    let drained = false;
    const closing = registry.closeAccess('ctx', 'the turns are over').then(() => (drained = true));
    expect(registry.admit('ctx')).toEqual({ kind: 'closed', reason: 'the turns are over' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    first.request.done();
    await closing;
    expect(registry.inflight('ctx')).toBe(0);
    registry.openAccess('ctx');
    expect(registry.admit('ctx').kind).toBe('admitted');
  });

  it('cuts off requests still in flight after the grace period', async () => {
    const registry = new UesProxyRegistry();
    registry.register('ctx', 'http://127.0.0.1:1/');
    const slow = registry.admit('ctx');
    if (slow.kind !== 'admitted') throw new Error('expected admission');
    await registry.closeAccess('ctx', 'done', 10);
    expect(slow.request.signal.aborted).toBe(true);
    expect(String(slow.request.signal.reason)).toContain('cut off: done');
  });

  it('an unknown context is reported as such', () => {
    expect(new UesProxyRegistry().admit('nope')).toEqual({ kind: 'unknown' });
  });
});
