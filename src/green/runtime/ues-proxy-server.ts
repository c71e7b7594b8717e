import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { mountUesProxy, type UesProxyRegistry } from './ues-proxy.js';
import { forwardUesWebSockets } from './ues-proxy-websocket.js';

/**
 * The UES proxy on a listener of its own. A deployment can then expose this port to purples and
 * keep the A2A port (which starts and cancels assessments) on a network only the platform reaches.
 */

export interface UesProxyServer {
  /** A URL this process can reach the proxy at. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startUesProxyServer(options: {
  registry: UesProxyRegistry;
  host: string;
  port: number;
  logger?: Logger;
  /** Mounts what else purples reach beside the proxy (the MCP endpoint). */
  mountBeside?: (app: express.Express) => void;
}): Promise<UesProxyServer> {
  const app = express();
  app.disable('x-powered-by');
  const proxy = mountUesProxy(app, options.registry, options.logger);
  options.mountBeside?.(app);
  app.use((_req, res) => {
    res.status(404).json({
      detail: 'this port serves only the UES proxy (/ues/<contextId>/<UES path>) and MCP (/mcp/<contextId>)',
    });
  });
  const server: Server = createServer(app);
  const websockets = forwardUesWebSockets(server, options.registry, options.logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', ''].includes(options.host) ? '127.0.0.1' : options.host;
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostPart}:${port}/`,
    port,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        websockets.close();
        server.closeAllConnections();
        await closed;
        await proxy.close();
      })()),
  };
}
