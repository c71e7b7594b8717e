/**
 * The green (evaluator) agent: its A2A server and executor, one GreenAgent per A2A context with its
 * own UES, and the per-assessment helpers. See docs/GREEN_AGENT.md.
 */
export * from './runtime/index.js';
export * from './assessment/index.js';
export * from './agent/index.js';
export * from './executor/index.js';
export * from './server.js';
