/**
 * Noise as real services make it: a seeded share of the assistant's simulator requests fails with
 * a transient 503 (Retry-After; the request is not applied) and another share is answered slowly.
 * Injected by the green's UES proxy — never in the simulator — and every fault is recorded, so a
 * reader of the results can tell an injected failure from the assistant's own mistakes.
 */

export interface NoiseSettings {
  transient_failure_rate: number;
  slow_rate: number;
  slow_ms: number;
  retry_after_seconds: number;
}

export interface InjectedFault {
  /** The assistant's n-th simulator request of the assessment (1-based). */
  request: number;
  kind: 'transient_failure' | 'slow';
  method: string;
  /** The UES path, without the query. */
  path: string;
  /** Wall-clock time of the request (ISO 8601). */
  at: string;
  /** For `slow`: how long the answer was held back. */
  delay_ms?: number;
}

/** Most faults kept in detail (the counts are always complete). */
export const MAX_RECORDED_FAULTS = 500;

/** A small deterministic PRNG (mulberry32): the same seed gives the same faults for the same requests. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class FaultInjector {
  private readonly random: () => number;
  private requests = 0;
  readonly faults: InjectedFault[] = [];
  readonly counts = { requests: 0, transient_failure: 0, slow: 0 };

  constructor(
    readonly settings: NoiseSettings,
    seed: number,
  ) {
    this.random = prng(seed ^ 0x9e3779b9);
  }

  /** What happens to the next request: nothing, a 503, or a slow answer. */
  next(method: string, path: string): InjectedFault | null {
    this.requests += 1;
    this.counts.requests = this.requests;
    const draw = this.random();
    const { transient_failure_rate: fail, slow_rate: slow } = this.settings;
    const kind = draw < fail ? 'transient_failure' : draw < fail + slow ? 'slow' : null;
    if (kind === null) return null;
    const fault: InjectedFault = {
      request: this.requests,
      kind,
      method,
      path: path.split('?')[0] ?? path,
      at: new Date().toISOString(),
      ...(kind === 'slow' ? { delay_ms: this.settings.slow_ms } : {}),
    };
    this.counts[kind] += 1;
    if (this.faults.length < MAX_RECORDED_FAULTS) this.faults.push(fault);
    return fault;
  }

  /** What the results record. */
  summary(): { settings: NoiseSettings; counts: FaultInjector['counts']; faults: InjectedFault[] } {
    return { settings: this.settings, counts: { ...this.counts }, faults: [...this.faults] };
  }
}

/** The body of an injected 503: says it is transient and when to retry. */
export function transientFailureBody(retryAfterSeconds: number): { detail: string } {
  return {
    detail: `The simulator is temporarily unavailable; retry after ${retryAfterSeconds} s (a transient failure: the request was not applied).`,
  };
}
