import { z } from 'zod';
import {
  exportEnvironment,
  exportEvents,
  exportedEnvironmentSchema,
  exportedEventsSchema,
  exportScenario,
  importEnvironment,
  importEvents,
  importScenario,
  scenarioSchema,
} from '../../core/scenario-io.js';
import type { UesRouter } from '../router.js';

const importEnvironmentBody = z.object({
  data: exportedEnvironmentSchema,
  historic_event_handling: z.enum(['ignore', 'delete', 'apply']).default('ignore'),
  strict_modalities: z.boolean().default(false),
});
const importEventsBody = z.object({ data: exportedEventsSchema, merge: z.boolean().default(false) });
const importFullBody = z.object({ scenario: scenarioSchema, strict_modalities: z.boolean().default(false) });

/** `/scenario`: export and import the UES scenario format. */
export function registerScenarioRoutes(router: UesRouter): void {
  const { engine } = router.context;

  router.get('/scenario/export/environment', { permission: 'scenario:export' }, () => ({
    environment: exportEnvironment(engine),
    modalities_exported: [...engine.states.keys()],
  }));

  router.get('/scenario/export/events', { permission: 'scenario:export' }, () => {
    const counts = engine.queue.counts();
    return {
      events: exportEvents(engine),
      total_events: engine.queue.size,
      pending_events: counts.pending,
      executed_events: counts.executed,
    };
  });

  router.get(
    '/scenario/export/full',
    {
      permission: 'scenario:export',
      query: z.object({ author: z.string().optional(), description: z.string().optional() }),
    },
    ({ query }) => ({ scenario: exportScenario(engine, query) }),
  );

  router.post(
    '/scenario/import/environment',
    { permission: 'scenario:import', body: importEnvironmentBody },
    ({ body }) =>
      importEnvironment(engine, body.data, {
        historicEventHandling: body.historic_event_handling,
        strict: body.strict_modalities,
      }),
  );

  router.post(
    '/scenario/import/events',
    { permission: 'scenario:import', body: importEventsBody },
    ({ body }) => importEvents(engine, body.data, body.merge),
  );

  router.post('/scenario/import/full', { permission: 'scenario:import', body: importFullBody }, ({ body }) =>
    importScenario(engine, body.scenario, body.strict_modalities),
  );
}
