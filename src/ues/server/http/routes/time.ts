import { z } from 'zod';
import { UesValidationError } from '../../core/errors.js';
import { formatTime, formatTimedelta, MAX_TIME_MS, MAX_TIME_TEXT, zDateTimeMs } from '../../core/time.js';
import type { UesRouter } from '../router.js';

const advanceBody = z.object({ seconds: z.number().gt(0, 'must be greater than 0') });
const setBody = z.object({ target_time: zDateTimeMs });
const scaleBody = z.object({ scale: z.number().gt(0, 'must be greater than 0') });

/** `/simulator/time`: read, advance, set, skip-to-next, scale, pause and resume the clock. */
export function registerTimeRoutes(router: UesRouter): void {
  const { engine } = router.context;

  router.get('/simulator/time', { permission: 'time:read' }, () => engine.clock.toResponse());

  router.post('/simulator/time/advance', { permission: 'time:advance', body: advanceBody }, ({ body }) => {
    const deltaMs = Math.round(body.seconds * 1000);
    const maxMs = MAX_TIME_MS - engine.now;
    if (deltaMs > maxMs) {
      throw new UesValidationError([
        {
          loc: ['body', 'seconds'],
          msg: `must be at most ${maxMs / 1000} seconds: the clock (now ${formatTime(engine.now)}) cannot pass ${MAX_TIME_TEXT}`,
          type: 'less_than_equal',
        },
      ]);
    }
    const result = engine.advance(deltaMs);
    const failed = result.details.filter((detail) => detail.status === 'failed').length;
    engine.broadcast('time.advanced', {
      current_time: formatTime(result.current),
      previous_time: formatTime(result.previous),
      delta_seconds: body.seconds,
      events_executed: result.details.length,
      events_failed: failed,
    });
    return {
      previous_time: formatTime(result.previous),
      current_time: formatTime(result.current),
      time_advanced: formatTimedelta(result.current - result.previous),
      events_executed: result.details.length,
      events_failed: failed,
      execution_details: result.details,
    };
  });

  router.post('/simulator/time/set', { permission: 'time:set', body: setBody }, ({ body }) => {
    const result = engine.setTime(body.target_time);
    const response = {
      current_time: formatTime(engine.now),
      previous_time: formatTime(result.previous),
      skipped_events: result.skipped,
      executed_events: 0,
      rolled_back_events: result.rolledBack,
      reset_skipped_events: result.resetSkipped,
    };
    engine.broadcast('time.set', response);
    return response;
  });

  router.post('/simulator/time/skip-to-next', { permission: 'time:skip' }, () => {
    const result = engine.skipToNext();
    const response = {
      previous_time: formatTime(result.previous),
      current_time: formatTime(result.current),
      events_executed: result.details.length,
      next_event_time: result.nextEventTime === null ? null : formatTime(result.nextEventTime),
    };
    engine.broadcast('time.skipped', response);
    return response;
  });

  router.post('/simulator/time/set-scale', { permission: 'time:scale', body: scaleBody }, ({ body }) => {
    engine.clock.timeScale = body.scale;
    engine.broadcast('time.scale_changed', { time_scale: body.scale });
    return engine.clock.toResponse();
  });

  router.post('/simulator/time/pause', { permission: 'time:pause' }, () => {
    engine.pause();
    engine.broadcast('time.paused', { current_time: formatTime(engine.now) });
    return { message: 'Time paused', current_time: formatTime(engine.now), is_paused: true };
  });

  router.post('/simulator/time/resume', { permission: 'time:resume' }, () => {
    engine.resume();
    engine.broadcast('time.resumed', { current_time: formatTime(engine.now) });
    return { message: 'Time resumed', current_time: formatTime(engine.now), is_paused: false };
  });
}
