import { z } from 'zod';
import { formatTime, formatTimeOffset } from '../../core/time.js';
import type { UesRouter } from '../router.js';
import { zQueryBool } from '../validation.js';
import { renderTextSnapshot } from './text-snapshot.js';

const stateQuery = z.object({
  compact: zQueryBool.default(false),
  format: z.enum(['json', 'text']).default('json'),
});

/** `/environment`: the whole simulated world at once. */
export function registerEnvironmentRoutes(router: UesRouter): void {
  const { engine } = router.context;

  router.get(
    '/environment/state',
    { permission: 'environment:read', query: stateQuery },
    ({ query, reply }) => {
      const now = engine.now;
      if (!query.compact) {
        const modalities: Record<string, unknown> = {};
        const summary: { modality_type: string; state_summary: string }[] = [];
        for (const [name, state] of engine.states) {
          modalities[name] = state.toJSON(now);
          summary.push({ modality_type: name, state_summary: state.summary() });
        }
        return { current_time: formatTimeOffset(now), modalities, summary };
      }
      const modalities: Record<string, Record<string, unknown>> = {};
      for (const [name, state] of engine.states) modalities[name] = state.compact(now);
      // Earliest pending by time (not queue order), as the original's compact view.
      let next: { time: number; modality: string } | undefined;
      let pending = 0;
      for (const event of engine.queue.all()) {
        if (event.status !== 'pending') continue;
        pending++;
        if (!next || event.scheduled_time < next.time)
          next = { time: event.scheduled_time, modality: event.modality };
      }
      const snapshot = {
        snapshot_time: formatTime(now),
        format: 'compact',
        modalities,
        events: {
          pending_count: pending,
          next_event_time: next ? formatTime(next.time) : null,
          next_event_modality: next?.modality ?? null,
        },
      };
      if (query.format === 'text') {
        reply.type('text/plain; charset=utf-8');
        return renderTextSnapshot(snapshot);
      }
      return snapshot;
    },
  );

  router.get('/environment/modalities', { permission: 'environment:list' }, () => {
    const names = [...engine.states.keys()];
    return { modalities: names, count: names.length };
  });

  router.post('/environment/validate', { permission: 'environment:validate' }, () => {
    const errors = engine.validate();
    return { valid: errors.length === 0, errors, checked_at: formatTime(engine.now) };
  });
}
