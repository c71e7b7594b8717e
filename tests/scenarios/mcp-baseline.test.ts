import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalGreen } from '../../src/cli/local-agents.js';
import { scenarioModalities } from '../../src/green/scenarios/modalities.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';
import type { AssessmentResults } from '../../src/protocol/index.js';
import { scenariosToRun } from '../support/scenario-sample.js';
import { assessLocally, startSuiteGreen } from '../support/baseline-runs.js';
import { CHAT_COMPLETIONS, startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-stand-in.js';
import { READS, WEATHER_CALL, readingModel, toolMessagesOf } from '../support/reading-model.js';

/**
 * The `mcp` baseline on every scenario, end to end: a green, the purple taking all its tools from
 * the assessment's MCP server, and a local OpenAI-compatible stand-in as its model, which each
 * turn reads every modality and posts to the user through MCP. Every scenario completes, no tool
 * answers an error, and every post is in the action log under its turn. Every scenario under
 * `npm run test:full`; `npm test` runs a sample holding every modality, capability and family.
 */

const POST = 'Read everything; nothing needs you yet.';

describe('the mcp baseline on every scenario', () => {
  let green: LocalGreen;
  let standIn: OpenAiStandIn;

  beforeAll(async () => {
    green = await startSuiteGreen();
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: readingModel([['send_chat_message', { content: POST }]]),
    });
  });
  afterAll(async () => {
    await green.close();
    await standIn.close();
  });

  it('reads every modality and posts through MCP without a tool error, and its posts are logged', async () => {
    const scenarios = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
    let withWeather = 0;
    for (const id of await scenariosToRun()) {
      const before = standIn.requests.length;
      const results = (await assessLocally(green, id, {
        agent: 'mcp',
        model: 'openai:stand-in-model',
        baseUrl: standIn.baseUrl,
      })) as AssessmentResults;
      expect(results.status, id).toBe('completed');
      const requests = standIn.requests.slice(before);
      // The MCP tools were bound: the model was offered them, finish_turn besides.
      const offered = (requests[0]!.body as { tools: Array<{ function: { name: string } }> }).tools;
      expect(
        offered.map((tool) => tool.function.name),
        id,
      ).toContain('forward_email');
      const toolMessages = toolMessagesOf(requests);
      expect(toolMessages.length, id).toBeGreaterThanOrEqual((READS.length + 1) * results.turns_taken);
      expect(
        toolMessages.map((message) => message.content ?? '').filter((text) => text.startsWith('Error')),
        id,
      ).toEqual([]);
      const posts = results.action_log.filter(
        (entry) => entry.action === 'chat.send_message' && entry.parameters['content'] === POST,
      );
      expect(
        posts.map((entry) => entry.turn),
        id,
      ).toEqual(Array.from({ length: results.turns_taken }, (_, index) => index + 1));
      if (scenarioModalities(await scenarios.load(id)).includes('weather')) {
        const weather = toolMessages.find((message) => message.tool_call_id === WEATHER_CALL);
        expect(JSON.parse(weather?.content ?? '{}').report, id).toBeTruthy();
        withWeather += 1;
      }
    }
    expect(withWeather).toBeGreaterThan(0);
  }, 600_000);
});
