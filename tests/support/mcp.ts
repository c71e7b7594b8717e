import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AssessmentMcpHost, assessmentMcpUrl, type UserContext } from '../../src/green/mcp/index.js';
import { UesProxyRegistry, mountUesProxy, uesProxyUrl } from '../../src/green/runtime/index.js';
import { PURPLE_PERMISSIONS } from '../../src/green/assessment/index.js';
import { USER_ASSISTANT_CONVERSATION } from '../../src/purple/index.js';
import { startPurpleUes, type PurpleUes } from './ues.js';

/**
 * The green's purple-facing surface without a green: one simulator, the UES proxy and the MCP
 * host on one loopback server, and contexts registered by hand, each with a purple key of its own.
 */

export interface McpTestBed {
  ues: PurpleUes;
  registry: UesProxyRegistry;
  host: AssessmentMcpHost;
  base: string;
  /** The simulator's user, as the green would grant it (time zone, address, number, conversation). */
  user: UserContext;
  /** Registers a context on the simulator and grants it a fresh purple key; returns the key. */
  addContext(contextId: string): Promise<{ secret: string; keyId: string }>;
  mcpUrl(contextId: string): string;
  restUrl(contextId: string): string;
  close(): Promise<void>;
}

export async function startMcpTestBed(options: { maxSessionsPerContext?: number } = {}): Promise<McpTestBed> {
  const ues = await startPurpleUes();
  const registry = new UesProxyRegistry();
  const host = new AssessmentMcpHost({ registry, ...options });
  const app = express();
  const proxy = mountUesProxy(app, registry);
  host.mount(app);
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const user: UserContext = {
    timezone: (await ues.admin.calendar.state({ compact: true })).user_timezone,
    email: (await ues.admin.email.state({ summary: true })).user_email_address,
    phone: (await ues.admin.sms.state({ compact: true })).user_phone_number,
    conversationId: USER_ASSISTANT_CONVERSATION,
  };
  return {
    ues,
    registry,
    host,
    base,
    user,
    async addContext(contextId) {
      registry.register(contextId, ues.instance.url);
      const key = await ues.admin.keys.create({
        name: `Purple ${contextId}`,
        permissions: [...PURPLE_PERMISSIONS],
      });
      host.grant(contextId, { apiKey: key.secret, user });
      return { secret: key.secret, keyId: key.key_id };
    },
    mcpUrl: (contextId) => assessmentMcpUrl(base, contextId),
    restUrl: (contextId) => uesProxyUrl(base, contextId),
    async close() {
      await host.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await proxy.close();
      await ues.close();
    },
  };
}

/** An MCP client of `url` presenting `key` the way the caller chooses. */
export async function connectMcp(
  url: string,
  key: string,
  as: 'bearer' | 'x-api-key' = 'bearer',
): Promise<Client> {
  const headers: Record<string, string> =
    as === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}
