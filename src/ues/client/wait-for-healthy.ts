import type { Dispatcher } from 'undici';
import { UesClient } from './client.js';
import { UesClientError, UesTimeoutError } from './errors.js';
import { realSleep, type Sleep } from './retry.js';

export interface WaitForHealthyOptions {
  /** Give up after this long. Default 30 000 ms. */
  timeoutMs?: number;
  /** Pause between polls. Default 200 ms. */
  intervalMs?: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  /** Injectable pause between polls (tests). */
  sleep?: Sleep;
}

/**
 * Polls `GET /health` until the simulator answers `{status: 'healthy'}`, e.g. after spawning it as a
 * child process. Rejects with `UesTimeoutError` (naming the last failure) when `timeoutMs` passes,
 * or with the signal's reason when aborted.
 */
export async function waitForHealthy(baseUrl: string, options: WaitForHealthyOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const intervalMs = options.intervalMs ?? 200;
  const sleep = options.sleep ?? realSleep;
  const deadline = Date.now() + timeoutMs;
  const client = new UesClient({
    baseUrl,
    retry: false,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  let lastProblem = 'no answer yet';
  for (;;) {
    if (options.signal?.aborted) throw options.signal.reason;
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      // One poll never outlives the overall deadline, nor hangs on a half-started server.
      const timeout = Math.max(1, Math.min(remaining, 5_000));
      const health = await client.health({
        timeoutMs: timeout,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (health?.status === 'healthy') return;
      lastProblem = `status was ${JSON.stringify(health?.status)}`;
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (!(error instanceof UesClientError)) throw error;
      lastProblem = error.message;
    }
    const wait = Math.min(intervalMs, deadline - Date.now());
    if (wait > 0) await sleep(wait, options.signal);
  }
  throw new UesTimeoutError(
    'GET /health',
    timeoutMs,
    `${baseUrl} did not become healthy within ${timeoutMs} ms (last: ${lastProblem})`,
  );
}
