import { AIMessage } from '@langchain/core/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MissingApiKeyError } from '../../src/llm/index.js';
import {
  A2AAgentClient,
  ASSESSMENT_INSTRUCTIONS,
  loadPurpleConfig,
  parseMessage,
} from '../../src/protocol/index.js';
import { UES_TOOLS } from '../../src/purple/tools/index.js';
import {
  LlmAgent,
  PURPLE_UES_PERMISSIONS,
  PurpleAgentConfigError,
  RuleBasedAgent,
  createPurpleAgent,
  startPurpleServer,
  type TurnOutcome,
} from '../../src/purple/index.js';
import { assessmentStart, turnStart } from './support/green-messages.js';
import { receiveEmail, startPurpleUes, type PurpleUes } from './support/purple-ues.js';
import { ScriptedToolCallingModel, callTools, toolMessageTexts } from './support/scripted-chat-model.js';

const START = '2026-01-28T06:00:00Z';
const llmConfig = (flags: Record<string, unknown> = {}) => loadPurpleConfig({ agent: 'llm', ...flags }, {});

describe('llm baseline', () => {
  let env: PurpleUes;
  beforeEach(async () => {
    env = await startPurpleUes({ start: START });
    await env.postUserMessage('Every hour, summarise my unread email in chat.');
  });
  afterEach(() => env.close());

  async function agentWith(model: ScriptedToolCallingModel, maxActions = 50): Promise<LlmAgent> {
    const agent = createPurpleAgent('llm', {
      config: llmConfig({ maxActionsPerTurn: maxActions }),
      chatModel: model,
    });
    if (!(agent instanceof LlmAgent)) throw new Error('expected an LlmAgent');
    await agent.initialize({
      uesUrl: env.url,
      apiKey: env.purpleKey.secret,
      currentTime: new Date(START),
      summary: parseMessage(assessmentStart(env.url, 'k'), ['assessment_start']).initial_state_summary,
      instructions: ASSESSMENT_INSTRUCTIONS,
    });
    return agent;
  }

  async function turn(agent: LlmAgent, turnNumber: number, time = START): Promise<TurnOutcome> {
    return agent.runTurn({
      turnNumber,
      currentTime: new Date(time),
      eventsProcessed: 0,
      signal: new AbortController().signal,
    });
  }

  it('offers exactly the UES actions of the purple key, plus finish_turn', async () => {
    const model = new ScriptedToolCallingModel([]);
    await agentWith(model);
    expect(model.boundTools).toEqual([...UES_TOOLS.map((tool) => tool.name), 'finish_turn']);
    const used = new Set(UES_TOOLS.map((tool) => tool.permission));
    for (const permission of used) expect(PURPLE_UES_PERMISSIONS).toContain(permission);
    // Every action permission has a tool; the state permissions back reads the tools make.
    const actions = PURPLE_UES_PERMISSIONS.filter((permission) => !permission.endsWith(':state'));
    expect(actions.filter((permission) => !used.has(permission))).toEqual([]);
  });

  it('runs tool calls against UES and ends the turn with finish_turn', async () => {
    await receiveEmail(env.admin, {
      from: 'ana.lopez@example.com',
      subject: 'Budget sign-off',
      body: 'Need it by noon.',
    });
    let emailId = '';
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'list_emails', args: { unread_only: true } }),
      (messages) => {
        const listed = JSON.parse(toolMessageTexts(messages).at(-1)!) as { emails: { message_id: string }[] };
        emailId = listed.emails[0]!.message_id;
        return callTools(
          { name: 'send_chat_message', args: { content: 'HIGH: Ana needs the budget sign-off by noon.' } },
          { name: 'mark_emails_read', args: { message_ids: [emailId] } },
        );
      },
      callTools({ name: 'finish_turn', args: { time_step: 'PT30M', notes: 'summary posted' } }),
    ]);
    const agent = await agentWith(model);
    expect(await turn(agent, 1)).toEqual({
      message_type: 'turn_complete',
      time_step: 'PT30M',
      notes: 'summary posted',
    });

    expect(await env.assistantMessages()).toEqual(['HIGH: Ana needs the budget sign-off by noon.']);
    expect((await env.admin.email.query({ is_read: false })).total_count).toBe(0);
    expect(await env.purpleActions()).toEqual(['chat.send_message', 'email.mark_read']);

    const [system, human] = model.calls[0]!;
    expect(String(system!.content)).toContain('Every hour, summarise my unread email in chat.');
    expect(String(system!.content)).toContain(ASSESSMENT_INSTRUCTIONS);
    expect(String(system!.content)).toContain('The current simulated time is 2026-01-28T06:00:00.000Z');
    expect(String(human!.content)).toContain('Turn 1 begins at 2026-01-28T06:00:00.000Z');
    expect(String(human!.content)).toContain('- Every hour, summarise my unread email in chat.');
    expect(toolMessageTexts(model.calls[2]!).slice(-2)).toEqual([
      expect.stringContaining('"ok":true'),
      expect.stringContaining('"ok":true'),
    ]);
  });

  it('returns tool errors to the model as tool messages and carries on', async () => {
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'read_email', args: { message_id: 'nope' } }),
      callTools({ name: 'send_chat_message', args: {} }),
      callTools({ name: 'send_email', args: { to: ['not-an-address'], subject: 'x', body: 'y' } }),
      callTools({ name: 'respond_to_calendar_event', args: { event_id: 'missing', response: 'accepted' } }),
      callTools({ name: 'delete_everything', args: {} }),
      callTools({ name: 'finish_turn', args: { time_step: 'soon' } }),
      callTools({ name: 'finish_turn', args: {} }),
    ]);
    const agent = await agentWith(model);
    expect(await turn(agent, 1)).toEqual({ message_type: 'turn_complete', time_step: 'PT1H' });
    const errors = toolMessageTexts(model.calls.at(-1)!);
    expect(errors).toEqual([
      'Error: no email with message_id "nope"',
      expect.stringMatching(/^Error: invalid arguments for send_chat_message: content: /),
      expect.stringMatching(/^Error: POST \/email\/send failed with HTTP 422/),
      expect.stringMatching(/^Error: POST \/calendar\/respond did not apply \(event status failed\)/),
      'Error: there is no tool named "delete_everything".',
      'Error: invalid arguments for finish_turn: time_step: "soon" is not an ISO 8601 duration',
    ]);
    expect(await env.purpleActions()).not.toContain('email.send');
  });

  it('stops at max_actions_per_turn and does not run the calls beyond it', async () => {
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'get_current_time' }),
      callTools(
        { name: 'list_emails' },
        { name: 'send_chat_message', args: { content: 'should never be posted' } },
        { name: 'send_chat_message', args: { content: 'nor this' } },
      ),
      callTools({ name: 'finish_turn' }),
    ]);
    const agent = await agentWith(model, 2);
    expect(await turn(agent, 1)).toEqual({
      message_type: 'turn_complete',
      time_step: 'PT1H',
      notes: 'Stopped after 2 tool calls (max_actions_per_turn).',
    });
    expect(model.calls).toHaveLength(2);
    expect(model.remainingSteps).toBe(1);
    expect(await env.assistantMessages()).toEqual([]);
  });

  it('ends the turn when the model answers without tools, and remembers earlier turns', async () => {
    const model = new ScriptedToolCallingModel([
      new AIMessage('Nothing needs doing right now.'),
      callTools({ name: 'finish_turn', args: { time_step: 'PT1H' } }),
    ]);
    const agent = await agentWith(model);
    expect(await turn(agent, 1)).toEqual({
      message_type: 'turn_complete',
      time_step: 'PT1H',
      notes: 'Ended without calling finish_turn: Nothing needs doing right now.',
    });
    await turn(agent, 2, '2026-01-28T07:00:00Z');
    const system = String(model.calls[1]![0]!.content);
    expect(system).toContain(
      '- Turn 1 (2026-01-28T06:00:00.000Z): no tool calls — Ended without calling finish_turn',
    );
    expect(String(model.calls[1]![1]!.content)).toContain('No new chat messages from the user.');
  });

  it('tells the model the user’s time zone, the end, and that a turn is the last', async () => {
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'finish_turn', args: { time_step: 'PT1H' } }),
      callTools({ name: 'finish_turn', args: { time_step: 'PT1H' } }),
    ]);
    const agent = await agentWith(model);
    const told = { userTimezone: 'America/Denver', endTime: new Date('2026-01-28T07:00:00Z') };
    const signal = new AbortController().signal;
    await agent.runTurn({ turnNumber: 1, currentTime: new Date(START), eventsProcessed: 0, signal, ...told });
    await agent.runTurn({
      turnNumber: 2,
      currentTime: new Date('2026-01-28T07:00:00Z'),
      eventsProcessed: 0,
      signal,
      ...told,
      isFinalTurn: true,
    });
    const [first, last] = [model.calls[0]!, model.calls[1]!];
    expect(String(first[0]!.content)).toContain("The user's time zone is America/Denver");
    expect(String(first[1]!.content)).toContain('The assessment ends at 2026-01-28T07:00:00.000Z.');
    expect(String(last[1]!.content)).toContain('This is your last turn');
  });

  it('tells the model the check-in step, and a finish_turn without a step advances by it', async () => {
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'finish_turn', args: { notes: 'quiet' } }),
    ]);
    const agent = await agentWith(model);
    const outcome = await agent.runTurn({
      turnNumber: 1,
      currentTime: new Date(START),
      eventsProcessed: 0,
      signal: new AbortController().signal,
      suggestedTimeStep: 'PT20M',
    });
    expect(String(model.calls[0]![0]!.content)).toContain("This task's natural check-in step is PT20M");
    expect(outcome).toEqual({ message_type: 'turn_complete', time_step: 'PT20M', notes: 'quiet' });
  });

  it('fails the turn when the model itself fails', async () => {
    const agent = await agentWith(new ScriptedToolCallingModel([]));
    await expect(turn(agent, 1)).rejects.toThrow('the script is exhausted');
  });

  it('serves over A2A with an injected model', async () => {
    const model = new ScriptedToolCallingModel([
      callTools({ name: 'send_chat_message', args: { content: 'Quiet hour.' } }),
      callTools({ name: 'finish_turn', args: { time_step: 'PT1H', notes: 'quiet' } }),
    ]);
    const server = await startPurpleServer(llmConfig({ port: 0 }), {
      chatModel: model,
      shutdownGraceMs: 100,
    });
    const green = await A2AAgentClient.connect(server.url);
    try {
      await green.sendPayload(assessmentStart(env.url, env.purpleKey.secret, START));
      const reply = await green.sendPayload(turnStart(1, START));
      expect(reply.payload).toEqual({ message_type: 'turn_complete', time_step: 'PT1H', notes: 'quiet' });
      expect(await env.assistantMessages()).toEqual(['Quiet hour.']);
    } finally {
      await green.close();
      await server.close();
    }
  });
});

describe('llm baseline configuration', () => {
  it('refuses the offline model and points to the rule-based baseline', () => {
    const attempt = () => createPurpleAgent('llm', { config: llmConfig() });
    expect(attempt).toThrow(PurpleAgentConfigError);
    expect(attempt).toThrow(
      /"offline" cannot call tools\. For a baseline without an LLM use --agent rule-based/,
    );
  });

  it('builds a real provider model through the LLM factory (and needs its key)', () => {
    expect(() => createPurpleAgent('llm', { config: llmConfig({ model: 'gpt-4o-mini' }), env: {} })).toThrow(
      MissingApiKeyError,
    );
    const agent = createPurpleAgent('llm', {
      config: llmConfig({ model: 'gpt-4o-mini' }),
      env: { OPENAI_API_KEY: 'sk-test-not-used' },
    });
    expect(agent).toBeInstanceOf(LlmAgent);
  });

  it('reads the model from AGENTBEATS_PURPLE_MODEL', () => {
    const config = loadPurpleConfig({ agent: 'llm' }, { AGENTBEATS_PURPLE_MODEL: 'claude-sonnet-4-5' });
    expect(config.model).toBe('claude-sonnet-4-5');
    expect(() => createPurpleAgent('llm', { config, env: {} })).toThrow(/ANTHROPIC_API_KEY/);
  });

  it('makes "baseline" the rule-based agent offline and the llm agent with a model', () => {
    expect(createPurpleAgent('baseline', { config: loadPurpleConfig({}, {}) })).toBeInstanceOf(
      RuleBasedAgent,
    );
    expect(
      createPurpleAgent('baseline', {
        config: loadPurpleConfig({}, {}),
        chatModel: new ScriptedToolCallingModel([]),
      }),
    ).toBeInstanceOf(LlmAgent);
  });
});
