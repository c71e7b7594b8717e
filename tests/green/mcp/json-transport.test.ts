import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestBed, type McpTestBed } from '../../support/mcp.js';

/**
 * The JSON-mode Streamable HTTP transport, request by request, as a client that does not use the
 * SDK would meet it: the header rules, notifications, batches, ids, the protocol version, and the
 * session's end (the SDK's own client is used everywhere else).
 */

const PROTOCOL = '2025-06-18';

describe('the MCP endpoint’s Streamable HTTP transport', () => {
  let bed: McpTestBed;
  let url: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    bed = await startMcpTestBed();
    const key = await bed.addContext('ctx');
    url = bed.mcpUrl('ctx');
    auth = { authorization: `Bearer ${key.secret}` };
  });
  afterAll(() => bed.close());

  async function post(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...auth,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: text === '' ? undefined : JSON.parse(text),
    };
  }

  async function session(): Promise<Record<string, string>> {
    const opened = await post({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/json');
    expect(opened.json.result.protocolVersion).toBe(PROTOCOL);
    const headers = {
      'mcp-session-id': opened.headers.get('mcp-session-id')!,
      'mcp-protocol-version': PROTOCOL,
    };
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
    return headers;
  }

  const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });

  it('answers a request with one JSON body, a batch with an array in request order', async () => {
    const headers = await session();
    const single = await post(call(1, 'get_current_time'), headers);
    expect(single.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: expect.objectContaining({ structuredContent: { current_time: '2026-01-28T06:00:00.000Z' } }),
    });
    const batch = await post(
      [
        call('b', 'read_chat'),
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
        call('a', 'get_current_time'),
      ],
      headers,
    );
    expect(batch.status).toBe(200);
    expect((batch.json as Array<{ id: string }>).map((answer) => answer.id)).toEqual(['b', 'a']);
  });

  it('refuses what the transport’s rules refuse, naming the rule', async () => {
    const headers = await session();
    const cases: Array<[number, string, Awaited<ReturnType<typeof post>>]> = [
      [
        406,
        'must accept both',
        await post(call(2, 'get_current_time'), { ...headers, accept: 'application/json' }),
      ],
      [
        415,
        'Content-Type must be application/json',
        await post(call(3, 'get_current_time'), { ...headers, 'content-type': 'text/plain' }),
      ],
      [400, 'Invalid JSON-RPC message', await post({ hello: 'world' }, headers)],
      [
        400,
        'Unsupported protocol version: 1999-01-01',
        await post(call(4, 'get_current_time'), { ...headers, 'mcp-protocol-version': '1999-01-01' }),
      ],
      [
        400,
        'Server already initialized',
        await post(
          {
            jsonrpc: '2.0',
            id: 5,
            method: 'initialize',
            params: {
              protocolVersion: PROTOCOL,
              capabilities: {},
              clientInfo: { name: 'raw', version: '1' },
            },
          },
          headers,
        ),
      ],
      [
        400,
        'a request id is already in use',
        await post([call(6, 'get_current_time'), call(6, 'read_chat')], headers),
      ],
      [
        400,
        'Batch must not exceed 100 messages',
        await post(
          Array.from({ length: 101 }, (_, index) => call(100 + index, 'get_current_time')),
          headers,
        ),
      ],
    ];
    for (const [status, message, answer] of cases) {
      expect(answer.status, message).toBe(status);
      expect(answer.json.error.message, message).toContain(message);
    }
  });

  it('ends the session on DELETE', async () => {
    const headers = await session();
    const before = bed.host.sessionCount('ctx');
    const deleted = await fetch(url, { method: 'DELETE', headers: { ...auth, ...headers } });
    expect(deleted.status).toBe(200);
    expect(bed.host.sessionCount('ctx')).toBe(before - 1);
    const after = await post(call(7, 'get_current_time'), headers);
    expect(after.status).toBe(404);
    expect(after.json.error.message).toContain('initialize a new one');
  });
});
