import type { AgentExecutor } from '@a2a-js/sdk/server';
import {
  TaskAbortRegistry,
  TaskUpdater,
  dataPart,
  payloadOfMessage,
  startA2AServer,
  textPart,
  type A2AServerHandle,
  type A2AServerOptions,
} from '../../../src/protocol/index.js';

/** Test agents served by our own server factory over loopback. */

export const TEST_CARD = {
  name: 'test agent',
  description: 'echoes AgentBeats payloads',
  version: '1.0.0',
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes the payload', tags: ['test'] }],
};

/** Replies with a working update, a Result artifact `{echo, context_id, task_id}`, then completed. */
export const echoExecutor: AgentExecutor = {
  async execute(context, bus) {
    const updater = TaskUpdater.forRequest(context, bus);
    updater.startTask(context);
    updater.working('echoing');
    updater.addArtifact({
      name: 'Result',
      parts: [
        textPart('echo result'),
        dataPart({
          echo: payloadOfMessage(context.userMessage) ?? null,
          context_id: context.contextId,
          task_id: context.taskId,
        }),
      ],
    });
    updater.complete();
  },
  async cancelTask() {},
};

/**
 * An agent whose tasks wait until released or canceled. Cancellation goes through a
 * TaskAbortRegistry the way the green and purple executors are meant to use it.
 */
export function gatedAgent() {
  const registry = new TaskAbortRegistry();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markStarted!: (taskId: string) => void;
  const started = new Promise<string>((resolve) => (markStarted = resolve));

  const executor: AgentExecutor = {
    async execute(context, bus) {
      const updater = TaskUpdater.forRequest(context, bus);
      updater.startTask(context);
      updater.working('waiting for the gate');
      await registry.run(context.taskId, async (signal) => {
        markStarted(context.taskId);
        const aborted = new Promise<'aborted'>((resolve) =>
          signal.addEventListener('abort', () => resolve('aborted')),
        );
        const outcome = await Promise.race([released.then(() => 'released' as const), aborted]);
        if (outcome === 'aborted') {
          updater.canceled('canceled by request');
          return;
        }
        updater.addArtifact({ name: 'Result', parts: [dataPart({ released: true })] });
        updater.complete();
      });
    },
    async cancelTask(taskId) {
      registry.abort(taskId);
    },
  };
  return { executor, release, started, registry };
}

export function serve(
  executor: AgentExecutor,
  options: Partial<A2AServerOptions> = {},
): Promise<A2AServerHandle> {
  return startA2AServer({
    card: TEST_CARD,
    executor,
    host: '127.0.0.1',
    port: 0,
    shutdownGraceMs: 200,
    ...options,
  });
}
