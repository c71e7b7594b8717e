import { afterEach, describe, expect, it } from 'vitest';
import type { TaskUpdate } from '../../../src/protocol/index.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import { CHAT_COMPLETIONS, startOpenAiStandIn, type OpenAiStandIn } from '../../support/openai-stand-in.js';
import {
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * A character whose reply cannot be written (its model call failed) loses that reply — the turn
 * goes on — but the loss is reported in the update stream with the provider's error, never only
 * in a log file.
 */

let harness: AgentHarness | undefined;
let purple: ScriptedPurple | undefined;
let standIn: OpenAiStandIn | undefined;

afterEach(async () => {
  await purple?.close();
  await harness?.close();
  await standIn?.close();
  purple = harness = standIn = undefined;
});

describe('a failed character reply', () => {
  it('is reported as a recoverable model_error naming the character and the provider’s answer', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 500, message: 'model overloaded' } });
    harness = await startAgentHarness({
      config: {
        response_model: 'openai:characters',
        response_base_url: standIn.baseUrl,
        llm_retry_budget_seconds: 0,
      },
    });
    purple = await startScriptedPurple({
      async onTurn({ turn, ues }) {
        if (turn.turn_number > 1) return earlyCompletion();
        await ues.email.send({
          from_address: 'alex@example.com',
          to_addresses: ['ann@example.com'],
          subject: 'Lunch',
          body_text: 'Yes, lunch works for me!',
        });
        return turnComplete();
      },
    });
    const { emitter, updates } = harness.recorder();
    const results = await harness.agent.run({
      taskId: 'task-1',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario: await harness.scenarios.load('mini_inbox'),
      config: { scenario_id: 'mini_inbox' },
      emitter,
      signal: new AbortController().signal,
    });
    expect(results.status).toBe('completed');
    const errors = updates().filter(
      (update): update is Extract<TaskUpdate, { message_type: 'update_error_occurred' }> =>
        update.message_type === 'update_error_occurred',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ error_type: 'model_error', recoverable: true });
    expect(errors[0]!.error_message).toMatch(/^turn 1: Ann Lee's email reply was not written: /);
    expect(errors[0]!.error_message).toContain('HTTP 500');
    expect(errors[0]!.error_message).toContain('model overloaded');
    expect(errors[0]!.context).toMatchObject({ character_id: 'ann', modality: 'email' });
  });
});
