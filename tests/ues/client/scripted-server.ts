import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A tiny loopback HTTP server whose answers a test scripts, for the transport behaviour the real
 * simulator never shows (503s, hanging, malformed bodies). `respond` gets the 0-based request index;
 * returning `'hang'` never answers.
 */
export async function startScriptedServer(
  respond: (
    request: RecordedRequest,
    index: number,
  ) => { status: number; body?: unknown; contentType?: string } | 'hang',
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      };
      requests.push(recorded);
      const answer = respond(recorded, requests.length - 1);
      if (answer === 'hang') return;
      const text =
        answer.body === undefined
          ? ''
          : typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL nothing listens on (a port just released), for connection-refused cases. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A sleep that returns at once and records what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}
