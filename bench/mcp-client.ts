import { PURPLE_UES_PERMISSIONS } from '../src/protocol/purple-permissions.js';
import { callJson, type ServerProcess } from './processes.js';

/**
 * The MCP benchmark's client side, in plain HTTP (as a load generator sends it): contexts granted on
 * the benchmark green, sessions opened the way an MCP client opens them, tool calls.
 */

/** The green's grant for one context: a fresh purple key and the simulator's user. */
export async function grantContexts(
  adminKey: string,
  ues: ServerProcess,
  green: ServerProcess,
  ids: string[],
): Promise<Map<string, string>> {
  const call = (base: string, method: string, path: string, body?: unknown) =>
    callJson(base, adminKey, method, path, body);
  const user = {
    timezone: (await call(ues.url, 'GET', '/calendar/state')).user_timezone,
    email: (await call(ues.url, 'GET', '/email/state?summary=true')).user_email_address,
    phone: (await call(ues.url, 'GET', '/sms/state')).user_phone_number,
    conversationId: 'user-assistant',
  };
  const keys = new Map<string, string>();
  for (const contextId of ids) {
    const key = await call(ues.url, 'POST', '/keys', {
      name: `bench ${contextId}`,
      permissions: PURPLE_UES_PERMISSIONS,
    });
    keys.set(contextId, key.secret);
  }
  await call(
    green.url,
    'POST',
    '/bench/contexts',
    ids.map((contextId) => ({ contextId, apiKey: keys.get(contextId), user })),
  );
  return keys;
}

const MCP_HEADERS: Record<string, string> = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
};

/** An MCP session as a client opens it: initialize, then the initialized notification. */
export async function openSession(mcpUrl: string, key: string): Promise<Record<string, string>> {
  const auth = { ...MCP_HEADERS, authorization: `Bearer ${key}` };
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      },
    }),
  });
  const sessionId = response.headers.get('mcp-session-id');
  await response.text();
  if (!response.ok || sessionId === null) throw new Error(`initialize → ${response.status}`);
  const headers = { ...auth, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
  await fetch(mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return headers;
}

let rpcId = 0;
export function rpc(method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params });
}

export async function mcpCall(
  mcpUrl: string,
  headers: Record<string, string>,
  name: string,
  args: unknown,
): Promise<any> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers,
    body: rpc('tools/call', { name, arguments: args }),
  });
  const answer = (await response.json()) as {
    result?: { isError?: boolean; content: Array<{ text: string }> };
  };
  if (!response.ok || answer.result === undefined || answer.result.isError)
    throw new Error(`${name} → ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.result;
}
