import type { Artifact, Part } from '@a2a-js/sdk';
import { InProcessUesRunner } from '../../src/green/runtime/index.js';
import { ScenarioManager } from '../../src/green/scenarios/index.js';
import { startGreenServer, type GreenServerHandle, type GreenServerOptions } from '../../src/green/server.js';
import {
  A2AAgentClient,
  dataPart,
  payloadOfMessage,
  taskStateName,
  textPart,
  textsOf,
  type TaskStateName,
  type TaskUpdate,
} from '../../src/protocol/index.js';
import { TEST_SCENARIOS_DIR, testGreenConfig } from './green-harness.js';
import { testLogger } from './logger.js';

/** A green server on loopback with the test scenarios (in-process UES unless the config says otherwise). */
export async function startTestGreen(
  config: Record<string, unknown> = {},
  options: GreenServerOptions = {},
): Promise<GreenServerHandle> {
  const resolved = testGreenConfig({ port: 0, ...config });
  return startGreenServer(resolved, {
    logger: testLogger(),
    scenarios: new ScenarioManager(TEST_SCENARIOS_DIR),
    ...options,
    agent: {
      ...(resolved.ues_runner === 'in-process' ? { runner: new InProcessUesRunner() } : {}),
      ...options.agent,
    },
  });
}

/** Everything a platform client saw of one assessment task. */
export interface StreamRecord {
  taskId: string | undefined;
  contextId: string | undefined;
  /** Task states in arrival order (the first is the task itself). */
  states: TaskStateName[];
  /** The AgentBeats updates (status DataParts), in order. */
  updates: TaskUpdate[];
  /** Texts of status messages that carry no update (acceptance, heartbeats, terminal messages). */
  texts: string[];
  artifacts: Artifact[];
}

export interface StreamingAssessment {
  record: StreamRecord;
  /** Resolves with the task id as soon as the task exists. */
  taskId: Promise<string>;
  done: Promise<StreamRecord>;
}

/** Sends a request (JSON text by default, as the platform does) and records the stream. */
export function streamAssessment(
  client: A2AAgentClient,
  request: unknown,
  options: { as?: 'text' | 'data' | 'raw-text'; onEvent?: (record: StreamRecord) => void } = {},
): StreamingAssessment {
  const record: StreamRecord = {
    taskId: undefined,
    contextId: undefined,
    states: [],
    updates: [],
    texts: [],
    artifacts: [],
  };
  let resolveTaskId!: (id: string) => void;
  const taskId = new Promise<string>((resolve) => (resolveTaskId = resolve));
  const parts: Part[] =
    options.as === 'data'
      ? [dataPart(request)]
      : [textPart(options.as === 'raw-text' ? String(request) : JSON.stringify(request))];
  const done = (async () => {
    for await (const event of client.stream(parts)) {
      const payload = event.payload;
      if (payload === undefined) continue;
      if (payload.$case === 'task') {
        record.taskId = payload.value.id;
        record.contextId = payload.value.contextId;
        resolveTaskId(payload.value.id);
        record.states.push(taskStateName(payload.value.status?.state));
      } else if (payload.$case === 'statusUpdate') {
        record.states.push(taskStateName(payload.value.status?.state));
        const message = payload.value.status?.message;
        const data = payloadOfMessage(message);
        if (data !== undefined && String(data['message_type']).startsWith('update_')) {
          record.updates.push(data as unknown as TaskUpdate);
        } else if (message !== undefined) {
          record.texts.push(textsOf(message.parts).join(' '));
        }
      } else if (payload.$case === 'artifactUpdate') {
        record.artifacts.push(payload.value.artifact!);
      }
      options.onEvent?.(record);
    }
    return record;
  })();
  return { record, taskId, done };
}

/** The terminal states in a record (a correct stream has exactly one, at the end). */
export function terminalStates(record: StreamRecord): TaskStateName[] {
  return record.states.filter((state) => ['completed', 'failed', 'canceled', 'rejected'].includes(state));
}

/** One assessment request to `green` on a client of its own, followed to its end. */
export async function assessOverA2A(green: GreenServerHandle, request: unknown): Promise<StreamRecord> {
  const client = await A2AAgentClient.connect(green.url);
  try {
    return await streamAssessment(client, request).done;
  } finally {
    await client.close();
  }
}
