import { DIMENSIONS, type AssessmentResults } from '../../protocol/index.js';
import { round } from './progress.js';

const pct = (score: number, max: number): string => (max > 0 ? `${((score / max) * 100).toFixed(0)} %` : '—');

/** The score table printed at the end of a run: dimensions, then every criterion. */
export function renderScoreTable(results: AssessmentResults): string {
  const lines: string[] = [];
  const { overall, dimensions } = results.scores;
  lines.push(`Results — ${results.scenario_id} — ${results.participant} — status ${results.status}`);
  lines.push(
    `  turns ${results.turns_taken}, actions ${results.actions_taken}, ${round(results.duration_seconds)} s`,
  );
  if (results.judge) lines.push(`  judge: ${results.judge.model}`);
  lines.push('');
  lines.push(`  ${'dimension'.padEnd(34)}${'score'.padStart(8)}${'max'.padStart(8)}${'%'.padStart(7)}`);
  for (const dimension of DIMENSIONS) {
    const score = dimensions[dimension];
    if (!score) continue;
    lines.push(
      `  ${dimension.padEnd(34)}${round(score.score).padStart(8)}${round(score.max_score).padStart(8)}${pct(score.score, score.max_score).padStart(7)}`,
    );
  }
  lines.push(
    `  ${'overall'.padEnd(34)}${round(overall.score).padStart(8)}${round(overall.max_score).padStart(8)}${pct(overall.score, overall.max_score).padStart(7)}`,
  );
  lines.push('');
  lines.push(
    `  ${'criterion'.padEnd(34)}${'score'.padStart(8)}${'max'.padStart(8)}  ${'dimension'.padEnd(23)}method`,
  );
  for (const criterion of results.criteria_results) {
    const evaluated = criterion.details?.evaluated !== false;
    lines.push(
      `  ${criterion.criterion_id.padEnd(34)}${(evaluated ? round(criterion.score) : 'n/e').padStart(8)}${round(criterion.max_score).padStart(8)}  ${criterion.dimension.padEnd(23)}${methodOf(criterion.details)}`,
    );
  }
  const notEvaluated = results.criteria_results.filter((criterion) => criterion.details?.evaluated === false);
  if (notEvaluated.length > 0) {
    lines.push('');
    lines.push(
      `  n/e = not evaluated (${notEvaluated.length} criteria need an LLM judge; left out of the totals).`,
    );
    lines.push('  Run with --model <provider model> to score them.');
  }
  return lines.join('\n');
}

/** How a criterion was scored, as its check reported it (`details.method`: llm, heuristic, …). */
function methodOf(details: Record<string, unknown> | null | undefined): string {
  if (details?.['evaluated'] === false) return typeof details['reason'] === 'string' ? details['reason'] : '';
  return typeof details?.['method'] === 'string' ? details['method'] : '';
}
