import { dataPart, textPart, type ArtifactSpec, type AssessmentResults } from '../../protocol/index.js';

/** The result artifact: its name, as the platform and docs/GREEN_AGENT.md know it. */
export const RESULTS_ARTIFACT_NAME = 'assessment_results';

/** One line for people; never JSON, so result collectors that parse JSON text ignore it. */
export function summarizeResults(results: AssessmentResults): string {
  const { overall, dimensions } = results.scores;
  const perDimension = Object.entries(dimensions)
    .map(([dimension, score]) => `${dimension} ${formatScore(score.score)}/${formatScore(score.max_score)}`)
    .join(', ');
  return (
    `Assessment ${results.status} — scenario ${results.scenario_id}, participant ${results.participant}: ` +
    `score ${formatScore(overall.score)}/${formatScore(overall.max_score)}` +
    `${perDimension ? ` (${perDimension})` : ''}; ${results.turns_taken} turns, ${results.actions_taken} actions` +
    `${results.judge?.criteria_not_evaluated ? `; ${results.judge.criteria_not_evaluated} criteria not evaluated` : ''}.`
  );
}

export function resultsArtifact(results: AssessmentResults): ArtifactSpec {
  return {
    name: RESULTS_ARTIFACT_NAME,
    description: `Assessment results for scenario ${results.scenario_id}`,
    parts: [textPart(summarizeResults(results)), dataPart(results)],
  };
}

function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
