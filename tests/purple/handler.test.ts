import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/protocol/index.js';
import {
  AgentNotInitializedError,
  AssessmentHandler,
  AssessmentStateError,
  InvalidTurnOutcomeError,
  completeEarly,
  completeTurn,
} from '../../src/purple/index.js';
import { assessmentComplete, assessmentStart, turnStart } from './support/green-messages.js';
import { RecordingAgent, gate } from './support/test-agents.js';

const UES_URL = 'http://127.0.0.1:9';
const signal = new AbortController().signal;

function green(payload: Record<string, unknown>) {
  return parseMessage(payload, ['assessment_start', 'turn_start', 'assessment_complete']);
}

describe('AssessmentHandler', () => {
  it('routes start, turns and completion to the agent and builds validated replies', async () => {
    const agent = new RecordingAgent();
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-a' });
    expect(handler.phase).toBe('awaiting_start');

    expect(await handler.handle(green(assessmentStart(UES_URL, 'key-a')), signal)).toEqual({
      kind: 'acknowledged',
      messageType: 'assessment_start',
    });
    expect(handler.phase).toBe('running');
    expect(agent.started).toMatchObject({ uesUrl: UES_URL, apiKey: 'key-a' });
    expect(agent.started?.currentTime.toISOString()).toBe('2026-01-28T06:00:00.000Z');

    const reply = await handler.handle(green(turnStart(1, '2026-01-28T06:00:00Z', 3)), signal);
    expect(reply).toEqual({
      kind: 'turn_reply',
      reply: { message_type: 'turn_complete', time_step: 'PT1H', notes: 'turn 1' },
    });
    expect(agent.turns[0]).toMatchObject({ turnNumber: 1, eventsProcessed: 3 });

    agent.outcome = () => completeEarly('all done');
    const early = await handler.handle(green(turnStart(2, '2026-01-28T07:00:00Z')), signal);
    expect(early).toEqual({
      kind: 'turn_reply',
      reply: { message_type: 'early_completion', reason: 'all done' },
    });

    await handler.handle(green(assessmentComplete('early_completion')), signal);
    expect(handler.phase).toBe('complete');
    expect(agent.events).toEqual(['start', 'turn 1', 'turn 2', 'complete early_completion']);
  });

  it('passes the optional user time zone, end time and final-turn flag on, and leaves them undefined when absent', async () => {
    const agent = new RecordingAgent();
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-z' });
    await handler.handle(green({ ...assessmentStart(UES_URL, 'k'), user_timezone: 'Europe/Paris' }), signal);
    expect(agent.started?.userTimezone).toBe('Europe/Paris');

    const told = { user_timezone: 'Europe/Paris', end_time: '2026-01-28T18:00:00Z', is_final_turn: true };
    await handler.handle(green({ ...turnStart(1, '2026-01-28T18:00:00Z'), ...told }), signal);
    // A green of v0.3 sends none of them: the turn still runs.
    await handler.handle(green(turnStart(2, '2026-01-28T19:00:00Z')), signal);
    const [toldTurn, plainTurn] = agent.turns;
    expect(toldTurn).toMatchObject({ userTimezone: 'Europe/Paris', isFinalTurn: true });
    expect(toldTurn?.endTime?.toISOString()).toBe('2026-01-28T18:00:00.000Z');
    expect(plainTurn).toMatchObject({ userTimezone: undefined, endTime: undefined, isFinalTurn: undefined });

    // A zone that is not IANA is refused by name.
    expect(() => green({ ...turnStart(3, '2026-01-28T19:00:00Z'), user_timezone: 'Mars/Olympus' })).toThrow(
      /user_timezone.*"Mars\/Olympus" is not an IANA time zone/,
    );
  });

  it('passes the check-in step on, and advances a turn without a step by it (PT1H when not told)', async () => {
    const agent = new RecordingAgent();
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-step' });
    await handler.handle(green({ ...assessmentStart(UES_URL, 'k'), suggested_time_step: 'PT20M' }), signal);
    expect(agent.started?.suggestedTimeStep).toBe('PT20M');
    // A green that says it only at the start: the turns still get it.
    const quiet = await handler.handle(green(turnStart(1, '2026-01-28T06:00:00Z')), signal);
    expect(quiet).toEqual({
      kind: 'turn_reply',
      reply: { message_type: 'turn_complete', time_step: 'PT20M', notes: 'turn 1' },
    });
    expect(agent.turns[0]?.suggestedTimeStep).toBe('PT20M');
    // The turn's own step wins; a step the agent names wins over both.
    const told = { ...turnStart(2, '2026-01-28T06:20:00Z'), suggested_time_step: 'PT10M' };
    expect(await handler.handle(green(told), signal)).toMatchObject({ reply: { time_step: 'PT10M' } });
    agent.outcome = () => completeTurn({ timeStep: 'PT2H' });
    expect(
      await handler.handle(
        green({ ...turnStart(3, '2026-01-28T06:30:00Z'), suggested_time_step: 'PT10M' }),
        signal,
      ),
    ).toMatchObject({ reply: { time_step: 'PT2H' } });

    const untold = new AssessmentHandler(new RecordingAgent(), { contextId: 'ctx-untold' });
    await untold.handle(green(assessmentStart(UES_URL, 'k')), signal);
    expect(await untold.handle(green(turnStart(1, '2026-01-28T06:00:00Z')), signal)).toMatchObject({
      reply: { time_step: 'PT1H' },
    });
    expect(() =>
      green({ ...turnStart(4, '2026-01-28T07:00:00Z'), suggested_time_step: 'half an hour' }),
    ).toThrow(/suggested_time_step.*"half an hour" is not an ISO 8601 duration/);
  });

  it('refuses turn_start before assessment_start with an error naming the problem', async () => {
    const agent = new RecordingAgent();
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-b' });
    const attempt = handler.handle(green(turnStart(1, '2026-01-28T06:00:00Z')), signal);
    await expect(attempt).rejects.toBeInstanceOf(AssessmentStateError);
    await expect(attempt).rejects.toThrow(
      'turn_start in context "ctx-b": turn 1 arrived before assessment_start; the green must send assessment_start',
    );
    expect(agent.turns).toHaveLength(0);
  });

  it('refuses a second assessment_start and turns after completion', async () => {
    const handler = new AssessmentHandler(new RecordingAgent(), { contextId: 'ctx-c' });
    await handler.handle(green(assessmentStart(UES_URL, 'k')), signal);
    await expect(handler.handle(green(assessmentStart(UES_URL, 'k')), signal)).rejects.toThrow(
      /assessment_start in context "ctx-c": this assessment has already started/,
    );
    await handler.handle(green(assessmentComplete()), signal);
    await expect(handler.handle(green(turnStart(2, '2026-01-28T07:00:00Z')), signal)).rejects.toThrow(
      /turn 2 arrived after assessment_complete/,
    );
  });

  it('reports an agent reply that breaks the protocol, naming the field', async () => {
    const agent = new RecordingAgent();
    agent.outcome = () => ({ message_type: 'turn_complete', time_step: 'one hour' });
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-d' });
    await handler.handle(green(assessmentStart(UES_URL, 'k')), signal);
    const attempt = handler.handle(green(turnStart(1, '2026-01-28T06:00:00Z')), signal);
    await expect(attempt).rejects.toBeInstanceOf(InvalidTurnOutcomeError);
    await expect(attempt).rejects.toThrow(
      'RecordingAgent returned an invalid reply for turn 1: turn_complete.time_step: "one hour" is not an ISO 8601 duration',
    );
  });

  it('handles messages one at a time, in arrival order', async () => {
    const agent = new RecordingAgent();
    const release = gate();
    const entered = gate();
    agent.outcome = async (turn) => {
      if (turn.turnNumber === 1) {
        entered.open();
        await release.promise;
      }
      return { message_type: 'turn_complete' };
    };
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-e' });
    await handler.handle(green(assessmentStart(UES_URL, 'k')), signal);
    const first = handler.handle(green(turnStart(1, '2026-01-28T06:00:00Z')), signal);
    const second = handler.handle(green(turnStart(2, '2026-01-28T07:00:00Z')), signal);
    await entered.promise;
    expect(agent.events).toEqual(['start', 'turn 1']);
    release.open();
    await Promise.all([first, second]);
    expect(agent.events).toEqual(['start', 'turn 1', 'turn 2']);
    expect(handler.turnsHandled).toBe(2);
  });

  it('keeps going after a failed turn', async () => {
    const agent = new RecordingAgent();
    agent.outcome = (turn) => {
      if (turn.turnNumber === 1) throw new Error('UES was unreachable');
      return { message_type: 'turn_complete', time_step: 'PT30M' };
    };
    const handler = new AssessmentHandler(agent, { contextId: 'ctx-f' });
    await handler.handle(green(assessmentStart(UES_URL, 'k')), signal);
    await expect(handler.handle(green(turnStart(1, '2026-01-28T06:00:00Z')), signal)).rejects.toThrow(
      'UES was unreachable',
    );
    const reply = await handler.handle(green(turnStart(2, '2026-01-28T07:00:00Z')), signal);
    expect(reply).toMatchObject({ reply: { time_step: 'PT30M' } });
  });

  it('gives agents no UES client before assessment_start', async () => {
    const agent = new RecordingAgent();
    await expect(agent.getUserInstructions()).rejects.toBeInstanceOf(AgentNotInitializedError);
  });
});
