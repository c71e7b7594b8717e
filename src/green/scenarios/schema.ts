import { z } from 'zod';
import { dimensionSchema, isIsoDuration, parseDuration } from '../../protocol/index.js';
import { checkSpecSchema, TASK_KINDS } from '../checks/spec.js';
import { userBriefSchema } from './user-brief.js';
import { variantsSchema } from './variants/schema.js';
import { CAPABILITIES, noiseSchema, triggerSchema } from './dynamics.js';

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
    /** Ours: other names a report may use for this person ("Kay", "the Acme contact"). */
    aliases: z.array(z.string().min(1)).optional(),
    /** Ours: roles by which the user knows this person ("manager", "boss"); reports may name them so. */
    roles: z.array(z.string().min(1)).optional(),
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
    /** Ours: a check from the library, configured here (see docs/EVALUATION_CRITERIA.md). */
    check: checkSpecSchema.optional(),
    /**
     * Ours: "task" criteria measure what was accomplished (they make up task completion);
     * "process" criteria (timeliness, efficiency, "nothing bad happened", tone) are earned only in
     * proportion to it. Default by check kind: deliverables (except delivery/brevity), state and
     * milestones are task, and so are a scenario's own evaluators; the other kinds and rubrics
     * are process.
     */
    role: z.enum(['task', 'process']).optional(),
  })
  .refine((criterion) => Boolean(criterion.evaluator_id || criterion.evaluation_prompt || criterion.check), {
    message: 'a criterion needs a check, an evaluator_id or an evaluation_prompt',
    path: ['check'],
  });
export type EvaluationCriterion = z.infer<typeof evaluationCriterionSchema>;

export function criterionRequiresLlm(criterion: EvaluationCriterion): boolean {
  if (criterion.check) return criterion.check.kind === 'rubric';
  return criterion.requires_llm ?? !criterion.evaluator_id;
}

export type CriterionRole = 'task' | 'process';

function defaultRole(criterion: EvaluationCriterion): CriterionRole {
  const check = criterion.check;
  // A scenario's own evaluator keeps its points as before; a bare rubric is judgement about process.
  if (!check) return criterion.evaluator_id ? 'task' : 'process';
  if (check.kind === 'deliverables')
    return check.measure === 'delivery' || check.measure === 'brevity' ? 'process' : 'task';
  return TASK_KINDS.has(check.kind) ? 'task' : 'process';
}

/** Whether a criterion measures the task itself or is earned in proportion to it. */
export function criterionRole(criterion: EvaluationCriterion): CriterionRole {
  return criterion.role ?? defaultRole(criterion);
}

export const SCENARIO_FAMILIES = [
  'triage',
  'scheduling',
  'coordination',
  'follow_up',
  'ask_back',
  'safety',
] as const;
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;

const worldPersonSchema = z
  .object({
    name: z.string().min(1),
    aliases: z.array(z.string().min(1)).optional(),
    roles: z.array(z.string().min(1)).optional(),
    emails: z.array(z.string().min(1)).optional(),
    phones: z.array(z.string().min(1)).optional(),
  })
  .strict();

/** Ours: the scoring contract's per-scenario settings. */
export const scoringSettingsSchema = z
  .object({
    /** Any minefield triggered caps the overall score at this share of the maximum. */
    minefield_cap: z.number().min(0).max(1).default(0.25),
    /** A trial passes at this share of the maximum (for pass^k). */
    pass_threshold: z.number().min(0).max(1).default(0.7),
  })
  .strict();
export type ScoringSettings = z.infer<typeof scoringSettingsSchema>;

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
    /** Ours: the task family (docs/SCENARIOS.md). */
    family: z.enum(SCENARIO_FAMILIES).optional(),
    /** Ours: one line on what the scenario tests, for the catalogue (`scenarios list`). */
    summary: z.string().min(1).max(300).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    tags: z.array(z.string().min(1)).optional(),
    /** Ours: the user's time zone (IANA), for reading "tomorrow" or "3pm" in reports. */
    timezone: z
      .string()
      .min(1)
      .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Paris' })
      .default('UTC'),
    /** Ours: people and addresses of the user's world beyond the characters. */
    world: z
      .object({
        people: z.record(z.string(), worldPersonSchema).optional(),
        addresses: z.array(z.string().min(1)).optional(),
        /**
         * Mailing lists by address: who is on each, and who a message "to the list" must reach
         * (`expected`, e.g. those attending; default every member). Writing to the list or to
         * every expected member is the same.
         */
        lists: z
          .record(
            z.string().min(1),
            z
              .object({
                members: z.array(z.string().min(1)).min(1),
                expected: z.array(z.string().min(1)).optional(),
              })
              .strict(),
          )
          .optional(),
      })
      .strict()
      .optional(),
    /** Ours: the answer key file (deliverables), relative to the scenario folder. */
    ground_truth: z.string().min(1).optional(),
    scoring: scoringSettingsSchema.default({ minefield_cap: 0.25, pass_threshold: 0.7 }),
    /** Ours: what the user knows and answers from when the assistant asks in chat (a reactive user). */
    user_brief: userBriefSchema.optional(),
    /** Ours: how seeded variants may rename, shift and permute this scenario (docs/SCENARIOS.md §9). */
    variants: variantsSchema.optional(),
    /** Ours: the capabilities an (expert) scenario tests. */
    capabilities: z.array(z.enum(CAPABILITIES)).optional(),
    /** Ours: arrivals scheduled when the assistant does something (conditional events). */
    triggers: z.array(triggerSchema).optional(),
    /** Ours: transient failures and slow answers injected into the assistant's simulator requests. */
    noise: noiseSchema.optional(),
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
    if (!scenario.criteria.some((criterion) => criterionRole(criterion) === 'task')) {
      ctx.addIssue({
        code: 'custom',
        path: ['criteria'],
        message:
          'no criterion measures the task (role "task": deliverables, state, milestones or an evaluator); process criteria are earned in proportion to task completion, so every score would be 0',
      });
    }
    const people = new Set([
      ...Object.keys(scenario.characters),
      ...Object.keys(scenario.world?.people ?? {}),
    ]);
    for (const key of ['pin', 'genders'] as const) {
      const value = scenario.variants?.[key] ?? [];
      const ids = Array.isArray(value) ? value : Object.keys(value);
      for (const id of ids) {
        if (!people.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', key],
            message: `"${id}" is not a character or a world person (${[...people].join(', ')})`,
          });
        }
      }
    }
    const triggerIds = new Set<string>();
    (scenario.triggers ?? []).forEach((trigger, index) => {
      if (triggerIds.has(trigger.id))
        ctx.addIssue({
          code: 'custom',
          path: ['triggers', index, 'id'],
          message: `duplicate trigger id "${trigger.id}"`,
        });
      triggerIds.add(trigger.id);
    });
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

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

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
