import {
  computeScores,
  parseResults,
  type AssessmentResults,
  type Dimension,
  type ScenarioTrials,
  type SuiteComparability,
  type SuiteResults,
  type SuiteShard,
} from '../../../src/protocol/index.js';
import type { LoadedScenario } from '../../../src/green/scenarios/loader.js';
import { buildSuiteResults, scenarioTrials, trialOutcome } from '../../../src/green/suite/summary.js';
import type { SuiteScenarioSource } from '../../../src/green/suite/selection.js';

/** A stand-in scenario with only what suite code reads: id, family, pass threshold, content hash. */
export function fakeScenario(id: string, family?: string, passThreshold = 0.7): LoadedScenario {
  return {
    config: {
      scenario_id: id,
      version: '1',
      ...(family === undefined ? {} : { family }),
      scoring: { minefield_cap: 0.25, pass_threshold: passThreshold },
    },
    contentHash: `hash-${id}`,
  } as unknown as LoadedScenario;
}

/** A scenario source over stand-ins; ids in `broken` fail to load with a validation message. */
export function fakeSource(
  scenarios: readonly LoadedScenario[],
  broken: readonly string[] = [],
): SuiteScenarioSource & { loaded: string[] } {
  const loaded: string[] = [];
  return {
    loaded,
    listIds: async () => [...scenarios.map((s) => s.config.scenario_id), ...broken].sort(),
    load: async (id) => {
      loaded.push(id);
      if (broken.includes(id)) throw new Error(`${id}/scenario.json: criteria: is required`);
      const scenario = scenarios.find((s) => s.config.scenario_id === id);
      if (scenario === undefined) throw new Error(`no scenario ${id}`);
      return scenario;
    },
  };
}

/** Valid results with one criterion per given dimension: `{accuracy: [score, max]}`. */
export function fakeResults(
  assessmentId: string,
  scenarioId: string,
  scores: Partial<Record<Dimension, [number, number]>>,
  status: AssessmentResults['status'] = 'completed',
): AssessmentResults {
  const criteria = Object.entries(scores).map(([dimension, [score, max]]) => ({
    message_type: 'criterion_result' as const,
    criterion_id: `${dimension}_check`,
    name: dimension,
    dimension: dimension as Dimension,
    score,
    max_score: max,
    explanation: '',
  }));
  return parseResults({
    message_type: 'assessment_results',
    assessment_id: assessmentId,
    scenario_id: scenarioId,
    participant: 'personal_assistant',
    status,
    duration_seconds: 1,
    turns_taken: 3,
    actions_taken: 0,
    scores: computeScores(criteria),
    criteria_results: criteria,
    action_log: [],
    metadata: { seed: 1, content_hash: `hash-${scenarioId}` },
  });
}

/** What `scenarioTrials` needs to know of a stand-in scenario. */
export const scenarioInfo = (scenarioId: string, family: string, passThreshold = 0.7) => ({
  scenarioId,
  family,
  passThreshold,
  contentHash: `hash-${scenarioId}`,
});

/** Trials of one scenario with these overall fractions (accuracy only, max 10). */
export function fakeScenarioTrials(
  id: string,
  family: string,
  fractions: readonly number[],
  passThreshold = 0.7,
): ScenarioTrials {
  return scenarioTrials(
    scenarioInfo(id, family, passThreshold),
    fractions.map((fraction, index) =>
      trialOutcome(
        {
          trial: index + 1,
          seed: 10 + index,
          assessmentId: `s/${id}/${index + 1}`,
          results: fakeResults(`s/${id}/${index + 1}`, id, { accuracy: [fraction * 10, 10] }),
          durationSeconds: 2,
        },
        passThreshold,
      ),
    ),
  );
}

/** What a green records of a suite over the stand-in scenarios `ids` (each at version 1). */
export function fakeComparability(ids: readonly string[]): SuiteComparability {
  return {
    check_library_version: '2',
    scenario_versions: Object.fromEntries(
      ids.map((id) => [id, { version: '1', content_hash: `hash-${id}` }]),
    ),
    trial_config: { max_turns: 3 },
    models: { response: 'offline', evaluation: 'offline' },
  };
}

/**
 * One shard's suite_results as its green builds it: a selection of `ids` (all), `trials` trials
 * with base seed 10, task id `task-<index>`, lasting 5 + index seconds.
 */
export function fakeShardSuite(
  ids: readonly string[],
  scenarios: readonly ScenarioTrials[],
  shard: SuiteShard,
  trials = 3,
): SuiteResults {
  return buildSuiteResults({
    suiteId: `task-${shard.index}`,
    participant: 'personal_assistant',
    selection: 'all',
    trials,
    seed: 10,
    shard,
    totalScenarios: ids.length,
    durationSeconds: 5 + shard.index,
    softwareVersion: '0.1.0',
    comparability: fakeComparability(ids),
    scenarios,
  });
}
