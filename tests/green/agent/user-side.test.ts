import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeUpdate, parseResults, type TurnStartMessage } from '../../../src/protocol/index.js';
import type { LoadedScenario } from '../../../src/green/scenarios/loader.js';
import type { RunRecord } from '../../../src/green/run-record/run-directory.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import { startScriptedPurple, turnComplete, type ScriptedPurple } from '../../support/scripted-purple.js';

/** mini_inbox with the user's calendar in Tokyo, so the time zone the purple is told is visible. */
function inTokyo(scenario: LoadedScenario): LoadedScenario {
  const initial = structuredClone(scenario.initialState);
  const states = (
    initial.scenario as { environment: { modality_states: Record<string, Record<string, unknown>> } }
  ).environment.modality_states;
  states['calendar']!['user_timezone'] = 'Asia/Tokyo';
  return { ...scenario, initialState: initial };
}

describe('GreenAgent.run: what the user sees and what the purple is told', () => {
  let harness: AgentHarness;
  let purple: ScriptedPurple | undefined;
  const records: RunRecord[] = [];

  beforeEach(async () => {
    records.length = 0;
    harness = await startAgentHarness({
      agent: { runRecordSink: async (record) => void records.push(record) },
    });
  });
  afterEach(async () => {
    await purple?.close();
    purple = undefined;
    await harness.close();
  });

  it('makes the user’s conversation the chat default, names posts that land elsewhere, and tells the purple the zone, the end and its last turn', async () => {
    purple = await startScriptedPurple({
      async onTurn({ turn, ues }) {
        if (turn.turn_number === 2) {
          // No conversation_id: in an assessment this reaches the user.
          await ues.chat.send({ role: 'assistant', content: 'Ann said yes to lunch.' });
          // An explicit other conversation: the user never sees it.
          await ues.chat.send({
            role: 'assistant',
            content: 'Bob’s report is in.',
            conversation_id: 'default',
          });
        }
        return turnComplete('PT1H');
      },
    });
    const scenario = inTokyo(await harness.scenarios.load('mini_inbox'));
    const { emitter, updates } = harness.recorder('task-user-side');
    const results = await harness.agent.run({
      taskId: 'task-user-side',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario,
      config: { scenario_id: 'mini_inbox', seed: 3 },
      emitter,
      signal: new AbortController().signal,
    });
    expect(parseResults(results)).toEqual(results);

    // assessment_start and every turn_start carry the user's zone; turn_start the end and the last turn.
    const start = purple.received[0]!.message;
    expect(start).toMatchObject({ message_type: 'assessment_start', user_timezone: 'Asia/Tokyo' });
    const turns = purple.received.flatMap((m) =>
      m.message.message_type === 'turn_start' ? [m.message as TurnStartMessage] : [],
    );
    expect(turns.map((t) => [t.turn_number, t.user_timezone, t.end_time, t.is_final_turn])).toEqual([
      [1, 'Asia/Tokyo', '2026-01-28T09:00:00Z', false],
      [2, 'Asia/Tokyo', '2026-01-28T09:00:00Z', false],
      [3, 'Asia/Tokyo', '2026-01-28T09:00:00Z', false],
      [4, 'Asia/Tokyo', '2026-01-28T09:00:00Z', true],
    ]);

    // The post without conversation_id is in the user's conversation.
    const finalChat = records[0]!.evaluationInput!.final_state.chat;
    const posted = finalChat.messages
      .filter((m) => m.role === 'assistant')
      .map((m) => [m.conversation_id, m.content]);
    // Both were posted at the same simulated instant: the state orders them by id.
    expect(posted.sort()).toEqual([
      ['default', 'Bob’s report is in.'],
      ['user-assistant', 'Ann said yes to lunch.'],
    ]);

    // The other one is named in the action log, the live updates, the turn record and the results.
    const unseen =
      'posted to chat conversation "default", which the user does not read (the user\'s conversation is "user-assistant")';
    const chatEntries = results.action_log.filter((entry) => entry.action === 'chat.send_message');
    expect(chatEntries.map((entry) => entry.notes ?? null)).toEqual([null, unseen]);
    const observed = updates().filter((u) => u.message_type === 'update_action_observed');
    expect(
      observed.map((u) => (u.message_type === 'update_action_observed' ? (u.notes ?? null) : null)),
    ).toEqual([null, unseen]);
    expect(describeUpdate(observed[1]!)).toContain(unseen);
    const turnRecords = records[0]!.evaluationInput!.turns;
    expect(turnRecords.map((t) => t.green_notes ?? [])).toEqual([
      [],
      [`A chat message was ${unseen}.`],
      [],
      [],
    ]);
    expect(results.metadata?.unseen_chat_posts).toEqual([
      {
        turn: 2,
        timestamp: expect.stringMatching(/^2026-01-28T07:00/),
        conversation_id: 'default',
        message_id: expect.any(String),
      },
    ]);
  });
});
