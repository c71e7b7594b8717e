/**
 * Keep-alive status updates. Platform streams give up after minutes of silence (the AgentBeats
 * gateway after 300 s) while a purple may think for as long as its turn timeout, so while an
 * assessment is in progress a `working` update goes out at least every interval.
 */
export interface Heartbeat {
  stop(): void;
}

export function startHeartbeat(intervalMs: number, beat: () => void): Heartbeat {
  const timer = setInterval(beat, intervalMs);
  // A heartbeat alone must not keep the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
