import { randomUUID } from 'node:crypto';
import { SimulatorClock, type WallClock } from './clock.js';
import type { ModalityRegistry } from './environment.js';
import { type ModalityStates } from './environment.js';
import { badRequest, conflict, notFound, UesError } from './errors.js';
import { buildEvent, type NewEvent } from './event-factory.js';
import { ExecutionLog } from './execution-log.js';
import type { ModalityInput, SimulatorEvent } from './event.js';
import { HoldRegistry, holdToResponse } from './holds.js';
import { IdSource, withIds } from './ids.js';
import { History, type UndoneEvent } from './history.js';
import { Journal } from './journal.js';
import { checkConsistency } from './consistency.js';
import { EventQueue } from './queue.js';
import { formatTime, inTimeRange, MAX_TIME_MS, parseTime, TIME_RANGE_TEXT } from './time.js';

export interface ExecutionDetail {
  event_id: string;
  modality: string;
  status: string;
  error?: string;
}

/** Receives every state change worth telling subscribers about (WebSocket, webhooks). */
export type Broadcast = (type: string, data: Record<string, unknown>) => void;

export interface EngineOptions {
  registry: ModalityRegistry;
  /** Initial simulated time (epoch ms); defaults to wall-clock now. */
  startTime?: number;
  wallClock?: WallClock;
  /** Auto-advance tick period in wall ms. */
  autoTickMs?: number;
}

/**
 * The simulation: clock, event queue, modality states, holds and the undo history. Everything the
 * REST routes do goes through here; nothing in it knows about HTTP except the status carried by
 * UesError.
 */
export class SimulationEngine {
  readonly simulationId = randomUUID();
  readonly registry: ModalityRegistry;
  readonly clock: SimulatorClock;
  readonly queue = new EventQueue();
  readonly holds: HoldRegistry;
  states: ModalityStates = new Map();
  isRunning = false;
  /** Names what the simulation creates: random UUIDs, or derived from a seed (`seedIds`). */
  private idSource = IdSource.random();
  private readonly history = new History();
  /** The events in the order they ran, for `GET /events/executed`. */
  readonly executionLog = new ExecutionLog(this.simulationId);
  private autoTimer: NodeJS.Timeout | undefined;
  private readonly autoTickMs: number;
  private readonly subscribers = new Set<Broadcast>();

  constructor(options: EngineOptions) {
    const wallClock = options.wallClock ?? Date.now;
    this.registry = options.registry;
    this.clock = new SimulatorClock(options.startTime ?? wallClock(), wallClock);
    this.holds = new HoldRegistry(wallClock);
    this.autoTickMs = options.autoTickMs ?? 10;
    for (const name of this.registry.names()) {
      this.states.set(name, this.registry.require(name).createState(this.clock.currentTime));
    }
  }

  get now(): number {
    return this.clock.currentTime;
  }

  get ids(): IdSource {
    return this.idSource;
  }

  /**
   * Ids from here on derive from `seed` (counting from the first of each kind again), or are random
   * again with null. Set on a clear, before a run's scenario is loaded, so that one seed and the
   * same calls name every event, input and entity alike.
   */
  seedIds(seed: string | null): void {
    this.idSource = seed === null ? IdSource.random() : IdSource.seeded(seed);
  }

  subscribe(listener: Broadcast): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  broadcast(type: string, data: Record<string, unknown>): void {
    for (const listener of this.subscribers) listener(type, data);
  }

  // ── simulation lifecycle ────────────────────────────────────────────────

  /**
   * Starts the simulation. Starting also un-pauses the clock: an imported scenario may have been
   * exported while paused, and a started simulation whose time cannot move is of no use.
   */
  start(options: { autoAdvance: boolean; timeScale: number }): void {
    if (this.isRunning) throw conflict('Simulation is already running');
    const errors = this.validate();
    if (errors.length > 0) {
      throw badRequest(`Cannot start simulation with validation errors: ${JSON.stringify(errors)}`);
    }
    this.isRunning = true;
    this.clock.isPaused = false;
    this.clock.anchor();
    if (options.autoAdvance) {
      this.clock.timeScale = options.timeScale;
      this.clock.autoAdvance = true;
      this.startAutoAdvance();
    }
  }

  stop(): void {
    this.stopAutoAdvance();
    this.isRunning = false;
  }

  /** Undoes every executed event and sets all events back to pending; the clock stays. */
  reset(): { clearedEvents: number; eventsUndone: number; undoErrors: string[] } {
    this.stop();
    const { undone: eventsUndone, errors: undoErrors } = this.history.undoAll();
    this.executionLog.restart();
    for (const event of this.queue.all()) {
      this.queue.setStatus(event, 'pending');
      event.executed_at = null;
      event.error_message = null;
    }
    this.queue.invalidatePendingHint();
    return { clearedEvents: this.queue.size, eventsUndone, undoErrors };
  }

  /** Stops, drops events, holds and history, optionally moves the clock, empties every modality. */
  clear(resetTo?: number): { eventsRemoved: number; modalitiesCleared: number; holdsCleared: number } {
    if (resetTo !== undefined) this.assertRepresentable(resetTo);
    this.stop();
    this.clearHistory();
    const holdsCleared = this.holds.clear();
    const eventsRemoved = this.queue.clear();
    if (resetTo !== undefined) this.clock.currentTime = resetTo;
    for (const state of this.states.values()) state.clear(this.clock.currentTime);
    return { eventsRemoved, modalitiesCleared: this.states.size, holdsCleared };
  }

  /** Consistency problems that prevent a start (`POST /environment/validate` shows them too). */
  validate(): string[] {
    return checkConsistency(this.clock, this.states, this.queue.all());
  }

  // ── time ────────────────────────────────────────────────────────────────

  /**
   * The last line of defence for the clock: routes check their fields first and name them; this
   * keeps any other path (auto-advance, imports) from moving the clock where it cannot be shown.
   */
  private assertRepresentable(target: number): void {
    if (!inTimeRange(target)) {
      throw new UesError(
        422,
        `Simulated time must stay ${TIME_RANGE_TEXT}; refusing to move the clock there`,
      );
    }
  }

  private assertTimeCanMove(): void {
    if (!this.isRunning) throw badRequest('Cannot advance time: simulation is not running');
    const holds = this.holds.active();
    if (holds.length > 0) {
      const reasons = holds.map((hold) => hold.reason).filter((reason) => reason);
      throw conflict({
        message: `Time advancement blocked by ${holds.length} active hold(s)${reasons.length ? `: ${reasons.join(', ')}` : ''}`,
        active_holds: holds.map((hold) => {
          const view = holdToResponse(hold);
          return { hold_id: view.hold_id, reason: view.reason, agent_id: view.agent_id };
        }),
      });
    }
  }

  advance(deltaMs: number): { previous: number; current: number; details: ExecutionDetail[] } {
    this.assertTimeCanMove();
    if (this.clock.isPaused) throw badRequest('Cannot advance time while paused');
    return this.moveForward(deltaMs);
  }

  private moveForward(deltaMs: number): { previous: number; current: number; details: ExecutionDetail[] } {
    const previous = this.clock.currentTime;
    this.assertRepresentable(previous + deltaMs);
    this.clock.currentTime = previous + deltaMs;
    this.clock.anchor();
    const details = this.executeDue();
    return { previous, current: this.clock.currentTime, details };
  }

  /**
   * Jumps the clock. Forward: pending events in (now, target] are skipped, not executed. Backward:
   * executed events after the target are rolled back (newest first) and skipped ones re-armed.
   */
  setTime(target: number): {
    previous: number;
    skipped: number;
    rolledBack: number;
    resetSkipped: number;
  } {
    this.assertTimeCanMove();
    this.assertRepresentable(target);
    const previous = this.clock.currentTime;
    let skipped = 0;
    let rolledBack = 0;
    let resetSkipped = 0;
    if (target >= previous) {
      const message = `Time jumped from ${formatTime(previous)} to ${formatTime(target)}`;
      for (const event of this.queue.all()) {
        if (event.status === 'pending' && event.scheduled_time > previous && event.scheduled_time <= target) {
          this.queue.setStatus(event, 'skipped');
          event.error_message = message;
          skipped++;
        }
      }
    } else {
      this.executionLog.restart();
      const later = this.queue
        .all()
        .filter((event) => event.status === 'executed' && event.scheduled_time > target)
        .sort((a, b) => (b.executed_at ?? 0) - (a.executed_at ?? 0) || b.seq - a.seq);
      for (const event of later) {
        try {
          this.history.rollBack(event.event_id);
        } catch {
          // The event is re-armed even when its undo fails, as in the original.
        }
        this.queue.setStatus(event, 'pending');
        event.executed_at = null;
        event.error_message = null;
        rolledBack++;
      }
      for (const event of this.queue.all()) {
        if (event.status === 'skipped' && event.scheduled_time > target) {
          this.queue.setStatus(event, 'pending');
          event.error_message = null;
          resetSkipped++;
        }
      }
      this.queue.invalidatePendingHint();
    }
    this.clock.currentTime = target;
    this.clock.anchor();
    return { previous, skipped, rolledBack, resetSkipped };
  }

  /** Moves the clock to the next pending event (even backwards, as the original) and runs what is due. */
  skipToNext(): {
    previous: number;
    current: number;
    details: ExecutionDetail[];
    nextEventTime: number | null;
  } {
    this.assertTimeCanMove();
    const next = this.queue.nextPending();
    if (!next) throw notFound('No pending events');
    const previous = this.clock.currentTime;
    this.clock.currentTime = next.scheduled_time;
    this.clock.anchor();
    const details = this.executeDue();
    return {
      previous,
      current: this.clock.currentTime,
      details,
      nextEventTime: this.queue.nextPending()?.scheduled_time ?? null,
    };
  }

  pause(): void {
    this.clock.isPaused = true;
  }

  resume(): void {
    this.clock.isPaused = false;
    this.clock.anchor();
  }

  private startAutoAdvance(): void {
    this.stopAutoAdvance();
    this.autoTimer = setInterval(() => this.autoTick(), this.autoTickMs);
    this.autoTimer.unref();
  }

  private stopAutoAdvance(): void {
    if (this.autoTimer) clearInterval(this.autoTimer);
    this.autoTimer = undefined;
  }

  /** One auto-advance tick. Paused or held time re-anchors instead of building up a jump. */
  autoTick(): void {
    if (!this.isRunning || !this.clock.autoAdvance) return;
    if (this.clock.isPaused || this.holds.active().length > 0) {
      this.clock.anchor();
      return;
    }
    // A huge time_scale stops at the end of representable time instead of breaking the clock.
    const delta = Math.min(this.clock.autoDelta(), MAX_TIME_MS - this.clock.currentTime);
    if (delta > 0) this.moveForward(delta);
  }

  // ── events ──────────────────────────────────────────────────────────────

  /** Validates and queues an event (POST /events); it runs when time reaches it. */
  schedule(spec: NewEvent): SimulatorEvent {
    if (spec.scheduledTime < this.clock.currentTime) {
      throw conflict(
        `Cannot schedule event in the past. Current time: ${formatTime(this.clock.currentTime)}, scheduled: ${formatTime(spec.scheduledTime)}`,
      );
    }
    const event = this.build(spec);
    this.queue.add(event);
    return event;
  }

  /** Builds a validated event without queueing it (batch validation). */
  build(spec: NewEvent): SimulatorEvent {
    return buildEvent(spec, {
      registry: this.registry,
      states: this.states,
      now: this.clock.currentTime,
      seq: this.queue.nextSequence(),
      ids: this.idSource,
    });
  }

  /** A modality action: an event at sim now, priority 100, executed inside the request. */
  executeImmediate(modality: string, data: Record<string, unknown>, keyId: string | null): SimulatorEvent {
    const event = this.build({
      scheduledTime: this.clock.currentTime,
      modality,
      data,
      priority: 100,
      agentId: keyId,
      metadata: keyId ? { created_by_key: keyId } : {},
    });
    this.queue.add(event);
    this.execute(event);
    return event;
  }

  cancel(eventId: string): SimulatorEvent {
    const event = this.queue.get(eventId);
    if (!event) throw notFound(`Event ${eventId} not found`);
    if (event.status !== 'pending') {
      throw badRequest(
        `Cannot cancel event with status ${event.status}. Only pending events can be cancelled.`,
      );
    }
    this.queue.setStatus(event, 'cancelled');
    return event;
  }

  /** Runs every due event once, in queue order; events created meanwhile wait for the next pass. */
  private executeDue(): ExecutionDetail[] {
    const details: ExecutionDetail[] = [];
    for (const event of this.queue.due(this.clock.currentTime)) {
      if (event.status !== 'pending') continue;
      this.execute(event);
      const detail: ExecutionDetail = {
        event_id: event.event_id,
        modality: event.modality,
        status: event.status,
      };
      if (event.error_message) detail.error = event.error_message;
      details.push(detail);
    }
    return details;
  }

  /** Executes an event once without an undo entry (historic events applied on import). */
  runWithoutHistory(event: SimulatorEvent): void {
    this.execute(event, false);
  }

  /** Applies one event atomically: a failure rolls back whatever the state had already changed. */
  private execute(event: SimulatorEvent, recordHistory = true): void {
    this.queue.setStatus(event, 'executing');
    const now = this.clock.currentTime;
    const journal = new Journal();
    try {
      this.applyInput(event.modality, event.data, journal);
      this.queue.setStatus(event, 'executed');
      event.error_message = null;
      if (recordHistory) {
        this.history.record({
          event_id: event.event_id,
          modality: event.modality,
          action: typeof event.data.operation === 'string' ? event.data.operation : null,
          journal,
        });
      }
    } catch (error) {
      journal.undo();
      this.queue.setStatus(event, 'failed');
      const err = error instanceof Error ? error : new Error(String(error));
      event.error_message = `${err.name === 'Error' || err.name === 'UesError' ? 'ValueError' : err.name}: ${err.message}`;
    }
    event.executed_at = now;
    this.executionLog.record(event);
    if (this.subscribers.size === 0) return;
    this.broadcast(event.status === 'executed' ? 'event.executed' : 'event.failed', {
      event_id: event.event_id,
      modality: event.modality,
      status: event.status,
      scheduled_time: formatTime(event.scheduled_time),
      executed_time: formatTime(now),
    });
  }

  private applyInput(modality: string, input: ModalityInput, journal: Journal): void {
    const state = this.states.get(modality);
    if (!state) throw new UesError(404, `Modality ${modality} is not part of the environment`);
    // Inputs were validated when their event was built (routes, /events, imports), so execution
    // does not validate again: re-checking every input dominated the cost of long advances.
    const context = { now: this.clock.currentTime, journal, environment: this.states };
    withIds(this.idSource, () => state.apply(input, context));
    journal.set(state, 'updateCount', state.updateCount + 1);
    journal.set(state, 'lastUpdated', parseTime(input.timestamp) ?? this.clock.currentTime);
  }

  /**
   * Applies the input of an event that ran in another simulator, at the simulated time it ran
   * there, without an event or undo history: how a copy follows a simulator event by event (ids
   * are pinned on the input, as for redo). Returns the journal of what changed; throws, with the
   * changes rolled back, when the input fails here.
   */
  replay(modality: string, input: ModalityInput, at: number): Journal {
    this.clock.currentTime = at;
    const journal = new Journal();
    try {
      this.applyInput(modality, input, journal);
    } catch (error) {
      journal.undo();
      throw error;
    }
    return journal;
  }

  // ── undo / redo ─────────────────────────────────────────────────────────

  undo(count: number): UndoneEvent[] {
    this.executionLog.restart();
    return this.history.undo(count);
  }

  redo(count: number): UndoneEvent[] {
    this.executionLog.restart();
    return this.history.redo(count, (entry) => {
      const event = this.queue.get(entry.event_id);
      if (!event) throw new UesError(500, `Redo failed: event ${entry.event_id} no longer exists`);
      const journal = new Journal();
      this.applyInput(event.modality, event.data, journal);
      return journal;
    });
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Drops undo history and the execution log (imports make earlier history meaningless). */
  clearHistory(): void {
    this.history.clear();
    this.executionLog.restart();
  }

  /** Closes timers; the engine must not be used afterwards. */
  dispose(): void {
    this.stopAutoAdvance();
    this.subscribers.clear();
  }
}
