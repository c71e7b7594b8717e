import { randomUUID } from 'node:crypto';
import type { WallClock } from './clock.js';
import { formatTimeOffset } from './time.js';

export interface Hold {
  hold_id: string;
  reason: string | null;
  /** Wall-clock epoch ms. */
  acquired_at: number;
  timeout_seconds: number | null;
  agent_id: string | null;
}

export const DEFAULT_HOLD_TIMEOUT_SECONDS = 300;

/** Holds block every time advancement (multi-agent coordination). Expiry is lazy, on wall time. */
export class HoldRegistry {
  private readonly holds = new Map<string, Hold>();

  constructor(private readonly wallClock: WallClock) {}

  acquire(options: {
    reason?: string | null;
    timeoutSeconds?: number | null;
    agentId?: string | null;
  }): Hold {
    const hold: Hold = {
      hold_id: randomUUID(),
      reason: options.reason ?? null,
      acquired_at: this.wallClock(),
      timeout_seconds: options.timeoutSeconds ?? DEFAULT_HOLD_TIMEOUT_SECONDS,
      agent_id: options.agentId ?? null,
    };
    this.holds.set(hold.hold_id, hold);
    return hold;
  }

  release(holdId: string): boolean {
    this.purgeExpired();
    return this.holds.delete(holdId);
  }

  active(): Hold[] {
    this.purgeExpired();
    return [...this.holds.values()];
  }

  clear(): number {
    const count = this.holds.size;
    this.holds.clear();
    return count;
  }

  private purgeExpired(): void {
    const now = this.wallClock();
    for (const [id, hold] of this.holds) {
      if (hold.timeout_seconds !== null && hold.acquired_at + hold.timeout_seconds * 1000 <= now) {
        this.holds.delete(id);
      }
    }
  }
}

export function holdToResponse(hold: Hold): Record<string, unknown> {
  return {
    hold_id: hold.hold_id,
    reason: hold.reason,
    timeout_seconds: hold.timeout_seconds,
    acquired_at: formatTimeOffset(hold.acquired_at),
    expires_at:
      hold.timeout_seconds === null ? null : formatTimeOffset(hold.acquired_at + hold.timeout_seconds * 1000),
    agent_id: hold.agent_id,
  };
}
