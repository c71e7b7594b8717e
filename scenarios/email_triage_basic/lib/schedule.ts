import type { EvalContext } from '../../../src/green/judge/types.js';
import { durationMs } from './duration.js';
import { GROUND_TRUTH, type GroundTruthEmail } from './ground-truth.js';
import { isQuietReport, itemLabel, splitItems } from './items.js';
import { mentionsAny } from './mentions.js';
import { assistantPosts, type Post } from './posts.js';

/**
 * When summaries are due and which emails each one is responsible for. Marks are every `interval`
 * after the scenario start up to and including the end (07:00 … 18:00); the hour of mark M is
 * (M − interval + tolerance, M + tolerance]. Each email belongs to the first summary posted at or
 * after its real arrival (`available_at`).
 */

export interface Schedule {
  start: number;
  end: number;
  intervalMs: number;
  toleranceMs: number;
  /** Due times, ms since the epoch. */
  marks: number[];
}

const DEFAULT_TOLERANCE_MINUTES = 5;
const DEFAULT_INTERVAL = 'PT1H';

/** The schedule, taking tolerance and interval from hourly_summary_delivery's params when set. */
export function scheduleFor(ctx: EvalContext): Schedule {
  const hourly = ctx.scenario.criteria.find(
    (criterion) => criterion.evaluator_id === 'hourly_summary_delivery',
  );
  const params = hourly?.params ?? {};
  const toleranceMinutes =
    typeof params.tolerance_minutes === 'number' ? params.tolerance_minutes : DEFAULT_TOLERANCE_MINUTES;
  const interval = typeof params.interval === 'string' ? params.interval : DEFAULT_INTERVAL;
  const start = Date.parse(ctx.scenario.start_time);
  const end = Date.parse(ctx.scenario.end_time);
  const intervalMs = durationMs(interval);
  if (!(intervalMs > 0)) throw new Error(`hourly_summary_delivery: interval ${interval} must be positive`);
  const marks: number[] = [];
  for (let mark = start + intervalMs; mark <= end; mark += intervalMs) marks.push(mark);
  return { start, end, intervalMs, toleranceMs: toleranceMinutes * 60_000, marks };
}

/** The index of the mark whose hour contains `time`, or null (before the first hour). */
export function hourOf(time: number, schedule: Schedule): number | null {
  for (let index = 0; index < schedule.marks.length; index++) {
    const mark = schedule.marks[index]!;
    if (time > mark - schedule.intervalMs + schedule.toleranceMs && time <= mark + schedule.toleranceMs)
      return index;
  }
  return null;
}

export function isOnTime(time: number, mark: number, schedule: Schedule): boolean {
  return Math.abs(time - mark) <= schedule.toleranceMs;
}

/**
 * Offline recognition of a triage summary: it mentions an email that had arrived, reports a quiet
 * hour, or carries urgency labels on at least two items. Acknowledgements ("Will do!") are not.
 */
export function looksLikeSummary(post: Post): boolean {
  if (isQuietReport(post.text)) return true;
  const arrived = GROUND_TRUTH.emails.filter((email) => Date.parse(email.available_at) <= post.time);
  if (mentionsAny(post.text, arrived)) return true;
  return splitItems(post.text).filter((item) => itemLabel(item) !== null).length >= 2;
}

export interface Assignment {
  summary: Post;
  emails: GroundTruthEmail[];
}

export interface RunView {
  schedule: Schedule;
  /** Every assistant post. */
  posts: Post[];
  /** The posts recognised as summaries. */
  summaries: Post[];
  /** One entry per summary, in time order, with the emails it is responsible for. */
  assignments: Assignment[];
  /** Emails no summary was posted at or after. */
  unassigned: GroundTruthEmail[];
  /** Hours (of `schedule.marks`) with at least one summary. */
  coveredHours: number;
  /** coveredHours / marks: the share of the day's work delivered. */
  workFactor: number;
}

export function assignEmails(
  summaries: readonly Post[],
  emails: readonly GroundTruthEmail[],
): { assignments: Assignment[]; unassigned: GroundTruthEmail[] } {
  const assignments = summaries.map((summary) => ({ summary, emails: [] as GroundTruthEmail[] }));
  const unassigned: GroundTruthEmail[] = [];
  const ordered = [...emails].sort((a, b) => Date.parse(a.available_at) - Date.parse(b.available_at));
  for (const email of ordered) {
    const arrival = Date.parse(email.available_at);
    const target = assignments.find((assignment) => assignment.summary.time >= arrival);
    if (target === undefined) unassigned.push(email);
    else target.emails.push(email);
  }
  return { assignments, unassigned };
}

export function coveredHourCount(summaries: readonly Post[], schedule: Schedule): number {
  const hours = new Set<number>();
  for (const summary of summaries) {
    const hour = hourOf(summary.time, schedule);
    if (hour !== null) hours.add(hour);
  }
  return hours.size;
}

export function buildRunView(ctx: EvalContext): RunView {
  const schedule = scheduleFor(ctx);
  const posts = assistantPosts(ctx.actionLog);
  const summaries = posts.filter(looksLikeSummary);
  const { assignments, unassigned } = assignEmails(summaries, GROUND_TRUTH.emails);
  const coveredHours = coveredHourCount(summaries, schedule);
  const workFactor = schedule.marks.length === 0 ? 0 : coveredHours / schedule.marks.length;
  return { schedule, posts, summaries, assignments, unassigned, coveredHours, workFactor };
}
