import type { Message, Task } from '@a2a-js/sdk';
import {
  DefaultExecutionEventBus,
  RequestContext,
  ServerCallContext,
  type AgentExecutionEvent,
} from '@a2a-js/sdk/server';
import { buildMessage, payloadParts } from '../../../src/protocol/index.js';

/** An SDK event bus that records everything published on it. */
export function recordingBus(): { bus: DefaultExecutionEventBus; events: AgentExecutionEvent[] } {
  const bus = new DefaultExecutionEventBus();
  const events: AgentExecutionEvent[] = [];
  bus.on('event', (event) => events.push(event));
  return { bus, events };
}

export function requestContext(options: { task?: Task; message?: Message } = {}): RequestContext {
  const message = options.message ?? buildMessage(payloadParts({ hello: 'world' }), { role: 'user' });
  return new RequestContext(
    { tenant: '', message, configuration: undefined, metadata: undefined },
    options.task?.id ?? 'task-1',
    options.task?.contextId ?? 'ctx-1',
    new ServerCallContext(),
    options.task,
  );
}
