import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulationEngine } from '../../../../src/ues/server/core/engine.js';
import { ModalityRegistry } from '../../../../src/ues/server/core/environment.js';
import { UesError } from '../../../../src/ues/server/core/errors.js';
import { EVENT_STATUSES, type SimulatorEvent } from '../../../../src/ues/server/core/event.js';
import { parseTime } from '../../../../src/ues/server/core/time.js';
import { counterModality } from './counter-modality.js';

const T0 = parseTime('2025-01-01T12:00:00Z')!;
const MIN = 60_000;

/** The counts as a scan of every event finds them. */
function recount(events: readonly SimulatorEvent[]) {
  const byStatus = Object.fromEntries(EVENT_STATUSES.map((status) => [status, 0]));
  const byModality: Record<string, number> = {};
  for (const event of events) {
    byStatus[event.status]! += 1;
    byModality[event.modality] = (byModality[event.modality] ?? 0) + 1;
  }
  const { pending, executed, failed, skipped, cancelled } = byStatus;
  return { counts: { pending, executed, failed, skipped, cancelled }, byModality };
}

type Op =
  | { kind: 'schedule'; minutes: number; fail: boolean; other: boolean }
  | { kind: 'immediate'; fail: boolean }
  | { kind: 'advance'; minutes: number }
  | { kind: 'set_time'; minutes: number }
  | { kind: 'cancel'; target: number }
  | { kind: 'undo' | 'redo'; count: number }
  | { kind: 'reset' | 'clear' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('schedule' as const),
    minutes: fc.integer({ min: 0, max: 120 }),
    fail: fc.boolean(),
    other: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('immediate' as const), fail: fc.boolean() }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('set_time' as const), minutes: fc.integer({ min: 0, max: 180 }) }),
  fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(100) }),
  fc.record({
    kind: fc.constantFrom('undo' as const, 'redo' as const),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constantFrom('reset' as const, 'clear' as const) }),
);

function apply(engine: SimulationEngine, op: Op): void {
  const data = (fail: boolean) => (fail ? { operation: 'fail' } : { amount: 1 });
  switch (op.kind) {
    case 'schedule':
      engine.schedule({
        scheduledTime: engine.now + op.minutes * MIN,
        modality: op.other ? 'tally' : 'counter',
        data: data(op.fail),
        priority: 50,
      });
      return;
    case 'immediate':
      engine.executeImmediate('counter', data(op.fail), 'key');
      return;
    case 'advance':
      engine.advance(op.minutes * MIN);
      return;
    case 'set_time':
      engine.setTime(T0 + op.minutes * MIN);
      return;
    case 'cancel': {
      const events = engine.queue.all();
      if (events.length > 0) engine.cancel(events[op.target % events.length]!.event_id);
      return;
    }
    case 'undo':
      engine.undo(op.count);
      return;
    case 'redo':
      engine.redo(op.count);
      return;
    case 'reset':
      engine.reset();
      engine.start({ autoAdvance: false, timeScale: 1 });
      return;
    case 'clear':
      engine.clear();
      engine.start({ autoAdvance: false, timeScale: 1 });
      return;
  }
}

describe('EventQueue counts', () => {
  it('are what a scan of every event finds, after any sequence of what changes events', () => {
    fc.assert(
      fc.property(fc.array(opArbitrary, { maxLength: 60 }), (ops) => {
        const engine = new SimulationEngine({
          registry: new ModalityRegistry([counterModality, { ...counterModality, name: 'tally' }]),
          startTime: T0,
        });
        engine.start({ autoAdvance: false, timeScale: 1 });
        for (const op of ops) {
          try {
            apply(engine, op);
          } catch (error) {
            // Refused operations (cancelling a run event, nothing to redo) change nothing.
            if (!(error instanceof UesError)) throw error;
          }
          const expected = recount(engine.queue.all());
          expect(engine.queue.counts()).toEqual(expected.counts);
          expect(engine.queue.modalityCounts()).toEqual(expected.byModality);
        }
      }),
      { numRuns: 150 },
    );
  });
});
