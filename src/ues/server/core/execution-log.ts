import { badRequest, conflict } from './errors.js';
import type { SimulatorEvent } from './event.js';

/**
 * The events in the order they ran (executed or failed), behind a cursor, so a client can ask for
 * "what ran since I last looked" (`GET /events/executed?after=…`) at a cost proportional to the
 * answer, not to the history. Undoing anything (reset, undo, redo, a backward time jump) or
 * replacing the state (clear, import) restarts the log: cursors issued before then are refused
 * rather than silently skipping or repeating events.
 */
export class ExecutionLog {
  private events: SimulatorEvent[] = [];
  private epoch = 1;

  /** `simulationId` makes cursors of another simulator (or a restarted one) unmistakable. */
  constructor(private readonly simulationId: string) {}

  record(event: SimulatorEvent): void {
    this.events.push(event);
  }

  restart(): void {
    this.epoch += 1;
    this.events = [];
  }

  /**
   * Up to `limit` events that ran after `cursor` (from the start of the log without one), and
   * the cursor to continue from. Throws 400 for a malformed cursor, 409 for one from before a
   * restart or of another simulator.
   */
  after(
    cursor: string | undefined,
    limit: number,
  ): { events: SimulatorEvent[]; cursor: string; hasMore: boolean } {
    const start = cursor === undefined ? 0 : this.positionOf(cursor);
    const end = Math.min(this.events.length, start + limit);
    return {
      events: this.events.slice(start, end),
      cursor: `${this.simulationId}.${this.epoch}.${end}`,
      hasMore: end < this.events.length,
    };
  }

  private positionOf(cursor: string): number {
    const match = /^([0-9a-f-]+)\.(\d+)\.(\d+)$/.exec(cursor);
    if (match === null) {
      throw badRequest(`Invalid cursor ${JSON.stringify(cursor)}: pass the \`cursor\` of a previous answer`);
    }
    const [, simulation, epoch, position] = match;
    if (simulation !== this.simulationId || Number(epoch) !== this.epoch) {
      throw conflict(
        'The cursor is from before the execution log restarted (clear, import, reset, undo, redo or a ' +
          'backward time jump) or from another simulator: list again without `after`',
      );
    }
    const index = Number(position);
    if (index > this.events.length) {
      throw badRequest(`Invalid cursor ${JSON.stringify(cursor)}: it points past the end of the log`);
    }
    return index;
  }
}
