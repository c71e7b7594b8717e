import type { AgentCard, Message, Task } from 'a2a-v03';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from 'a2a-v03/server';
import { UserBuilder, agentCardHandler, jsonRpcHandler } from 'a2a-v03/server/express';
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A v0.3 agent built on @a2a-js/sdk 0.3.14 (the `a2a-v03` alias), standing in for the Python
 * 0.3 purples found on AgentBeats. It echoes the first DataPart (or JSON text) it receives; a
 * message whose payload has `wait: true` blocks until canceled.
 */

function payloadOf(message: Message): unknown {
  for (const part of message.parts) if (part.kind === 'data') return part.data;
  for (const part of message.parts) {
    if (part.kind === 'text') {
      try {
        return JSON.parse(part.text) as unknown;
      } catch {
        return part.text;
      }
    }
  }
  return null;
}

class V03EchoExecutor implements AgentExecutor {
  private readonly waiting = new Map<string, () => void>();
  readonly started: Promise<string>;
  private markStarted!: (taskId: string) => void;

  constructor() {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, userMessage } = context;
    const task: Task = {
      kind: 'task',
      id: taskId,
      contextId,
      status: { state: 'submitted', timestamp: new Date().toISOString() },
      history: [userMessage],
    };
    bus.publish(context.task ?? task);
    const status = (state: 'working' | 'completed' | 'canceled', final: boolean) =>
      bus.publish({
        kind: 'status-update',
        taskId,
        contextId,
        status: { state, timestamp: new Date().toISOString() },
        final,
      });
    status('working', false);
    const payload = payloadOf(userMessage);
    if (typeof payload === 'object' && payload !== null && (payload as { wait?: unknown }).wait === true) {
      this.markStarted(taskId);
      await new Promise<void>((resolve) => this.waiting.set(taskId, resolve));
      status('canceled', true);
      bus.finished();
      return;
    }
    bus.publish({
      kind: 'artifact-update',
      taskId,
      contextId,
      artifact: {
        artifactId: `result-${taskId}`,
        name: 'Result',
        parts: [{ kind: 'data', data: { echo: payload as never, context_id: contextId, protocol: '0.3' } }],
      },
    });
    status('completed', true);
    bus.finished();
  }

  async cancelTask(taskId: string): Promise<void> {
    this.waiting.get(taskId)?.();
    this.waiting.delete(taskId);
  }

  releaseAll(): void {
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }
}

export interface V03Peer {
  url: string;
  executor: V03EchoExecutor;
  close(): Promise<void>;
}

export async function startV03Peer(): Promise<V03Peer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const card: AgentCard = {
    name: 'v0.3 peer',
    description: 'a2a-js 0.3.14 echo agent',
    url,
    version: '0.3.14',
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
    skills: [{ id: 'echo', name: 'Echo', description: 'echo', tags: [] }],
  };
  const executor = new V03EchoExecutor();
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const app = express();
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  server.on('request', app);
  return {
    url,
    executor,
    close: async () => {
      executor.releaseAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
