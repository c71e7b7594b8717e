import { describe, expect, it } from 'vitest';
import { dataPart, textPart } from '../../src/protocol/index.js';
import { PurpleAgentExecutor, completeTurn } from '../../src/purple/index.js';
import { record, request } from './support/bus.js';
import { assessmentComplete, assessmentStart, turnStart } from './support/green-messages.js';
import { RecordingAgent, gate } from './support/test-agents.js';

const UES_URL = 'http://127.0.0.1:9';

function setup() {
  const agents: RecordingAgent[] = [];
  const executor = new PurpleAgentExecutor({
    createAgent: () => {
      const agent = new RecordingAgent();
      agents.push(agent);
      return agent;
    },
  });
  async function send(contextId: string, payload: Parameters<typeof request>[1]) {
    const { bus, recorded } = record();
    await executor.execute(request(contextId, payload), bus);
    return recorded;
  }
  return { executor, agents, send };
}

describe('PurpleAgentExecutor', () => {
  it('answers every lifecycle message with a completed task carrying the reply', async () => {
    const { send, agents, executor } = setup();
    const started = await send('ctx-1', assessmentStart(UES_URL, 'key-1'));
    expect(started.states()).toEqual(['submitted', 'completed']);
    expect(started.finalPayload()).toEqual({ acknowledged: 'assessment_start' });
    expect(executor.activeAssessments).toBe(1);

    const turn = await send('ctx-1', turnStart(1, '2026-01-28T06:00:00Z'));
    expect(turn.states()).toEqual(['submitted', 'working', 'completed']);
    const reply = { message_type: 'turn_complete', time_step: 'PT1H', notes: 'turn 1' };
    expect(turn.finalPayload()).toEqual(reply);
    expect(turn.artifacts()).toEqual([{ name: 'Result', payload: reply }]);

    const done = await send('ctx-1', assessmentComplete());
    expect(done.finalState()).toBe('completed');
    expect(agents).toHaveLength(1);
    expect(agents[0]!.events).toEqual(['start', 'turn 1', 'complete scenario_complete']);
    expect(executor.activeAssessments).toBe(0);
  });

  it('reads the payload from a JSON TextPart when there is no DataPart', async () => {
    const { send, agents } = setup();
    const started = await send('ctx-text', [textPart(` ${JSON.stringify(assessmentStart(UES_URL, 'k'))}\n`)]);
    expect(started.finalState()).toBe('completed');
    expect(agents[0]!.started?.apiKey).toBe('k');
  });

  it('rejects a message without an AgentBeats payload and says what was expected', async () => {
    const { send } = setup();
    const result = await send('ctx-x', [textPart('hello, are you there?')]);
    expect(result.finalState()).toBe('rejected');
    expect(result.finalTexts().join(' ')).toContain(
      'rejected: the message has no AgentBeats payload: expected a DataPart holding a JSON object',
    );
  });

  it('rejects an unknown message_type, naming it and the accepted ones', async () => {
    const { send } = setup();
    const result = await send('ctx-x', { message_type: 'turn_finish', turn_number: 1 });
    expect(result.finalState()).toBe('rejected');
    expect(result.finalTexts().join(' ')).toBe(
      'rejected: invalid message: message.message_type: expected one of "assessment_start", "turn_start", "assessment_complete", got "turn_finish"',
    );
  });

  it('rejects a reply-type message sent to the purple', async () => {
    const { send } = setup();
    const result = await send('ctx-x', { message_type: 'turn_complete', time_step: 'PT1H' });
    expect(result.finalState()).toBe('rejected');
    expect(result.finalTexts().join(' ')).toContain('got "turn_complete"');
  });

  it('rejects a malformed field, naming the field and the value', async () => {
    const { send } = setup();
    const result = await send('ctx-x', { ...assessmentStart('ftp://example.com', 'k') });
    expect(result.finalState()).toBe('rejected');
    expect(result.finalTexts().join(' ')).toMatch(/assessment_start\.ues_url: /);
    const turn = await send('ctx-x', {
      message_type: 'turn_start',
      turn_number: 0,
      current_time: 'noon',
      events_processed: 0,
    });
    expect(turn.finalTexts().join(' ')).toMatch(/turn_start\.turn_number: expected >= 1, got 0/);
  });

  it('rejects turn_start before assessment_start with a clear error', async () => {
    const { send, agents } = setup();
    const result = await send('ctx-early', turnStart(1, '2026-01-28T06:00:00Z'));
    expect(result.finalState()).toBe('rejected');
    expect(result.finalTexts().join(' ')).toBe(
      'rejected: turn_start in context "ctx-early": turn 1 arrived before assessment_start; the green must send assessment_start (with the UES URL and key) first in this context',
    );
    expect(agents).toHaveLength(0);
  });

  it('rejects messages in a context whose assessment is complete, but acknowledges a repeated completion', async () => {
    const { send } = setup();
    await send('ctx-done', assessmentStart(UES_URL, 'k'));
    await send('ctx-done', assessmentComplete());
    const late = await send('ctx-done', turnStart(2, '2026-01-28T07:00:00Z'));
    expect(late.finalState()).toBe('rejected');
    expect(late.finalTexts().join(' ')).toContain('this assessment is already complete');
    const restart = await send('ctx-done', assessmentStart(UES_URL, 'k'));
    expect(restart.finalTexts().join(' ')).toContain('start each assessment in a new context');
    expect((await send('ctx-done', assessmentComplete())).finalState()).toBe('completed');
  });

  it('fails the task (not the assessment) when the agent throws, with the reason', async () => {
    const { send, agents } = setup();
    await send('ctx-fail', assessmentStart(UES_URL, 'k'));
    agents[0]!.outcome = (turn) => {
      if (turn.turnNumber === 1) throw new Error('the model provider returned 500');
      return completeTurn();
    };
    const failed = await send('ctx-fail', turnStart(1, '2026-01-28T06:00:00Z'));
    expect(failed.finalState()).toBe('failed');
    expect(failed.finalTexts().join(' ')).toBe('turn 1 failed: the model provider returned 500');
    const next = await send('ctx-fail', turnStart(2, '2026-01-28T07:00:00Z'));
    expect(next.finalState()).toBe('completed');
  });

  it('fails the task when the agent returns an invalid reply', async () => {
    const { send, agents } = setup();
    await send('ctx-bad', assessmentStart(UES_URL, 'k'));
    agents[0]!.outcome = () => ({ message_type: 'turn_complete', time_step: 'P1X' });
    const failed = await send('ctx-bad', turnStart(1, '2026-01-28T06:00:00Z'));
    expect(failed.finalState()).toBe('failed');
    expect(failed.finalTexts().join(' ')).toContain(
      'turn_complete.time_step: "P1X" is not an ISO 8601 duration',
    );
  });

  it('fails assessment_start when the agent cannot be created, and allows a retry', async () => {
    let attempts = 0;
    const executor = new PurpleAgentExecutor({
      createAgent: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('no model configured');
        return new RecordingAgent();
      },
    });
    const first = record();
    await executor.execute(request('ctx-retry', assessmentStart(UES_URL, 'k')), first.bus);
    expect(first.recorded.finalState()).toBe('failed');
    expect(first.recorded.finalTexts().join(' ')).toBe('assessment_start failed: no model configured');
    const second = record();
    await executor.execute(request('ctx-retry', assessmentStart(UES_URL, 'k')), second.bus);
    expect(second.recorded.finalState()).toBe('completed');
  });

  it('keeps concurrent assessments apart: one agent and one state per contextId', async () => {
    const { send, agents } = setup();
    await Promise.all([
      send('ctx-a', assessmentStart(UES_URL, 'key-a')),
      send('ctx-b', assessmentStart(UES_URL, 'key-b')),
    ]);
    expect(agents).toHaveLength(2);
    const byKey = (key: string) => agents.find((agent) => agent.started?.apiKey === key)!;
    const a = byKey('key-a');
    const b = byKey('key-b');
    a.outcome = () => completeTurn({ timeStep: 'PT30M', notes: 'from a' });
    b.outcome = () => completeTurn({ timeStep: 'PT2H', notes: 'from b' });

    const [ra1, rb1, ra2] = await Promise.all([
      send('ctx-a', turnStart(1, '2026-01-28T06:00:00Z')),
      send('ctx-b', turnStart(1, '2026-01-28T06:00:00Z')),
      send('ctx-a', turnStart(2, '2026-01-28T06:30:00Z')),
    ]);
    expect(ra1.finalPayload()).toMatchObject({ notes: 'from a', time_step: 'PT30M' });
    expect(ra2.finalPayload()).toMatchObject({ notes: 'from a' });
    expect(rb1.finalPayload()).toMatchObject({ notes: 'from b', time_step: 'PT2H' });
    expect(a.turns.map((turn) => turn.turnNumber)).toEqual([1, 2]);
    expect(b.turns.map((turn) => turn.turnNumber)).toEqual([1]);

    await send('ctx-a', assessmentComplete());
    expect(a.events.at(-1)).toBe('complete scenario_complete');
    expect(b.events.at(-1)).toBe('turn 1');
    expect((await send('ctx-b', turnStart(2, '2026-01-28T08:00:00Z'))).finalState()).toBe('completed');
  });

  it('ends a canceled turn as canceled and aborts the agent’s signal', async () => {
    const { executor, agents, send } = setup();
    await send('ctx-cancel', assessmentStart(UES_URL, 'k'));
    const entered = gate<AbortSignal>();
    agents[0]!.outcome = (turn) => {
      entered.open(turn.signal);
      return new Promise(() => undefined);
    };
    const { bus, recorded } = record();
    const context = request('ctx-cancel', turnStart(1, '2026-01-28T06:00:00Z'));
    const running = executor.execute(context, bus);
    const signal = await entered.promise;
    await executor.cancelTask(context.taskId, bus);
    await running;
    expect(signal.aborted).toBe(true);
    expect(recorded.states()).toEqual(['submitted', 'working', 'canceled']);
  });

  it('drops the least recently active assessment when too many are open, and says so later', async () => {
    const executor = new PurpleAgentExecutor({ createAgent: () => new RecordingAgent(), maxAssessments: 2 });
    const send = async (contextId: string, payload: Record<string, unknown>) => {
      const { bus, recorded } = record();
      await executor.execute(request(contextId, payload), bus);
      return recorded;
    };
    await send('ctx-1', assessmentStart(UES_URL, 'k'));
    await send('ctx-2', assessmentStart(UES_URL, 'k'));
    // ctx-1 is active again, so ctx-2 is now the least recently active.
    expect((await send('ctx-1', turnStart(1, '2026-01-28T06:00:00Z'))).finalState()).toBe('completed');
    await send('ctx-3', assessmentStart(UES_URL, 'k'));
    expect(executor.activeAssessments).toBe(2);
    expect((await send('ctx-1', turnStart(2, '2026-01-28T07:00:00Z'))).finalState()).toBe('completed');
    const dropped = await send('ctx-2', turnStart(1, '2026-01-28T06:00:00Z'));
    expect(dropped.finalState()).toBe('rejected');
    expect(dropped.finalTexts().join(' ')).toContain(
      'this assessment was dropped when the purple reached its limit of 2',
    );
  });

  it('ignores extra data parts after the first object', async () => {
    const { send } = setup();
    const result = await send('ctx-parts', [
      dataPart(assessmentStart(UES_URL, 'k')),
      dataPart({ message_type: 'nonsense' }),
    ]);
    expect(result.finalState()).toBe('completed');
  });
});
