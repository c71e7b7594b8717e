import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  body: string;
  json: any;
}

/** A webhook receiver on 127.0.0.1 whose answers the test scripts, and that records every request. */
export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** Decides each answer; may leave the response open (a hanging receiver). */
  respond: (request: ReceivedRequest, response: ServerResponse) => void;
  /** Resolves once `count` requests have arrived in total. */
  waitFor(count: number): Promise<void>;
  /** Answers every response left open with 200. */
  releaseHeld(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: (_request, response) => response.writeHead(200).end('ok'),
    waitFor(count) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    releaseHeld() {
      for (const response of held.splice(0)) if (!response.writableEnded) response.writeHead(200).end('late');
    },
    close: () =>
      new Promise((resolve) => {
        receiver.releaseHeld();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry: ReceivedRequest = { headers: request.headers, body, json: body ? JSON.parse(body) : null };
      receiver.received.push(entry);
      held.push(response);
      receiver.respond(entry, response);
      for (const waiter of [...waiters]) {
        if (receiver.received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  return receiver;
}
