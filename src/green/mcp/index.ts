/** The green's per-assessment MCP server: the purple key's UES actions as MCP tools. */
export * from './grant.js';
export * from './mcp-host.js';
export { MCP_SERVER_NAME } from './session-server.js';
