import { TaskState } from '@a2a-js/sdk';
import type { Message as V03Message, Task as V03Task } from 'a2a-v03';
import { ClientFactory as V03ClientFactory } from 'a2a-v03/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AAgentClient, payloadParts, type A2AServerHandle } from '../../../src/protocol/index.js';
import { echoExecutor, gatedAgent, serve } from './test-agents.js';
import { startV03Peer, type V03Peer } from './v03-peer.js';

/** Cross-version interop over loopback, with @a2a-js/sdk 0.3.14 playing the v0.3 side. */

function v03DataMessage(data: Record<string, unknown>): V03Message {
  return { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'data', data }] };
}

function asTask(result: V03Message | V03Task): V03Task {
  expect(result.kind).toBe('task');
  return result as V03Task;
}

describe('v0.3 client (a2a-js 0.3.14) against our server', () => {
  let server: A2AServerHandle;

  beforeAll(async () => {
    server = await serve(echoExecutor);
  });
  afterAll(async () => {
    await server.close();
  });

  it('resolves our card as a v0.3 card', async () => {
    const client = await new V03ClientFactory().createFromUrl(server.url);
    const card = await client.getAgentCard();
    expect(card).toMatchObject({
      url: server.cardUrl,
      protocolVersion: '0.3',
      capabilities: { streaming: true },
    });
  });

  it('sends a blocking message and reads the DataPart result', async () => {
    const client = await new V03ClientFactory().createFromUrl(server.url);
    const task = asTask(
      await client.sendMessage({ message: v03DataMessage({ message_type: 'turn_start' }) }),
    );
    expect(task.status.state).toBe('completed');
    const dataPart = task.artifacts?.[0]?.parts.find((part) => part.kind === 'data');
    expect(dataPart).toMatchObject({
      kind: 'data',
      data: { echo: { message_type: 'turn_start' }, task_id: task.id },
    });
  });

  it('streams events ending in a final completed status', async () => {
    const client = await new V03ClientFactory().createFromUrl(server.url);
    const kinds: string[] = [];
    let last: unknown;
    for await (const event of client.sendMessageStream({ message: v03DataMessage({ n: 1 }) })) {
      kinds.push(event.kind);
      last = event;
    }
    expect(kinds).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
    expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
  });

  it('gets a finished task', async () => {
    const client = await new V03ClientFactory().createFromUrl(server.url);
    const sent = asTask(await client.sendMessage({ message: v03DataMessage({ n: 2 }) }));
    const got = await client.getTask({ id: sent.id });
    expect(got).toMatchObject({ kind: 'task', id: sent.id, status: { state: 'completed' } });
  });

  it('cancels a running task', async () => {
    const agent = gatedAgent();
    const gated = await serve(agent.executor);
    try {
      const client = await new V03ClientFactory().createFromUrl(gated.url);
      const states: string[] = [];
      const consume = (async () => {
        for await (const event of client.sendMessageStream({ message: v03DataMessage({ wait: true }) })) {
          if (event.kind === 'status-update') states.push(event.status.state);
        }
      })();
      const taskId = await agent.started;
      const canceled = await client.cancelTask({ id: taskId });
      expect(canceled.status.state).toBe('canceled');
      await consume;
      expect(states).toEqual(['working', 'canceled']);
    } finally {
      agent.release();
      await gated.close();
    }
  });
});

describe('our client against a v0.3 server (a2a-js 0.3.14)', () => {
  let peer: V03Peer;
  let client: A2AAgentClient;

  beforeAll(async () => {
    peer = await startV03Peer();
    client = await A2AAgentClient.connect(peer.url, { callTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await client.close();
    await peer.close();
  });

  it('detects protocol 0.3 from the card', () => {
    expect(client.protocolVersion).toBe('0.3');
    expect(client.card.name).toBe('v0.3 peer');
  });

  it('sends, extracts the reply payload and keeps the conversation', async () => {
    const first = await client.sendPayload({ message_type: 'assessment_start' });
    expect(first.state).toBe('completed');
    expect(first.payload).toMatchObject({ echo: { message_type: 'assessment_start' }, protocol: '0.3' });
    expect(client.contextId).toBe(first.contextId);

    const second = await client.sendPayload({ message_type: 'turn_start' });
    expect(second.contextId).toBe(first.contextId);
    expect(second.payload?.['context_id']).toBe(first.contextId);
    expect(second.taskId).not.toBe(first.taskId);
  });

  it('streams a send', async () => {
    const cases: string[] = [];
    for await (const event of client.stream(payloadParts({ n: 3 })))
      cases.push(event.payload?.$case ?? 'none');
    expect(cases).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
  });

  it('gets a task', async () => {
    const reply = await client.sendPayload({ n: 4 });
    const task = await client.getTask(reply.taskId!);
    expect(task.id).toBe(reply.taskId);
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('cancels a running task', async () => {
    const events = client.stream(payloadParts({ wait: true }));
    const first = await events.next();
    const taskId =
      first.done !== true && first.value.payload?.$case === 'task' ? first.value.payload.value.id : undefined;
    expect(taskId).toBeDefined();
    await peer.executor.started;
    const canceled = await client.cancelTask(taskId!);
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const states: TaskState[] = [];
    for await (const event of events) {
      if (event.payload?.$case === 'statusUpdate') states.push(event.payload.value.status!.state);
    }
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
  });
});
