import type { EventStatus, SimulatorEvent } from './event.js';

/** Queue order: scheduled_time asc, priority desc, created_at asc, then insertion. */
export function compareEvents(a: SimulatorEvent, b: SimulatorEvent): number {
  return (
    a.scheduled_time - b.scheduled_time ||
    b.priority - a.priority ||
    a.created_at - b.created_at ||
    a.seq - b.seq
  );
}

/**
 * All events, pending and historic, kept sorted in queue order. Executed events stay as history,
 * so `firstPending` remembers where pending events can start, keeping each advance proportional to
 * the events it runs rather than to the whole history. The counts by status and by modality are
 * kept as events come, go and change status (through `setStatus`), so reading them — every turn of
 * a long run — costs nothing however long the history.
 */
export class EventQueue {
  private events: SimulatorEvent[] = [];
  private readonly byId = new Map<string, SimulatorEvent>();
  private firstPending = 0;
  private nextSeq = 0;
  private readonly byStatus = new Map<EventStatus, number>();
  private readonly byModality = new Map<string, number>();

  get size(): number {
    return this.events.length;
  }

  nextSequence(): number {
    return this.nextSeq++;
  }

  get(eventId: string): SimulatorEvent | undefined {
    return this.byId.get(eventId);
  }

  has(eventId: string): boolean {
    return this.byId.has(eventId);
  }

  /** Every event in queue order (do not mutate the array). */
  all(): readonly SimulatorEvent[] {
    return this.events;
  }

  add(event: SimulatorEvent): void {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareEvents(this.events[mid]!, event) <= 0) low = mid + 1;
      else high = mid;
    }
    this.events.splice(low, 0, event);
    this.byId.set(event.event_id, event);
    this.tally(event, 1);
    if (event.status === 'pending' && low < this.firstPending) this.firstPending = low;
  }

  /** Adds many events and re-sorts once (batch creation, scenario loads). */
  addMany(events: SimulatorEvent[]): void {
    for (const event of events) {
      this.events.push(event);
      this.byId.set(event.event_id, event);
      this.tally(event, 1);
    }
    this.events.sort(compareEvents);
    this.firstPending = 0;
  }

  /** Removes the given events (historic-event deletion on import). */
  remove(eventIds: ReadonlySet<string>): number {
    const before = this.events.length;
    this.events = this.events.filter((event) => !eventIds.has(event.event_id));
    for (const id of eventIds) {
      const event = this.byId.get(id);
      if (event === undefined) continue;
      this.tally(event, -1);
      this.byId.delete(id);
    }
    this.firstPending = 0;
    return before - this.events.length;
  }

  clear(): number {
    const removed = this.events.length;
    this.events = [];
    this.byId.clear();
    this.byStatus.clear();
    this.byModality.clear();
    this.firstPending = 0;
    return removed;
  }

  /** Sets an event's status; every status change of a queued event goes through here. */
  setStatus(event: SimulatorEvent, status: EventStatus): void {
    if (this.byId.get(event.event_id) === event) {
      this.byStatus.set(event.status, (this.byStatus.get(event.status) ?? 0) - 1);
      this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    }
    event.status = status;
  }

  /** Call after statuses move back to pending (reset, backward set). */
  invalidatePendingHint(): void {
    this.firstPending = 0;
  }

  /** Pending events with scheduled_time <= now, in queue order. */
  due(now: number): SimulatorEvent[] {
    const due: SimulatorEvent[] = [];
    let index = this.firstPending;
    while (index < this.events.length && this.events[index]!.status !== 'pending') index++;
    this.firstPending = index;
    for (; index < this.events.length; index++) {
      const event = this.events[index]!;
      if (event.scheduled_time > now) break;
      if (event.status === 'pending') due.push(event);
    }
    return due;
  }

  /** The first pending event in queue order (it may lie in the past). */
  nextPending(): SimulatorEvent | undefined {
    for (let index = this.firstPending; index < this.events.length; index++) {
      const event = this.events[index]!;
      if (event.status === 'pending') return event;
    }
    return undefined;
  }

  counts(): { pending: number; executed: number; failed: number; skipped: number; cancelled: number } {
    const count = (status: EventStatus): number => this.byStatus.get(status) ?? 0;
    return {
      pending: count('pending'),
      executed: count('executed'),
      failed: count('failed'),
      skipped: count('skipped'),
      cancelled: count('cancelled'),
    };
  }

  /** How many events each modality has, modalities in the order of their first event. */
  modalityCounts(): Record<string, number> {
    return Object.fromEntries(this.byModality);
  }

  private tally(event: SimulatorEvent, delta: 1 | -1): void {
    this.byStatus.set(event.status, (this.byStatus.get(event.status) ?? 0) + delta);
    const modality = (this.byModality.get(event.modality) ?? 0) + delta;
    if (modality === 0) this.byModality.delete(event.modality);
    else this.byModality.set(event.modality, modality);
  }
}
