import WebSocket from 'ws';

/** A WebSocket test client that queues what it receives, so tests await messages, never time. */
export interface TestSocket {
  socket: WebSocket;
  /** The next message (JSON-parsed), in arrival order. */
  next(): Promise<any>;
  /** Messages up to and including the first of `type`. */
  until(type: string): Promise<any[]>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function wsUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/ws`;
}

/** Opens `/ws`, sending the key as the X-API-Key header when given. Rejects with the HTTP status on refusal. */
export function connect(httpUrl: string, key?: string, path = '/ws'): Promise<TestSocket> {
  const socket = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}${path}`, {
    headers: key === undefined ? {} : { 'x-api-key': key },
  });
  const queue: any[] = [];
  const waiters: ((message: any) => void)[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: TestSocket = {
    socket,
    next: () =>
      queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiters.push(resolve)),
    async until(type) {
      const seen: any[] = [];
      for (;;) {
        const message = await client.next();
        seen.push(message);
        if (message.type === type) return seen;
      }
    },
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        reject(
          Object.assign(new Error(`HTTP ${response.statusCode}`), { status: response.statusCode, body }),
        ),
      );
    });
    socket.once('error', reject);
  });
}
