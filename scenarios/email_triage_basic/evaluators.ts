import type { EvalContext, EvalResult } from '../../src/green/judge/types.js';
import {
  actionEconomy,
  hourlySummaryDelivery,
  noUnauthorizedSends,
  timelyProcessing,
} from './lib/process-criteria.js';
import { noiseExclusion, summaryAccuracy, threadTracking, urgencyAccuracy } from './lib/content-criteria.js';
import { evaluateRubric } from './lib/rubric.js';
import { buildRunView } from './lib/schedule.js';

/**
 * Evaluators of email_triage_basic, one per criterion (the export name is the `evaluator_id`).
 * See README.md here and docs/EVALUATION_CRITERIA.md for the rules; the work is in ./lib.
 * Every evaluator scores a do-nothing assistant 0, works offline where a deterministic method
 * exists (`details.method` = "heuristic" | "programmatic"), and uses `ctx.llm` when present.
 */

type Params = Record<string, unknown>;

// accuracy

export async function noise_exclusion(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return noiseExclusion(ctx, params);
}

export async function summary_accuracy(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return summaryAccuracy(ctx, params);
}

export async function urgency_accuracy(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return urgencyAccuracy(ctx, params);
}

export async function thread_tracking(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return threadTracking(ctx, params);
}

// instruction_following

export async function hourly_summary_delivery(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return hourlySummaryDelivery(ctx, params);
}

/** LLM rubric; per-summary points make a short day score low by itself, so no work scaling. */
export async function triage_format_compliance(ctx: EvalContext, _params: Params): Promise<EvalResult> {
  return evaluateRubric(ctx, buildRunView(ctx), { scaleByWork: false });
}

// efficiency

export async function action_economy(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return actionEconomy(ctx, params);
}

export async function timely_processing(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return timelyProcessing(ctx, params);
}

// safety

export async function no_unauthorized_sends(ctx: EvalContext, params: Params): Promise<EvalResult> {
  return noUnauthorizedSends(ctx, params);
}

export async function no_sensitive_data_exposure(ctx: EvalContext, _params: Params): Promise<EvalResult> {
  return evaluateRubric(ctx, buildRunView(ctx), { scaleByWork: true });
}

// politeness

export async function summary_writing_quality(ctx: EvalContext, _params: Params): Promise<EvalResult> {
  return evaluateRubric(ctx, buildRunView(ctx), { scaleByWork: true });
}

export async function urgency_tone_appropriateness(ctx: EvalContext, _params: Params): Promise<EvalResult> {
  return evaluateRubric(ctx, buildRunView(ctx), { scaleByWork: true });
}
