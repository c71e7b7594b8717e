import { z } from 'zod';
import type { ModalityState } from '../modalities/modality.js';
import type { SimulationEngine } from './engine.js';
import { UesError, UesValidationError, type ValidationIssue } from './errors.js';
import { buildInput, describeZodError } from './event-factory.js';
import { withIds } from './ids.js';
import { EVENT_STATUSES, eventToExport, type SimulatorEvent } from './event.js';
import { formatTime, formatTimeOffset, parseTime, zDateTimeMs } from './time.js';

/** The scenario format's version, and the UES version our exports claim compatibility with. */
export const SCENARIO_VERSION = '1';
export const UES_COMPAT_VERSION = '0.3.0';

export const exportedTimeStateSchema = z.object({
  current_time: zDateTimeMs,
  time_scale: z.number().gt(0),
  is_paused: z.boolean(),
  auto_advance: z.boolean(),
  last_wall_time_update: zDateTimeMs,
});

export const exportedEnvironmentSchema = z.object({
  time_state: exportedTimeStateSchema,
  modality_states: z.record(z.string(), z.unknown()),
});

export const exportedEventSchema = z.object({
  event_id: z.string().nullish(),
  scheduled_time: zDateTimeMs,
  modality: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  status: z.enum(EVENT_STATUSES).default('pending'),
  created_at: zDateTimeMs.nullish(),
  executed_at: zDateTimeMs.nullish(),
  agent_id: z.string().nullish(),
  priority: z.number().int().default(0),
  error_message: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export const exportedEventsSchema = z.object({ events: z.array(exportedEventSchema) });

export const scenarioMetadataSchema = z.object({
  ues_version: z.string().default(UES_COMPAT_VERSION),
  scenario_version: z.string().default(SCENARIO_VERSION),
  created_at: z.string().nullish(),
  author: z.string().nullish(),
  description: z.string().nullish(),
});

export const scenarioSchema = z.object({
  metadata: scenarioMetadataSchema.default({
    ues_version: UES_COMPAT_VERSION,
    scenario_version: SCENARIO_VERSION,
  }),
  environment: exportedEnvironmentSchema,
  events: exportedEventsSchema.default({ events: [] }),
});

export type ExportedEnvironment = z.infer<typeof exportedEnvironmentSchema>;
export type ExportedEvents = z.infer<typeof exportedEventsSchema>;

/** Imports must not race a running clock. */
export function assertStopped(engine: SimulationEngine, what: string): void {
  if (engine.isRunning) {
    throw new UesError(409, `Cannot load ${what} while simulation is running. Call stop() first.`);
  }
}

export function exportEnvironment(engine: SimulationEngine): Record<string, unknown> {
  const modalityStates: Record<string, unknown> = {};
  for (const [name, state] of engine.states) modalityStates[name] = state.toJSON(engine.now);
  return { time_state: engine.clock.toExport(), modality_states: modalityStates };
}

export function exportEvents(engine: SimulationEngine): Record<string, unknown> {
  return { events: engine.queue.all().map(eventToExport) };
}

export function exportScenario(
  engine: SimulationEngine,
  options: { author?: string | undefined; description?: string | undefined },
): Record<string, unknown> {
  return {
    metadata: {
      ues_version: UES_COMPAT_VERSION,
      scenario_version: SCENARIO_VERSION,
      created_at: formatTimeOffset(engine.now),
      author: options.author ?? null,
      description: options.description ?? null,
    },
    environment: exportEnvironment(engine),
    events: exportEvents(engine),
  };
}

interface LoadedStates {
  states: Map<string, ModalityState>;
  loaded: string[];
  skipped: string[];
  warnings: string[];
}

/** Validates every modality state before anything is replaced, so a bad file changes nothing. */
function loadStates(
  engine: SimulationEngine,
  environment: ExportedEnvironment,
  strict: boolean,
  location: (string | number)[],
): LoadedStates {
  const now = environment.time_state.current_time;
  const result: LoadedStates = { states: new Map(), loaded: [], skipped: [], warnings: [] };
  const issues: ValidationIssue[] = [];
  for (const [name, json] of Object.entries(environment.modality_states)) {
    const definition = engine.registry.get(name);
    if (!definition) {
      if (strict) throw new UesError(400, `Unknown modality in environment: ${name}`);
      result.skipped.push(name);
      result.warnings.push(`Skipped unknown modality: ${name}`);
      continue;
    }
    try {
      result.states.set(
        name,
        withIds(engine.ids, () => definition.loadState(json, now)),
      );
      result.loaded.push(name);
    } catch (error) {
      const message = error instanceof z.ZodError ? describeZodError(error) : (error as Error).message;
      issues.push({ loc: [...location, 'modality_states', name], msg: message, type: 'value_error' });
    }
  }
  if (issues.length > 0) throw new UesValidationError(issues);
  // Modalities the file leaves out start empty rather than disappearing from the simulator.
  for (const name of engine.registry.names()) {
    if (!result.states.has(name)) result.states.set(name, engine.registry.require(name).createState(now));
  }
  return result;
}

function applyEnvironment(
  engine: SimulationEngine,
  environment: ExportedEnvironment,
  states: LoadedStates,
): void {
  const time = environment.time_state;
  engine.clock.currentTime = time.current_time;
  engine.clock.timeScale = time.time_scale;
  engine.clock.isPaused = time.is_paused;
  engine.clock.autoAdvance = time.auto_advance;
  engine.clock.anchor();
  engine.states = states.states;
  engine.clearHistory();
}

/** Rebuilds exported events with fresh ids, validating each payload against its modality. */
function buildEvents(
  engine: SimulationEngine,
  events: ExportedEvents,
  states: Map<string, ModalityState>,
  location: (string | number)[],
): SimulatorEvent[] {
  const issues: ValidationIssue[] = [];
  const built: SimulatorEvent[] = [];
  for (const [index, exported] of events.events.entries()) {
    try {
      const timestamp =
        typeof exported.data.timestamp === 'string' && parseTime(exported.data.timestamp) !== undefined
          ? formatTime(parseTime(exported.data.timestamp)!)
          : formatTime(exported.scheduled_time);
      const inputId = typeof exported.data.input_id === 'string' ? exported.data.input_id : undefined;
      const data = buildInput(
        engine.registry,
        states,
        exported.modality,
        exported.data,
        { timestamp, ...(inputId ? { inputId } : {}) },
        engine.ids,
      );
      built.push({
        event_id: engine.ids.next('event'),
        scheduled_time: exported.scheduled_time,
        modality: exported.modality,
        data,
        status: exported.status,
        priority: exported.priority,
        created_at: exported.created_at ?? engine.now,
        executed_at: exported.executed_at ?? null,
        error_message: exported.error_message ?? null,
        agent_id: exported.agent_id ?? null,
        metadata: exported.metadata ?? {},
        seq: engine.queue.nextSequence(),
      });
    } catch (error) {
      const message = error instanceof UesError ? error.message : (error as Error).message;
      issues.push({ loc: [...location, 'events', index], msg: message, type: 'value_error' });
    }
  }
  if (issues.length > 0) throw new UesValidationError(issues);
  return built;
}

export function importEnvironment(
  engine: SimulationEngine,
  environment: ExportedEnvironment,
  options: { historicEventHandling: 'ignore' | 'delete' | 'apply'; strict: boolean },
): Record<string, unknown> {
  assertStopped(engine, 'environment');
  const states = loadStates(engine, environment, options.strict, ['body', 'data']);
  applyEnvironment(engine, environment, states);
  const historic = engine.queue
    .all()
    .filter((event) => event.status === 'pending' && event.scheduled_time < engine.now);
  if (options.historicEventHandling === 'delete') {
    engine.queue.remove(new Set(historic.map((event) => event.event_id)));
  } else if (options.historicEventHandling === 'apply') {
    for (const event of historic) engine.runWithoutHistory(event);
  }
  return {
    success: true,
    modalities_loaded: states.loaded,
    modalities_skipped: states.skipped,
    warnings: states.warnings,
    historic_events_count: historic.length,
    historic_events_action: options.historicEventHandling,
  };
}

export function importEvents(
  engine: SimulationEngine,
  events: ExportedEvents,
  merge: boolean,
): Record<string, unknown> {
  assertStopped(engine, 'events');
  const built = buildEvents(engine, events, engine.states, ['body', 'data']);
  const previous = engine.queue.size;
  if (!merge) {
    engine.queue.clear();
    engine.clearHistory();
  }
  engine.queue.addMany(built);
  const historic = built.filter(
    (event) => event.status === 'pending' && event.scheduled_time < engine.now,
  ).length;
  return {
    success: true,
    events_loaded: built.length,
    events_merged: merge,
    previous_events: previous,
    historic_events_warning:
      historic > 0 ? `${historic} pending event(s) are scheduled before the current time` : null,
    historic_event_count: historic,
  };
}

export function importScenario(
  engine: SimulationEngine,
  scenario: z.infer<typeof scenarioSchema>,
  strict: boolean,
): Record<string, unknown> {
  assertStopped(engine, 'scenario');
  const states = loadStates(engine, scenario.environment, strict, ['body', 'scenario', 'environment']);
  const events = buildEvents(engine, scenario.events, states.states, ['body', 'scenario', 'events']);
  const warnings = [...states.warnings];
  if (scenario.metadata.scenario_version !== SCENARIO_VERSION) {
    warnings.push(
      `Scenario version ${scenario.metadata.scenario_version} may be incompatible (expected ${SCENARIO_VERSION})`,
    );
  }
  applyEnvironment(engine, scenario.environment, states);
  engine.queue.clear();
  engine.queue.addMany(events);
  const historic = events.filter(
    (event) => event.status === 'pending' && event.scheduled_time < engine.now,
  ).length;
  if (historic > 0) warnings.push(`${historic} pending event(s) are scheduled before the current time`);
  return {
    success: true,
    environment_loaded: true,
    events_loaded: events.length,
    modalities_loaded: states.loaded,
    modalities_skipped: states.skipped,
    warnings,
    scenario_metadata: {
      ues_version: scenario.metadata.ues_version,
      scenario_version: scenario.metadata.scenario_version,
      created_at: scenario.metadata.created_at ?? null,
      author: scenario.metadata.author ?? null,
      description: scenario.metadata.description ?? null,
    },
  };
}
