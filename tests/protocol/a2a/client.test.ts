import { TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor } from '@a2a-js/sdk/server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A2AAbortedError,
  A2AAgentClient,
  A2AClientError,
  A2ATimeoutError,
  TaskUpdater,
  buildMessage,
  dataPart,
  payloadParts,
  type A2AServerHandle,
} from '../../../src/protocol/index.js';
import { echoExecutor, gatedAgent, serve } from './test-agents.js';

async function expectRejection<E extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

describe('A2AAgentClient against a v1.0 server', () => {
  let server: A2AServerHandle;
  let client: A2AAgentClient;

  beforeAll(async () => {
    server = await serve(echoExecutor);
    client = await A2AAgentClient.connect(server.url.replace(/\/$/, ''));
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('speaks v1.0 with a 1.3.0 server and normalizes the base URL', () => {
    expect(client.protocolVersion).toBe('1.0');
    expect(client.baseUrl).toBe(server.url);
    expect(client.card.name).toBe('test agent');
  });

  it('keeps one contextId per conversation until told to start a new one', async () => {
    const first = await client.sendPayload({ message_type: 'assessment_start' });
    expect(first.state).toBe('completed');
    expect(first.payload).toMatchObject({
      echo: { message_type: 'assessment_start' },
      context_id: first.contextId,
    });
    const second = await client.sendPayload({ message_type: 'turn_start' });
    expect(second.payload?.['context_id']).toBe(first.contextId);
    expect(second.taskId).not.toBe(first.taskId);

    client.startNewConversation();
    expect(client.contextId).toBeUndefined();
    const third = await client.sendPayload({ message_type: 'assessment_start' });
    expect(third.contextId).not.toBe(first.contextId);
  });

  it('gets a task it created', async () => {
    const reply = await client.sendPayload({ n: 1 });
    const task = await client.getTask(reply.taskId!, { historyLength: 1 });
    expect(task.id).toBe(reply.taskId);
    expect(task.history.length).toBeLessThanOrEqual(1);
  });

  it('wraps protocol errors with the agent URL and operation', async () => {
    const error = await expectRejection(client.cancelTask('no-such-task'), A2AClientError);
    expect(error.operation).toBe('cancelTask');
    expect(error.agentUrl).toBe(server.url);
  });
});

describe('A2AAgentClient replies', () => {
  it('extracts the payload of a bare Message reply', async () => {
    const messageExecutor: AgentExecutor = {
      async execute(context, bus) {
        bus.publish(
          AgentEvent.message(
            buildMessage([dataPart({ message_type: 'turn_complete', time_step: 'PT2H' })], {
              role: 'agent',
              contextId: context.contextId,
            }),
          ),
        );
      },
      async cancelTask() {},
    };
    const server = await serve(messageExecutor);
    const client = await A2AAgentClient.connect(server.url);
    try {
      const reply = await client.sendPayload({ message_type: 'turn_start' });
      expect(reply.state).toBeUndefined();
      expect(reply.taskId).toBeUndefined();
      expect(reply.payload).toEqual({ message_type: 'turn_complete', time_step: 'PT2H' });
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('reports a failed task as a reply with state failed', async () => {
    const failing: AgentExecutor = {
      async execute(context, bus) {
        const updater = TaskUpdater.forRequest(context, bus);
        updater.startTask(context);
        updater.failed('could not do it');
      },
      async cancelTask() {},
    };
    const server = await serve(failing);
    const client = await A2AAgentClient.connect(server.url);
    try {
      const reply = await client.send(payloadParts({ x: 1 }));
      expect(reply.state).toBe('failed');
      expect(reply.payload).toBeUndefined();
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('sends to the base URL even when the card advertises another address', async () => {
    const server = await serve(echoExecutor, { cardUrl: 'http://127.0.0.1:1/' });
    const viaBase = await A2AAgentClient.connect(server.url);
    const viaCard = await A2AAgentClient.connect(server.url, { useBaseUrl: false, callTimeoutMs: 10_000 });
    try {
      await expect(viaBase.sendPayload({ ok: true })).resolves.toMatchObject({ state: 'completed' });
      const error = await expectRejection(viaCard.sendPayload({ ok: true }), A2AClientError);
      expect(error.operation).toBe('sendMessage');
    } finally {
      await viaBase.close();
      await viaCard.close();
      await server.close();
    }
  });
});

describe('A2AAgentClient deadlines, aborts and HTTP timeouts (slow agent)', () => {
  let agent: ReturnType<typeof gatedAgent>;
  let server: A2AServerHandle;

  beforeAll(async () => {
    agent = gatedAgent();
    server = await serve(agent.executor, { shutdownGraceMs: 0 });
  });
  afterAll(async () => {
    agent.release();
    await server.close();
  });

  it('fails a blocking send that exceeds its per-call deadline', async () => {
    const client = await A2AAgentClient.connect(server.url);
    try {
      const error = await expectRejection(
        client.sendPayload({ slow: true }, { timeoutMs: 50 }),
        A2ATimeoutError,
      );
      expect(error).toMatchObject({
        kind: 'deadline',
        timeoutMs: 50,
        operation: 'sendMessage',
        agentUrl: server.url,
      });
    } finally {
      await client.close();
    }
  });

  it('uses the client-wide default deadline', async () => {
    const client = await A2AAgentClient.connect(server.url, { callTimeoutMs: 50 });
    try {
      const error = await expectRejection(client.sendPayload({ slow: true }), A2ATimeoutError);
      expect(error.timeoutMs).toBe(50);
    } finally {
      await client.close();
    }
  });

  it('fails a stream that exceeds its deadline', async () => {
    const client = await A2AAgentClient.connect(server.url);
    try {
      const drain = async () => {
        for await (const _event of client.stream(payloadParts({ slow: true }), { timeoutMs: 50 })) {
          // keep reading until the deadline cuts the stream
        }
      };
      const error = await expectRejection(drain(), A2ATimeoutError);
      expect(error).toMatchObject({ kind: 'deadline', operation: 'sendMessageStream' });
    } finally {
      await client.close();
    }
  });

  it('stops when the caller aborts', async () => {
    const client = await A2AAgentClient.connect(server.url);
    try {
      const controller = new AbortController();
      const pending = client.sendPayload({ slow: true }, { signal: controller.signal });
      controller.abort(new Error('assessment canceled'));
      const error = await expectRejection(pending, A2AAbortedError);
      expect(error.operation).toBe('sendMessage');
      await expectRejection(
        client.sendPayload({ slow: true }, { signal: controller.signal }),
        A2AAbortedError,
      );
    } finally {
      await client.close();
    }
  });

  it('applies its own undici headers timeout instead of Node’s 300 s default', async () => {
    const client = await A2AAgentClient.connect(server.url, { http: { headersTimeoutMs: 50 } });
    try {
      const error = await expectRejection(client.sendPayload({ slow: true }), A2ATimeoutError);
      expect(error.kind).toBe('http-headers');
    } finally {
      await client.close();
    }
  });

  it('applies its own undici body timeout to silent streams', async () => {
    const client = await A2AAgentClient.connect(server.url, { http: { bodyTimeoutMs: 50 } });
    try {
      const drain = async () => {
        for await (const _event of client.stream(payloadParts({ slow: true }))) {
          // the agent goes quiet after its first events
        }
      };
      const error = await expectRejection(drain(), A2ATimeoutError);
      expect(error).toMatchObject({ kind: 'http-body', operation: 'sendMessageStream' });
    } finally {
      await client.close();
    }
  });
});

describe('A2AAgentClient cancellation against a v1.0 server', () => {
  it('cancels a running task it is streaming', async () => {
    const agent = gatedAgent();
    const server = await serve(agent.executor);
    const client = await A2AAgentClient.connect(server.url);
    try {
      const events = client.stream(payloadParts({ wait: true }));
      const first = await events.next();
      const taskId =
        first.done !== true && first.value.payload?.$case === 'task'
          ? first.value.payload.value.id
          : undefined;
      expect(await agent.started).toBe(taskId);
      const canceled = await client.cancelTask(taskId!);
      expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      const states: TaskState[] = [];
      for await (const event of events) {
        if (event.payload?.$case === 'statusUpdate') states.push(event.payload.value.status!.state);
      }
      expect(states.at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
      expect((await client.getTask(taskId!)).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    } finally {
      agent.release();
      await client.close();
      await server.close();
    }
  });
});

describe('A2AAgentClient card resolution', () => {
  let silent: Server;
  let silentUrl: string;
  let notFound: Server;
  let notFoundUrl: string;

  beforeAll(async () => {
    const listen = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    };
    silent = createServer(() => {
      // never answers: the card request must hit the card timeout
    });
    silentUrl = await listen(silent);
    notFound = createServer((_req, res) => res.writeHead(404).end('no card'));
    notFoundUrl = await listen(notFound);
  });
  afterAll(async () => {
    for (const server of [silent, notFound]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('times out on an agent that never sends its card', async () => {
    const error = await expectRejection(
      A2AAgentClient.connect(silentUrl, { cardTimeoutMs: 50 }),
      A2ATimeoutError,
    );
    expect(error).toMatchObject({ operation: 'resolveCard', kind: 'deadline' });
  });

  it('reports a missing card with its HTTP status', async () => {
    const error = await expectRejection(A2AAgentClient.connect(notFoundUrl), A2AClientError);
    expect(error.operation).toBe('resolveCard');
    expect(error.message).toContain('HTTP 404');
  });

  it('reports an unreachable agent', async () => {
    const closed = await serve(echoExecutor);
    const url = closed.url;
    await closed.close();
    const error = await expectRejection(A2AAgentClient.connect(url), A2AClientError);
    expect(error.operation).toBe('resolveCard');
    expect(error.agentUrl).toBe(url);
  });
});
