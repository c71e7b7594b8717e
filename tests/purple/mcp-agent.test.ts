import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_INSTRUCTIONS, loadPurpleConfig } from '../../src/protocol/index.js';
import {
  McpAgent,
  PurpleAgentConfigError,
  USER_ASSISTANT_CONVERSATION,
  createPurpleAgent,
  type AssessmentContext,
} from '../../src/purple/index.js';
import { UES_TOOLS } from '../../src/purple/tools/index.js';
import { startMcpTestBed, type McpTestBed } from '../support/mcp.js';
import { EMPTY_SUMMARY } from './support/green-messages.js';
import { ScriptedToolCallingModel, callTools, toolMessageTexts } from './support/scripted-chat-model.js';

/**
 * The mcp baseline against the green's MCP endpoint (no green around it): it binds the server's
 * tools, reads the user's chat through them, acts through them, and hands tool errors back to
 * its model.
 */

const START = '2026-01-28T06:00:00Z';

describe('mcp baseline', () => {
  let bed: McpTestBed;
  let key: { secret: string; keyId: string };

  beforeAll(async () => {
    bed = await startMcpTestBed();
    key = await bed.addContext('ctx');
    await bed.ues.admin.chat.send({
      role: 'user',
      content: 'Tell me when the budget email arrives.',
      conversation_id: USER_ASSISTANT_CONVERSATION,
    });
  });
  afterAll(() => bed.close());

  function context(mcpUrl: string | undefined): AssessmentContext {
    return {
      uesUrl: bed.restUrl('ctx'),
      apiKey: key.secret,
      mcpUrl,
      currentTime: new Date(START),
      summary: EMPTY_SUMMARY as AssessmentContext['summary'],
      instructions: ASSESSMENT_INSTRUCTIONS,
    };
  }

  function agentWith(model: ScriptedToolCallingModel): McpAgent {
    const agent = createPurpleAgent('mcp', {
      config: loadPurpleConfig({ agent: 'mcp' }, {}),
      chatModel: model,
    });
    if (!(agent instanceof McpAgent)) throw new Error('expected an McpAgent');
    return agent;
  }

  it('binds the server’s tools, reads chat and acts through them, and hands tool errors to its model', async () => {
    const model = new ScriptedToolCallingModel([
      callTools(
        { name: 'send_chat_message', args: { content: 'Nothing about the budget yet.' } },
        { name: 'read_email', args: { message_id: 'no-such-email' } },
      ),
      callTools({ name: 'finish_turn', args: { time_step: 'PT30M', notes: 'checked' } }),
    ]);
    const agent = agentWith(model);
    await agent.initialize(context(bed.mcpUrl('ctx')));
    expect(model.boundTools).toEqual([...UES_TOOLS.map((tool) => tool.name), 'finish_turn']);
    expect(bed.host.sessionCount('ctx')).toBe(1);

    const outcome = await agent.runTurn({
      turnNumber: 1,
      currentTime: new Date(START),
      eventsProcessed: 0,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ message_type: 'turn_complete', time_step: 'PT30M', notes: 'checked' });

    const [system, human] = model.calls[0]!;
    expect(String(system!.content)).toContain('Tell me when the budget email arrives.');
    // The server's instructions reach the model.
    expect(String(system!.content)).toContain(`time zone ${bed.user.timezone}`);
    expect(String(human!.content)).toContain('- Tell me when the budget email arrives.');
    expect(toolMessageTexts(model.calls[1]!)).toEqual([
      expect.stringContaining('"ok":true'),
      'Error: read_email: no email with message_id "no-such-email"',
    ]);
    const events = await bed.ues.admin.events.list({ agent_id: key.keyId });
    expect(events.events.map((event) => `${event.modality}.${String(event.data?.['operation'])}`)).toEqual([
      'chat.send_message',
    ]);
    // Its chat reads went through MCP, with its key, like its actions.
    const reads = await bed.ues.admin.accessLogs.list({ key_id: key.keyId, path_prefix: '/chat/query' });
    expect(reads.entries.length).toBeGreaterThan(0);

    await agent.onAssessmentComplete('scenario_complete');
    await expect.poll(() => bed.host.sessionCount('ctx')).toBe(0);
  });

  it('says what is wrong when the green sends no mcp_url', async () => {
    const agent = agentWith(new ScriptedToolCallingModel([]));
    await expect(agent.initialize(context(undefined))).rejects.toThrow(PurpleAgentConfigError);
    await expect(agentWith(new ScriptedToolCallingModel([])).initialize(context(undefined))).rejects.toThrow(
      /no mcp_url.*use --agent llm/,
    );
  });

  it('refuses the offline model, as the llm baseline does', () => {
    expect(() => createPurpleAgent('mcp', { config: loadPurpleConfig({ agent: 'mcp' }, {}) })).toThrow(
      /the mcp baseline needs a real tool-calling model/,
    );
  });
});
