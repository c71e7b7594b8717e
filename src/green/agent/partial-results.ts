import {
  computeScores,
  parseResults,
  type AssessmentResults,
  type CriterionResult,
} from '../../protocol/index.js';
import { applyScoringContract } from '../judge/contract.js';
import { buildResults, type ResultsInput } from './results.js';

/**
 * The results of an assessment that broke after the purple started working (its simulator died,
 * a green step failed): everything recorded until then — turns, action log, reads — with status
 * `failed`, `metadata.end_reason: "green_error"` and the error in `metadata.failure`. No
 * criterion is scored (the final state is unknown): each is reported `evaluated: false`, so no
 * score is built on a run that did not finish.
 */
export function buildPartialResults(
  input: Omit<ResultsInput, 'endReason' | 'evaluation'>,
  failure: unknown,
  now: number = Date.now(),
): AssessmentResults {
  const message = failure instanceof Error ? failure.message : String(failure);
  const criteriaResults: CriterionResult[] = input.scenario.config.criteria.map((criterion) => ({
    message_type: 'criterion_result',
    criterion_id: criterion.criterion_id,
    name: criterion.name,
    dimension: criterion.dimension,
    score: 0,
    max_score: criterion.max_score,
    explanation: `Not evaluated: the assessment failed before evaluation (${firstLine(message)}).`,
    details: { evaluated: false, reason: 'assessment_failed', error: firstLine(message) },
  }));
  // The shared builder decides `status` from the end reason; a green failure is not one of the
  // turn loop's end reasons, so the fields that say what happened are set here.
  const { summary } = applyScoringContract(
    input.scenario.config.criteria,
    criteriaResults,
    input.scenario.config.scoring,
  );
  const evaluation = { results: criteriaResults, scores: computeScores(criteriaResults), summary };
  const built = buildResults({ ...input, endReason: 'consecutive_failures', evaluation }, now);
  return parseResults({
    ...built,
    status: 'failed',
    metadata: { ...built.metadata, end_reason: 'green_error', failure: message },
  });
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
