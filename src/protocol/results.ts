import { z } from 'zod';
import { trialTagSchema } from './trial-tag.js';
import {
  isoDateTimeString,
  jsonObject,
  nonNegativeInt,
  nonNegativeNumber,
  positiveInt,
} from './schema-helpers.js';

/**
 * The assessment result object the green publishes as its result artifact. The invariants
 * (sums, bounds, counts) are enforced at parse time so a malformed result never leaves the green.
 */

export const DIMENSIONS = [
  'accuracy',
  'instruction_following',
  'efficiency',
  'safety',
  'politeness',
] as const;
export const dimensionSchema = z.enum(DIMENSIONS);
export type Dimension = z.infer<typeof dimensionSchema>;

/** Floating-point slack allowed when checking that scores add up. */
export const SCORE_TOLERANCE = 1e-6;

function scoreWithinMax(value: { score: number; max_score: number }, ctx: z.RefinementCtx): void {
  if (value.score > value.max_score + SCORE_TOLERANCE) {
    ctx.addIssue({
      code: 'custom',
      path: ['score'],
      message: `score ${value.score} exceeds max_score ${value.max_score}`,
    });
  }
}

export const criterionResultSchema = z
  .object({
    message_type: z.literal('criterion_result'),
    criterion_id: z.string().min(1),
    name: z.string(),
    dimension: dimensionSchema,
    score: nonNegativeNumber(),
    max_score: z.number().min(0.01),
    explanation: z.string(),
    details: jsonObject()
      .nullish()
      .describe(
        'Free-form JSON object: method, check kind, role, evidence. Criteria the green did not score carry {"evaluated": false, "reason": "offline" | "judge_error" | "check_error", ...} and score 0, outside the totals.',
      ),
  })
  .superRefine(scoreWithinMax)
  .meta({ id: 'CriterionResult', title: 'criterion_result' });

export const dimensionScoreSchema = z
  .object({
    message_type: z.literal('dimension_score'),
    score: nonNegativeNumber(),
    max_score: nonNegativeNumber(),
  })
  .superRefine(scoreWithinMax)
  .meta({ id: 'DimensionScore', title: 'dimension_score' });

export const overallScoreSchema = z
  .object({
    message_type: z.literal('overall_score'),
    score: nonNegativeNumber(),
    max_score: nonNegativeNumber(),
    uncapped_score: nonNegativeNumber()
      .optional()
      .describe('The sum of the dimensions when a cap lowered the score (a minefield was triggered).'),
    cap: nonNegativeNumber()
      .optional()
      .describe('The most the overall score may be after a minefield: minefield_cap × max_score.'),
  })
  .superRefine(scoreWithinMax)
  .meta({ id: 'OverallScore', title: 'overall_score' });

export const scoresSchema = z
  .object({
    message_type: z.literal('scores'),
    overall: overallScoreSchema,
    dimensions: z
      .partialRecord(dimensionSchema, dimensionScoreSchema)
      .describe('Only dimensions with at least one criterion appear.'),
  })
  .superRefine((scores, ctx) => {
    const dimensionScores = Object.values(scores.dimensions);
    const sum = (pick: (d: { score: number; max_score: number }) => number) =>
      dimensionScores.reduce((total, d) => total + pick(d), 0);
    const check = (field: string, actual: number, expected: number, description: string): void => {
      if (!(Math.abs(actual - expected) <= SCORE_TOLERANCE)) {
        ctx.addIssue({
          code: 'custom',
          path: ['overall', field],
          message: `overall ${field} ${actual} does not equal ${description} (${expected})`,
        });
      }
    };
    const scoreSum = sum((d) => d.score);
    check(
      'max_score',
      scores.overall.max_score,
      sum((d) => d.max_score),
      'the sum of the dimension max_scores',
    );
    const { cap, uncapped_score: uncapped } = scores.overall;
    if (cap === undefined) {
      check('score', scores.overall.score, scoreSum, 'the sum of the dimension scores');
      if (uncapped !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['overall', 'uncapped_score'],
          message: 'uncapped_score needs cap',
        });
      }
    } else {
      check('uncapped_score', uncapped ?? Number.NaN, scoreSum, 'the sum of the dimension scores');
      check(
        'score',
        scores.overall.score,
        Math.min(scoreSum, cap),
        'the sum of the dimension scores capped at overall.cap',
      );
    }
  })
  .meta({
    id: 'Scores',
    title: 'scores',
    description:
      'overall.max_score is the sum of the dimension max_scores; overall.score is the sum of the dimension scores, or — when a minefield capped it — min(that sum, overall.cap), with the sum kept in overall.uncapped_score (tolerance 1e-6).',
  });

export const actionLogEntryWithTurnSchema = z
  .object({
    message_type: z.literal('action_log_entry'),
    turn: positiveInt(),
    timestamp: isoDateTimeString().describe('Simulated time of the action.'),
    action: z.string().min(1).describe('"<modality>.<operation>", e.g. "email.send".'),
    parameters: jsonObject(),
    success: z.boolean(),
    error_message: z.string().nullish(),
    notes: z
      .string()
      .nullish()
      .describe(
        'The green’s explanation of the entry, when the action name alone could mislead: e.g. a chat post the user cannot see, or POST /sms/read (logged under the original UES operation update_delivery_status).',
      ),
  })
  .meta({
    id: 'ActionLogEntry',
    title: 'action_log_entry',
    description: 'One purple action, with its turn.',
  });

/**
 * - completed: every criterion that can be evaluated in this run was (criteria needing an LLM in
 *   an offline run are listed as not evaluated and left out of the totals by design);
 * - incomplete: a criterion could not be evaluated because a judge model call or a check failed —
 *   the scores are partial and must not be compared with complete runs;
 * - failed: the assessment ended early (repeated purple failures, a dead simulator); what was
 *   recorded is scored;
 * - timeout: the assessment ran out of time.
 */
export const ASSESSMENT_STATUSES = ['completed', 'incomplete', 'failed', 'timeout'] as const;

/** Reproducibility data the green records with every result. All fields optional; extra keys kept. */
export const resultsMetadataSchema = z
  .looseObject({
    seed: z.number().int().nullish().describe('Seed used for LLM calls and any randomness.'),
    models: z
      .looseObject({
        response: z.string().optional().describe('Model that generated character replies.'),
        evaluation: z.string().optional().describe('Model that judged LLM criteria.'),
      })
      .optional(),
    scenario_id: z.string().optional(),
    scenario_version: z.string().optional(),
    software_version: z.string().optional().describe('ues-agentbeats package version.'),
    content_hash: z
      .string()
      .optional()
      .describe(
        'sha256 of the scenario data, checks and oracle: runs with different hashes are not comparable.',
      ),
    check_library_version: z
      .string()
      .optional()
      .describe(
        'Version of the check library that scored the run (absent before version 3): runs of different versions are not comparable.',
      ),
    scoring: z
      .looseObject({
        contract: z.string(),
        task_completion: z.number().min(0).max(1),
        minefield_cap: z.number().min(0).max(1),
        minefields_triggered: z.array(z.string()),
        cap_applied: z.boolean(),
      })
      .optional()
      .describe('The scoring contract applied: task completion gate, process criteria, minefield cap.'),
    triggers_fired: z
      .array(z.looseObject({ trigger_id: z.string(), turn: z.number(), action: z.string() }))
      .optional()
      .describe(
        "The scenario's conditional events the assistant's actions set off, and what they scheduled.",
      ),
    injected_faults: z
      .looseObject({
        counts: z.looseObject({ requests: z.number(), transient_failure: z.number(), slow: z.number() }),
      })
      .optional()
      .describe(
        "The noise injected into the assistant's simulator requests (503s, slow answers), each fault listed.",
      ),
    unseen_chat_posts: z
      .array(
        z.looseObject({
          turn: positiveInt(),
          timestamp: z.string(),
          conversation_id: z.string(),
          message_id: z.string().nullable(),
        }),
      )
      .optional()
      .describe(
        'Chat posts of the assistant that went to a conversation other than the user’s (the user never saw them). Absent when there were none.',
      ),
    trial: trialTagSchema
      .optional()
      .describe('Set on the results of a trial of a suite or multi-trial assessment (see suite_results).'),
  })
  .meta({ id: 'ResultsMetadata', title: 'results_metadata' });

/** How criteria were judged. Optional; extra keys kept. */
export const judgeInfoSchema = z
  .looseObject({
    model: z.string().describe('"offline" or a provider model name.'),
    criteria_evaluated: nonNegativeInt().optional(),
    criteria_not_evaluated: nonNegativeInt()
      .optional()
      .describe('Criteria reported with details.evaluated = false.'),
  })
  .meta({ id: 'JudgeInfo', title: 'judge_info' });

export const assessmentResultsSchema = z
  .object({
    message_type: z.literal('assessment_results'),
    assessment_id: z.string().min(1).describe('The A2A task id of the assessment.'),
    scenario_id: z.string().min(1),
    participant: z.string().min(1).describe('Participant role name from the assessment request.'),
    status: z.enum(ASSESSMENT_STATUSES),
    duration_seconds: nonNegativeNumber().describe('Wall-clock duration of the assessment.'),
    turns_taken: nonNegativeInt(),
    actions_taken: nonNegativeInt().describe('Always equals action_log.length.'),
    scores: scoresSchema,
    criteria_results: z.array(criterionResultSchema),
    action_log: z.array(actionLogEntryWithTurnSchema),
    metadata: resultsMetadataSchema.optional(),
    judge: judgeInfoSchema.optional(),
  })
  .superRefine((results, ctx) => {
    if (results.actions_taken !== results.action_log.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['actions_taken'],
        message: `actions_taken ${results.actions_taken} does not equal the action_log length ${results.action_log.length}`,
      });
    }
    results.criteria_results.forEach((criterion, index) => {
      // Criteria that could not be scored (e.g. they need an LLM offline) are outside the totals.
      if (!isEvaluated(criterion)) return;
      if (results.scores.dimensions[criterion.dimension] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['criteria_results', index, 'dimension'],
          message: `dimension "${criterion.dimension}" of criterion "${criterion.criterion_id}" is missing from scores.dimensions`,
        });
      }
    });
  })
  .meta({
    title: 'assessment_results',
    description:
      'Result artifact of one assessment. Invariants: overall = sum of dimensions; every score <= its max_score; actions_taken = action_log.length; each evaluated criterion’s dimension appears in scores.dimensions (criteria with details.evaluated = false are outside the totals).',
  });

export type CriterionResult = z.infer<typeof criterionResultSchema>;
export type DimensionScore = z.infer<typeof dimensionScoreSchema>;
export type OverallScore = z.infer<typeof overallScoreSchema>;
export type Scores = z.infer<typeof scoresSchema>;
export type ActionLogEntryWithTurn = z.infer<typeof actionLogEntryWithTurnSchema>;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export type ResultsMetadata = z.infer<typeof resultsMetadataSchema>;
export type JudgeInfo = z.infer<typeof judgeInfoSchema>;
export type AssessmentResults = z.infer<typeof assessmentResultsSchema>;

/**
 * Sums criteria into dimension and overall scores, the only aggregation the benchmark uses
 * (no weighting beyond each criterion's points). Dimensions without criteria are left out.
 */
/** False for a criterion reported with `details.evaluated = false` (left out of the totals). */
export function isEvaluated(criterion: { details?: Record<string, unknown> | null | undefined }): boolean {
  return criterion.details?.evaluated !== false;
}

/** Sums evaluated criteria by dimension and overall; unevaluated ones are left out. */
export function computeScores(
  criteria: readonly (Pick<CriterionResult, 'dimension' | 'score' | 'max_score'> & {
    details?: Record<string, unknown> | null | undefined;
  })[],
): Scores {
  const dimensions: Scores['dimensions'] = {};
  let score = 0;
  let maxScore = 0;
  for (const criterion of criteria) {
    if (!isEvaluated(criterion)) continue;
    const current = dimensions[criterion.dimension] ?? {
      message_type: 'dimension_score',
      score: 0,
      max_score: 0,
    };
    current.score += criterion.score;
    current.max_score += criterion.max_score;
    dimensions[criterion.dimension] = current;
    score += criterion.score;
    maxScore += criterion.max_score;
  }
  return {
    message_type: 'scores',
    overall: { message_type: 'overall_score', score, max_score: maxScore },
    dimensions,
  };
}
