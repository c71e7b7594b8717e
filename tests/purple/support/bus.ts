import type { Part } from '@a2a-js/sdk';
import {
  DefaultExecutionEventBus,
  RequestContext,
  ServerCallContext,
  type AgentExecutionEvent,
} from '@a2a-js/sdk/server';
import {
  buildMessage,
  payloadOfParts,
  payloadParts,
  taskStateName,
  textsOf,
  type JsonObject,
} from '../../../src/protocol/index.js';

/** Drives an AgentExecutor directly on an SDK event bus and reads what it published. */

export interface Recorded {
  events: AgentExecutionEvent[];
  /** Task state names in publish order, e.g. ['submitted', 'working', 'completed']. */
  states(): string[];
  finalState(): string | undefined;
  /** The final status message's texts. */
  finalTexts(): string[];
  /** The final status message's payload. */
  finalPayload(): JsonObject | undefined;
  artifacts(): { name: string; payload: JsonObject | undefined }[];
}

export function record(): { bus: DefaultExecutionEventBus; recorded: Recorded } {
  const bus = new DefaultExecutionEventBus();
  const events: AgentExecutionEvent[] = [];
  bus.on('event', (event) => events.push(event));
  const statusEvents = () => events.flatMap((event) => (event.kind === 'statusUpdate' ? [event.data] : []));
  const recorded: Recorded = {
    events,
    states() {
      return events.flatMap((event) => {
        if (event.kind === 'task' || event.kind === 'statusUpdate')
          return [taskStateName(event.data.status?.state)];
        return [];
      });
    },
    finalState() {
      return this.states().at(-1);
    },
    finalTexts() {
      return textsOf(statusEvents().at(-1)?.status?.message?.parts ?? []);
    },
    finalPayload() {
      return payloadOfParts(statusEvents().at(-1)?.status?.message?.parts ?? []);
    },
    artifacts() {
      return events.flatMap((event) =>
        event.kind === 'artifactUpdate'
          ? [
              {
                name: event.data.artifact?.name ?? '',
                payload: payloadOfParts(event.data.artifact?.parts ?? []),
              },
            ]
          : [],
      );
    },
  };
  return { bus, recorded };
}

let taskCounter = 0;

/** A request in `contextId` carrying `parts` (default: the payload as DataPart + JSON text). */
export function request(contextId: string, payload: JsonObject | Part[]): RequestContext {
  const parts = Array.isArray(payload) ? payload : payloadParts(payload);
  const message = buildMessage(parts, { role: 'user', contextId });
  return new RequestContext(
    { tenant: '', message, configuration: undefined, metadata: undefined },
    `task-${++taskCounter}`,
    contextId,
    new ServerCallContext(),
    undefined,
  );
}
