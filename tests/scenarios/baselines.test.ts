import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalGreen } from '../../src/cli/local-agents.js';
import { scenarioModalities } from '../../src/green/scenarios/modalities.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';
import { scenariosToRun } from '../support/scenario-sample.js';
import { assessLocally, startSuiteGreen } from '../support/baseline-runs.js';
import { CHAT_COMPLETIONS, startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-stand-in.js';
import { READS, WEATHER_CALL, readingModel, toolMessagesOf } from '../support/reading-model.js';

/**
 * The baselines run on every scenario of the suite (`npm run test:full`; `npm test` runs a sample
 * holding every modality, capability and family): `noop` and `rule-based` complete (rule-based
 * may score low outside triage — that is documented, not a failure), and the `llm` baseline,
 * driven by a local OpenAI-compatible stand-in, reads every modality through its tools on every
 * scenario's data without a tool error.
 */

interface RunResults {
  status: string;
  scores: { overall: { score: number; max_score: number } };
}

describe('the baselines on every scenario', () => {
  let green: LocalGreen;
  let standIn: OpenAiStandIn;
  let ids: string[];

  beforeAll(async () => {
    green = await startSuiteGreen();
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: readingModel() });
    ids = await scenariosToRun();
  });
  afterAll(async () => {
    await green.close();
    await standIn.close();
  });

  async function run(scenarioId: string, agent: 'noop' | 'rule-based' | 'llm'): Promise<RunResults> {
    return (await assessLocally(green, scenarioId, {
      agent,
      ...(agent === 'llm' ? { model: 'openai:stand-in-model', baseUrl: standIn.baseUrl } : {}),
    })) as RunResults;
  }

  it('noop completes everywhere and scores nothing; rule-based completes everywhere', async () => {
    for (const id of ids) {
      const noop = await run(id, 'noop');
      expect(noop.status, `${id} noop`).toBe('completed');
      expect(noop.scores.overall.score / noop.scores.overall.max_score, `${id} noop`).toBeLessThanOrEqual(
        0.02,
      );
      const ruleBased = await run(id, 'rule-based');
      expect(ruleBased.status, `${id} rule-based`).toBe('completed');
    }
  }, 600_000);

  it('the llm baseline reads every modality of every scenario without a tool error', async () => {
    let withWeather = 0;
    for (const id of ids) {
      const before = standIn.requests.length;
      const results = await run(id, 'llm');
      expect(results.status, id).toBe('completed');
      const toolMessages = toolMessagesOf(standIn.requests.slice(before));
      const toolAnswers = toolMessages.map((message) => message.content ?? '');
      expect(toolAnswers.length, id).toBeGreaterThanOrEqual(READS.length);
      expect(
        toolAnswers.filter((text) => text.startsWith('Error')),
        id,
      ).toEqual([]);
      // Where the scenario files a weather report for the user's place, the tool finds it.
      const scenario = await new ScenarioManager(DEFAULT_SCENARIOS_DIR).load(id);
      if (scenarioModalities(scenario).includes('weather')) {
        const weather = toolMessages.find((message) => message.tool_call_id === WEATHER_CALL);
        expect(JSON.parse(weather?.content ?? '{}').report, id).toBeTruthy();
        withWeather += 1;
      }
    }
    expect(withWeather).toBeGreaterThan(0);
  }, 600_000);
});
