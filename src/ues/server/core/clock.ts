import { formatTime, formatTimeOffset } from './time.js';

/** A source of wall-clock time, injectable so tests never wait for real time. */
export type WallClock = () => number;

export interface ExportedTimeState {
  current_time: string;
  time_scale: number;
  is_paused: boolean;
  auto_advance: boolean;
  last_wall_time_update: string;
}

/** The simulated clock. Auto-advance moves it at `timeScale` × wall time. */
export class SimulatorClock {
  timeScale = 1;
  isPaused = false;
  autoAdvance = false;
  lastWallTimeUpdate: number;

  constructor(
    public currentTime: number,
    private readonly wallClock: WallClock,
  ) {
    this.lastWallTimeUpdate = wallClock();
  }

  get mode(): 'paused' | 'auto' | 'manual' {
    if (this.isPaused) return 'paused';
    return this.autoAdvance ? 'auto' : 'manual';
  }

  /** Re-anchors the wall clock so the next auto tick does not jump. */
  anchor(): void {
    this.lastWallTimeUpdate = this.wallClock();
  }

  /** Simulated milliseconds owed to auto-advance since the last anchor. */
  autoDelta(): number {
    const wall = this.wallClock();
    const delta = (wall - this.lastWallTimeUpdate) * this.timeScale;
    return delta;
  }

  toResponse(): Record<string, unknown> {
    return {
      current_time: formatTime(this.currentTime),
      time_scale: this.timeScale,
      is_paused: this.isPaused,
      auto_advance: this.autoAdvance,
      mode: this.mode,
    };
  }

  toExport(): ExportedTimeState {
    return {
      current_time: formatTimeOffset(this.currentTime),
      time_scale: this.timeScale,
      is_paused: this.isPaused,
      auto_advance: this.autoAdvance,
      last_wall_time_update: formatTimeOffset(this.lastWallTimeUpdate),
    };
  }
}
