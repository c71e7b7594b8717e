import { z } from 'zod';
import { assessmentEndReasonSchema } from './messages.js';
import { dimensionSchema } from './results.js';
import {
  isoDateTimeString,
  isoDurationString,
  jsonObject,
  nonNegativeInt,
  nonNegativeNumber,
  positiveInt,
} from './schema-helpers.js';
import { TRIAL_STATUSES } from './suite-results.js';

/**
 * Structured progress updates the green publishes while an assessment runs. Each travels as the
 * DataPart of an A2A `working` status message (see emitter.ts); the platform shows the TextPart
 * log line next to it. Times are simulated times unless stated otherwise.
 */

export const assessmentStartedUpdateSchema = z
  .object({
    message_type: z.literal('update_assessment_started'),
    assessment_id: z.string().min(1).describe('The A2A task id.'),
    scenario_id: z.string().min(1),
    participant_url: z.string().min(1),
    participant_role: z.string().optional().describe('Role name from the assessment request.'),
    start_time: isoDateTimeString().describe('Simulated start time.'),
  })
  .meta({ title: 'update_assessment_started' });

export const scenarioLoadedUpdateSchema = z
  .object({
    message_type: z.literal('update_scenario_loaded'),
    scenario_id: z.string().min(1),
    scenario_name: z.string(),
    criteria_count: nonNegativeInt(),
    character_count: nonNegativeInt(),
  })
  .meta({ title: 'update_scenario_loaded' });

export const turnStartedUpdateSchema = z
  .object({
    message_type: z.literal('update_turn_started'),
    turn_number: positiveInt(),
    current_time: isoDateTimeString(),
    events_pending: nonNegativeInt().describe('Scheduled UES events not yet executed.'),
  })
  .meta({ title: 'update_turn_started' });

export const turnCompletedUpdateSchema = z
  .object({
    message_type: z.literal('update_turn_completed'),
    turn_number: positiveInt(),
    actions_taken: nonNegativeInt(),
    time_advanced: isoDurationString(),
    early_completion_requested: z.boolean().default(false),
  })
  .meta({ title: 'update_turn_completed' });

export const responsesGeneratedUpdateSchema = z
  .object({
    message_type: z.literal('update_responses_generated'),
    turn_number: positiveInt(),
    responses_count: nonNegativeInt(),
    characters_involved: z.array(z.string()).describe('Names of the characters who replied.'),
  })
  .meta({ title: 'update_responses_generated' });

export const simulationAdvancedUpdateSchema = z
  .object({
    message_type: z.literal('update_simulation_advanced'),
    previous_time: isoDateTimeString(),
    new_time: isoDateTimeString(),
    duration: isoDurationString(),
    events_processed: nonNegativeInt(),
  })
  .meta({ title: 'update_simulation_advanced' });

export const evaluationStartedUpdateSchema = z
  .object({
    message_type: z.literal('update_evaluation_started'),
    criteria_count: nonNegativeInt(),
    dimensions: z.array(dimensionSchema),
  })
  .meta({ title: 'update_evaluation_started' });

export const EVALUATION_METHODS = ['programmatic', 'llm'] as const;

export const criterionEvaluatedUpdateSchema = z
  .object({
    message_type: z.literal('update_criterion_evaluated'),
    criterion_id: z.string().min(1),
    criterion_name: z.string(),
    dimension: dimensionSchema,
    score: nonNegativeNumber(),
    max_score: nonNegativeNumber(),
    evaluation_method: z.enum(EVALUATION_METHODS),
    evaluated: z
      .boolean()
      .optional()
      .describe('false when the criterion could not be scored (e.g. an LLM rubric in offline mode).'),
  })
  .meta({ title: 'update_criterion_evaluated' });

/** Why the green ended the turns (finer than `reason`, which is what the purple was told). */
export const GREEN_END_REASONS = [
  'early_completion',
  'scenario_complete',
  'max_turns',
  'consecutive_failures',
] as const;

export const assessmentCompletedUpdateSchema = z
  .object({
    message_type: z.literal('update_assessment_completed'),
    reason: assessmentEndReasonSchema,
    end_reason: z
      .enum(GREEN_END_REASONS)
      .optional()
      .describe('Why the turns ended: e.g. max_turns where the purple was told scenario_complete.'),
    total_turns: nonNegativeInt(),
    total_actions: nonNegativeInt(),
    duration_seconds: nonNegativeNumber().describe('Wall-clock duration.'),
    overall_score: nonNegativeNumber(),
    max_score: nonNegativeNumber(),
  })
  .meta({
    title: 'update_assessment_completed',
    description: 'Informational; the task itself ends with the result artifact and a terminal state.',
  });

export const ERROR_TYPES = [
  'timeout',
  'communication_error',
  'protocol_error',
  'ues_error',
  'evaluation_error',
  'model_error',
  'internal_error',
] as const;

export const errorOccurredUpdateSchema = z
  .object({
    message_type: z.literal('update_error_occurred'),
    error_type: z.enum(ERROR_TYPES),
    error_message: z.string(),
    recoverable: z.boolean(),
    context: jsonObject().nullish(),
  })
  .meta({
    title: 'update_error_occurred',
    description:
      'Reports an error. Never itself ends the task: the executor publishes the one terminal state.',
  });

export const actionObservedUpdateSchema = z
  .object({
    message_type: z.literal('update_action_observed'),
    turn_number: positiveInt(),
    timestamp: isoDateTimeString(),
    action: z.string().min(1),
    parameters: jsonObject(),
    success: z.boolean(),
    error_message: z.string().nullish(),
    notes: z.string().nullish(),
  })
  .meta({ title: 'update_action_observed' });

/**
 * Suite and multi-trial assessments (config `trials`/`scenarios`) report each trial's start, turns
 * and end with these instead of the per-turn updates above, which would interleave when trials run
 * concurrently and flood the task history of a long suite.
 */
export const trialStartedUpdateSchema = z
  .object({
    message_type: z.literal('update_trial_started'),
    assessment_id: z.string().min(1).describe('The assessment_id its assessment_results will carry.'),
    scenario_id: z.string().min(1),
    trial: positiveInt(),
    trials: positiveInt().describe('Trials of this scenario (k).'),
    seed: nonNegativeInt(),
    started: positiveInt().describe('Trials of this suite started so far, this one included.'),
    total: positiveInt().describe('Trials this suite (or shard) runs.'),
  })
  .meta({ title: 'update_trial_started' });

export const trialProgressUpdateSchema = z
  .object({
    message_type: z.literal('update_trial_progress'),
    assessment_id: z.string().min(1),
    scenario_id: z.string().min(1),
    trial: positiveInt(),
    turn_number: positiveInt().describe('The turn that just started.'),
    current_time: isoDateTimeString(),
  })
  .meta({ title: 'update_trial_progress' });

export const trialCompletedUpdateSchema = z
  .object({
    message_type: z.literal('update_trial_completed'),
    assessment_id: z.string().min(1),
    scenario_id: z.string().min(1),
    trial: positiveInt(),
    trials: positiveInt(),
    status: z.enum(TRIAL_STATUSES),
    score: nonNegativeNumber().nullable(),
    max_score: nonNegativeNumber().nullable(),
    passed: z.boolean(),
    duration_seconds: nonNegativeNumber().describe('Wall-clock duration of the trial.'),
    completed: positiveInt().describe('Trials of this suite finished so far, this one included.'),
    total: positiveInt(),
    error: z.string().nullish(),
  })
  .meta({ title: 'update_trial_completed' });

export const UPDATE_SCHEMAS = {
  update_assessment_started: assessmentStartedUpdateSchema,
  update_scenario_loaded: scenarioLoadedUpdateSchema,
  update_turn_started: turnStartedUpdateSchema,
  update_turn_completed: turnCompletedUpdateSchema,
  update_responses_generated: responsesGeneratedUpdateSchema,
  update_simulation_advanced: simulationAdvancedUpdateSchema,
  update_evaluation_started: evaluationStartedUpdateSchema,
  update_criterion_evaluated: criterionEvaluatedUpdateSchema,
  update_assessment_completed: assessmentCompletedUpdateSchema,
  update_error_occurred: errorOccurredUpdateSchema,
  update_action_observed: actionObservedUpdateSchema,
  update_trial_started: trialStartedUpdateSchema,
  update_trial_progress: trialProgressUpdateSchema,
  update_trial_completed: trialCompletedUpdateSchema,
} as const;

export type UpdateType = keyof typeof UPDATE_SCHEMAS;
export type UpdateByType = { [K in UpdateType]: z.infer<(typeof UPDATE_SCHEMAS)[K]> };
/** Fields a caller supplies for an update: the input shape minus the fixed `message_type`. */
export type UpdateFields<K extends UpdateType> = Omit<z.input<(typeof UPDATE_SCHEMAS)[K]>, 'message_type'>;
export type TaskUpdate = UpdateByType[UpdateType];

export type AssessmentStartedUpdate = UpdateByType['update_assessment_started'];
export type ScenarioLoadedUpdate = UpdateByType['update_scenario_loaded'];
export type TurnStartedUpdate = UpdateByType['update_turn_started'];
export type TurnCompletedUpdate = UpdateByType['update_turn_completed'];
export type ResponsesGeneratedUpdate = UpdateByType['update_responses_generated'];
export type SimulationAdvancedUpdate = UpdateByType['update_simulation_advanced'];
export type EvaluationStartedUpdate = UpdateByType['update_evaluation_started'];
export type CriterionEvaluatedUpdate = UpdateByType['update_criterion_evaluated'];
export type AssessmentCompletedUpdate = UpdateByType['update_assessment_completed'];
export type ErrorOccurredUpdate = UpdateByType['update_error_occurred'];
export type ActionObservedUpdate = UpdateByType['update_action_observed'];
export type TrialStartedUpdate = UpdateByType['update_trial_started'];
export type TrialProgressUpdate = UpdateByType['update_trial_progress'];
export type TrialCompletedUpdate = UpdateByType['update_trial_completed'];
