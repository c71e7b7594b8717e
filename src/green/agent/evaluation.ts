import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import type { ActionLogEntryWithTurn, CriterionResult, TaskUpdateEmitter } from '../../protocol/index.js';
import type { UesClient } from '../../ues/client/index.js';
import { captureStateSnapshot } from '../assessment/state-snapshot.js';
import {
  CriteriaJudge,
  criterionEvaluatedUpdate,
  type StateSnapshot,
  type TurnRecord,
} from '../judge/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { throwIfCanceled } from './errors.js';

/**
 * The evaluation step of an assessment: once the purple can no longer act, capture the final
 * state and score every criterion, publishing each result as it is ready.
 */

export interface EvaluationRecord {
  actionLog: readonly ActionLogEntryWithTurn[];
  turns: readonly TurnRecord[];
  readCount: number;
  initialState: StateSnapshot;
}

export interface EvaluationEnvironment {
  scenario: LoadedScenario;
  client: UesClient;
  emitter: TaskUpdateEmitter;
  evaluationModel: BaseChatModel | null;
  evaluationModelName: string;
  logger: Logger;
  signal: AbortSignal;
  setActivity(text: string): void;
}

export async function evaluateAssessment(
  record: EvaluationRecord,
  env: EvaluationEnvironment,
): Promise<CriterionResult[]> {
  const { scenario, emitter, signal, client, logger } = env;
  const criteria = scenario.config.criteria;
  throwIfCanceled(signal);
  await emitter.evaluationStarted({
    criteria_count: criteria.length,
    dimensions: [...new Set(criteria.map((criterion) => criterion.dimension))],
  });
  env.setActivity('evaluating the criteria');
  const finalState = await captureStateSnapshot(client, { signal });
  const judge = new CriteriaJudge({
    criteria,
    evaluators: scenario.evaluators,
    model: env.evaluationModel,
    modelName: env.evaluationModelName,
    onCriterion: async (result, method) => {
      await emitter.criterionEvaluated(criterionEvaluatedUpdate(result, method));
    },
    logger,
  });
  const results = await judge.evaluateAll({
    scenario: scenario.config,
    userPrompt: scenario.config.user_prompt,
    actionLog: record.actionLog,
    turns: record.turns,
    readCount: record.readCount,
    initialState: record.initialState,
    finalState,
    client,
    llm: env.evaluationModel,
    signal,
  });
  throwIfCanceled(signal);
  return results;
}
