import { z } from 'zod';
import { badRequest, conflict, notFound, UesValidationError } from '../../core/errors.js';
import { holdToResponse } from '../../core/holds.js';
import { MAX_ID_SEED_LENGTH } from '../../core/ids.js';
import { formatTime, formatTimeOffset, inTimeRange, parseTime, TIME_RANGE_TEXT } from '../../core/time.js';
import type { UesRouter } from '../router.js';
import { optionalBody } from '../validation.js';

const startBody = optionalBody(
  z.object({
    auto_advance: z.boolean().default(false),
    time_scale: z.number().gt(0, 'must be greater than 0').default(1),
  }),
);
const clearBody = optionalBody(
  z.object({
    reset_time_to: z.string().nullish(),
    // Our extension: ids derived from this seed instead of random UUIDs (see core/ids.ts).
    id_seed: z
      .union([z.string(), z.number().int()])
      .nullish()
      .transform((seed) => (seed === null || seed === undefined ? null : String(seed)))
      .refine((seed) => seed === null || (seed.length >= 1 && seed.length <= MAX_ID_SEED_LENGTH), {
        message: `must have 1 to ${MAX_ID_SEED_LENGTH} characters`,
      }),
  }),
);
const countBody = optionalBody(z.object({ count: z.number().int().min(1).max(100).default(1) }));
const holdBody = optionalBody(
  z.object({
    reason: z.string().nullish(),
    timeout_seconds: z.number().min(1).max(3600).nullish(),
    agent_id: z.string().nullish(),
  }),
);

/** `/simulation`: start, stop, status, reset, clear, undo/redo and holds. */
export function registerSimulationRoutes(router: UesRouter): void {
  const { engine } = router.context;

  router.post('/simulation/start', { permission: 'simulation:start', body: startBody }, ({ body }) => {
    engine.start({ autoAdvance: body.auto_advance, timeScale: body.time_scale });
    engine.broadcast('simulation.started', {
      simulation_id: engine.simulationId,
      mode: body.auto_advance ? 'auto' : 'manual',
      current_time: formatTime(engine.now),
      time_scale: engine.clock.timeScale,
    });
    return {
      simulation_id: engine.simulationId,
      status: 'running',
      current_time: formatTimeOffset(engine.now),
      auto_advance: body.auto_advance,
      time_scale: body.auto_advance ? body.time_scale : null,
    };
  });

  router.post('/simulation/stop', { permission: 'simulation:stop' }, () => {
    const wasRunning = engine.isRunning;
    engine.stop();
    engine.broadcast('simulation.stopped', { simulation_id: engine.simulationId });
    if (!wasRunning) {
      return {
        simulation_id: engine.simulationId,
        status: 'stopped',
        final_time: null,
        total_events: null,
        events_executed: null,
        events_failed: null,
      };
    }
    const counts = engine.queue.counts();
    return {
      simulation_id: engine.simulationId,
      status: 'stopped',
      final_time: formatTimeOffset(engine.now),
      total_events: engine.queue.size,
      events_executed: counts.executed,
      events_failed: counts.failed,
    };
  });

  router.get('/simulation/status', { permission: 'simulation:status' }, () => {
    const counts = engine.queue.counts();
    const next = engine.queue.nextPending();
    return {
      is_running: engine.isRunning,
      current_time: formatTimeOffset(engine.now),
      is_paused: engine.clock.isPaused,
      auto_advance: engine.clock.autoAdvance,
      time_scale: engine.clock.timeScale,
      pending_events: counts.pending,
      executed_events: counts.executed,
      failed_events: counts.failed,
      next_event_time: next ? formatTimeOffset(next.scheduled_time) : null,
    };
  });

  router.post('/simulation/reset', { permission: 'simulation:reset' }, () => {
    const result = engine.reset();
    engine.broadcast('simulation.reset', {
      events_undone: result.eventsUndone,
      events_reset: result.clearedEvents,
      undo_errors_count: result.undoErrors.length,
    });
    return {
      status: 'reset',
      message: `Simulation reset: ${result.eventsUndone} events undone, ${result.clearedEvents} events set to pending`,
      cleared_events: result.clearedEvents,
      events_undone: result.eventsUndone,
      undo_errors: result.undoErrors,
    };
  });

  router.post('/simulation/clear', { permission: 'simulation:clear', body: clearBody }, ({ body }) => {
    let resetTo: number | undefined;
    if (body.reset_time_to) {
      resetTo = parseTime(body.reset_time_to);
      if (resetTo === undefined) {
        throw badRequest(`Invalid datetime format for reset_time_to: ${body.reset_time_to}`);
      }
      if (!inTimeRange(resetTo)) {
        throw new UesValidationError([
          {
            loc: ['body', 'reset_time_to'],
            msg: `must be ${TIME_RANGE_TEXT} (UTC), got ${body.reset_time_to}`,
            type: 'value_error',
          },
        ]);
      }
    }
    const result = engine.clear(resetTo);
    engine.seedIds(body.id_seed);
    engine.broadcast('simulation.cleared', { events_removed: result.eventsRemoved });
    return {
      status: 'cleared',
      events_removed: result.eventsRemoved,
      modalities_cleared: result.modalitiesCleared,
      time_reset: resetTo === undefined ? null : formatTimeOffset(resetTo),
      current_time: formatTimeOffset(engine.now),
      id_seed: body.id_seed,
    };
  });

  // Undo and redo answer in the same shape, keyed by their verb (`undone_count`, `redone_count`, …).
  for (const [verb, past] of [
    ['undo', 'undone'],
    ['redo', 'redone'],
  ] as const) {
    router.post(`/simulation/${verb}`, { permission: `simulation:${verb}`, body: countBody }, ({ body }) => {
      if (!engine.isRunning) throw conflict('Simulation is not running. Start simulation first.');
      const events = verb === 'undo' ? engine.undo(body.count) : engine.redo(body.count);
      engine.broadcast(`${verb}.performed`, { [`${past}_count`]: events.length });
      return {
        [`${past}_count`]: events.length,
        [`${past}_events`]: events,
        can_undo: engine.canUndo,
        can_redo: engine.canRedo,
        message: events.length === 0 ? `Nothing to ${verb}` : null,
      };
    });
  }

  router.post('/simulation/hold', { permission: 'simulation:hold', body: holdBody }, ({ body }) => {
    const hold = engine.holds.acquire({
      reason: body.reason ?? null,
      timeoutSeconds: body.timeout_seconds ?? null,
      agentId: body.agent_id ?? null,
    });
    const view = holdToResponse(hold);
    engine.broadcast('hold.acquired', { hold_id: hold.hold_id, reason: hold.reason });
    return {
      hold_id: view.hold_id,
      reason: view.reason,
      timeout_seconds: view.timeout_seconds,
      acquired_at: view.acquired_at,
      expires_at: view.expires_at,
      active_hold_count: engine.holds.active().length,
    };
  });

  router.post(
    '/simulation/release/:hold_id',
    { permission: 'simulation:release', params: z.object({ hold_id: z.string() }) },
    ({ params }) => {
      if (!engine.holds.release(params.hold_id)) {
        throw notFound(`Hold ${params.hold_id} not found. It may have already expired or been released.`);
      }
      engine.broadcast('hold.released', { hold_id: params.hold_id });
      return { released: true, hold_id: params.hold_id, active_hold_count: engine.holds.active().length };
    },
  );

  router.get('/simulation/holds', { permission: 'simulation:holds' }, () => {
    const holds = engine.holds.active();
    return { holds: holds.map(holdToResponse), active_count: holds.length };
  });
}
