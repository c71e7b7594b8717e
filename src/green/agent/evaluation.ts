import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import type {
  ActionLogEntryWithTurn,
  CriterionResult,
  Scores,
  TaskUpdateEmitter,
} from '../../protocol/index.js';
import type { UesClient } from '../../ues/client/index.js';
import { captureStateSnapshot } from '../assessment/state-snapshot.js';
import {
  applyScoringContract,
  CriteriaJudge,
  criterionEvaluatedUpdate,
  type ScoringSummary,
  type StateSnapshot,
  type TurnRecord,
} from '../judge/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { throwIfCanceled } from './errors.js';

/**
 * The evaluation step of an assessment: once the purple can no longer act, capture the final
 * state, score every criterion on its own, apply the scoring contract (task gate, minefield cap)
 * and publish each criterion's final result.
 */

export interface Evaluation {
  results: CriterionResult[];
  scores: Scores;
  summary: ScoringSummary;
}

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
): Promise<Evaluation> {
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
    logger,
  });
  const raw = await judge.evaluateAll({
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
    world: scenario.world,
    groundTruth: scenario.groundTruth,
    arrivals: scenario.arrivals,
    oracleBaseline: scenario.oracleBaseline,
    timeZone: scenario.config.timezone,
  });
  throwIfCanceled(signal);
  const evaluation = applyScoringContract(criteria, raw, scenario.config.scoring);
  for (const result of evaluation.results) {
    const method = result.details?.['method'] === 'llm' ? 'llm' : 'programmatic';
    await emitter.criterionEvaluated(criterionEvaluatedUpdate(result, method));
  }
  return evaluation;
}
