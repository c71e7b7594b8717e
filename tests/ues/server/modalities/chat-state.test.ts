import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../src/ues/server/core/journal.js';
import type { ModalityInput } from '../../../../src/ues/server/core/event.js';
import { ChatState } from '../../../../src/ues/server/modalities/chat/state.js';

const START = Date.parse('2025-01-01T12:00:00Z');

/** A send_message input as the engine hands it to the state (envelope and defaults filled in). */
function send(id: string, minute: number, conversation: string): ModalityInput {
  return {
    modality_type: 'chat',
    input_id: `input-${id}`,
    timestamp: new Date(START + minute * 60_000).toISOString(),
    operation: 'send_message',
    role: 'assistant',
    content: `message ${id}`,
    conversation_id: conversation,
    message_id: id,
    metadata: {},
  };
}

type Sent = { id: string; minute: number; conversation: string };

/**
 * What the messages should be: all sent, in (timestamp, arrival) order — a stable sort of the sends
 * by time — each conversation's oldest dropped past `max`.
 */
function expectedMessages(sent: readonly Sent[], max: number): string[] {
  let messages: Sent[] = [];
  for (const entry of sent) {
    messages = [...messages, entry].sort((a, b) => a.minute - b.minute);
    const inConversation = messages.filter((message) => message.conversation === entry.conversation);
    if (inConversation.length > max) messages = messages.filter((message) => message !== inConversation[0]);
  }
  return messages.map((message) => message.id);
}

describe('ChatState message order', () => {
  it('keeps messages in (timestamp, arrival) order and conversations within their size, and undoes each send', () => {
    const sends = fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[0-9a-f]{6}$/),
        minute: fc.integer({ min: 0, max: 5 }),
        conversation: fc.constantFrom('user-assistant', 'other'),
      }),
      { selector: (entry) => entry.id, maxLength: 40 },
    );
    fc.assert(
      fc.property(sends, (entries) => {
        const state = new ChatState(START);
        state.maxHistorySize = 6;
        const journals: Journal[] = [];
        const before: string[][] = [];
        for (const entry of entries) {
          before.push(state.messages.map((message) => message.message_id));
          const journal = new Journal();
          state.apply(send(entry.id, entry.minute, entry.conversation), {
            now: START,
            journal,
            environment: new Map(),
          });
          journals.push(journal);
        }
        expect(state.messages.map((message) => message.message_id)).toEqual(expectedMessages(entries, 6));
        for (let index = journals.length - 1; index >= 0; index--) {
          journals[index]!.undo();
          expect(state.messages.map((message) => message.message_id)).toEqual(before[index]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
