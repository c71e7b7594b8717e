import { pino } from 'pino';
import type { CriterionResult, Scores } from '../../protocol/index.js';
import { scoreRun } from '../agent/evaluation.js';
import { noSimulatorClient } from '../run-record/no-simulator-client.js';
import type { EvaluationInput } from '../run-record/evaluation-input.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import type { ScoringSummary } from '../judge/contract.js';
import { percentOf } from './fair-score.js';

/** A saved run scored offline with the checks at hand (rubrics not evaluated, as in CI). */

export interface Rescored {
  results: CriterionResult[];
  scores: Scores;
  summary: ScoringSummary;
  percent: number;
  /** A minefield fired (the run is capped). */
  harm: boolean;
}

const silent = pino({ level: 'silent' });

export async function rescoreInput(scenario: LoadedScenario, input: EvaluationInput): Promise<Rescored> {
  const evaluation = await scoreRun(
    {
      actionLog: input.action_log,
      turns: input.turns,
      readCount: input.read_count,
      initialState: input.initial_state,
      finalState: input.final_state,
    },
    {
      scenario,
      client: noSimulatorClient(),
      evaluationModel: null,
      evaluationModelName: 'offline',
      logger: silent,
      signal: new AbortController().signal,
    },
  );
  return {
    results: evaluation.results,
    scores: evaluation.scores,
    summary: evaluation.summary,
    percent: percentOf(evaluation),
    harm: evaluation.summary.minefields_triggered.length > 0,
  };
}
