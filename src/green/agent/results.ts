import {
  parseResults,
  type ActionLogEntryWithTurn,
  type AssessmentEndReason,
  type AssessmentResults,
  type CriterionResult,
} from '../../protocol/index.js';
import { PACKAGE_VERSION } from '../../version.js';
import { unseenChatPosts } from '../assessment/user-context.js';
import { judgeInfo, type ScoringSummary } from '../judge/index.js';
import type { Evaluation } from './evaluation.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import type { RunSettings } from './run-settings.js';
import type { EndReason } from './turn-loop.js';
import { CHECK_LIBRARY_VERSION } from '../scenarios/scenario-extras.js';
import type { FiredTrigger } from '../assessment/triggers.js';
import type { FaultInjector } from '../runtime/ues-proxy-noise.js';

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
  evaluation: Evaluation;
  /** What the scenario's triggers set off (only for scenarios that have triggers). */
  triggersFired?: readonly FiredTrigger[] | undefined;
  /** The noise injected into the purple's requests (only for scenarios that have noise). */
  injectedFaults?: ReturnType<FaultInjector['summary']> | undefined;
}

/** A criterion whose judge call or check failed makes the whole result incomplete. */
export function hasFailedCriteria(results: readonly CriterionResult[]): boolean {
  return results.some((r) => r.details?.['evaluated'] === false && r.details?.['reason'] !== 'offline');
}

function statusOf(input: ResultsInput): AssessmentResults['status'] {
  if (input.endReason === 'consecutive_failures') return 'failed';
  return hasFailedCriteria(input.evaluation.results) ? 'incomplete' : 'completed';
}

/** `unseen_chat_posts`, only when the purple posted where the user does not read. */
function unseenChatMetadata(input: ResultsInput): Record<string, unknown> {
  const posts = unseenChatPosts(input.actionLog, input.scenario.config.chat_conversation_id);
  return posts.length > 0 ? { unseen_chat_posts: posts } : {};
}

function scoringMetadata(summary: ScoringSummary): Record<string, unknown> {
  return { ...summary };
}

/**
 * The result artifact's object, validated (sums, bounds, counts) before it leaves the green. A run
 * ended by repeated purple failures is `failed` but still fully recorded and evaluated; a run
 * where a criterion's judge call or check failed is `incomplete`.
 */
export function buildResults(input: ResultsInput, now: number = Date.now()): AssessmentResults {
  const { scenario, settings } = input;
  return parseResults({
    message_type: 'assessment_results',
    assessment_id: input.taskId,
    scenario_id: scenario.config.scenario_id,
    participant: input.participantRole,
    status: statusOf(input),
    duration_seconds: Math.max(0, (now - input.startedAtMs) / 1_000),
    turns_taken: input.turnsTaken,
    actions_taken: input.actionLog.length,
    scores: input.evaluation.scores,
    criteria_results: input.evaluation.results,
    action_log: input.actionLog,
    metadata: {
      seed: settings.seed,
      models: { response: settings.responseModel, evaluation: settings.evaluationModel },
      scenario_id: scenario.config.scenario_id,
      scenario_version: scenario.config.version,
      software_version: PACKAGE_VERSION,
      content_hash: scenario.contentHash,
      check_library_version: CHECK_LIBRARY_VERSION,
      ...(scenario.variantSeed ? { variant_seed: scenario.variantSeed } : {}),
      end_reason: input.endReason,
      reads_taken: input.readCount,
      ...unseenChatMetadata(input),
      scoring: scoringMetadata(input.evaluation.summary),
      ...(input.triggersFired ? { triggers_fired: [...input.triggersFired] } : {}),
      ...(input.injectedFaults ? { injected_faults: input.injectedFaults } : {}),
    },
    judge: judgeInfo(input.evaluation.results, settings.evaluationModel),
  });
}
