/**
 * The AgentBeats protocol (messages, results, task updates, durations, JSON Schemas), the A2A
 * layer on @a2a-js/sdk 1.3.0 with v0.3 compatibility (card, server, task updater, client), and
 * agent configuration. Green and purple code import from here.
 */
export * from './errors.js';
export * from './duration.js';
export { isIanaTimeZone } from './schema-helpers.js';
export * from './messages.js';
export * from './results.js';
export * from './trial-tag.js';
export * from './suite-results.js';
export * from './updates.js';
export * from './parse.js';
export * from './update-text.js';
export * from './emitter.js';
export * from './json-schemas.js';
export * from './purple-permissions.js';
export * from './a2a/access-control.js';
export * from './oracle-plan.js';
export * from './a2a/agent-card.js';
export * from './a2a/cancellation.js';
export * from './a2a/client.js';
export * from './a2a/client-errors.js';
export * from './a2a/http.js';
export * from './a2a/parts.js';
export * from './a2a/server.js';
export * from './a2a/task-states.js';
export * from './a2a/task-updater.js';
export * from './config/commander.js';
export * from './config/common.js';
export * from './config/fields.js';
export * from './config/green.js';
export * from './config/models.js';
export * from './config/purple.js';
