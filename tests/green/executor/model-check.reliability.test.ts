import { afterEach, describe, expect, it } from 'vitest';
import type { GreenServerHandle } from '../../../src/green/server.js';
import { A2AAgentClient } from '../../../src/protocol/index.js';
import {
  CHAT_COMPLETIONS,
  completion,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../support/openai-stand-in.js';
import { startTestGreen, streamAssessment, terminalStates } from '../../support/green-server.js';
import { earlyCompletion, startScriptedPurple, type ScriptedPurple } from '../../support/scripted-purple.js';

/**
 * Before an assessment starts, the green checks each configured provider model with one small
 * call: a bad key, an unknown model or a dead server ends the task `failed` before any turn (no
 * simulator, no purple message, no score), naming provider, address and status. A success is
 * remembered, so a busy green does not call the provider before every assessment.
 */

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;
let standIn: OpenAiStandIn | undefined;
const clients: A2AAgentClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await purple?.close();
  await green?.close();
  await standIn?.close();
  purple = undefined;
  green = undefined;
  standIn = undefined;
});

async function run() {
  const client = await A2AAgentClient.connect(green!.url);
  clients.push(client);
  return streamAssessment(client, {
    participants: { assistant: purple!.url },
    config: { scenario_id: 'mini_inbox' },
  }).done;
}

describe('the pre-assessment model check', () => {
  it('a judge with a bad key ends the task failed before any turn, naming provider, address and status', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: { status: 401, message: 'Incorrect API key provided' },
    });
    purple = await startScriptedPurple({ onTurn: () => earlyCompletion() });
    green = await startTestGreen({
      evaluation_model: 'openai:judge-model',
      evaluation_base_url: standIn.baseUrl,
      llm_retry_budget_seconds: 0.2,
    });
    const record = await run();
    expect(terminalStates(record)).toEqual(['failed']);
    const text = record.texts.at(-1)!;
    expect(text).toMatch(/^Assessment not started: the judge \(evaluation\) model failed its check/);
    expect(text).toContain(standIn.baseUrl);
    expect(text).toContain('HTTP 401');
    expect(text).toContain('judge-model');
    expect(record.updates).toEqual([
      expect.objectContaining({
        message_type: 'update_error_occurred',
        error_type: 'model_error',
        recoverable: false,
      }),
    ]);
    expect(record.artifacts).toEqual([]);
    expect(purple.received).toEqual([]);
    expect(green.executor.activeContexts).toBe(0);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);
  });

  it('a character model on a server answering 500 to everything fails the same way', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 500 } });
    purple = await startScriptedPurple({ onTurn: () => earlyCompletion() });
    green = await startTestGreen({
      response_model: 'openai:characters',
      response_base_url: standIn.baseUrl,
      llm_retry_budget_seconds: 0.3,
    });
    const record = await run();
    expect(terminalStates(record)).toEqual(['failed']);
    expect(record.texts.at(-1)).toMatch(/characters \(response\) model failed its check.*HTTP 500/);
    expect(purple.received).toEqual([]);
  });

  it('remembers a success: two assessments, one check call', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: completion('OK') });
    purple = await startScriptedPurple({ onTurn: () => earlyCompletion() });
    green = await startTestGreen({ response_model: 'openai:characters', response_base_url: standIn.baseUrl });
    expect(terminalStates(await run())).toEqual(['completed']);
    expect(terminalStates(await run())).toEqual(['completed']);
    // The purple sent nothing, so no character replied: the only calls are checks.
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);
  });
});
