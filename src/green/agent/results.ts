import {
  parseResults,
  type ActionLogEntryWithTurn,
  type AssessmentEndReason,
  type AssessmentResults,
  type CriterionResult,
} from '../../protocol/index.js';
import { PACKAGE_VERSION } from '../../version.js';
import { judgeInfo, summarizeScores } from '../judge/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import type { RunSettings } from './run-settings.js';
import type { EndReason } from './turn-loop.js';

/** What the purple is told in `assessment_complete` (and the update stream reports). */
export function purpleEndReason(reason: EndReason): AssessmentEndReason {
  switch (reason) {
    case 'early_completion':
      return 'early_completion';
    case 'scenario_complete':
    case 'max_turns':
      return 'scenario_complete';
    case 'consecutive_failures':
      return 'error';
  }
}

export interface ResultsInput {
  taskId: string;
  participantRole: string;
  scenario: LoadedScenario;
  settings: RunSettings;
  endReason: EndReason;
  startedAtMs: number;
  turnsTaken: number;
  readCount: number;
  actionLog: readonly ActionLogEntryWithTurn[];
  criteriaResults: readonly CriterionResult[];
}

/**
 * The result artifact's object, validated (sums, bounds, counts) before it leaves the green. A run
 * ended by repeated purple failures is `failed` but still fully recorded and evaluated.
 */
export function buildResults(input: ResultsInput, now: number = Date.now()): AssessmentResults {
  const { scenario, settings } = input;
  return parseResults({
    message_type: 'assessment_results',
    assessment_id: input.taskId,
    scenario_id: scenario.config.scenario_id,
    participant: input.participantRole,
    status: input.endReason === 'consecutive_failures' ? 'failed' : 'completed',
    duration_seconds: Math.max(0, (now - input.startedAtMs) / 1_000),
    turns_taken: input.turnsTaken,
    actions_taken: input.actionLog.length,
    scores: summarizeScores(input.criteriaResults),
    criteria_results: input.criteriaResults,
    action_log: input.actionLog,
    metadata: {
      seed: settings.seed,
      models: { response: settings.responseModel, evaluation: settings.evaluationModel },
      scenario_id: scenario.config.scenario_id,
      scenario_version: scenario.config.version,
      software_version: PACKAGE_VERSION,
      end_reason: input.endReason,
      reads_taken: input.readCount,
    },
    judge: judgeInfo(input.criteriaResults, settings.evaluationModel),
  });
}
