import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIOS_DIR,
  EvaluatorLoadError,
  ScenarioManager,
  ScenarioNotFoundError,
  ScenarioValidationError,
} from '../../../src/green/scenarios/index.js';
import type { EvalContext } from '../../../src/green/judge/types.js';
import {
  EVALUATORS_TS,
  minimalInitialState,
  minimalScenario,
  tempScenarios,
  type TempScenarios,
} from './fixtures.js';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('ScenarioManager', () => {
  let temp: TempScenarios;
  beforeEach(async () => {
    temp = await tempScenarios();
  });
  afterEach(() => temp.close());

  it('lists folders that hold a scenario.json, sorted', async () => {
    await temp.write('beta');
    await temp.write('alpha');
    await writeFile(join(temp.root, 'README.md'), 'not a scenario');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(temp.root, 'empty_folder'));
    expect(await new ScenarioManager(temp.root).listIds()).toEqual(['alpha', 'beta']);
    expect(await new ScenarioManager(join(temp.root, 'missing')).listIds()).toEqual([]);
  });

  it('loads config, initial state and TypeScript evaluators (with sibling modules and JSON)', async () => {
    const dir = await temp.write('inbox_basic');
    const manager = new ScenarioManager(temp.root);
    const loaded = await manager.load('inbox_basic');
    expect(loaded.dir).toBe(dir);
    expect(loaded.config.scenario_id).toBe('inbox_basic');
    expect(loaded.config.version).toBe('3');
    expect(loaded.config.chat_conversation_id).toBe('user-assistant');
    expect(loaded.initialState.strict_modalities).toBe(false);
    expect(Object.keys(loaded.initialState.scenario)).toEqual(['metadata', 'environment', 'events']);
    expect([...loaded.evaluators.keys()].sort()).toEqual(['did_work', 'followed', 'quick', 'safe']);
    const result = await loaded.evaluators.get('did_work')!({ actionLog: [1, 2] } as unknown as EvalContext, {
      x: 1,
    });
    expect(result).toEqual({
      score: 4,
      max_score: 10,
      explanation: 'from data.json',
      details: { params: { x: 1 } },
    });
    expect(loaded.warnings).toEqual([
      '1 of 5 criteria need an LLM judge and are reported as not evaluated offline (5 of 30 points): polite',
    ]);
    // Cached: the same object comes back.
    expect(await manager.load('inbox_basic')).toBe(loaded);
  });

  it('loads plain JavaScript evaluators with import()', async () => {
    await temp.write('js_scenario', {
      files: {
        'evaluators.mjs': [
          'export async function did_work() { return { score: 1, max_score: 10, explanation: "js" }; }',
          'export async function safe() { return { score: 5, max_score: 5, explanation: "ok" }; }',
          'export async function quick() { return { score: 5, max_score: 5, explanation: "ok" }; }',
          'export async function followed() { return { score: 5, max_score: 5, explanation: "ok" }; }',
        ].join('\n'),
      },
    });
    const loaded = await new ScenarioManager(temp.root).load('js_scenario');
    expect([...loaded.evaluators.keys()].sort()).toEqual(['did_work', 'followed', 'quick', 'safe']);
    expect((await loaded.evaluators.get('did_work')!({} as EvalContext, {})).explanation).toBe('js');
  });

  it('accepts an embedded initial state, and the unwrapped export form, normalising to the wrapped one', async () => {
    const wrapped = minimalInitialState();
    const unwrapped = wrapped.scenario as Record<string, unknown>;
    await temp.write('embedded', {
      scenario: minimalScenario('embedded', { initial_state: unwrapped }),
      initialState: null,
    });
    await temp.write('unwrapped', { initialState: unwrapped });
    await temp.write('custom_path', {
      scenario: minimalScenario('custom_path', { initial_state: 'state/start.json' }),
      initialState: null,
      files: {
        'evaluators.ts': EVALUATORS_TS,
        'helper.ts': 'export const weight = 1;',
        'data.json': '{"label":1}',
      },
    });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(temp.root, 'custom_path', 'state'));
    await writeFile(
      join(temp.root, 'custom_path', 'state', 'start.json'),
      JSON.stringify({ ...wrapped, strict_modalities: true }),
    );
    const manager = new ScenarioManager(temp.root);
    for (const id of ['embedded', 'unwrapped']) {
      const loaded = await manager.load(id);
      expect(loaded.initialState).toEqual({ scenario: unwrapped, strict_modalities: false });
    }
    expect((await manager.load('custom_path')).initialState.strict_modalities).toBe(true);
  });

  it('ScenarioNotFoundError lists the available ids', async () => {
    await temp.write('alpha');
    const error = await rejection(new ScenarioManager(temp.root).load('nope'));
    expect(error).toBeInstanceOf(ScenarioNotFoundError);
    expect(error.message).toContain('scenario "nope" not found');
    expect(error.message).toContain('(available: alpha)');
    expect((error as ScenarioNotFoundError).available).toEqual(['alpha']);
  });

  it('refuses ids that are not scenario ids (no path traversal)', async () => {
    await temp.write('alpha');
    for (const id of ['../alpha', 'alpha/..', 'Alpha', '']) {
      expect(await rejection(new ScenarioManager(temp.root).load(id))).toBeInstanceOf(ScenarioNotFoundError);
    }
  });

  it('reports bad JSON with the file', async () => {
    await temp.write('broken', { scenario: '{"scenario_id": "broken",' });
    const error = await rejection(new ScenarioManager(temp.root).load('broken'));
    expect(error).toBeInstanceOf(ScenarioValidationError);
    expect(error.message).toMatch(/broken[\\/]scenario\.json: is not valid JSON/);
    expect((error as ScenarioValidationError).file).toBe(join(temp.root, 'broken', 'scenario.json'));
  });

  it('names the file and field of a schema violation', async () => {
    const scenario = minimalScenario('bad_field');
    (scenario.criteria as Record<string, unknown>[])[2]!.max_score = 500;
    delete scenario.user_prompt;
    await temp.write('bad_field', { scenario });
    const error = (await rejection(
      new ScenarioManager(temp.root).load('bad_field'),
    )) as ScenarioValidationError;
    expect(error).toBeInstanceOf(ScenarioValidationError);
    expect(error.message).toMatch(/bad_field[\\/]scenario\.json: criteria\[2\]\.max_score: Too big/);
    expect(error.message).toMatch(/bad_field[\\/]scenario\.json: user_prompt: /);
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['criteria[2].max_score', 'user_prompt']);
  });

  it('requires scenario_id to equal the folder name', async () => {
    await temp.write('folder_name', { scenario: minimalScenario('other_name') });
    const error = (await rejection(
      new ScenarioManager(temp.root).load('folder_name'),
    )) as ScenarioValidationError;
    expect(error).toBeInstanceOf(ScenarioValidationError);
    expect(error.message).toContain('scenario_id: "other_name" does not match the folder name "folder_name"');
  });

  it('reports a missing or malformed initial state with its file and fields', async () => {
    await temp.write('no_state', { initialState: null });
    const missing = await rejection(new ScenarioManager(temp.root).load('no_state'));
    expect(missing).toBeInstanceOf(ScenarioValidationError);
    expect(missing.message).toMatch(/no_state[\\/]initial_state\.json: does not exist/);

    const state = minimalInitialState();
    const environment = (state.scenario as { environment: { modality_states: Record<string, unknown> } })
      .environment;
    delete environment.modality_states.chat;
    environment.modality_states.sms = 'nope';
    await temp.write('partial_state', { initialState: state });
    const partial = (await rejection(
      new ScenarioManager(temp.root).load('partial_state'),
    )) as ScenarioValidationError;
    expect(partial.message).toMatch(
      /initial_state\.json: scenario\.environment\.modality_states\.chat: is required/,
    );
    expect(partial.message).toMatch(
      /initial_state\.json: scenario\.environment\.modality_states\.sms: must be an object/,
    );

    await temp.write('embedded_bad', {
      scenario: minimalScenario('embedded_bad', { initial_state: { environment: {} } }),
      initialState: null,
    });
    const embedded = await rejection(new ScenarioManager(temp.root).load('embedded_bad'));
    expect(embedded.message).toMatch(
      /embedded_bad[\\/]scenario\.json: initial_state\.environment\.time_state: /,
    );
  });

  it('raises EvaluatorLoadError for an evaluator module with a syntax error', async () => {
    await temp.write('syntax', { files: { 'evaluators.ts': 'export async function did_work( {\n' } });
    const error = (await rejection(new ScenarioManager(temp.root).load('syntax'))) as EvaluatorLoadError;
    expect(error).toBeInstanceOf(EvaluatorLoadError);
    expect(error.file).toBe(join(temp.root, 'syntax', 'evaluators.ts'));
    expect(error.message).toMatch(/syntax[\\/]evaluators\.ts: could not be loaded: /);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('raises EvaluatorLoadError for a module that throws while loading', async () => {
    await temp.write('throws', { files: { 'evaluators.ts': "throw new Error('boom at import');\n" } });
    const error = await rejection(new ScenarioManager(temp.root).load('throws'));
    expect(error).toBeInstanceOf(EvaluatorLoadError);
    expect(error.message).toContain('boom at import');
  });

  it('a criterion whose evaluator is not exported is an error without a prompt and a warning with one', async () => {
    const files = {
      'evaluators.ts':
        'export async function did_work() { return { score: 0, max_score: 1, explanation: "" }; }\n',
    };
    await temp.write('missing_eval', { files });
    const error = (await rejection(
      new ScenarioManager(temp.root).load('missing_eval'),
    )) as EvaluatorLoadError;
    expect(error).toBeInstanceOf(EvaluatorLoadError);
    expect(error.criterionId).toBe('safe');
    expect(error.message).toContain('does not export an async function "safe"');
    expect(error.message).toContain('criteria[2].evaluator_id');
    expect(error.message).toContain('Exported: did_work');

    const scenario = minimalScenario('fallback');
    for (const criterion of scenario.criteria as Record<string, unknown>[]) {
      if (criterion.criterion_id !== 'did_work')
        criterion.evaluation_prompt = 'Judge this criterion from the chat messages.';
    }
    await temp.write('fallback', { scenario, files });
    const loaded = await new ScenarioManager(temp.root).load('fallback');
    expect(loaded.warnings).toContain(
      'criteria[2] (safe): evaluator "safe" is not exported by the scenario\'s evaluators; its evaluation_prompt is used with the LLM judge instead',
    );
    expect(loaded.warnings.at(-1)).toBe(
      '4 of 5 criteria need an LLM judge and are reported as not evaluated offline (20 of 30 points): polite, safe, quick, followed',
    );
  });

  it('a scenario without evaluator module fails only if a criterion needs one', async () => {
    await temp.write('no_module', { files: {} });
    const error = await rejection(new ScenarioManager(temp.root).load('no_module'));
    expect(error).toBeInstanceOf(EvaluatorLoadError);
    expect(error.message).toMatch(
      /no_module[\\/]evaluators\.ts: does not exist, but criteria\[0\]\.evaluator_id/,
    );

    const scenario = minimalScenario('rubric_only');
    scenario.criteria = (scenario.criteria as Record<string, unknown>[]).map((criterion) => ({
      ...criterion,
      evaluator_id: undefined,
      evaluation_prompt: 'Judge this criterion from the chat messages.',
      role: 'task',
    }));
    await temp.write('rubric_only', { scenario, files: {} });
    const loaded = await new ScenarioManager(temp.root).load('rubric_only');
    expect(loaded.evaluators.size).toBe(0);
  });

  it('does not cache failures: a fixed scenario loads on the next attempt', async () => {
    await temp.write('fixable', { scenario: '{' });
    const manager = new ScenarioManager(temp.root);
    await expect(manager.load('fixable')).rejects.toBeInstanceOf(ScenarioValidationError);
    await writeFile(join(temp.root, 'fixable', 'scenario.json'), JSON.stringify(minimalScenario('fixable')));
    expect((await manager.load('fixable')).config.scenario_id).toBe('fixable');
  });

  it('DEFAULT_SCENARIOS_DIR is the package scenarios folder and holds email_triage_basic', async () => {
    expect(DEFAULT_SCENARIOS_DIR).toMatch(/[\\/]scenarios$/);
    expect(await new ScenarioManager().listIds()).toContain('email_triage_basic');
  });
});
