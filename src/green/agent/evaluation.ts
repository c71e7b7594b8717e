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
import type { Arrivals } from '../checks/arrivals.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { throwIfCanceled } from './errors.js';

/**
 * The evaluation step of an assessment: once the purple can no longer act, capture the final
 * state, score every criterion on its own, apply the scoring contract (task gate, minefield cap)
 * and publish each criterion's final result. The scoring itself (`scoreRun`) is a function of the
 * recorded run and the scenario only, so `rescore` recomputes it from saved files.
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

/** What scoring reads of a run: its record and the final state. */
export interface ScoringInput extends EvaluationRecord {
  finalState: StateSnapshot;
  /**
   * Set when the run broke before its end: `finalState` is then the last state the green read,
   * after this turn's actions (0: the initial state, before the first turn).
   */
  finalStateReadAfterTurn?: number | undefined;
}

export interface ScoringEnvironment {
  scenario: LoadedScenario;
  /**
   * A proctor client for evaluators' read-only queries. Checks never use it; `rescore` passes one
   * that fails loudly, since there is no simulator then.
   */
  client: UesClient;
  evaluationModel: BaseChatModel | null;
  evaluationModelName: string;
  logger: Logger;
  signal: AbortSignal;
  /** Arrivals to score against; default the scenario's. */
  arrivals?: Arrivals;
}

export interface EvaluationEnvironment extends ScoringEnvironment {
  emitter: TaskUpdateEmitter;
  setActivity(text: string): void;
  /** Told what scoring is about to read (e.g. to save it as evaluation-input.json). */
  onScoringInput?: ((input: ScoringInput) => void | Promise<void>) | undefined;
}

/** Scores every criterion and applies the scoring contract; publishes nothing. */
export async function scoreRun(input: ScoringInput, env: ScoringEnvironment): Promise<Evaluation> {
  const { scenario, signal, client, logger } = env;
  const criteria = scenario.config.criteria;
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
    actionLog: input.actionLog,
    turns: input.turns,
    readCount: input.readCount,
    initialState: input.initialState,
    finalState: input.finalState,
    client,
    llm: env.evaluationModel,
    signal,
    world: scenario.world,
    groundTruth: scenario.groundTruth,
    arrivals: env.arrivals ?? scenario.arrivals,
    oracleBaseline: scenario.oracleBaseline,
    timeZone: scenario.config.timezone,
  });
  throwIfCanceled(signal);
  return applyScoringContract(criteria, raw, scenario.config.scoring);
}

export async function evaluateAssessment(
  record: EvaluationRecord,
  env: EvaluationEnvironment,
): Promise<Evaluation> {
  const { scenario, emitter, signal, client } = env;
  const criteria = scenario.config.criteria;
  throwIfCanceled(signal);
  await emitter.evaluationStarted({
    criteria_count: criteria.length,
    dimensions: [...new Set(criteria.map((criterion) => criterion.dimension))],
  });
  env.setActivity('evaluating the criteria');
  const finalState = await captureStateSnapshot(client, { signal });
  const input: ScoringInput = { ...record, finalState };
  await env.onScoringInput?.(input);
  const evaluation = await scoreRun(input, env);
  for (const result of evaluation.results) {
    const method = result.details?.['method'] === 'llm' ? 'llm' : 'programmatic';
    await emitter.criterionEvaluated(criterionEvaluatedUpdate(result, method));
  }
  return evaluation;
}
