import { describe, expect, it } from 'vitest';
import { replyProblem } from '../../../src/purple/manual/agent.js';

/**
 * A manual player's reply file: a turn answered without a step keeps none, so the kit's handler
 * advances by the scenario's check-in step as for every other purple — the protocol's default hour
 * skipped a half-hour check-in of two blind players.
 */
describe('the manual purple reads a reply file', () => {
  it('leaves the step unset when the player gave none, and keeps one the player gave', () => {
    expect(replyProblem('{"message_type": "turn_complete"}')).toEqual({
      reply: { message_type: 'turn_complete' },
    });
    expect(replyProblem('{"message_type": "turn_complete", "time_step": "PT15M"}')).toEqual({
      reply: { message_type: 'turn_complete', time_step: 'PT15M' },
    });
    expect(replyProblem('{"message_type": "early_completion", "reason": "done"}')).toEqual({
      reply: { message_type: 'early_completion', reason: 'done' },
    });
  });

  it('says what is wrong with a reply it cannot take', () => {
    expect(replyProblem('{"message_type": "turn_complete", "time_step": "soon"}')).toMatch(
      /time_step: "soon" is not an ISO 8601 duration/,
    );
    expect(replyProblem('{nope')).toMatch(/reply.json is not JSON/);
  });
});
