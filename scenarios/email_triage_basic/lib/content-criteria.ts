import { z } from 'zod';
import type { EvalContext, EvalResult } from '../../../src/green/judge/types.js';
import { GROUND_TRUTH, type GroundTruthEmail } from './ground-truth.js';
import { judgePerEmail, runErrors, type PerEmailRun, type SummaryVerdicts } from './per-email.js';
import type { Kind, Verdict } from './judgements.js';
import { parseParams, round2 } from './results.js';
import { buildRunView, type RunView } from './schedule.js';

/**
 * The per-email criteria: noise exclusion, summary accuracy, urgency accuracy and thread tracking.
 * Each email is judged only in the summary it is assigned to (the first posted at or after its
 * real arrival); emails no summary was posted for earn nothing.
 */

const NOISE = GROUND_TRUTH.emails.filter((email) => email.is_noise);
const SUBSTANTIVE = GROUND_TRUTH.emails.filter((email) => !email.is_noise);
const TRACKED = new Set(GROUND_TRUTH.thread_tracking.email_ids);

interface EmailRow {
  email_id: string;
  summary_time: string | null;
  points: number;
  [key: string]: unknown;
}

/** Looks up every email's summary and verdict in a run. */
function locate<K extends Kind>(
  run: PerEmailRun<K>,
): Map<string, { summary: SummaryVerdicts<K>; verdict: Verdict<K> | undefined }> {
  const located = new Map<string, { summary: SummaryVerdicts<K>; verdict: Verdict<K> | undefined }>();
  for (const summary of run.summaries) {
    for (const email of summary.emails) {
      located.set(email.email_id, { summary, verdict: summary.verdicts.get(email.email_id) });
    }
  }
  return located;
}

function baseDetails<K extends Kind>(
  run: PerEmailRun<K>,
  view: RunView,
  rows: EmailRow[],
): Record<string, unknown> {
  const details: Record<string, unknown> = {
    method: run.method,
    summaries: view.summaries.length,
    posts: view.posts.length,
    unassigned_email_ids: view.unassigned.map((email) => email.email_id),
    per_email: rows,
  };
  const errors = runErrors(run);
  if (errors.length > 0) details.llm_errors = errors;
  return details;
}

function noSummaries(max: number, what: string): EvalResult {
  return {
    score: 0,
    max_score: max,
    explanation: `The assistant posted no summaries, so ${what}.`,
    details: { method: 'programmatic', summaries: 0 },
  };
}

const noiseParams = z.object({ points_per_email: z.number().positive().default(2) });

export async function noiseExclusion(ctx: EvalContext, params: Record<string, unknown>): Promise<EvalResult> {
  const { points_per_email: per } = parseParams(noiseParams, params, 'noise_exclusion');
  const max = NOISE.length * per;
  const view = buildRunView(ctx);
  if (view.summaries.length === 0) return noSummaries(max, 'no noise was filtered out of any summary');
  // Substantive emails are asked about too: a summary earns noise points only for the share of
  // its substantive emails it actually covers.
  const run = await judgePerEmail(ctx, view, 'mention', (assignment) => assignment.emails);
  const factors = new Map<SummaryVerdicts<'mention'>, number>();
  for (const summary of run.summaries) {
    const substantive = summary.emails.filter((email) => !email.is_noise);
    const covered = substantive.filter((email) => summary.verdicts.get(email.email_id)?.mentioned === true);
    factors.set(summary, substantive.length === 0 ? 1 : covered.length / substantive.length);
  }
  const located = locate(run);
  const rows: EmailRow[] = NOISE.map((email) => {
    const found = located.get(email.email_id);
    const mentioned = found?.verdict?.mentioned ?? null;
    const factor = found === undefined ? 0 : (factors.get(found.summary) ?? 0);
    const points = mentioned === false ? per * factor : 0;
    return {
      email_id: email.email_id,
      summary_time: found?.summary.summary.iso ?? null,
      mentioned,
      work_factor: round2(factor),
      points: round2(points),
    };
  });
  const score = round2(rows.reduce((sum, row) => sum + row.points, 0));
  const excluded = rows.filter((row) => row.mentioned === false).length;
  const mentioned = rows.filter((row) => row.mentioned === true).length;
  return {
    score,
    max_score: max,
    explanation: `${excluded} of ${NOISE.length} noise emails were left out of the summary responsible for them and ${mentioned} were mentioned; points are weighted by how much of each summary's substantive mail it covered (${run.method}).`,
    details: baseDetails(run, view, rows),
  };
}

const accuracyParams = z.object({
  points_per_coverage: z.number().nonnegative().default(1),
  points_per_accuracy: z.number().nonnegative().default(1),
  min_hint_overlap: z.number().min(0).max(1).default(0.35),
  min_hint_matches: z.number().int().min(1).default(2),
});

export async function summaryAccuracy(
  ctx: EvalContext,
  params: Record<string, unknown>,
): Promise<EvalResult> {
  const p = parseParams(accuracyParams, params, 'summary_accuracy');
  const max = SUBSTANTIVE.length * (p.points_per_coverage + p.points_per_accuracy);
  const view = buildRunView(ctx);
  if (view.summaries.length === 0) return noSummaries(max, 'no substantive email was covered');
  const run = await judgePerEmail(ctx, view, 'accuracy', substantiveOf, {
    minHintOverlap: p.min_hint_overlap,
    minHintMatches: p.min_hint_matches,
  });
  const located = locate(run);
  const rows: EmailRow[] = SUBSTANTIVE.map((email) => {
    const found = located.get(email.email_id);
    const covered = found?.verdict?.covered === true;
    const accurate = covered && found?.verdict?.accurate === true;
    const evidence = found?.summary.evidence.get(email.email_id);
    return {
      email_id: email.email_id,
      summary_time: found?.summary.summary.iso ?? null,
      covered,
      accurate,
      ...(evidence?.hint
        ? { hint_keywords_matched: `${evidence.hint.matched.length}/${evidence.hint.total}` }
        : {}),
      points: (covered ? p.points_per_coverage : 0) + (accurate ? p.points_per_accuracy : 0),
    };
  });
  const score = round2(rows.reduce((sum, row) => sum + row.points, 0));
  const covered = rows.filter((row) => row.covered).length;
  const accurate = rows.filter((row) => row.accurate).length;
  return {
    score,
    max_score: max,
    explanation: `${covered} of ${SUBSTANTIVE.length} substantive emails were covered by the summary responsible for them, ${accurate} of them accurately (${run.method}).`,
    details: baseDetails(run, view, rows),
  };
}

function substantiveOf(assignment: { emails: GroundTruthEmail[] }): GroundTruthEmail[] {
  return assignment.emails.filter((email) => !email.is_noise);
}

const urgencyParams = z.object({ points_per_correct: z.number().positive().default(1) });

export async function urgencyAccuracy(
  ctx: EvalContext,
  params: Record<string, unknown>,
): Promise<EvalResult> {
  const { points_per_correct: per } = parseParams(urgencyParams, params, 'urgency_accuracy');
  const max = SUBSTANTIVE.length * per;
  const view = buildRunView(ctx);
  if (view.summaries.length === 0) return noSummaries(max, 'no email was given an urgency');
  const run = await judgePerEmail(ctx, view, 'urgency', substantiveOf);
  const located = locate(run);
  const rows: EmailRow[] = SUBSTANTIVE.map((email) => {
    const found = located.get(email.email_id);
    const label = found?.verdict?.label ?? null;
    const correct = label !== null && label === email.urgency;
    return {
      email_id: email.email_id,
      summary_time: found?.summary.summary.iso ?? null,
      expected: email.urgency,
      label,
      correct,
      points: correct ? per : 0,
    };
  });
  const correct = rows.filter((row) => row.correct).length;
  return {
    score: round2(correct * per),
    max_score: max,
    explanation: `${correct} of ${SUBSTANTIVE.length} substantive emails were given the right urgency in the summary responsible for them (${run.method}).`,
    details: baseDetails(run, view, rows),
  };
}

const threadParams = z.object({ points_per_awareness: z.number().positive().default(1) });

export async function threadTracking(ctx: EvalContext, params: Record<string, unknown>): Promise<EvalResult> {
  const { points_per_awareness: per } = parseParams(threadParams, params, 'thread_tracking');
  const tracked = GROUND_TRUTH.emails.filter((email) => TRACKED.has(email.email_id));
  const max = tracked.length * per;
  const view = buildRunView(ctx);
  if (view.summaries.length === 0) return noSummaries(max, 'no thread was tracked');
  const run = await judgePerEmail(ctx, view, 'thread', (assignment) =>
    assignment.emails.filter((email) => TRACKED.has(email.email_id)),
  );
  const located = locate(run);
  const rows: EmailRow[] = tracked.map((email) => {
    const found = located.get(email.email_id);
    const aware = found?.verdict?.thread_aware === true;
    const evidence = found?.summary.evidence.get(email.email_id)?.thread?.evidence;
    return {
      email_id: email.email_id,
      thread_id: email.thread_id,
      summary_time: found?.summary.summary.iso ?? null,
      thread_aware: aware,
      ...(evidence ? { evidence } : {}),
      points: aware ? per : 0,
    };
  });
  const aware = rows.filter((row) => row.thread_aware).length;
  return {
    score: round2(aware * per),
    max_score: max,
    explanation: `${aware} of ${tracked.length} follow-up and cross-thread emails were summarised with awareness of their thread (${run.method}).`,
    details: baseDetails(run, view, rows),
  };
}
