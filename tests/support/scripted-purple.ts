import type { AgentExecutor } from '@a2a-js/sdk/server';
import {
  TaskAbortRegistry,
  TaskUpdater,
  dataPart,
  parseMessage,
  payloadOfMessage,
  startA2AServer,
  textPart,
  type A2AServerHandle,
  type AgentBeatsMessage,
  type AssessmentStartMessage,
  type TurnStartMessage,
} from '../../src/protocol/index.js';
import { UesClient } from '../../src/ues/client/index.js';

/**
 * A purple agent for tests: a real A2A server whose answer to each message a test scripts. It
 * uses only the protocol layer and the UES client — never green code — and reaches UES through
 * the `ues_url` and `api_key` it is given in `assessment_start`, like any purple.
 */

/** What the purple does with one message. */
export type ScriptedReply =
  /** A JSON object in a `Result` artifact, then `completed`. */
  | { payload: Record<string, unknown> }
  /** Text in a `Result` artifact (e.g. not JSON at all), then `completed`. */
  | { text: string }
  /** Ends the task in another state without a reply. */
  | { state: 'failed' | 'rejected' | 'input-required'; text?: string }
  /** Never answers (until the task is canceled or the purple is closed). */
  | { hang: true };

export interface PurpleTurnContext {
  turn: TurnStartMessage;
  /** UES as the purple: built from the `assessment_start` of this conversation. */
  ues: UesClient;
  start: AssessmentStartMessage;
  contextId: string;
  signal: AbortSignal;
}

export interface PurpleScript {
  onTurn(context: PurpleTurnContext): Promise<ScriptedReply> | ScriptedReply;
  /** Default: acknowledge with an empty object. */
  onStart?(start: AssessmentStartMessage, contextId: string): Promise<ScriptedReply> | ScriptedReply;
}

export interface ReceivedMessage {
  contextId: string;
  taskId: string;
  message: AgentBeatsMessage;
}

export interface ScriptedPurple {
  url: string;
  /** Every message received, in order. */
  received: ReceivedMessage[];
  /** Resolves with the next received message of the given type. */
  next(type: AgentBeatsMessage['message_type']): Promise<ReceivedMessage>;
  close(): Promise<void>;
}

export const turnComplete = (time_step = 'PT1H', notes?: string): ScriptedReply => ({
  payload: { message_type: 'turn_complete', time_step, ...(notes ? { notes } : {}) },
});
export const earlyCompletion = (reason = 'all done'): ScriptedReply => ({
  payload: { message_type: 'early_completion', reason },
});

/** mini_inbox: the assistant answers Ann's lunch invitation (a character who replies). */
export async function answerAnn(ues: UesClient, body = 'Yes, Thursday works.'): Promise<void> {
  await ues.email.send({
    from_address: 'alex@example.com',
    to_addresses: ['ann@example.com'],
    subject: 'Re: Lunch on Thursday?',
    body_text: body,
  });
}

export async function startScriptedPurple(script: PurpleScript): Promise<ScriptedPurple> {
  const received: ReceivedMessage[] = [];
  const waiters: Array<{ type: string; resolve: (message: ReceivedMessage) => void }> = [];
  const starts = new Map<string, { start: AssessmentStartMessage; ues: UesClient }>();
  const registry = new TaskAbortRegistry();
  const closing = new AbortController();

  const executor: AgentExecutor = {
    async execute(context, bus) {
      const updater = TaskUpdater.forRequest(context, bus);
      updater.startTask(context);
      await registry.run(context.taskId, async (signal) => {
        const combined = AbortSignal.any([signal, closing.signal]);
        const message = parseMessage(payloadOfMessage(context.userMessage));
        const entry = { contextId: context.contextId, taskId: context.taskId, message };
        received.push(entry);
        for (const waiter of waiters.filter((w) => w.type === message.message_type)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
        let reply: ScriptedReply;
        if (message.message_type === 'assessment_start') {
          starts.set(context.contextId, {
            start: message,
            ues: new UesClient({ baseUrl: message.ues_url, apiKey: message.api_key, retry: false }),
          });
          reply = (await script.onStart?.(message, context.contextId)) ?? { payload: {} };
        } else if (message.message_type === 'turn_start') {
          const known = starts.get(context.contextId);
          if (known === undefined)
            throw new Error(`turn_start in context ${context.contextId} before assessment_start`);
          reply = await script.onTurn({
            turn: message,
            ...known,
            contextId: context.contextId,
            signal: combined,
          });
        } else {
          reply = { payload: {} };
        }
        await answer(updater, reply, combined);
      });
    },
    async cancelTask(taskId) {
      registry.abort(taskId);
    },
  };

  const server: A2AServerHandle = await startA2AServer({
    card: {
      name: 'scripted purple',
      description: 'a test purple whose replies each test scripts',
      version: '1.0.0',
      skills: [{ id: 'assistant', name: 'Assistant', description: 'scripted' }],
    },
    executor,
    host: '127.0.0.1',
    port: 0,
    shutdownGraceMs: 200,
  });

  return {
    url: server.url,
    received,
    next(type) {
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
    async close() {
      closing.abort();
      registry.abortAll();
      await server.close();
    },
  };
}

async function answer(updater: TaskUpdater, reply: ScriptedReply, signal: AbortSignal): Promise<void> {
  if ('hang' in reply) {
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    updater.canceled('stopped waiting');
    return;
  }
  if ('state' in reply) {
    if (reply.state === 'failed') updater.failed(reply.text ?? 'scripted failure');
    else if (reply.state === 'rejected') updater.reject(reply.text ?? 'scripted rejection');
    else updater.inputRequired(reply.text ?? 'need input');
    return;
  }
  updater.addArtifact({
    name: 'Result',
    parts: 'payload' in reply ? [dataPart(reply.payload)] : [textPart(reply.text)],
  });
  updater.complete();
}
