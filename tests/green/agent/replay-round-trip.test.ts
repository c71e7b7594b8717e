import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescoreRun } from '../../../src/green/run-record/rescore.js';
import type { RunRecord } from '../../../src/green/run-record/run-directory.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/index.js';
import { ModelRecording } from '../../../src/llm/index.js';
import {
  loadPurpleConfig,
  type AssessmentResults,
  type JsonObject,
  type OraclePlan,
} from '../../../src/protocol/index.js';
import { getPurpleAgent, startPurpleServer, type PurpleServerHandle } from '../../../src/purple/index.js';
import { ScriptedModel, UnreachableModel, standInAnswer } from '../../support/fake-models.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import { testLogger } from '../../support/logger.js';
import { recordedCalls } from '../../support/recordings.js';
import { scenariosToRun } from '../../support/scenario-sample.js';

/**
 * Scenarios recorded with a stand-in character and judge model and replayed with a model
 * that fails if ever called: the replay must see the same prompts, take the same actions and give
 * the same scores, byte for byte — and rescoring the recorded run with the judge replayed too.
 * Before ids were seeded and chat ties broken by arrival, a replay failed or not by chance.
 * `npm run test:full` runs every scenario (about 70 s of one worker on two cores); `npm test` the
 * sample that between them hold every modality, capability and family (tests/support/scenario-sample.ts).
 *
 * One recording green and one replaying green (in-process simulators) serve all scenarios, played
 * by their oracles; turns are capped, which keeps the run cheap and still has characters answer
 * what the oracle sent and the judge read a transcript.
 */

const MAX_TURNS = 4;
const SEED = 3;
const MODELS = { response_model: 'openai:characters', evaluation_model: 'openai:judge' };

let root: string;
let recorded: string;
let rerecorded: string;
let recorder: AgentHarness;
let replayer: AgentHarness;
let purple: PurpleServerHandle;
/** The plan the purple plays in the next assessment (scenarios run one at a time). */
let plan: OraclePlan | undefined;
/** The run record of the last assessment either green finished. */
let lastRecord: RunRecord | undefined;
const keepRecord = async (record: RunRecord): Promise<void> => {
  lastRecord = record;
};
const scenarios = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
const standIn = new ScriptedModel((prompt) => standInAnswer(prompt));
const unreachable = new UnreachableModel({});

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-round-trip-'));
  recorded = join(root, 'recorded');
  rerecorded = join(root, 'rerecorded');
  recorder = await startAgentHarness({
    config: { ...MODELS, record_dir: recorded },
    agent: { models: () => standIn, runRecordSink: keepRecord },
  });
  // Replays from the recording and records what it was asked, to compare the prompts.
  replayer = await startAgentHarness({
    config: { ...MODELS, replay_dir: recorded, record_dir: rerecorded },
    agent: { models: () => unreachable, runRecordSink: keepRecord },
  });
  const oracle = getPurpleAgent('oracle');
  // The server builds an agent at startup to check it can: any plan will do for that.
  plan = (await scenarios.load('email_triage_basic')).oracle ?? undefined;
  const config = loadPurpleConfig({ host: '127.0.0.1', port: 0, agent: 'oracle' }, {});
  purple = await startPurpleServer(config, {
    logger: testLogger(),
    env: {},
    createAgent: () => oracle.factory({ config, logger: testLogger(), env: {}, oraclePlan: plan! }),
  });
}, 60_000);

afterAll(async () => {
  await purple?.close();
  await recorder?.close();
  await replayer?.close();
  await rm(root, { recursive: true, force: true });
});

async function assess(harness: AgentHarness, scenarioId: string): Promise<RunRecord> {
  const scenario = await scenarios.load(scenarioId);
  plan = scenario.oracle ?? undefined;
  if (plan === undefined) throw new Error(`${scenarioId} has no oracle plan`);
  lastRecord = undefined;
  const results = await harness.agent.run({
    taskId: `task-${scenarioId}`,
    participantRole: 'personal_assistant',
    purpleUrl: purple.url,
    scenario,
    config: { scenario_id: scenarioId, seed: SEED, max_turns: MAX_TURNS },
    emitter: harness.recorder(`task-${scenarioId}`).emitter,
    signal: new AbortController().signal,
  });
  // The sink ran before run() returned (TypeScript cannot see the assignment).
  const record = lastRecord as RunRecord | undefined;
  expect(record?.results.assessment_id, scenarioId).toBe(results.assessment_id);
  return record!;
}

/** What must not differ between a run and its replay. */
function world(results: AssessmentResults) {
  return {
    status: results.status,
    action_log: JSON.stringify(results.action_log),
    criteria: JSON.stringify(results.criteria_results),
    scores: JSON.stringify(results.scores),
  };
}

describe('record and replay of the scenarios', () => {
  it('replays each scenario to the same action log, criteria and scores, and rescores it alike', async () => {
    const ids = await scenariosToRun();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const first = await assess(recorder, id);
      const again = await assess(replayer, id);
      expect(world(again.results), id).toEqual(world(first.results));
      expect(again.results.metadata?.['model_calls'], id).toMatchObject({ mode: 'replay+record' });
      const roles = (again.results.metadata?.['model_calls'] as { roles: Record<string, unknown> }).roles;
      for (const stats of Object.values(roles)) {
        expect(stats, id).toMatchObject({ live: 0, mismatches: 0, unused: 0 });
      }
      expect(JSON.stringify(again.evaluationInput?.final_state), id).toBe(
        JSON.stringify(first.evaluationInput?.final_state),
      );

      // rescore --replay: the recorded run's files, the judge answered from the recording.
      const scenario = await scenarios.load(id);
      const recording = await ModelRecording.open(
        { replayDir: recorded },
        { scenarioId: id, contentHash: scenario.contentHash, seed: SEED },
        [{ role: 'judge', model: MODELS.evaluation_model }],
      );
      const judge = recording.wrap({ role: 'judge', model: MODELS.evaluation_model }, () => unreachable);
      const rescored = await rescoreRun(
        {
          dir: join(root, id),
          results: first.results,
          rawResults: JSON.parse(JSON.stringify(first.results)) as JsonObject,
          evaluationInput: first.evaluationInput,
        },
        scenario,
        { model: judge, modelName: MODELS.evaluation_model },
        { logger: testLogger() },
      );
      expect(JSON.stringify(rescored.results.criteria_results), id).toBe(world(first.results).criteria);
      expect(JSON.stringify(rescored.results.scores), id).toBe(world(first.results).scores);
    }
    expect(unreachable.calls).toBe(0);
    expect(standIn.calls).toBeGreaterThan(ids.length);

    // The replay asked exactly what the recorded run asked, and got the same answers.
    const asked = await recordedCalls(recorded);
    const files = Object.keys(asked);
    expect(files.some((file) => file.endsWith('characters.json'))).toBe(true);
    expect(files.some((file) => file.endsWith('judge.json'))).toBe(true);
    expect(await recordedCalls(rerecorded)).toEqual(asked);
  }, 600_000);
});
