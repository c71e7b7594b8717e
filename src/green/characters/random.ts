import { parseDuration } from '../../protocol/index.js';
import type { ResponseTiming } from '../scenarios/schema.js';

/**
 * Seeded randomness for reply timing, so the same seed gives the same reply times run after run
 * (the original used the unseeded global generator).
 */

/** mulberry32: a small, fast 32-bit generator; returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  if (!Number.isFinite(seed)) throw new RangeError(`seededRandom: seed must be a finite number, got ${seed}`);
  let state = Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The inclusive range a character's delay is drawn from: `[max(0, base − variance), base + variance]`. */
export function delayBoundsMs(timing: ResponseTiming): { minMs: number; maxMs: number } {
  const base = parseDuration(timing.base_delay);
  const variance = parseDuration(timing.variance);
  return { minMs: Math.max(0, base - variance), maxMs: base + variance };
}

/**
 * A delay drawn uniformly from the character's range, rounded to whole seconds (the simulator's
 * useful resolution) without leaving the range.
 */
export function drawDelayMs(timing: ResponseTiming, random: () => number): number {
  const { minMs, maxMs } = delayBoundsMs(timing);
  const r = random();
  if (!(r >= 0 && r < 1)) throw new RangeError(`random() must return a number in [0, 1), got ${r}`);
  const raw = minMs + r * (maxMs - minMs);
  const rounded = Math.round(raw / 1000) * 1000;
  return Math.min(maxMs, Math.max(minMs, rounded));
}
