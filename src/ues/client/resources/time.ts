import {
  advanceTimeResponseSchema,
  pauseResumeResponseSchema,
  setTimeResponseSchema,
  skipToNextResponseSchema,
  timeStateSchema,
  type AdvanceTimeResponse,
  type PauseResumeResponse,
  type SetTimeResponse,
  type SkipToNextResponse,
  type TimeState,
} from '../schemas/time.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { toWireTime, type DateTimeInput } from '../wire.js';

/** `/simulator/time`: the simulated clock. */
export class TimeClient {
  constructor(private readonly transport: UesTransport) {}

  /** The clock (`time:read`). */
  get(options?: CallOptions): Promise<TimeState> {
    return this.transport.call({ method: 'GET', path: '/simulator/time', schema: timeStateSchema }, options);
  }

  /**
   * Moves the clock forward by `seconds` (> 0) and runs every pending event that became due
   * (`time:advance`). 400 when stopped or paused, 409 while a hold is active.
   */
  advance(seconds: number, options?: CallOptions): Promise<AdvanceTimeResponse> {
    return this.transport.call(
      {
        method: 'POST',
        path: '/simulator/time/advance',
        body: { seconds },
        schema: advanceTimeResponseSchema,
      },
      options,
    );
  }

  /**
   * Sets the clock (`time:set`). Forward jumps skip the events in between (they do not run);
   * backward jumps roll executed events back to pending.
   */
  set(target: DateTimeInput, options?: CallOptions): Promise<SetTimeResponse> {
    return this.transport.call(
      {
        method: 'POST',
        path: '/simulator/time/set',
        body: { target_time: toWireTime(target) },
        schema: setTimeResponseSchema,
      },
      options,
    );
  }

  /** Jumps to the next pending event and runs everything due then (`time:skip`); 404 when none. */
  skipToNext(options?: CallOptions): Promise<SkipToNextResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulator/time/skip-to-next', schema: skipToNextResponseSchema },
      options,
    );
  }

  /** Sets the auto-advance speed multiplier, > 0 (`time:scale`). */
  setScale(scale: number, options?: CallOptions): Promise<TimeState> {
    return this.transport.call(
      { method: 'POST', path: '/simulator/time/set-scale', body: { scale }, schema: timeStateSchema },
      options,
    );
  }

  /** Freezes the clock (`time:pause`). */
  pause(options?: CallOptions): Promise<PauseResumeResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulator/time/pause', schema: pauseResumeResponseSchema },
      options,
    );
  }

  /** Unfreezes the clock (`time:resume`). */
  resume(options?: CallOptions): Promise<PauseResumeResponse> {
    return this.transport.call(
      { method: 'POST', path: '/simulator/time/resume', schema: pauseResumeResponseSchema },
      options,
    );
  }
}
