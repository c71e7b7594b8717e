import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoSimulatorError, noSimulatorClient } from '../../../src/green/run-record/no-simulator-client.js';
import { rescoreRun } from '../../../src/green/run-record/rescore.js';
import { RunDirectoryError, readRunDirectory } from '../../../src/green/run-record/run-directory.js';
import { ScenarioManager } from '../../../src/green/scenarios/index.js';
import { ModelRecording } from '../../../src/llm/index.js';
import { UnreachableModel, taggedGreenModel } from '../../support/fake-models.js';
import { TEST_SCENARIOS_DIR } from '../../support/green-harness.js';
import { testLogger } from '../../support/logger.js';
import { MINI_INBOX_PURPLE, makeRunDirectory } from '../../support/run-directories.js';

/**
 * Rescoring a finished run from its saved files: the same scenario version gives the same scores
 * (the judge replayed from its recording, no simulator), a changed version says so and scores by
 * its own criteria, and what cannot be rescored says why.
 */

let root: string;
let runDir: string;
let recordings: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-rescore-'));
  runDir = join(root, 'run');
  recordings = join(root, 'recordings');
  const model = taggedGreenModel('live');
  await makeRunDirectory(runDir, {
    scenarioId: 'mini_inbox',
    purple: MINI_INBOX_PURPLE,
    seed: 9,
    model: () => model,
    config: {
      response_model: 'openai:characters',
      evaluation_model: 'openai:judge',
      record_dir: recordings,
    },
  });
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function judgeReplay(contentHash: string) {
  const recording = await ModelRecording.open(
    { replayDir: recordings },
    { scenarioId: 'mini_inbox', contentHash, seed: 9 },
    [{ role: 'judge', model: 'openai:judge' }],
  );
  return recording.wrap({ role: 'judge', model: 'openai:judge' }, () => new UnreachableModel({}));
}

/** A copy of mini_inbox in its own scenarios folder, with `edit` applied to scenario.json. */
async function editedScenarios(edit: (config: Record<string, unknown>) => void, evaluators?: string) {
  const dir = await mkdtemp(join(root, 'scenarios-'));
  await cp(join(TEST_SCENARIOS_DIR, 'mini_inbox'), join(dir, 'mini_inbox'), { recursive: true });
  const file = join(dir, 'mini_inbox', 'scenario.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  edit(config);
  await writeFile(file, JSON.stringify(config, null, 2));
  if (evaluators !== undefined) {
    const module = join(dir, 'mini_inbox', 'evaluators.ts');
    await writeFile(module, `${await readFile(module, 'utf8')}\n${evaluators}\n`);
  }
  return new ScenarioManager(dir);
}

describe('rescore', () => {
  it('reproduces the run’s criteria and scores from its files, the judge replayed', async () => {
    const run = await readRunDirectory(runDir, { requireEvaluationInput: true });
    const scenario = await new ScenarioManager(TEST_SCENARIOS_DIR).load('mini_inbox');
    const outcome = await rescoreRun(
      run,
      scenario,
      { model: await judgeReplay(scenario.contentHash), modelName: 'openai:judge' },
      { logger: testLogger() },
    );
    expect(outcome.contentHash).toEqual({
      run: scenario.contentHash,
      scenario: scenario.contentHash,
      changed: false,
    });
    expect(outcome.results.criteria_results).toEqual(run.results.criteria_results);
    expect(outcome.results.scores).toEqual(run.results.scores);
    expect(outcome.results.status).toBe(run.results.status);
    expect(outcome.changes).toEqual([]);
    const tone = outcome.results.criteria_results.find((c) => c.criterion_id === 'friendly_tone');
    expect(tone?.explanation).toContain('Judged live');
    expect(outcome.results.metadata?.['rescored']).toMatchObject({ content_hash_changed: false });
    // What scoring does not decide is the run's.
    expect(outcome.results.action_log).toEqual(run.results.action_log);
    expect(outcome.results.assessment_id).toBe(run.results.assessment_id);
  });

  it('without a judge, leaves the LLM criterion out of the totals (offline), like an offline run', async () => {
    const run = await readRunDirectory(runDir);
    const scenario = await new ScenarioManager(TEST_SCENARIOS_DIR).load('mini_inbox');
    const outcome = await rescoreRun(
      run,
      scenario,
      { model: null, modelName: 'offline' },
      { logger: testLogger() },
    );
    const tone = outcome.results.criteria_results.find((c) => c.criterion_id === 'friendly_tone');
    expect(tone?.details).toMatchObject({ evaluated: false, reason: 'offline' });
    expect(outcome.results.scores.overall.max_score).toBe(run.results.scores.overall.max_score - 5);
    expect(outcome.results.judge).toMatchObject({ model: 'offline', criteria_not_evaluated: 1 });
    expect(outcome.changes.map((change) => change.criterion_id)).toContain('friendly_tone');
  });

  it('says when the scenario changed since the run and scores by the current version', async () => {
    const manager = await editedScenarios((config) => {
      const criteria = config['criteria'] as Array<Record<string, unknown>>;
      criteria[1]!['params'] = { expected: 6 };
    });
    const scenario = await manager.load('mini_inbox');
    const run = await readRunDirectory(runDir);
    const outcome = await rescoreRun(
      run,
      scenario,
      { model: null, modelName: 'offline' },
      { logger: testLogger() },
    );
    expect(outcome.contentHash.changed).toBe(true);
    expect(outcome.contentHash.run).toBe(run.evaluationInput!.content_hash);
    expect(outcome.results.metadata?.content_hash).toBe(scenario.contentHash);
    const posted = outcome.results.criteria_results.find((c) => c.criterion_id === 'posted_summaries');
    expect(posted?.explanation).toContain('6 expected');
    expect(outcome.changes.map((change) => change.criterion_id)).toContain('posted_summaries');
  });

  it('reports an evaluator that needs the simulator as a check error naming the call', async () => {
    const manager = await editedScenarios(
      (config) => {
        const criteria = config['criteria'] as Array<Record<string, unknown>>;
        criteria.push({
          criterion_id: 'live_lookup',
          name: 'Live lookup',
          description: 'Asks the simulator.',
          dimension: 'accuracy',
          max_score: 1,
          evaluator_id: 'live_lookup',
        });
      },
      `export async function live_lookup(context: EvalContext): Promise<EvalResult> {
  const state = await context.client.email.state();
  return { score: 1, max_score: 1, explanation: String(state.total_email_count) };
}`,
    );
    const outcome = await rescoreRun(
      await readRunDirectory(runDir),
      await manager.load('mini_inbox'),
      { model: null, modelName: 'offline' },
      { logger: testLogger() },
    );
    const lookup = outcome.results.criteria_results.find((c) => c.criterion_id === 'live_lookup');
    expect(lookup?.details).toMatchObject({ evaluated: false, reason: 'check_error' });
    expect(JSON.stringify(lookup?.details)).toContain('client.email.state()');
    expect(outcome.results.status).toBe('incomplete');
  });

  it('explains what cannot be rescored', async () => {
    const empty = await mkdtemp(join(root, 'empty-'));
    await expect(readRunDirectory(empty)).rejects.toThrow(
      /results\.json: does not exist: not a run directory/,
    );
    const partial = await mkdtemp(join(root, 'partial-'));
    await cp(join(runDir, 'results.json'), join(partial, 'results.json'));
    const loaded = await readRunDirectory(partial);
    const scenario = await new ScenarioManager(TEST_SCENARIOS_DIR).load('mini_inbox');
    await expect(
      rescoreRun(loaded, scenario, { model: null, modelName: 'offline' }, { logger: testLogger() }),
    ).rejects.toBeInstanceOf(RunDirectoryError);
    await expect(readRunDirectory(partial, { requireEvaluationInput: true })).rejects.toThrow(
      /evaluation-input\.json: does not exist/,
    );
    await writeFile(join(partial, 'evaluation-input.json'), '{"message_type": "evaluation_input"}');
    await expect(readRunDirectory(partial)).rejects.toThrow(
      /evaluation-input\.json: is not an evaluation input file/,
    );
    await writeFile(join(partial, 'results.json'), '{ not json');
    await expect(readRunDirectory(partial)).rejects.toThrow(/results\.json: is not valid JSON/);
  });
});

describe('the client of a rescore', () => {
  it('fails loudly on any call, and not on being passed around or awaited', async () => {
    const client = noSimulatorClient();
    expect(() => client.email.state()).toThrow(NoSimulatorError);
    expect(() => client.email.state()).toThrow('client.email.state()');
    await expect(Promise.resolve(client)).resolves.toBe(client);
    expect({ ...{ client } }.client).toBe(client);
  });
});
