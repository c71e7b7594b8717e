import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  parseMessage,
  parseUpdate,
  PURPLE_REPLY_MESSAGE_TYPES,
} from '../../src/protocol/index.js';
import { validMessages, validUpdates } from './fixtures.js';

function errorOf(run: () => unknown): ProtocolError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return error as ProtocolError;
  }
  throw new Error('expected a ProtocolError');
}

describe('parseMessage dispatch', () => {
  it('returns a value narrowed to the expected types', () => {
    const reply = parseMessage(validMessages.turn_complete, PURPLE_REPLY_MESSAGE_TYPES);
    expect(reply.message_type).toBe('turn_complete');
    if (reply.message_type === 'turn_complete') expect(reply.time_step).toBe('PT30M');
  });

  it('rejects a known message type that is not expected here', () => {
    const error = errorOf(() => parseMessage(validMessages.turn_start, PURPLE_REPLY_MESSAGE_TYPES));
    expect(error.message).toBe(
      'message.message_type: expected one of "turn_complete", "early_completion", got "turn_start"',
    );
    expect(error.issues).toEqual([
      {
        path: 'message_type',
        message: 'expected one of "turn_complete", "early_completion", got "turn_start"',
      },
    ]);
  });

  it('rejects an unknown message type, listing the known ones', () => {
    const error = errorOf(() => parseMessage({ message_type: 'turn_finished' }));
    expect(error.message).toContain('got "turn_finished"');
    expect(error.message).toContain('"turn_complete"');
  });

  it('rejects update types as messages and message types as updates', () => {
    errorOf(() => parseMessage(validUpdates.update_turn_started));
    errorOf(() => parseUpdate(validMessages.turn_start));
  });

  it('rejects a missing or non-string message_type', () => {
    expect(errorOf(() => parseMessage({ reason: 'x' })).message).toBe('message.message_type: is required');
    expect(errorOf(() => parseMessage({ message_type: 7 })).message).toBe(
      'message.message_type: expected a string, got 7',
    );
  });

  it.each([
    [null, 'null'],
    [[validMessages.turn_complete], 'an array'],
    ['{"message_type":"turn_complete"}', '"{\\"message_type\\":\\"turn_complete\\"}"'],
    [42, '42'],
  ])('rejects non-objects: %j', (data, described) => {
    expect(errorOf(() => parseMessage(data)).message).toBe(
      `message: expected a JSON object, got ${described}`,
    );
  });

  it('does not treat inherited keys as message types', () => {
    expect(errorOf(() => parseMessage({ message_type: 'toString' })).message).toContain('got "toString"');
  });

  it('joins several issues in one message', () => {
    const error = errorOf(() => parseMessage({ message_type: 'turn_start', turn_number: 0 }));
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'turn_number',
      'current_time',
      'events_processed',
    ]);
    expect(error.message.split('; ')).toHaveLength(3);
  });
});
