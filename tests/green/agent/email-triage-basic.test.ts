import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/index.js';
import { parseResults, parseUpdate } from '../../../src/protocol/index.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import { startScriptedPurple, turnComplete, type ScriptedPurple } from '../../support/scripted-purple.js';

let harness: AgentHarness | undefined;
let purple: ScriptedPurple | undefined;

afterEach(async () => {
  await purple?.close();
  await harness?.close();
});

describe('email_triage_basic, the packaged scenario, end to end (offline models)', () => {
  it('gives an hourly assistant 13 turns from 06:00 to 18:00 and scores its summaries', async () => {
    harness = await startAgentHarness();
    purple = await startScriptedPurple({
      async onTurn({ turn, ues }) {
        const unread = await ues.email.query({ is_read: false, sort_by: 'date', sort_order: 'asc' });
        const lines = unread.emails.map((email) => `- ${email.from_address}: ${email.subject}`);
        await ues.chat.send({
          role: 'assistant',
          content:
            lines.length > 0
              ? `Inbox summary:\n${lines.join('\n')}`
              : 'Quiet hour: nothing important arrived.',
          conversation_id: 'user-assistant',
        });
        if (unread.emails.length > 0)
          await ues.email.read({ message_ids: unread.emails.map((email) => email.message_id) });
        return turnComplete('PT1H', `turn ${turn.turn_number}`);
      },
    });
    const scenario = await new ScenarioManager(DEFAULT_SCENARIOS_DIR).load('email_triage_basic');
    const { emitter, updates } = harness.recorder();
    const results = await harness.agent.run({
      taskId: 'triage-1',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario,
      config: { scenario_id: 'email_triage_basic', seed: 1 },
      emitter,
      signal: new AbortController().signal,
    });

    expect(parseResults(results)).toEqual(results);
    expect(results).toMatchObject({
      status: 'completed',
      turns_taken: 13,
      metadata: { end_reason: 'scenario_complete' },
    });
    const starts = updates()
      .map((update) => parseUpdate(update))
      .flatMap((u) =>
        u.message_type === 'update_turn_started'
          ? [new Date(u.current_time).toISOString().slice(11, 16)]
          : [],
      );
    expect(starts[0]).toBe('06:00');
    expect(starts.at(-1)).toBe('18:00');
    expect(results.action_log.filter((entry) => entry.action === 'chat.send_message')).toHaveLength(13);
    // Reading marks mail read: UES records it as the `mark_read` operation.
    expect(results.action_log.filter((entry) => entry.action === 'email.mark_read').length).toBeGreaterThan(
      1,
    );
    expect(results.judge).toMatchObject({
      model: 'offline',
      criteria_not_evaluated: 4,
      criteria_evaluated: 11,
    });
    expect(results.scores.overall.max_score).toBe(180);
    expect(results.scores.overall.score).toBeGreaterThan(0);
    // A report by every hourly mark, the last at 18:00 in the turn that starts at end_time: the
    // delivery check finds all 12 (its points are then gated by task completion).
    const delivery = results.criteria_results.find((c) => c.criterion_id === 'hourly_delivery');
    expect(delivery?.explanation).toContain('A report by 12 of 12 deadlines');
    // One unread-mail query per turn: the reads were counted from the access log.
    expect(results.metadata?.['reads_taken']).toBe(13);
  }, 60_000);
});
