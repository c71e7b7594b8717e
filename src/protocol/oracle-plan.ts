import { z } from 'zod';
import { isoDateTimeString } from './schema-helpers.js';
import { isIsoDuration } from './duration.js';

/**
 * The oracle plan (`scenarios/<id>/oracle.json`): what the ideal assistant does in a scenario, as
 * data — state reads, chat posts to the user and UES actions at simulated times. The green
 * validates and hashes it; the built-in `oracle` purple plays it. A step runs in the first turn
 * whose start time is >= its `at`; steps run in file order, so their times never decrease.
 */

/**
 * Modalities a `read` step can read (`GET /<modality>/state`): the messages and the calendar, and
 * where the user is and the weather reports on record, which an assistant looks at before a call
 * that depends on them.
 */
export const ORACLE_READ_MODALITIES = [
  'email',
  'sms',
  'calendar',
  'chat',
  'contacts',
  'location',
  'weather',
] as const;
export type OracleReadModality = (typeof ORACLE_READ_MODALITIES)[number];

/**
 * Action names: `<modality>.<operation>` as the action log names the UES event the action creates.
 * Exceptions, because the UES has no route of their own: `email.reply`, `email.reply_all` and
 * `email.forward` are sends (logged `email.send` with `in_reply_to` / a `Fwd:` subject), and
 * `sms.mark_read` / `sms.mark_unread` are logged `sms.update_delivery_status`.
 */
export const ORACLE_ACTION_NAMES = [
  'email.send',
  'email.reply',
  'email.reply_all',
  'email.forward',
  'email.mark_read',
  'email.mark_unread',
  'email.star',
  'email.unstar',
  'email.archive',
  'email.delete',
  'email.add_label',
  'email.remove_label',
  'email.move',
  'sms.send_message',
  'sms.mark_read',
  'sms.mark_unread',
  'sms.delete_message',
  'sms.add_reaction',
  'calendar.create',
  'calendar.update',
  'calendar.delete',
  'calendar.respond',
  'contacts.create_contact',
  'contacts.update_contact',
  'contacts.delete_contact',
  'contacts.favorite_contact',
  'contacts.unfavorite_contact',
  'contacts.block_contact',
  'contacts.unblock_contact',
  'contacts.add_to_group',
  'contacts.remove_from_group',
  'contacts.merge_contacts',
] as const;
export type OracleActionName = (typeof ORACLE_ACTION_NAMES)[number];

/** Short names authors may write for the contacts operations (`contacts.create` …). */
export const ORACLE_ACTION_ALIASES: Readonly<Record<string, OracleActionName>> = Object.freeze({
  'contacts.create': 'contacts.create_contact',
  'contacts.update': 'contacts.update_contact',
  'contacts.delete': 'contacts.delete_contact',
  'contacts.favorite': 'contacts.favorite_contact',
  'contacts.unfavorite': 'contacts.unfavorite_contact',
  'contacts.block': 'contacts.block_contact',
  'contacts.unblock': 'contacts.unblock_contact',
  'contacts.merge': 'contacts.merge_contacts',
});

/** The canonical action name for `name` (an alias resolved), or undefined when unknown. */
export function canonicalOracleAction(name: string): OracleActionName | undefined {
  if ((ORACLE_ACTION_NAMES as readonly string[]).includes(name)) return name as OracleActionName;
  return ORACLE_ACTION_ALIASES[name];
}

const text = () => z.string().trim().min(1);

function atLeastOne(kind: string, fields: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (Object.values(value).every((field) => field === undefined)) {
      ctx.addIssue({ code: 'custom', message: `the ${kind} reference needs at least one of ${fields}` });
    }
  };
}

/**
 * What a `{"$ref": …}` names: the newest item of one modality matching every given field
 * (substring matches are case-insensitive). It resolves to the item's id at run time.
 */
export const oracleRefSchema = z
  .strictObject({
    email: z
      .strictObject({
        from: text().optional(),
        to: text().optional(),
        subject_contains: text().optional(),
        body_contains: text().optional(),
      })
      .superRefine(atLeastOne('email', 'from, to, subject_contains, body_contains'))
      .optional()
      .describe('→ message_id'),
    sms: z
      .strictObject({ from: text().optional(), body_contains: text().optional() })
      .superRefine(atLeastOne('sms', 'from, body_contains'))
      .optional()
      .describe('→ message_id'),
    calendar: z
      .strictObject({ title_contains: text().optional(), start: isoDateTimeString().optional() })
      .superRefine(atLeastOne('calendar', 'title_contains, start'))
      .optional()
      .describe('→ event_id'),
    contact: z
      .strictObject({ name: text().optional(), email: text().optional() })
      .superRefine(atLeastOne('contact', 'name, email'))
      .optional()
      .describe('→ contact_id'),
  })
  .superRefine((ref, ctx) => {
    const kinds = Object.entries(ref).filter(([, value]) => value !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `a $ref names exactly one of email, sms, calendar, contact (got ${kinds.length})`,
      });
    }
  });
export type OracleRef = z.infer<typeof oracleRefSchema>;

/** True for `{"$ref": …}` (an object whose only key is `$ref`). */
export function isOracleRef(value: unknown): value is { $ref: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    Object.hasOwn(value, '$ref')
  );
}

const jsonValue = z.json();
/** Any JSON value (what step parameters hold). */
export type OracleJson = z.infer<typeof jsonValue>;
const jsonParams = z.record(z.string(), jsonValue);
/** An action step's parameters: JSON, with `{"$ref": …}` anywhere a resolved id belongs. */
export type OracleParams = z.infer<typeof jsonParams>;

/** Every `$ref` inside `value` must be a valid reference; issues carry their path. */
function checkRefs(value: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  if (isOracleRef(value)) {
    const parsed = oracleRefSchema.safeParse(value.$ref);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, '$ref', ...issue.path] });
      }
    }
    return;
  }
  if (Array.isArray(value)) value.forEach((entry, index) => checkRefs(entry, [...path, index], ctx));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) checkRefs(entry, [...path, key], ctx);
  }
}

export const oracleReadStepSchema = z.strictObject({
  at: isoDateTimeString(),
  read: z.array(z.enum(ORACLE_READ_MODALITIES)).min(1),
});

export const oraclePostStepSchema = z
  .strictObject({
    at: isoDateTimeString(),
    post: text().describe('Chat message to the user, as the assistant.'),
    paraphrase: text().describe('The same content in other words (the paraphrased oracle posts this).'),
  })
  .superRefine((step, ctx) => {
    if (step.paraphrase.trim() === step.post.trim()) {
      ctx.addIssue({ code: 'custom', path: ['paraphrase'], message: 'must differ from post' });
    }
  });

export const oracleActionStepSchema = z
  .strictObject({
    at: isoDateTimeString(),
    action: z.string().min(1),
    params: jsonParams.default({}),
    paraphrase: jsonParams
      .optional()
      .describe('Parameters the paraphrased oracle uses instead (top-level keys replace params).'),
  })
  .superRefine((step, ctx) => {
    if (canonicalOracleAction(step.action) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['action'],
        message: `unknown action ${JSON.stringify(step.action)}; known: ${ORACLE_ACTION_NAMES.join(', ')}`,
      });
    }
    checkRefs(step.params, ['params'], ctx);
    if (step.paraphrase !== undefined) checkRefs(step.paraphrase, ['paraphrase'], ctx);
  });

export type OracleReadStep = z.infer<typeof oracleReadStepSchema>;
export type OraclePostStep = z.infer<typeof oraclePostStepSchema>;
export type OracleActionStep = z.infer<typeof oracleActionStepSchema>;
export type OracleStep = OracleReadStep | OraclePostStep | OracleActionStep;

const STEP_KINDS = ['read', 'post', 'action'] as const;

/** One step: exactly one of `read`, `post`, `action` says which kind (issues then name its fields). */
export const oracleStepSchema = z.unknown().transform((value, ctx): OracleStep => {
  const kinds =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? STEP_KINDS.filter((kind) => Object.hasOwn(value, kind))
      : [];
  if (kinds.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      message: `a step has exactly one of "read", "post" or "action"${kinds.length > 1 ? ` (got ${kinds.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  const schema =
    kinds[0] === 'read'
      ? oracleReadStepSchema
      : kinds[0] === 'post'
        ? oraclePostStepSchema
        : oracleActionStepSchema;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * How an honest watcher follows the scenario without knowing the future: a turn at every
 * `step` from the start (and at every step of the plan), reading `read` each turn. The green
 * derives it from the scenario (its default time step, the modalities in play) — it is not part
 * of oracle.json — and bases the efficiency budgets on it.
 */
export const watchPlanSchema = z.strictObject({
  step: z.string().refine(isIsoDuration, { message: 'must be an ISO 8601 duration such as PT30M' }),
  start: isoDateTimeString(),
  end: isoDateTimeString(),
  read: z.array(z.enum(ORACLE_READ_MODALITIES)).min(1),
});
export type WatchPlan = z.infer<typeof watchPlanSchema>;

function stepsInOrder(
  steps: readonly OracleStep[],
  ctx: z.RefinementCtx,
  path: Array<string | number>,
): void {
  for (let index = 1; index < steps.length; index += 1) {
    if (Date.parse(steps[index]!.at) < Date.parse(steps[index - 1]!.at)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, index, 'at'],
        message: `is before the previous step's at (${steps[index - 1]!.at}); steps run in file order`,
      });
    }
  }
}

/**
 * An oracle that falls into one of the scenario's traps — what a careful but hurried assistant
 * gets wrong. `scenarios check` plays each and requires it to score low: the trap costs.
 */
export const oracleMutantSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a lower-case id'),
  /** The trap it falls into, in words. */
  trap: text(),
  steps: z.array(oracleStepSchema).min(1),
});
export type OracleMutant = z.infer<typeof oracleMutantSchema>;

export const oraclePlanSchema = z
  .strictObject({
    scenario_id: z.string().min(1),
    description: text(),
    steps: z.array(oracleStepSchema).min(1),
    watch: watchPlanSchema.optional(),
    mutants: z.array(oracleMutantSchema).optional(),
  })
  .superRefine((plan, ctx) => {
    stepsInOrder(plan.steps, ctx, ['steps']);
    const ids = new Set<string>();
    plan.mutants?.forEach((mutant, index) => {
      stepsInOrder(mutant.steps, ctx, ['mutants', index, 'steps']);
      if (ids.has(mutant.id))
        ctx.addIssue({
          code: 'custom',
          path: ['mutants', index, 'id'],
          message: `duplicate mutant id "${mutant.id}"`,
        });
      ids.add(mutant.id);
    });
  });
export type OraclePlan = z.infer<typeof oraclePlanSchema>;

export function isReadStep(step: OracleStep): step is OracleReadStep {
  return 'read' in step;
}
export function isPostStep(step: OracleStep): step is OraclePostStep {
  return 'post' in step;
}
export function isActionStep(step: OracleStep): step is OracleActionStep {
  return 'action' in step;
}

/** One problem of a plan against its scenario; `path` is like `steps[3].at`. */
export interface OraclePlanIssue {
  path: string;
  message: string;
}

/** What validation needs of the scenario (a `ScenarioConfig` fits). */
export interface OracleScenarioBounds {
  scenario_id: string;
  start_time: string;
  end_time: string;
}

/**
 * Checks a parsed plan against its scenario: `scenario_id` matches and every step's time lies in
 * [start_time, end_time]. (Structure, known actions, paraphrases and references are the schema's.)
 */
export function validateOraclePlan(plan: OraclePlan, scenario: OracleScenarioBounds): OraclePlanIssue[] {
  const issues: OraclePlanIssue[] = [];
  if (plan.scenario_id !== scenario.scenario_id) {
    issues.push({
      path: 'scenario_id',
      message: `${JSON.stringify(plan.scenario_id)} does not match the scenario ${JSON.stringify(scenario.scenario_id)}`,
    });
  }
  const start = Date.parse(scenario.start_time);
  const end = Date.parse(scenario.end_time);
  const within = (steps: readonly OracleStep[], prefix: string): void =>
    steps.forEach((step, index) => {
      const at = Date.parse(step.at);
      if (at < start || at > end) {
        issues.push({
          path: `${prefix}[${index}].at`,
          message: `${step.at} is outside the scenario (${scenario.start_time} – ${scenario.end_time})`,
        });
      }
    });
  within(plan.steps, 'steps');
  plan.mutants?.forEach((mutant, index) => within(mutant.steps, `mutants[${index}].steps`));
  return issues;
}
