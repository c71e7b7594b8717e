/** Per-assessment helpers of the green: action log, read counting, new-message collection, state. */
export * from './purple-permissions.js';
export * from './action-log-builder.js';
export * from './read-counter.js';
export * from './new-message-collector.js';
export * from './state-snapshot.js';
export * from './turn-clock.js';
export * from './assessment-config.js';
