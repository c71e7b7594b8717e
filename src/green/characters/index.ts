/** Character simulation: simulated contacts answering what the assistant sends on the user's behalf. */
export * from './types.js';
export * from './random.js';
export * from './skip.js';
export * from './people.js';
export * from './history.js';
export { condenseHistory, type CondenseOptions } from './thread-summary.js';
export * from './prompts.js';
export * from './triggers.js';
export * from './reply-events.js';
export * from './response-generator.js';
export * from './schedule.js';
