/** The green agent of one A2A context: its UES, its assessment runs, and their building blocks. */
export * from './errors.js';
export * from './green-agent.js';
export * from './assessment-run.js';
export * from './evaluation.js';
export * from './purple-channel.js';
export * from './turn-exchange.js';
export * from './turn-loop.js';
export * from './turn-end.js';
export * from './results.js';
export * from './run-settings.js';
