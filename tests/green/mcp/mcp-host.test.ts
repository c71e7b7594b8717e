import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURPLE_UES_PERMISSIONS } from '../../../src/protocol/index.js';
import { UES_TOOLS } from '../../../src/purple/tools/index.js';
import { connectMcp, startMcpTestBed, type McpTestBed } from '../../support/mcp.js';

/**
 * The MCP endpoint on its own (no green): the tools it lists, what they answer, and its door —
 * the key, the context, the session, and the purple's access closing.
 */

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe('the per-assessment MCP server', () => {
  let bed: McpTestBed;
  let key: { secret: string; keyId: string };
  let client: Client;

  beforeAll(async () => {
    bed = await startMcpTestBed();
    key = await bed.addContext('ctx-a');
    client = await connectMcp(bed.mcpUrl('ctx-a'), key.secret);
  });
  afterAll(async () => {
    await client.close();
    await bed.close();
  });

  it('lists exactly the purple key’s tools, typed, saying what a careful assistant needs to know', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(UES_TOOLS.map((tool) => tool.name));
    for (const tool of UES_TOOLS) expect(PURPLE_UES_PERMISSIONS).toContain(tool.permission);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('list_emails')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { unread_only: { type: 'boolean' }, limit: { type: 'integer', maximum: 100 } },
    });
    expect(byName.get('send_email')!.inputSchema.required).toEqual(['to', 'subject', 'body']);

    const { timezone, email, phone, conversationId } = bed.user;
    expect(byName.get('get_current_time')!.description).toContain('stands still');
    expect(byName.get('get_current_time')!.description).toContain(timezone);
    expect(byName.get('list_calendar_events')!.description).toContain(timezone);
    expect(byName.get('create_calendar_event')!.description).toContain(`Set timezone to ${timezone}`);
    expect(byName.get('read_chat')!.description).toContain(`"${conversationId}"`);
    expect(byName.get('send_chat_message')!.description).toContain('the user sees nothing else you do');
    expect(byName.get('send_email')!.description).toContain(email);
    expect(byName.get('send_sms')!.description).toContain(phone);
    const instructions = client.getInstructions() ?? '';
    for (const fact of [timezone, email, `"${conversationId}"`, 'stands still', 'final turn'])
      expect(instructions).toContain(fact);

    expect(byName.get('list_emails')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('delete_emails')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName.get('send_email')!.annotations).toMatchObject({
      destructiveHint: false,
      openWorldHint: true,
    });
    expect(byName.get('send_chat_message')!.annotations).toMatchObject({ openWorldHint: false });
  });

  it('answers with structured content, and fails with tool errors that name the problem', async () => {
    const sent = (await client.callTool({
      name: 'send_chat_message',
      arguments: { content: 'Hello from MCP' },
    })) as CallToolResult;
    expect(sent.isError).toBeFalsy();
    expect(sent.structuredContent).toEqual({ ok: true, status: 'executed', message: expect.any(String) });
    expect(JSON.parse(textOf(sent))).toEqual(sent.structuredContent);

    const badArguments = (await client.callTool({
      name: 'mark_emails_read',
      arguments: { message_ids: [] },
    })) as CallToolResult;
    expect(badArguments.isError).toBe(true);
    expect(textOf(badArguments)).toMatch(/mark_emails_read.*message_ids/);

    const unknownEmail = (await client.callTool({
      name: 'read_email',
      arguments: { message_id: 'no-such-email' },
    })) as CallToolResult;
    expect(unknownEmail).toMatchObject({ isError: true });
    expect(textOf(unknownEmail)).toBe('read_email: no email with message_id "no-such-email"');

    const unknownTool = (await client.callTool({ name: 'advance_time', arguments: {} })) as CallToolResult;
    expect(unknownTool.isError).toBe(true);
    expect(textOf(unknownTool)).toContain('advance_time not found');
  });

  it('takes the key as a bearer token or as X-API-Key, like REST', async () => {
    const viaHeader = await connectMcp(bed.mcpUrl('ctx-a'), key.secret, 'x-api-key');
    const time = (await viaHeader.callTool({ name: 'get_current_time', arguments: {} })) as CallToolResult;
    expect(time.structuredContent).toEqual({ current_time: '2026-01-28T06:00:00.000Z' });
    await viaHeader.close();
  });

  it('refuses a missing key, another assessment’s key, and the key of an earlier assessment here', async () => {
    const missing = await post(bed.mcpUrl('ctx-a'), INITIALIZE);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect(await errorOf(missing)).toContain('Authorization: Bearer <key>');

    const other = await bed.addContext('ctx-b');
    const crossed = await post(bed.mcpUrl('ctx-a'), INITIALIZE, { authorization: `Bearer ${other.secret}` });
    expect(crossed.status).toBe(401);
    expect(await errorOf(crossed)).toBe('this key is not the key of the assessment running in this context');
    await expect(connectMcp(bed.mcpUrl('ctx-a'), other.secret, 'x-api-key')).rejects.toThrow(
      /not the key of the assessment running in this context/,
    );
    // Its own endpoint takes it.
    const own = await connectMcp(bed.mcpUrl('ctx-b'), other.secret);
    await own.close();

    // A new assessment in ctx-b: the earlier key and its sessions are gone.
    const earlier = await connectMcp(bed.mcpUrl('ctx-b'), other.secret);
    const next = await bed.ues.admin.keys.create({ name: 'next', permissions: [...PURPLE_UES_PERMISSIONS] });
    bed.host.grant('ctx-b', { apiKey: next.secret, user: bed.user });
    expect(bed.host.sessionCount('ctx-b')).toBe(0);
    await expect(earlier.callTool({ name: 'get_current_time', arguments: {} })).rejects.toThrow(
      /not the key/,
    );
    await expect(connectMcp(bed.mcpUrl('ctx-b'), other.secret)).rejects.toThrow(/not the key/);
  });

  it('refuses what is not a session of a running assessment, saying why', async () => {
    const auth = { authorization: `Bearer ${key.secret}` };
    const unknown = await post(bed.mcpUrl('no-such-context'), INITIALIZE, auth);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toContain('no assessment is running for context "no-such-context"');

    const get = await fetch(bed.mcpUrl('ctx-a'), { headers: { ...auth, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');

    const noSession = await post(bed.mcpUrl('ctx-a'), { jsonrpc: '2.0', id: 2, method: 'tools/list' }, auth);
    expect(noSession.status).toBe(400);
    expect(await errorOf(noSession)).toContain('must be `initialize`');

    const staleSession = await post(
      bed.mcpUrl('ctx-a'),
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      {
        ...auth,
        'mcp-session-id': 'not-a-session',
      },
    );
    expect(staleSession.status).toBe(404);
    expect(await errorOf(staleSession)).toContain('initialize a new one');

    const notJson = await post(bed.mcpUrl('ctx-a'), '{"jsonrpc":', auth);
    expect(notJson.status).toBe(400);
    expect(await errorOf(notJson)).toContain('the request body is not JSON');
  });

  it('closes with the purple’s access: calls in flight drain or are cut off, then 403, sessions gone', async () => {
    // A simulator that never answers keeps a tool call in flight.
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const slowKey = await bed.addContext('ctx-slow');
      bed.registry.register('ctx-slow', silentUrl);
      const slow = await connectMcp(bed.mcpUrl('ctx-slow'), slowKey.secret);
      const pending = slow.callTool({ name: 'get_current_time', arguments: {} });
      await expect.poll(() => bed.registry.inflight('ctx-slow')).toBe(1);

      const started = Date.now();
      await bed.registry.closeAccess('ctx-slow', 'the assessment’s turns are over', 100);
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
      const cut = (await pending) as CallToolResult;
      expect(cut.isError).toBe(true);
      expect(textOf(cut)).toContain('cut off');

      const refused = await post(bed.mcpUrl('ctx-slow'), INITIALIZE, {
        authorization: `Bearer ${slowKey.secret}`,
      });
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toBe(
        'this UES no longer accepts the assistant’s requests: the assessment’s turns are over'.replace(
          '’',
          "'",
        ),
      );
      await expect(slow.callTool({ name: 'get_current_time', arguments: {} })).rejects.toThrow(
        /no longer accepts/,
      );
      await bed.host.revoke('ctx-slow');
      expect(bed.host.sessionCount('ctx-slow')).toBe(0);
      await slow.close();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
  it('keeps a call in flight until its work is done, even when its client hung up', async () => {
    // A simulator that answers only when the test lets it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached = 0;
    const held: Server = createServer((_request, response) => {
      reached += 1;
      void released.then(() => response.end(JSON.stringify({ current_time: '2026-01-28T06:00:00Z' })));
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    try {
      const heldKey = await bed.addContext('ctx-held');
      bed.registry.register('ctx-held', `http://127.0.0.1:${(held.address() as AddressInfo).port}`);
      const opened = await post(bed.mcpUrl('ctx-held'), INITIALIZE, {
        authorization: `Bearer ${heldKey.secret}`,
      });
      const headers = {
        authorization: `Bearer ${heldKey.secret}`,
        'mcp-session-id': opened.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-06-18',
      };
      await opened.text();
      const hangUp = new AbortController();
      const call = fetch(bed.mcpUrl('ctx-held'), {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: { name: 'get_current_time', arguments: {} },
        }),
        signal: hangUp.signal,
      });
      await expect.poll(() => reached).toBe(1);
      hangUp.abort();
      await expect(call).rejects.toThrow();

      // The simulator has the request: access cannot finish closing before it is answered.
      let closed = false;
      const closing = bed.registry
        .closeAccess('ctx-held', 'the turns are over', 10_000)
        .then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(bed.registry.inflight('ctx-held')).toBe(1);
      expect(closed).toBe(false);
      release();
      await closing;
      expect(bed.registry.inflight('ctx-held')).toBe(0);
    } finally {
      release();
      held.closeAllConnections();
      await new Promise<void>((resolve) => held.close(() => resolve()));
    }
  });
});

describe('MCP sessions per context', () => {
  it('keeps the most recently used ones and closes the rest', async () => {
    const bed = await startMcpTestBed({ maxSessionsPerContext: 2 });
    try {
      const key = await bed.addContext('ctx');
      const [first, second, third] = [
        await connectMcp(bed.mcpUrl('ctx'), key.secret),
        await connectMcp(bed.mcpUrl('ctx'), key.secret),
        await connectMcp(bed.mcpUrl('ctx'), key.secret),
      ];
      expect(bed.host.sessionCount('ctx')).toBe(2);
      await expect(first!.callTool({ name: 'get_current_time', arguments: {} })).rejects.toThrow(
        /initialize a new one/,
      );
      // Using the second makes the third the oldest.
      await second!.callTool({ name: 'get_current_time', arguments: {} });
      const fourth = await connectMcp(bed.mcpUrl('ctx'), key.secret);
      await expect(third!.callTool({ name: 'get_current_time', arguments: {} })).rejects.toThrow(
        /initialize a new one/,
      );
      await second!.callTool({ name: 'get_current_time', arguments: {} });
      for (const client of [first, second, third, fourth]) await client!.close();
    } finally {
      await bed.close();
    }
  });
});
