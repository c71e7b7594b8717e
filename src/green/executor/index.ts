/** The green's A2A executor: request parsing, per-context agents and locks, heartbeats, results. */
export * from './assessment-request.js';
export * from './agent-pool.js';
export * from './green-executor.js';
export * from './heartbeat.js';
export * from './keyed-lock.js';
export * from './results-artifact.js';
export * from './suite-config.js';
export * from './suite-task.js';
export * from './trial-emitter.js';
