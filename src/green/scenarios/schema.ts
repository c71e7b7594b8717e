import { z } from 'zod';
import { dimensionSchema, isIsoDuration, parseDuration } from '../../protocol/index.js';

/**
 * The scenario file format (`scenarios/<id>/scenario.json`): one zod schema per part, types
 * inferred. Constraints follow the original; additions are marked "ours".
 */

const ID_PATTERN = /^[a-z][a-z0-9_]*$/;
const zId = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(ID_PATTERN, 'must start with a lowercase letter and contain only a-z, 0-9 and _');

const zDuration = z.string().refine(isIsoDuration, { message: 'must be an ISO 8601 duration such as PT5M' });

/** A datetime with a zone; naive datetimes would be ambiguous against the simulated clock. */
const zZonedDateTime = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 datetime with a timezone',
});

export const responseTimingSchema = z.object({
  base_delay: zDuration,
  variance: zDuration,
});
export type ResponseTiming = z.infer<typeof responseTimingSchema>;

export const characterProfileSchema = z
  .object({
    name: z.string().min(1).max(200),
    personality: z.string().min(1),
    response_timing: responseTimingSchema,
    relationships: z.record(z.string(), z.string()).default({}),
    email: z.email().nullish(),
    phone: z.string().min(1).nullish(),
    special_instructions: z.string().nullish(),
    /** Private facts the character knows (prices, availability, …), rendered into its prompts. */
    config: z.record(z.string(), z.unknown()).nullish(),
  })
  .refine((character) => Boolean(character.email || character.phone), {
    message: 'a character needs an email or a phone number',
    path: ['email'],
  });
export type CharacterProfile = z.infer<typeof characterProfileSchema>;

export const evaluationCriterionSchema = z
  .object({
    criterion_id: zId(100),
    name: z.string().min(1),
    description: z.string().min(1),
    dimension: dimensionSchema,
    max_score: z.number().int().min(1).max(100),
    /** Name of an async function exported by the scenario's `evaluators.ts`. */
    evaluator_id: z.string().min(1).nullish(),
    /** Rubric for the LLM judge, used when no programmatic evaluator is registered. */
    evaluation_prompt: z.string().min(1).nullish(),
    params: z.record(z.string(), z.unknown()).nullish(),
    /**
     * Ours: whether scoring this criterion needs an LLM. Without one (offline) such criteria are
     * reported with `details.evaluated = false` and left out of the totals. Defaults to true for
     * rubric-only criteria and false for programmatic ones.
     */
    requires_llm: z.boolean().optional(),
  })
  .refine((criterion) => Boolean(criterion.evaluator_id || criterion.evaluation_prompt), {
    message: 'a criterion needs an evaluator_id or an evaluation_prompt',
    path: ['evaluator_id'],
  });
export type EvaluationCriterion = z.infer<typeof evaluationCriterionSchema>;

export function criterionRequiresLlm(criterion: EvaluationCriterion): boolean {
  return criterion.requires_llm ?? !criterion.evaluator_id;
}

export const scenarioConfigSchema = z
  .object({
    scenario_id: zId(100),
    /** Ours: the scenario's own version, recorded in results so runs are comparable. */
    version: z.string().min(1).default('1'),
    name: z.string().min(1).max(200),
    description: z.string().min(1),
    start_time: zZonedDateTime,
    end_time: zZonedDateTime,
    default_time_step: zDuration,
    user_prompt: z.string().min(1),
    user_character: z.string().min(1),
    characters: z.record(z.string(), characterProfileSchema),
    /** A path relative to the scenario folder, or the UES export itself (wrapped or not). */
    initial_state: z
      .union([z.string().min(1), z.record(z.string(), z.unknown())])
      .default('initial_state.json'),
    criteria: z.array(evaluationCriterionSchema).min(1),
    early_completion_conditions: z.array(z.string()).nullish(),
    /** Ours: the chat conversation the user's prompt goes into and the assistant answers in. */
    chat_conversation_id: z.string().min(1).default('user-assistant'),
  })
  .superRefine((scenario, ctx) => {
    if (Date.parse(scenario.start_time) >= Date.parse(scenario.end_time)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'end_time must be after start_time' });
    }
    if (Object.keys(scenario.characters).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['characters'], message: 'at least one character is required' });
    }
    if (!(scenario.user_character in scenario.characters)) {
      ctx.addIssue({
        code: 'custom',
        path: ['user_character'],
        message: `"${scenario.user_character}" is not one of the characters (${Object.keys(scenario.characters).join(', ')})`,
      });
    }
    const seen = { email: new Map<string, string>(), phone: new Map<string, string>() };
    for (const [id, character] of Object.entries(scenario.characters)) {
      for (const kind of ['email', 'phone'] as const) {
        const value = character[kind]?.toLowerCase();
        if (!value) continue;
        const other = seen[kind].get(value);
        if (other) {
          ctx.addIssue({
            code: 'custom',
            path: ['characters', id, kind],
            message: `${kind} ${value} is also used by character "${other}"`,
          });
        }
        seen[kind].set(value, id);
      }
    }
    const criterionIds = new Set<string>();
    scenario.criteria.forEach((criterion, index) => {
      if (criterionIds.has(criterion.criterion_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['criteria', index, 'criterion_id'],
          message: `duplicate criterion_id "${criterion.criterion_id}"`,
        });
      }
      criterionIds.add(criterion.criterion_id);
    });
  });
export type ScenarioConfig = z.infer<typeof scenarioConfigSchema>;

export function scenarioDurationMs(scenario: ScenarioConfig): number {
  return Date.parse(scenario.end_time) - Date.parse(scenario.start_time);
}

export function defaultTimeStepMs(scenario: ScenarioConfig): number {
  return parseDuration(scenario.default_time_step);
}

/** Finds a character by email (case-insensitive) or phone; returns its id and profile. */
export function findCharacter(
  scenario: ScenarioConfig,
  contact: { email?: string | null; phone?: string | null },
): { id: string; profile: CharacterProfile } | undefined {
  const email = contact.email?.toLowerCase();
  for (const [id, profile] of Object.entries(scenario.characters)) {
    if (email && profile.email?.toLowerCase() === email) return { id, profile };
    if (contact.phone && profile.phone === contact.phone) return { id, profile };
  }
  return undefined;
}
