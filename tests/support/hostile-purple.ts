import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startA2AServer } from '../../src/protocol/index.js';

/**
 * Purples that misbehave below the protocol: one that accepts connections and never says a
 * word, one whose answer is far larger than any reply should be. On 127.0.0.1; `close()` cuts
 * every connection.
 */

export interface HostilePurple {
  url: string;
  /** Connections or requests received so far. */
  readonly hits: number;
  close(): Promise<void>;
}

/** Accepts TCP connections and never answers (not even the agent card). */
export async function startSilentPurple(): Promise<HostilePurple> {
  const sockets = new Set<Socket>();
  let hits = 0;
  const server = createTcpServer((socket) => {
    hits += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    get hits() {
      return hits;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Serves a valid agent card, then answers every JSON-RPC call with `bytes` of body (streamed
 * lazily, stopping when the client hangs up), so a client that buffers it all would hold it all.
 */
export async function startOversizedPurple(bytes: number): Promise<HostilePurple & { bytesSent(): number }> {
  const card = await realCardJson();
  let hits = 0;
  let sent = 0;
  const server: Server = createHttpServer((req, res) => {
    if (req.method === 'GET') {
      res.setHeader('content-type', 'application/json');
      res.end(card.replaceAll('__URL__', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
      return;
    }
    hits += 1;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1 << 20, 0x20);
    const pump = (): void => {
      while (sent < bytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end('{}');
    };
    res.on('error', () => undefined);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    get hits() {
      return hits;
    },
    bytesSent: () => sent,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The v1 card JSON of a real A2A server, with `__URL__` where its URL goes. */
async function realCardJson(): Promise<string> {
  const server = await startA2AServer({
    card: {
      name: 'oversized purple',
      description: 'answers far too much',
      version: '1.0.0',
      skills: [{ id: 'assistant', name: 'Assistant', description: 'hostile' }],
    },
    executor: { execute: async () => undefined, cancelTask: async () => undefined },
    port: 0,
    cardUrl: 'http://placeholder.invalid/',
  });
  try {
    const response = await fetch(`${server.url}.well-known/agent-card.json`, {
      headers: { 'A2A-Version': '1.0' },
    });
    return (await response.text()).replaceAll('http://placeholder.invalid/', '__URL__');
  } finally {
    await server.close();
  }
}
