import { isEvaluated, type CriterionResult, type Scores } from '../../protocol/index.js';
import { applyScoringContract } from '../judge/contract.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import type { GoldVerdict } from './schema.js';

/**
 * What a run is fairly worth: the verdict's raw points per criterion, put through the same scoring
 * contract as the checks' (task gate, minefield cap), over the criteria this rescoring evaluated —
 * so a verdict and a rescore are compared on the same footing (offline rubrics left out of both).
 */

export interface FairScore {
  /** Overall, in percent of the evaluated maximum. */
  percent: number;
  /** Per evaluated criterion: the fair points after the contract. */
  criteria: Map<string, number>;
  /** Criteria the rescore evaluated that the verdict does not judge. */
  missing: string[];
  /** Criteria the verdict judges that the scenario no longer has. */
  stale: string[];
}

export function percentOf(results: { scores: Scores }): number {
  const overall = results.scores.overall;
  return overall.max_score === 0 ? 0 : (100 * overall.score) / overall.max_score;
}

export function fairScore(
  scenario: LoadedScenario,
  rescored: readonly CriterionResult[],
  verdict: GoldVerdict,
): FairScore {
  const evaluated = rescored.filter((result) => isEvaluated(result));
  const known = new Set(scenario.config.criteria.map((c) => c.criterion_id));
  const missing = evaluated
    .filter((r) => verdict.criteria[r.criterion_id] === undefined)
    .map((r) => r.criterion_id);
  const stale = Object.keys(verdict.criteria).filter((id) => !known.has(id));
  const raw: CriterionResult[] = evaluated.map((result) => {
    const judged = verdict.criteria[result.criterion_id];
    const ungated = Number(result.details?.['ungated_score'] ?? result.score);
    const fair = judged === undefined ? ungated : Math.min(judged.fair, result.max_score);
    return {
      ...result,
      score: fair,
      details: { ...(result.details ?? {}), minefield_triggered: judged?.harm === true },
    };
  });
  const { results, scores } = applyScoringContract(scenario.config.criteria, raw, scenario.config.scoring);
  return {
    percent: percentOf({ scores }),
    criteria: new Map(results.map((r) => [r.criterion_id, r.score])),
    missing,
    stale,
  };
}
