import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2AServerHandle } from '../../../src/protocol/index.js';
import { echoExecutor, gatedAgent, serve } from './test-agents.js';

/** Raw JSON-RPC as the AgentBeats gateway (Python a2a-sdk 0.3) sends it: `kind` fields, no A2A-Version header, POST /. */

type Json = Record<string, any>;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function v03Message(parts: unknown[], messageId = `msg-${Math.random()}`): Json {
  return { kind: 'message', messageId, role: 'user', parts };
}

/** Parses an SSE body into the JSON-RPC envelopes of its `data:` frames. */
async function sseEvents(response: Response): Promise<Json[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Json);
}

describe('A2A server, raw JSON-RPC', () => {
  let server: A2AServerHandle;
  let proxyBodies: string[];

  beforeAll(async () => {
    proxyBodies = [];
    server = await serve(echoExecutor, {
      configure: (app) => {
        // Stands in for the green's reverse proxy: it must see the raw body, before any JSON parser.
        app.use('/ues', express.text({ type: '*/*' }), (req, res) => {
          proxyBodies.push(req.body as string);
          res.json({ proxied: req.path });
        });
      },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('binds port 0 to a real port and reports it', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.cardUrl).toBe(server.url);
  });

  it('serves a v0.3-shaped card without the A2A-Version header', async () => {
    const card = (await (await fetch(`${server.url}.well-known/agent-card.json`)).json()) as Json;
    expect(card).toMatchObject({
      name: 'test agent',
      url: server.cardUrl,
      protocolVersion: '0.3',
      preferredTransport: 'JSONRPC',
      capabilities: { streaming: true },
      defaultInputModes: ['text'],
      defaultOutputModes: ['text'],
    });
    expect(card['skills']).toHaveLength(1);
  });

  it('serves the pure v1.0 card with A2A-Version: 1.0', async () => {
    const card = (await (
      await fetch(`${server.url}.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as Json;
    expect(card['url']).toBeUndefined();
    expect(card['supportedInterfaces']).toContainEqual(
      expect.objectContaining({ url: server.cardUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }),
    );
  });

  it('also answers the pre-0.3.3 card path', async () => {
    const response = await fetch(`${server.url}.well-known/agent.json`);
    expect(response.status).toBe(200);
  });

  it('answers v0.3 message/send with a TextPart holding JSON, as the platform sends it', async () => {
    const request = {
      participants: { personal_assistant: 'http://127.0.0.1:9019/' },
      config: { scenario_id: 'x' },
    };
    const response = await postJson(server.url, {
      jsonrpc: '2.0',
      id: 'req-1',
      method: 'message/send',
      params: { message: v03Message([{ kind: 'text', text: JSON.stringify(request) }]) },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body['id']).toBe('req-1');
    const task = body['result'];
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    expect(task.artifacts[0]).toMatchObject({ name: 'Result' });
    expect(task.artifacts[0].parts[1]).toEqual({
      kind: 'data',
      data: { echo: request, context_id: task.contextId, task_id: task.id },
    });
  });

  it('streams v0.3 message/stream as SSE ending with final: true', async () => {
    const response = await postJson(server.url, {
      jsonrpc: '2.0',
      id: 7,
      method: 'message/stream',
      params: { message: v03Message([{ kind: 'data', data: { message_type: 'turn_start' } }]) },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await sseEvents(response);
    const results = events.map((event) => event['result']);
    expect(results.map((result) => result.kind)).toEqual([
      'task',
      'status-update',
      'artifact-update',
      'status-update',
    ]);
    expect(events.every((event) => event['id'] === 7)).toBe(true);
    expect(results[1]).toMatchObject({
      status: { state: 'working', message: { kind: 'message', role: 'agent' } },
      final: false,
    });
    expect(results[2].artifact.parts[1].data.echo).toEqual({ message_type: 'turn_start' });
    expect(results[3]).toMatchObject({ status: { state: 'completed' }, final: true });
  });

  it('answers tasks/get for a finished task', async () => {
    const sent = (await (
      await postJson(server.url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: { message: v03Message([{ kind: 'text', text: '{"a":1}' }]) },
      })
    ).json()) as Json;
    const got = (await (
      await postJson(server.url, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tasks/get',
        params: { id: sent['result'].id },
      })
    ).json()) as Json;
    expect(got['result']).toMatchObject({
      kind: 'task',
      id: sent['result'].id,
      status: { state: 'completed' },
    });
  });

  it('accepts a v1.0 SendMessage with the A2A-Version: 1.0 header', async () => {
    const response = await postJson(
      server.url,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'SendMessage',
        params: { message: { messageId: 'm-v1', role: 'ROLE_USER', parts: [{ data: { v: 1 } }] } },
      },
      { 'A2A-Version': '1.0' },
    );
    const body = (await response.json()) as Json;
    expect(body['result'].task).toMatchObject({ status: { state: 'TASK_STATE_COMPLETED' } });
    expect(body['result'].task.artifacts[0].parts[1].data.echo).toEqual({ v: 1 });
  });

  it('treats a request without the header as v0.3, so v1 method names are unknown', async () => {
    const body = (await (
      await postJson(server.url, {
        jsonrpc: '2.0',
        id: 4,
        method: 'SendMessage',
        params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
      })
    ).json()) as Json;
    expect(body['error'].code).toBe(-32601);
  });

  it('accepts request bodies larger than 100 KB', async () => {
    const big = 'x'.repeat(300 * 1024);
    const response = await postJson(server.url, {
      jsonrpc: '2.0',
      id: 5,
      method: 'message/send',
      params: { message: v03Message([{ kind: 'data', data: { big } }]) },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body['result'].artifacts[0].parts[1].data.echo.big).toHaveLength(big.length);
  });

  it('answers a body over the limit with a JSON-RPC error, not an HTML page', async () => {
    const small = await serve(echoExecutor, { bodyLimit: '1kb' });
    try {
      const response = await postJson(small.url, {
        jsonrpc: '2.0',
        id: 6,
        method: 'message/send',
        params: { message: v03Message([{ kind: 'text', text: 'y'.repeat(4096) }]) },
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as Json)['error'].code).toBe(-32600);
    } finally {
      await small.close();
    }
  });

  it('answers malformed JSON with a parse error', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":',
    });
    expect(((await response.json()) as Json)['error'].code).toBe(-32700);
  });

  it('routes mounted by configure() run before the JSON-RPC handler and get the raw body', async () => {
    const response = await fetch(`${server.url}ues/ctx-1/email/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"raw": true}',
    });
    expect(((await response.json()) as Json)['proxied']).toBe('/ctx-1/email/state');
    expect(proxyBodies).toContain('{"raw": true}');
  });
});

describe('A2A server, cancellation and shutdown', () => {
  it('cancels a running task over raw v0.3 tasks/cancel', async () => {
    const agent = gatedAgent();
    const server = await serve(agent.executor);
    try {
      const stream = postJson(server.url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'message/stream',
        params: { message: v03Message([{ kind: 'text', text: 'wait' }]) },
      });
      const taskId = await agent.started;
      const cancel = (await (
        await postJson(server.url, { jsonrpc: '2.0', id: 2, method: 'tasks/cancel', params: { id: taskId } })
      ).json()) as Json;
      expect(cancel['result']).toMatchObject({ id: taskId, status: { state: 'canceled' } });
      const events = await sseEvents(await stream);
      expect(events.at(-1)?.['result']).toMatchObject({ status: { state: 'canceled' }, final: true });
      expect(agent.registry.size).toBe(0);
    } finally {
      agent.release();
      await server.close();
    }
  });

  it('close() runs onShutdown once, lets aborted tasks finish their streams, then stops listening', async () => {
    const agent = gatedAgent();
    let shutdowns = 0;
    const server = await serve(agent.executor, {
      shutdownGraceMs: 30_000,
      onShutdown: () => {
        shutdowns += 1;
        agent.registry.abortAll();
      },
    });
    const stream = postJson(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/stream',
      params: { message: v03Message([{ kind: 'text', text: 'wait' }]) },
    });
    await agent.started;
    await Promise.all([server.close(), server.close()]);
    expect(shutdowns).toBe(1);
    const events = await sseEvents(await stream);
    expect(events.at(-1)?.['result']).toMatchObject({ status: { state: 'canceled' }, final: true });
    await expect(fetch(server.url)).rejects.toThrow();
    agent.release();
  });

  it('close() cuts streams that outlive the grace period', async () => {
    const agent = gatedAgent();
    const server = await serve(agent.executor, { shutdownGraceMs: 0 });
    const response = await postJson(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/stream',
      params: { message: v03Message([{ kind: 'text', text: 'wait' }]) },
    });
    await agent.started;
    await server.close();
    const events = await sseEvents(response).catch(() => [] as Json[]);
    expect(events.some((event) => event['result']?.final === true)).toBe(false);
    agent.release();
  });

  it('refuses to start on a port that is taken', async () => {
    const first = await serve(echoExecutor);
    try {
      await expect(serve(echoExecutor, { port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it('advertises a configured card URL', async () => {
    const server = await serve(echoExecutor, { cardUrl: 'http://green.example:9009/' });
    try {
      const card = (await (await fetch(`${server.url}.well-known/agent-card.json`)).json()) as Json;
      expect(card['url']).toBe('http://green.example:9009/');
    } finally {
      await server.close();
    }
  });
});
