import { describe, expect, it } from 'vitest';
import { SimulationEngine } from '../../../../src/ues/server/core/engine.js';
import { ModalityRegistry } from '../../../../src/ues/server/core/environment.js';
import { UesError } from '../../../../src/ues/server/core/errors.js';
import { MAX_TIME_MS, parseTime } from '../../../../src/ues/server/core/time.js';
import { counterModality, type CounterState } from './counter-modality.js';

const T0 = parseTime('2025-01-01T12:00:00Z')!;
const MIN = 60_000;

function makeEngine(wall = { now: 1_000_000 }) {
  const engine = new SimulationEngine({
    registry: new ModalityRegistry([counterModality]),
    startTime: T0,
    wallClock: () => wall.now,
  });
  const counter = () => engine.states.get('counter') as CounterState;
  const at = (minutes: number, data: Record<string, unknown>, priority = 50) =>
    engine.schedule({ scheduledTime: T0 + minutes * MIN, modality: 'counter', data, priority });
  return { engine, counter, at, wall };
}

const statusOf = (error: unknown) => (error instanceof UesError ? error.status : undefined);

describe('SimulationEngine time and execution', () => {
  it('refuses to advance while stopped or paused, and holds block with 409', () => {
    const { engine } = makeEngine();
    expect(() => engine.advance(1000)).toThrowError(/not running/);
    engine.start({ autoAdvance: false, timeScale: 1 });
    engine.pause();
    expect(() => engine.advance(1000)).toThrowError(/paused/);
    engine.resume();
    const hold = engine.holds.acquire({ reason: 'judging' });
    try {
      engine.advance(1000);
      expect.unreachable();
    } catch (error) {
      expect(statusOf(error)).toBe(409);
      expect((error as UesError).detail).toMatchObject({
        active_holds: [{ hold_id: hold.hold_id, reason: 'judging' }],
      });
    }
    engine.holds.release(hold.hold_id);
    expect(engine.advance(1000).current).toBe(T0 + 1000);
  });

  it('executes due events in (time, priority desc, creation) order and keeps going after a failure', () => {
    const { engine, counter, at } = makeEngine();
    engine.start({ autoAdvance: false, timeScale: 1 });
    at(10, { amount: 1, label: 'late' });
    at(5, { amount: 1, label: 'low' }, 10);
    at(5, { operation: 'fail', label: 'broken' }, 60);
    at(5, { amount: 1, label: 'high' }, 90);
    at(5, { amount: 1, label: 'high-second' }, 90);
    at(30, { amount: 1, label: 'future' });
    const result = engine.advance(10 * MIN);
    expect(counter().applied).toEqual(['high', 'high-second', 'low', 'late']);
    expect(counter().total).toBe(4); // the failed event's partial change was rolled back
    expect(result.details.map((detail) => detail.status)).toEqual([
      'executed',
      'executed',
      'failed',
      'executed',
      'executed',
    ]);
    const failed = engine.queue.all().find((event) => event.status === 'failed')!;
    expect(failed.error_message).toBe('ValueError: told to fail');
    expect(failed.executed_at).toBe(T0 + 10 * MIN);
    expect(engine.queue.counts()).toMatchObject({ pending: 1, executed: 4, failed: 1 });
  });

  it('refuses past events (409) and bad payloads (422, then 400 for operation rules)', () => {
    const { engine, at } = makeEngine();
    expect(statusOf(catchError(() => at(-1, { amount: 1 })))).toBe(409);
    expect(statusOf(catchError(() => at(1, { operation: 'explode' })))).toBe(422);
    expect(statusOf(catchError(() => at(1, { operation: 'add' })))).toBe(400);
    expect(
      statusOf(
        catchError(() => engine.schedule({ scheduledTime: T0, modality: 'nope', data: {}, priority: 1 })),
      ),
    ).toBe(404);
  });

  it('forward set skips events without running them; backward set rolls executed ones back', () => {
    const { engine, counter, at } = makeEngine();
    engine.start({ autoAdvance: false, timeScale: 1 });
    at(5, { amount: 1 });
    at(15, { amount: 10 });
    at(25, { amount: 100 });
    engine.advance(10 * MIN);
    expect(counter().total).toBe(1);
    const forward = engine.setTime(T0 + 20 * MIN);
    expect(forward.skipped).toBe(1);
    expect(counter().total).toBe(1);
    engine.advance(10 * MIN);
    expect(counter().total).toBe(101);
    const backward = engine.setTime(T0);
    expect(backward).toMatchObject({ rolledBack: 2, resetSkipped: 1 });
    expect(counter().total).toBe(0);
    expect(engine.queue.counts().pending).toBe(3);
    engine.advance(30 * MIN);
    expect(counter().total).toBe(111);
  });

  it('skip-to-next jumps to the next pending event and runs everything due', () => {
    const { engine, counter, at } = makeEngine();
    engine.start({ autoAdvance: false, timeScale: 1 });
    at(7, { amount: 1 });
    at(7, { amount: 2 });
    at(9, { amount: 4 });
    const result = engine.skipToNext();
    expect(result.current).toBe(T0 + 7 * MIN);
    expect(counter().total).toBe(3);
    expect(result.nextEventTime).toBe(T0 + 9 * MIN);
    engine.skipToNext();
    expect(statusOf(catchError(() => engine.skipToNext()))).toBe(404);
  });

  it('reset undoes everything and re-arms every event; clear empties the world', () => {
    const { engine, counter, at } = makeEngine();
    engine.start({ autoAdvance: false, timeScale: 1 });
    at(1, { amount: 5 });
    engine.executeImmediate('counter', { amount: 7 }, 'ues_key');
    engine.advance(2 * MIN);
    expect(counter().total).toBe(12);
    expect(counter().updateCount).toBe(2);
    const reset = engine.reset();
    expect(reset).toMatchObject({ eventsUndone: 2, undoErrors: [] });
    expect(counter().total).toBe(0);
    expect(counter().updateCount).toBe(0);
    expect(engine.isRunning).toBe(false);
    const cleared = engine.clear(T0 - 60 * MIN);
    expect(cleared.eventsRemoved).toBe(2);
    expect(engine.now).toBe(T0 - 60 * MIN);
  });

  it('undo and redo walk the history; a new action clears redo', () => {
    const { engine, counter } = makeEngine();
    engine.executeImmediate('counter', { amount: 1 }, null);
    engine.executeImmediate('counter', { amount: 2 }, null);
    expect(engine.undo(5)).toHaveLength(2);
    expect(counter().total).toBe(0);
    expect(engine.redo(1)).toHaveLength(1);
    expect(counter().total).toBe(1);
    engine.executeImmediate('counter', { amount: 4 }, null);
    expect(engine.canRedo).toBe(false);
    expect(counter().total).toBe(5);
  });

  it('auto-advance moves simulated time at time_scale × wall time and fires due events', () => {
    const { engine, counter, at, wall } = makeEngine();
    at(1, { amount: 1 });
    engine.start({ autoAdvance: true, timeScale: 60 });
    wall.now += 2000; // two wall seconds = two simulated minutes
    engine.autoTick();
    expect(engine.now).toBe(T0 + 2 * MIN);
    expect(counter().total).toBe(1);
    engine.pause();
    wall.now += 5000;
    engine.autoTick();
    engine.resume();
    engine.autoTick();
    expect(engine.now).toBe(T0 + 2 * MIN); // paused time does not build up a jump
    engine.stop();
  });

  it('auto-advance at a huge time_scale stops at the last representable instant', () => {
    const { engine, wall } = makeEngine();
    engine.start({ autoAdvance: true, timeScale: 1e300 });
    wall.now += 1000;
    engine.autoTick();
    expect(engine.now).toBe(MAX_TIME_MS);
    wall.now += 1000;
    engine.autoTick();
    expect(engine.now).toBe(MAX_TIME_MS);
    expect(engine.clock.toResponse().current_time).toBe('9999-12-31T23:59:59.999Z');
    expect(statusOf(catchError(() => engine.setTime(MAX_TIME_MS + 1)))).toBe(422);
    expect(engine.now).toBe(MAX_TIME_MS);
    engine.stop();
  });

  it('immediate actions are attributed and run inside the call', () => {
    const { engine, counter } = makeEngine();
    const event = engine.executeImmediate('counter', { amount: 3 }, 'ues_abc');
    expect(event).toMatchObject({
      status: 'executed',
      agent_id: 'ues_abc',
      metadata: { created_by_key: 'ues_abc' },
      priority: 100,
    });
    expect(counter().total).toBe(3);
  });

  it('replays what ran elsewhere at its time, atomically, without history or log entries', () => {
    const { engine, counter } = makeEngine();
    const original = engine.executeImmediate('counter', { amount: 3, label: 'three' }, 'k');
    const copy = makeEngine();
    const journal = copy.engine.replay('counter', original.data, T0 + 5 * MIN);
    expect(copy.counter().total).toBe(3);
    expect(copy.counter().applied).toEqual(['three']);
    expect(copy.counter().updateCount).toBe(counter().updateCount);
    expect(copy.engine.now).toBe(T0 + 5 * MIN);
    expect(journal.size).toBeGreaterThan(0);
    expect(copy.engine.canUndo).toBe(false);
    expect(copy.engine.executionLog.after(undefined, 10).events).toEqual([]);
    const failing = engine.executeImmediate('counter', { operation: 'fail' }, 'k');
    expect(() => copy.engine.replay('counter', failing.data, T0 + 6 * MIN)).toThrowError(/told to fail/);
    expect(copy.counter().total).toBe(3);
    expect(copy.counter().applied).toEqual(['three']);
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
