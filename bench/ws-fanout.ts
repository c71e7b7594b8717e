import WebSocket from 'ws';

const EXECUTED = Buffer.from('"type":"event.executed"');

/**
 * WebSocket fan-out: `subscribers` clients (in this process) subscribe to `event.executed`, one
 * advance runs `events` scheduled events, and the clock stops when every client has received every
 * event. Measured from sending the advance to the last delivery, so it includes the advance itself.
 */
export async function measureFanout(options: {
  url: string;
  adminKey: string;
  subscribers: number;
  events: number;
  advance: () => Promise<unknown>;
}): Promise<{ ms: number; advanceMs: number; eventsPerSecond: number; messagesPerSecond: number }> {
  const wsUrl = `${options.url.replace(/^http/, 'ws')}/ws`;
  let remaining = options.subscribers * options.events;
  let finished!: () => void;
  const allDelivered = new Promise<void>((resolve) => (finished = resolve));
  const sockets = await Promise.all(
    Array.from(
      { length: options.subscribers },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(wsUrl, { headers: { 'x-api-key': options.adminKey } });
          let ready = false;
          socket.on('message', (raw: Buffer) => {
            // Count without parsing: the subscribers share this process, and parsing 500,000
            // messages would measure the benchmark rather than the simulator.
            if (ready) {
              if (raw.includes(EXECUTED) && --remaining === 0) finished();
              return;
            }
            const message = JSON.parse(raw.toString()) as { type: string };
            if (message.type === 'subscription.updated') {
              ready = true;
              resolve(socket);
            } else if (message.type === 'auth.ok') {
              socket.send(JSON.stringify({ action: 'subscribe', events: ['event.executed'] }));
            }
          });
          socket.once('error', reject);
        }),
    ),
  );
  try {
    const started = performance.now();
    await options.advance();
    const advanceMs = performance.now() - started;
    await allDelivered;
    const ms = performance.now() - started;
    return {
      ms,
      advanceMs,
      eventsPerSecond: (options.events / ms) * 1000,
      messagesPerSecond: ((options.events * options.subscribers) / ms) * 1000,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
