import { afterEach, describe, expect, it } from 'vitest';
import type { AssessmentResults, TaskUpdate } from '../../../src/protocol/index.js';
import { UesClient, UesClientError } from '../../../src/ues/client/index.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import {
  earlyCompletion,
  startScriptedPurple,
  type PurpleTurnContext,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * A complete action log: a purple that keeps calling /email/send while it answers its final turn
 * must not get sends executed that never reach the action log. The green closes the purple's
 * access (in-flight requests finish), revokes the key, and only then takes the final listing.
 */

let harness: AgentHarness | undefined;
let purple: ScriptedPurple | undefined;

afterEach(async () => {
  await purple?.close();
  await harness?.close();
  purple = undefined;
  harness = undefined;
});

/** Sends email after email until the UES refuses (the access closed); resolves with how many went through. */
async function sendUntilRefused(ues: UesClient, from: string, label: string): Promise<number> {
  let sent = 0;
  for (;;) {
    try {
      await ues.email.send({
        from_address: from,
        to_addresses: ['someone@example.com'],
        subject: `${label} #${sent + 1}`,
        body_text: 'sent while the final turn was being answered',
      });
      sent += 1;
    } catch (error) {
      if (error instanceof UesClientError) return sent;
      throw error;
    }
  }
}

describe('the last-turn send race', () => {
  it('logs every send the purple’s key executed, also those fired while it answered its final turn', async () => {
    harness = await startAgentHarness();
    const senders: Array<Promise<number>> = [];
    purple = await startScriptedPurple({
      onTurn({ turn, ues }: PurpleTurnContext) {
        const from = 'alex@example.com'; // mini_inbox's user
        // Early completion makes this the final turn; three senders keep going after the reply.
        for (let i = 0; i < 3; i++) {
          senders.push(sendUntilRefused(ues, from, `sender ${i} turn ${turn.turn_number}`));
        }
        return earlyCompletion('done, but still sending');
      },
    });
    const { emitter, updates } = harness.recorder();
    const results: AssessmentResults = await harness.agent.run({
      taskId: 'task-race',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario: await harness.scenarios.load('mini_inbox'),
      config: { scenario_id: 'mini_inbox' },
      emitter,
      signal: new AbortController().signal,
    });
    const sentByPurple = (await Promise.all(senders)).reduce((sum, count) => sum + count, 0);
    expect(sentByPurple).toBeGreaterThan(0);

    // Ground truth: every email.send the simulator executed (the scenario itself sends none).
    harness.proxyRegistry.openAccess('ctx-test');
    const admin = await adminClient(harness);
    const executedSends = (await admin.events.list({ status: 'executed' })).events.filter(
      (event) => event.modality === 'email' && event.data?.['operation'] === 'send',
    );
    const loggedSends = results.action_log.filter((entry) => entry.action === 'email.send');
    expect(executedSends.length).toBe(sentByPurple);
    expect(loggedSends.length).toBe(executedSends.length);
    expect(new Set(loggedSends.map((entry) => entry.parameters['subject'])).size).toBe(loggedSends.length);
    // All under the final turn, each reported in the update stream too.
    const lastTurn = results.turns_taken;
    expect(loggedSends.every((entry) => entry.turn === lastTurn)).toBe(true);
    const observed = updates().filter(
      (update: TaskUpdate) =>
        update.message_type === 'update_action_observed' && update.action === 'email.send',
    );
    expect(observed).toHaveLength(loggedSends.length);
  });
});

/** A proctor client of the harness's UES, through its proxy with the admin key. */
async function adminClient(h: AgentHarness): Promise<UesClient> {
  const url = h.proxyRegistry.lookup('ctx-test');
  if (url === undefined) throw new Error('the harness UES is not registered');
  const key = (h.agent as unknown as { ues: { adminKey: string } }).ues.adminKey;
  return new UesClient({ baseUrl: url, apiKey: key, retry: false });
}
