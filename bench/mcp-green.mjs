// The green's purple-facing surface, compiled, in a process of its own: the UES proxy and the MCP
// host on one express app (as the green mounts them), in front of the simulator at argv[2]. The
// benchmark grants contexts through /bench/contexts and reads this process's memory at
// /bench/memory (after a full garbage collection: run with --expose-gc) and its CPU time at /bench/cpu.
import express from 'express';
import { createServer } from 'node:http';
import { AssessmentMcpHost } from '../dist/green/mcp/index.js';
import { UesProxyRegistry, mountUesProxy } from '../dist/green/runtime/index.js';

const uesUrl = process.argv[2];
const registry = new UesProxyRegistry();
const host = new AssessmentMcpHost({ registry });
const app = express();
const proxy = mountUesProxy(app, registry);
host.mount(app);
app.post('/bench/contexts', express.json({ limit: '10mb' }), (request, response) => {
  for (const { contextId, apiKey, user } of request.body) {
    registry.register(contextId, uesUrl);
    host.grant(contextId, { apiKey, user });
  }
  response.json({ contexts: registry.size });
});
app.get('/bench/cpu', (_request, response) => {
  const { user, system } = process.cpuUsage();
  response.json({ micros: user + system });
});
app.get('/bench/memory', (_request, response) => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  response.json({ rss, heapUsed, external, arrayBuffers, sessions: host.sessionCount() });
});
const server = createServer(app);
server.listen(0, '127.0.0.1', () => {
  console.log(`MCP-GREEN listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => Promise.all([host.close(), proxy.close()]).then(() => process.exit(0)));
});
