import { afterEach, describe, expect, it } from 'vitest';
import { A2AAgentClient, dataPart, type A2AServerHandle } from '../../../src/protocol/index.js';
import { echoExecutor, serve } from './test-agents.js';

/**
 * Who may use an A2A server: open by default (the AgentBeats gateway sends no credentials) but
 * never a task listing, which would show every caller's messages; with a bearer token, every
 * call needs it and the token holder may list.
 */

type Json = Record<string, any>;

let server: A2AServerHandle | undefined;
const clients: A2AAgentClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await server?.close();
  server = undefined;
});

const TOKEN = 'operator-token-0123456789abcdef';

function rpc(method: string, params: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

async function runOneTask(headers: Record<string, string> = {}): Promise<string> {
  const client = await A2AAgentClient.connect(server!.url, { headers });
  clients.push(client);
  const reply = await client.send([dataPart({ hello: 'world' })]);
  return reply.taskId!;
}

describe('an open server (no token)', () => {
  it('refuses ListTasks for everyone, while sending and reading one’s own task still work', async () => {
    server = await serve(echoExecutor);
    const taskId = await runOneTask();
    const listed = (await (await rpc('ListTasks', {})).json()) as Json;
    expect(listed.error?.message).toMatch(/ListTasks is disabled/);
    expect(JSON.stringify(listed)).not.toContain(taskId);
    const got = (await (await rpc('GetTask', { id: taskId })).json()) as Json;
    expect(got.result?.id).toBe(taskId);
  });
});

describe('a server with a bearer token', () => {
  it('answers 401 without the token or with a wrong one, for every method', async () => {
    server = await serve(echoExecutor, { bearerToken: TOKEN });
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await rpc('SendMessage', { message: {} }, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await response.json()) as Json).error.message).toMatch(/Unauthorized/);
    }
    expect((await rpc('ListTasks', {})).status).toBe(401);
    expect((await rpc('CancelTask', { id: 'x' })).status).toBe(401);
    expect((await rpc('GetTask', { id: 'x' })).status).toBe(401);
  });

  it('serves the card publicly, declaring the bearer scheme', async () => {
    server = await serve(echoExecutor, { bearerToken: TOKEN });
    const card = (await (
      await fetch(`${server.url}.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as Json;
    expect(JSON.stringify(card.securitySchemes)).toContain('Bearer');
    // The v0.3 card (what the AgentBeats gateway reads) too.
    const legacy = (await (await fetch(`${server.url}.well-known/agent-card.json`)).json()) as Json;
    expect(legacy.url).toBe(server.url);
    expect(JSON.stringify(legacy.securitySchemes)).toMatch(/bearer/i);
  });

  it('lets the token holder send, read and list', async () => {
    server = await serve(echoExecutor, { bearerToken: TOKEN });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const taskId = await runOneTask(auth);
    const listed = (await (await rpc('ListTasks', {}, auth)).json()) as Json;
    expect(listed.error).toBeUndefined();
    expect(JSON.stringify(listed.result)).toContain(taskId);
  });
});
