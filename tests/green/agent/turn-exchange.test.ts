import { describe, expect, it } from 'vitest';
import { interpretTurnReply } from '../../../src/green/agent/index.js';
import { buildMessage, type A2AReply } from '../../../src/protocol/index.js';

function reply(
  payload: Record<string, unknown> | undefined,
  state: A2AReply['state'] = 'completed',
): A2AReply {
  return { result: buildMessage([]), payload, state, contextId: 'c', taskId: 't' };
}

describe('interpretTurnReply', () => {
  it('accepts turn_complete (default step PT1H) and early_completion, from a task or a bare message', () => {
    expect(interpretTurnReply(reply({ message_type: 'turn_complete' }))).toEqual({
      kind: 'complete',
      reply: { message_type: 'turn_complete', time_step: 'PT1H' },
    });
    expect(
      interpretTurnReply(reply({ message_type: 'early_completion', reason: 'done', extra: 1 }, undefined)),
    ).toEqual({
      kind: 'early',
      reply: { message_type: 'early_completion', reason: 'done' },
    });
  });

  it('fails the turn, naming the problem, for anything else', () => {
    const failure = (r: A2AReply) => {
      const outcome = interpretTurnReply(r);
      if (outcome.kind !== 'failed') throw new Error(`expected a failure, got ${outcome.kind}`);
      return outcome.failure;
    };
    expect(failure(reply({ message_type: 'turn_complete' }, 'input-required'))).toEqual({
      errorType: 'protocol_error',
      message: 'the purple\'s task for turn_start ended in state "input-required", not "completed"',
    });
    expect(failure(reply(undefined)).message).toContain('without a JSON object');
    expect(failure(reply({ message_type: 'turn_start', turn_number: 1 })).message).toBe(
      'invalid reply: message.message_type: expected one of "turn_complete", "early_completion", got "turn_start"',
    );
    expect(failure(reply({ message_type: 'turn_complete', time_step: '1 hour' })).message).toMatch(
      /^invalid reply: turn_complete\.time_step: /,
    );
  });
});
