/** The green's runtime plumbing: one UES per A2A context, and the proxy purples reach it through. */
export * from './ues-runner.js';
export * from './in-process-ues-runner.js';
export * from './child-process-ues-runner.js';
export * from './ues-cli-command.js';
export * from './output-ring-buffer.js';
export * from './ues-proxy.js';
export * from './ues-proxy-registry.js';
export * from './ues-proxy-server.js';
export * from './ues-proxy-websocket.js';
export * from './create-ues-runner.js';
