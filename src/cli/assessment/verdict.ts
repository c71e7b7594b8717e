import type { AssessmentResults } from '../../protocol/index.js';

/**
 * Whether a run counts as a success for the CLI's exit code, and why not. Only `completed` does:
 * `failed` (the assistant kept failing, or the green broke), `incomplete` (a judge call failed) and
 * any status added later mean the score cannot be taken at face value — so `demo` and `run` exit
 * non-zero and say why.
 */

export interface Verdict {
  ok: boolean;
  /** One line for the console; empty when ok. */
  reason: string;
}

const END_REASONS: Readonly<Record<string, string>> = {
  consecutive_failures: 'the assistant failed too many turns in a row (max_consecutive_turn_failures)',
  green_error: 'the green failed during the run',
};

export function verdictOf(results: AssessmentResults): Verdict {
  if (results.status === 'completed') return { ok: true, reason: '' };
  const metadata = results.metadata ?? {};
  const parts: string[] = [];
  const endReason = typeof metadata['end_reason'] === 'string' ? metadata['end_reason'] : undefined;
  if (endReason !== undefined) parts.push(END_REASONS[endReason] ?? `the run ended: ${endReason}`);
  if (typeof metadata['failure'] === 'string') parts.push(firstLine(metadata['failure']));
  const unscored = results.criteria_results.filter(
    (criterion) =>
      criterion.details?.['evaluated'] === false && criterion.details?.['reason'] === 'judge_error',
  );
  if (unscored.length > 0) {
    const names = unscored.map((criterion) => criterion.criterion_id).join(', ');
    const error = unscored
      .map((criterion) => criterion.details?.['error'] ?? criterion.details?.['message'])
      .find((value): value is string => typeof value === 'string');
    parts.push(
      `the judge failed on ${unscored.length} criteria (${names})${error ? `: ${firstLine(error)}` : ''}`,
    );
  }
  const why = parts.length > 0 ? parts.join('; ') : 'see results.json';
  return { ok: false, reason: `status ${results.status}: ${why}` };
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 400 ? `${line.slice(0, 400)}…` : line;
}
