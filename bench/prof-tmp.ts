import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { PURPLE_UES_PERMISSIONS } from '/work/wt-17-mcp/src/protocol/purple-permissions.js';
import { scenarioWith } from '/work/wt-17-mcp/bench/fixtures.js';
import { startServerProcess } from '/work/wt-17-mcp/bench/processes.js';
const ADMIN_KEY = randomBytes(32).toString('hex');
const call = async (base: string, method: string, path: string, body?: unknown) =>
  (
    await fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': ADMIN_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  ).json() as any;
const ues = await startServerProcess(['dist/cli.js', 'ues', '--port', '0', '--log-level', 'silent'], {
  UES_ADMIN_KEY: ADMIN_KEY,
});
await call(ues.url, 'POST', '/simulation/clear', {});
await call(ues.url, 'POST', '/scenario/import/full', scenarioWith({ emails: 49 }));
await call(ues.url, 'POST', '/simulation/start', { auto_advance: false });
const green = await startServerProcess([
  '--cpu-prof',
  '--cpu-prof-dir=/tmp/prof',
  'bench/mcp-green.mjs',
  ues.url,
]);
const key = (await call(ues.url, 'POST', '/keys', { name: 'b', permissions: PURPLE_UES_PERMISSIONS })).secret;
await call(green.url, 'POST', '/bench/contexts', [
  {
    contextId: 'bench',
    apiKey: key,
    user: { timezone: 'UTC', email: 'a@b.c', phone: '+1', conversationId: 'user-assistant' },
  },
]);
const H = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  authorization: `Bearer ${key}`,
};
const r = await fetch(`${green.url}/mcp/bench`, {
  method: 'POST',
  headers: H,
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b', version: '1' } },
  }),
});
await r.text();
const headers = {
  ...H,
  'mcp-session-id': r.headers.get('mcp-session-id')!,
  'mcp-protocol-version': '2025-06-18',
};
let id = 1;
const mode = process.argv[2];
const res = await autocannon(
  mode === 'rest'
    ? {
        url: `${green.url}/ues/bench/simulator/time`,
        headers: { 'x-api-key': key },
        connections: 10,
        duration: 6,
      }
    : {
        url: `${green.url}/mcp/bench`,
        method: 'POST',
        headers,
        connections: 10,
        duration: 6,
        requests: [
          {
            setupRequest: (q) => ({
              ...q,
              body: JSON.stringify({
                jsonrpc: '2.0',
                id: ++id,
                method: 'tools/call',
                params: { name: 'get_current_time', arguments: {} },
              }),
            }),
          },
        ],
      },
);
console.log(mode, res.requests.average, res.non2xx, res.errors);
await green.stop();
await ues.stop();
