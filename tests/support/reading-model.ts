import { toolCallCompletion, type RecordedRequest, type StandInBehaviour } from './openai-stand-in.js';

/**
 * A stand-in model for the LLM baselines on real scenarios: every turn it reads each modality once
 * through the tools, makes the extra calls it is given, then ends the turn — so a test can check
 * that every tool answers every scenario's data without an error.
 */

export const READS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['read_chat', {}],
  ['list_emails', {}],
  ['list_sms', {}],
  ['list_calendar_events', {}],
  ['find_contacts', {}],
  ['get_location', {}],
  ['get_weather', {}],
];
/** The id of the call that reads the weather (its answer is the tool message with this id). */
export const WEATHER_CALL = `call_${READS.findIndex(([name]) => name === 'get_weather')}`;

export interface WireMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
}

export function messagesOf(request: RecordedRequest): WireMessage[] {
  return (request.body as { messages: WireMessage[] }).messages;
}

/** The tool messages the model was sent in `requests`. */
export function toolMessagesOf(requests: readonly RecordedRequest[]): WireMessage[] {
  return requests.flatMap(messagesOf).filter((message) => message.role === 'tool');
}

/** The calls already answered in this turn (tool messages after the last non-tool one). */
function callsDone(messages: readonly WireMessage[]): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role !== 'user'; i -= 1) {
    if (messages[i]!.role === 'tool') count += 1;
  }
  return count;
}

/** The model: READS, then `extra` calls, one a request, then finish_turn (PT2H). */
export function readingModel(
  extra: ReadonlyArray<[string, Record<string, unknown>]> = [],
): (request: RecordedRequest) => StandInBehaviour {
  const calls = [...READS, ...extra];
  return (request) => {
    const done = callsDone(messagesOf(request));
    const next = calls[done];
    if (next !== undefined) return toolCallCompletion(next[0], next[1], `call_${done}`);
    return toolCallCompletion('finish_turn', { time_step: 'PT2H' }, 'call_finish');
  };
}
