import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseResults, parseUpdate, type TaskUpdate } from '../../../src/protocol/index.js';
import { UesAuthError, UesClient, UesPermissionError } from '../../../src/ues/client/index.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import { startScriptedPurple, turnComplete, type ScriptedPurple } from '../../support/scripted-purple.js';

const types = (updates: readonly TaskUpdate[]) => updates.map((update) => update.message_type);

describe('GreenAgent.run: a whole assessment', () => {
  let harness: AgentHarness;
  let purple: ScriptedPurple | undefined;

  beforeEach(async () => {
    harness = await startAgentHarness();
  });
  afterEach(async () => {
    await purple?.close();
    purple = undefined;
    await harness.close();
  });

  it('runs hourly turns to end_time, logs the purple’s actions, evaluates and returns valid results', async () => {
    const seenUrls: string[] = [];
    purple = await startScriptedPurple({
      async onTurn({ turn, ues, start }) {
        seenUrls.push(start.ues_url);
        if (turn.turn_number === 1) {
          const chat = await ues.chat.state();
          expect(chat.messages.map((m) => m.content)).toEqual([
            expect.stringContaining("reply to Ann's lunch"),
          ]);
          await ues.email.send({
            from_address: 'alex@example.com',
            to_addresses: ['ann@example.com'],
            subject: 'Re: Lunch on Friday?',
            body_text: 'Yes, noon on Friday works. Alex',
          });
        }
        const inbox = await ues.email.query({ is_read: false });
        await ues.chat.send({
          role: 'assistant',
          content: `${turn.current_time}: ${inbox.emails.length} unread`,
          conversation_id: 'user-assistant',
        });
        return turnComplete('PT1H', `turn ${turn.turn_number}`);
      },
    });
    const scenario = await harness.scenarios.load('mini_inbox');
    const { emitter, updates } = harness.recorder('task-42');

    const results = await harness.agent.run({
      taskId: 'task-42',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario,
      config: { scenario_id: 'mini_inbox', seed: 7 },
      emitter,
      signal: new AbortController().signal,
    });

    expect(parseResults(results)).toEqual(results);
    expect(results).toMatchObject({
      assessment_id: 'task-42',
      participant: 'assistant',
      scenario_id: 'mini_inbox',
      status: 'completed',
      turns_taken: 4,
      metadata: {
        seed: 7,
        models: { response: 'offline', evaluation: 'offline' },
        scenario_id: 'mini_inbox',
        scenario_version: '1',
        software_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        end_reason: 'scenario_complete',
        reads_taken: 5,
      },
      judge: { model: 'offline', criteria_evaluated: 3, criteria_not_evaluated: 1 },
    });
    expect(results.action_log.map((entry) => `${entry.turn}:${entry.action}`)).toEqual([
      '1:email.send',
      '1:chat.send_message',
      '2:chat.send_message',
      '3:chat.send_message',
      '4:chat.send_message',
    ]);
    expect(results.scores.overall).toMatchObject({ score: 20, max_score: 20 });
    expect(results.criteria_results.find((c) => c.criterion_id === 'friendly_tone')?.details).toMatchObject({
      evaluated: false,
    });

    // The purple reached UES only through the green's proxy URL, never the loopback UES port (bug 1).
    expect(new Set(seenUrls)).toEqual(new Set([`${harness.proxyUrl}ues/ctx-test`]));

    const stream = updates().map((update) => parseUpdate(update));
    const hourly = [
      'update_turn_started',
      'update_action_observed',
      'update_responses_generated',
      'update_simulation_advanced',
      'update_turn_completed',
    ];
    expect(types(stream)).toEqual([
      'update_assessment_started',
      'update_scenario_loaded',
      'update_turn_started',
      'update_action_observed',
      'update_action_observed',
      'update_responses_generated',
      'update_simulation_advanced',
      'update_turn_completed',
      ...hourly,
      ...hourly,
      // The turn that starts at end_time: actions logged, no replies, no advance.
      'update_turn_started',
      'update_action_observed',
      'update_turn_completed',
      'update_evaluation_started',
      ...Array<string>(4).fill('update_criterion_evaluated'),
      'update_assessment_completed',
    ]);

    // Hourly turns, the last one starting exactly at end_time; time never passes it (bug 2).
    const turnStarts = stream.flatMap((u) =>
      u.message_type === 'update_turn_started' ? [u.current_time] : [],
    );
    expect(turnStarts.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '06:00',
      '07:00',
      '08:00',
      '09:00',
    ]);
    // Pending events are real counts: Bob's email (07:30) waits through turns 1 and 2.
    const pending = stream.flatMap((u) =>
      u.message_type === 'update_turn_started' ? [u.events_pending] : [],
    );
    expect(pending).toEqual([1, 1, 0, 0]);
    const last = stream.filter((u) => u.message_type === 'update_turn_completed').at(-1);
    expect(last).toMatchObject({ turn_number: 4, time_advanced: 'PT0S' });

    // The start time is simulated time, not the wall clock (bug 12).
    const started = stream[0]!;
    expect(started).toMatchObject({
      assessment_id: 'task-42',
      participant_role: 'assistant',
      participant_url: purple.url,
    });
    expect(started.message_type === 'update_assessment_started' && Date.parse(started.start_time)).toBe(
      Date.parse('2026-01-28T06:00:00Z'),
    );

    // Ann answered the purple's email in character; her reply arrived during the advance.
    expect(stream.find((u) => u.message_type === 'update_responses_generated')).toMatchObject({
      turn_number: 1,
      responses_count: 1,
      characters_involved: ['Ann Lee'],
    });
    // turn_start reports the events the previous advance executed (Ann's reply, then Bob's email).
    const turnStartsSeen = purple.received.flatMap((m) =>
      m.message.message_type === 'turn_start' ? [m.message] : [],
    );
    expect(turnStartsSeen.map((m) => m.events_processed)).toEqual([0, 1, 1, 0]);
    expect(stream.filter((u) => u.message_type === 'update_simulation_advanced')).toEqual([
      expect.objectContaining({ duration: 'PT1H', events_processed: 1 }),
      expect.objectContaining({ duration: 'PT1H', events_processed: 1 }),
      expect.objectContaining({ duration: 'PT1H', events_processed: 0 }),
    ]);
    // Every update was published by the time run() returned, criteria included (bug 11).
    expect(stream.filter((u) => u.message_type === 'update_criterion_evaluated')).toHaveLength(4);

    // One conversation for the whole assessment, and assessment_complete ends it.
    expect(new Set(purple.received.map((m) => m.contextId)).size).toBe(1);
    expect(purple.received.at(-1)?.message).toEqual({
      message_type: 'assessment_complete',
      reason: 'scenario_complete',
    });

    // The key handed to the purple was revoked.
    const start = purple.received[0]!.message;
    if (start.message_type !== 'assessment_start') throw new Error('expected assessment_start first');
    const asPurple = new UesClient({ baseUrl: start.ues_url, apiKey: start.api_key, retry: false });
    // Locked out twice over: the proxy refuses the purple, and behind it the key is revoked.
    await expect(asPurple.email.state()).rejects.toThrow(/no longer accepts the assistant/);
    await expect(asPurple.email.state()).rejects.toBeInstanceOf(UesPermissionError);
    harness!.proxyRegistry.openAccess('ctx-test');
    await expect(asPurple.email.state()).rejects.toBeInstanceOf(UesAuthError);
  });
});
