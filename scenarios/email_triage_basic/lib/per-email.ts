import type { EvalContext } from '../../../src/green/judge/types.js';
import type { GroundTruthEmail } from './ground-truth.js';
import { VERDICT_SCHEMAS, buildMessages, indexVerdicts, type Kind, type Verdict } from './judgements.js';
import { LLM_CONCURRENCY, askStructured, mapLimit } from './llm.js';
import { readSummary, type HeuristicVerdict } from './mentions.js';
import type { Post } from './posts.js';
import type { Assignment, RunView } from './schedule.js';

/**
 * Runs one per-email question over every summary: the LLM method (one batched call per summary)
 * when the context has a model, the offline heuristic otherwise. A summary whose LLM call fails
 * gets no verdicts, so its emails earn nothing.
 */

export type Method = 'heuristic' | 'llm';

export interface SummaryVerdicts<K extends Kind> {
  summary: Post;
  /** The emails asked about. */
  emails: GroundTruthEmail[];
  /** By email id; an email without a verdict earns nothing. */
  verdicts: Map<string, Verdict<K>>;
  /** Heuristic evidence by email id (matched item, keywords). */
  evidence: Map<string, HeuristicVerdict>;
  error: string | null;
}

export interface PerEmailRun<K extends Kind> {
  method: Method;
  summaries: SummaryVerdicts<K>[];
}

export interface HeuristicOptions {
  /** Share of the reference summary's key words an accurate item repeats. */
  minHintOverlap: number;
  /** And at least this many of them. */
  minHintMatches: number;
}

export const DEFAULT_HEURISTIC_OPTIONS: HeuristicOptions = { minHintOverlap: 0.35, minHintMatches: 2 };

const FROM_HEURISTIC: { [K in Kind]: (verdict: HeuristicVerdict, options: HeuristicOptions) => Verdict<K> } =
  {
    mention: (verdict) => ({ mentioned: verdict.mentioned }),
    accuracy: (verdict, options) => {
      const hint = verdict.hint;
      const accurate =
        verdict.mentioned &&
        hint !== null &&
        hint.total > 0 &&
        hint.matched.length >= options.minHintMatches &&
        hint.matched.length / hint.total >= options.minHintOverlap;
      return { covered: verdict.mentioned, accurate };
    },
    urgency: (verdict) => ({ label: verdict.mentioned ? (verdict.label ?? 'none') : 'none' }),
    thread: (verdict) => ({ thread_aware: verdict.mentioned && verdict.thread?.aware === true }),
  };

function fromHeuristic<K extends Kind>(
  kind: K,
  verdict: HeuristicVerdict,
  options: HeuristicOptions,
): Verdict<K> {
  const convert = FROM_HEURISTIC[kind] as (
    verdict: HeuristicVerdict,
    options: HeuristicOptions,
  ) => Verdict<K>;
  return convert(verdict, options);
}

export async function judgePerEmail<K extends Kind>(
  ctx: EvalContext,
  view: RunView,
  kind: K,
  pick: (assignment: Assignment) => GroundTruthEmail[],
  options: HeuristicOptions = DEFAULT_HEURISTIC_OPTIONS,
): Promise<PerEmailRun<K>> {
  const work = view.assignments
    .map((assignment) => ({ summary: assignment.summary, emails: pick(assignment) }))
    .filter((item) => item.emails.length > 0);
  const llm = ctx.llm;
  if (llm === null) {
    return {
      method: 'heuristic',
      summaries: work.map(({ summary, emails }) => {
        const read = readSummary(summary.text, emails);
        const verdicts = new Map<string, Verdict<K>>();
        const evidence = new Map<string, HeuristicVerdict>();
        for (const verdict of read) {
          verdicts.set(verdict.email_id, fromHeuristic(kind, verdict, options));
          evidence.set(verdict.email_id, verdict);
        }
        return { summary, emails, verdicts, evidence, error: null };
      }),
    };
  }
  const summaries = await mapLimit(work, LLM_CONCURRENCY, async ({ summary, emails }) => {
    const outcome = await askStructured(
      llm,
      buildMessages(kind, summary, emails, ctx.userPrompt),
      VERDICT_SCHEMAS[kind],
      `email_triage_${kind}`,
      ctx.signal,
    );
    const verdicts = outcome.ok
      ? indexVerdicts<K>(outcome.value as never, emails)
      : new Map<string, Verdict<K>>();
    let error = outcome.ok ? null : outcome.error;
    const missing = emails.filter((email) => !verdicts.has(email.email_id)).length;
    if (outcome.ok && missing > 0)
      error = `the answer has no verdict for ${missing} of ${emails.length} emails`;
    return { summary, emails, verdicts, evidence: new Map<string, HeuristicVerdict>(), error };
  });
  return { method: 'llm', summaries };
}

/** The problems of an LLM run, for `details.llm_errors`. */
export function runErrors<K extends Kind>(run: PerEmailRun<K>): { summary_time: string; error: string }[] {
  return run.summaries
    .filter((summary) => summary.error !== null)
    .map((summary) => ({ summary_time: summary.summary.iso, error: summary.error! }));
}
