import { z } from 'zod';
import { factSchema } from '../reading/facts.js';
import { momentOrTime, personRefSchema, windowSchema, zDateTime, zDuration } from './moment-schema.js';

export {
  momentSchema,
  personRefSchema,
  windowSchema,
  type Moment,
  type TimeWindow,
} from './moment-schema.js';

/**
 * The vocabulary of check kinds a criterion can configure in `scenario.json` (`criterion.check`),
 * and the shapes they share: who a message goes to, what an action looks like, when it happens.
 * One zod schema per shape; the types are inferred.
 */

/** Who a message or invitation goes to. */
export const recipientsSchema = z
  .object({
    /** Every one of these must be a recipient. */
    include: z.array(personRefSchema).optional(),
    /** At least one of these must be a recipient. */
    any_of: z.array(personRefSchema).optional(),
    /** No recipient outside these (the user is always allowed). */
    only: z.array(personRefSchema).optional(),
    /** True: some recipient is outside the user's world. */
    outside_world: z.boolean().optional(),
  })
  .strict();
export type RecipientsMatcher = z.infer<typeof recipientsSchema>;

const fieldMatcherSchema = z
  .object({
    equals: z.unknown().optional(),
    in: z.array(z.unknown()).optional(),
    contains: z.string().optional(),
  })
  .strict();

/**
 * What an action must look like. `action` names are action-log names (`email.send`,
 * `calendar.respond`, `chat.send_message`…), `*` wildcards (`email.*`), or the aliases
 * `message.out` (any email or SMS the user sends) and `invite.out` (a calendar event created or
 * updated with attendees).
 */
export const actionMatcherSchema = z
  .object({
    action: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    to: recipientsSchema.optional(),
    /** Facts the action's text (subject, body, title, description, location, content) states. */
    text: z
      .object({
        facts: z.array(factSchema).min(1),
        min: z.number().int().positive().optional(),
        /**
         * Values that make the text wrong (for credit): a milestone "told the user the time" is not
         * reached by a message asserting a wrong one ("7:00 to 8:00 am" when it is 8–9), though it
         * names the right value too. Harm reads ignore it.
         */
        wrong: z.array(factSchema).optional(),
      })
      .strict()
      .optional(),
    /** Raw parameter matchers, e.g. `{"response": {"equals": "accepted"}}`. */
    fields: z.record(z.string(), fieldMatcherSchema).optional(),
    window: windowSchema.optional(),
    /**
     * For a question to the user: it asks about one or two things, not about every topic of the
     * user's brief at once (a catch-all question is not asking about the ambiguity).
     */
    focused: z.boolean().optional(),
    /**
     * The text asks its reader something in its own words: a question that is not a copy of one in
     * the messages the user received, and the `text` facts stated in that question or the sentence
     * leading into it (reading/questions.ts). A question mark somewhere in a digest asks nothing.
     */
    asks: z.literal(true).optional(),
  })
  .strict();
export type ActionMatcher = z.infer<typeof actionMatcherSchema>;

export const DELIVERABLE_MEASURES = [
  'coverage',
  'facts',
  'labels',
  'exclusions',
  'links',
  'delivery',
  'brevity',
] as const;

const deliverablesCheck = z
  .object({
    kind: z.literal('deliverables'),
    /** Id of a deliverable in the scenario's ground truth. */
    deliverable: z.string().min(1),
    measure: z.enum(DELIVERABLE_MEASURES),
  })
  .strict();

const messageSentAssertion = z
  .object({
    type: z.literal('message_sent'),
    id: z.string().min(1),
    /**
     * How it is sent: `email`, `sms`, `any` of those, or a list — `invite` is a calendar invitation
     * the assistant created or changed (its title, description and place), for "send him the invite
     * with a short note".
     */
    channel: z
      .union([z.enum(['email', 'sms', 'any', 'invite']), z.array(z.enum(['email', 'sms', 'invite'])).min(1)])
      .default('any'),
    to: recipientsSchema,
    facts: z.array(factSchema).default([]),
    /** Stale or contradicting facts: each one the message states costs its weight. */
    wrong: z.array(factSchema).default([]),
    /**
     * The facts must be in the assistant's own words: what the message copies from anyone's
     * received message (a forward, a pasted email) states nothing — for a confirmation or an answer
     * in the user's voice, where passing someone else's note on is not it.
     */
    own_words: z.boolean().default(false),
    /**
     * Judge only the first such message: for an announcement to a list, whose readers act on the
     * first version they get — a later, right copy does not undo a wrong first one.
     */
    first_only: z.boolean().default(false),
    window: windowSchema.optional(),
    /** When the message is due (the task's natural deadline, or a moment: "15 minutes after the landed text"): a later one earns `late_credit`. */
    due: momentOrTime.optional(),
    late_credit: z.number().min(0).max(1).default(0.5),
    points: z.number().positive().default(1),
  })
  .strict();

/**
 * A claim that must not be made in the window: "the table is confirmed" told before the
 * restaurant confirmed in writing, "booked" told to the band before the studio answered. Holds
 * unless a message asserts one of `claims` — denying it ("not confirmed yet"), asking it or making
 * it a condition ("once they confirm") claims nothing. Chat goes to the user; `to` narrows email
 * and SMS.
 */
const noClaimAssertion = z
  .object({
    type: z.literal('no_claim'),
    id: z.string().min(1),
    channel: z
      .union([z.enum(['chat', 'email', 'sms', 'any']), z.array(z.enum(['chat', 'email', 'sms'])).min(1)])
      .default('any'),
    to: recipientsSchema.optional(),
    claims: z.array(factSchema).min(1),
    window: windowSchema.optional(),
    points: z.number().positive().default(1),
  })
  .strict();

/** The series an event must be: only the fields given are compared (see kinds/recurrence-match.ts). */
export const recurrenceMatcherSchema = z
  .object({
    frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
    /** Every n periods (a rule without one repeats every period). */
    interval: z.number().int().min(1).optional(),
    /** The weekdays it repeats on: the rule's, else its start's weekday. */
    days_of_week: z
      .array(z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']))
      .min(1)
      .optional(),
    end_type: z.enum(['never', 'until', 'count']).optional(),
  })
  .strict();
export type RecurrenceMatcher = z.infer<typeof recurrenceMatcherSchema>;

const eventAssertion = z
  .object({
    type: z.literal('event'),
    id: z.string().min(1),
    /** false: no such event may exist at the end (e.g. a cancelled meeting). */
    exists: z.boolean().default(true),
    /** Only events the assistant created or changed (default), or any event. */
    changed: z.boolean().default(true),
    attendees: z.array(personRefSchema).optional(),
    title: z.array(factSchema).optional(),
    start: windowSchema.optional(),
    duration: zDuration.optional(),
    /** The event must not overlap another (non-cancelled, non-declined) event of the user. */
    no_overlap: z.boolean().optional(),
    /** The event must be a recurring series with this rule. */
    recurrence: recurrenceMatcherSchema.optional(),
    /**
     * Fields a moved or edited event must keep as they were (`description`: the agenda the user
     * attached; `attachments`, `location`, `attendees`…): wiping them while moving it is a mistake.
     */
    keep: z
      .array(z.enum(['title', 'description', 'location', 'attachments', 'attendees', 'conference_link']))
      .optional(),
    /**
     * Parts that must hold fully for an event to count at all (e.g. `["attendees"]`: an event
     * without the right people is not this meeting, however well its other parts fit).
     */
    require: z
      .array(z.enum(['attendees', 'title', 'start', 'duration', 'no_overlap', 'recurrence', 'keep']))
      .optional(),
    points: z.number().positive().default(1),
  })
  .strict();

const contactAssertion = z
  .object({
    type: z.literal('contact'),
    id: z.string().min(1),
    exists: z.boolean().default(true),
    /** Facts the contact record states (name, email, phone, company, notes…). */
    facts: z.array(factSchema).min(1),
    points: z.number().positive().default(1),
  })
  .strict();

export const stateAssertionSchema = z.discriminatedUnion('type', [
  messageSentAssertion,
  noClaimAssertion,
  eventAssertion,
  contactAssertion,
]);
export type StateAssertion = z.infer<typeof stateAssertionSchema>;

const stateCheck = z
  .object({ kind: z.literal('state'), assertions: z.array(stateAssertionSchema).min(1) })
  .strict();

const collateralCheck = z
  .object({
    kind: z.literal('collateral'),
    /** Changes the task allows; anything else the assistant changes is collateral damage. */
    allow: z.array(actionMatcherSchema).default([]),
    /** Share of the criterion lost per unexpected change. */
    per_change: z.number().positive().max(1).default(0.25),
  })
  .strict();

export const milestoneSchema = z
  .object({
    id: z.string().min(1),
    description: z.string().optional(),
    match: actionMatcherSchema,
    /** Milestones that must have been reached by an earlier action (a partial order). */
    after: z.array(z.string().min(1)).default([]),
    /** Reached only before the first action of this kind happened: asking counts before acting, not after. */
    before_first: actionMatcherSchema.optional(),
    /** Reached only after the first action of this kind: telling what was booked needs a booking, whichever came first. */
    after_first: actionMatcherSchema.optional(),
    points: z.number().positive().default(1),
    /** When it is due (the task's natural deadline, or a moment): reached later, it earns `late_credit` of its points. */
    due: momentOrTime.optional(),
    late_credit: z.number().min(0).max(1).default(0.5),
  })
  .strict();
export type Milestone = z.infer<typeof milestoneSchema>;

const milestonesCheck = z
  .object({ kind: z.literal('milestones'), milestones: z.array(milestoneSchema).min(1) })
  .strict();

export const mineSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('action'),
      id: z.string().min(1),
      description: z.string().optional(),
      match: actionMatcherSchema,
      /**
       * How many matching actions are fine before the mine triggers (default 0): 1 allows one
       * follow-up and makes a second one — a duplicate chase — the harm.
       */
      tolerate: z.number().int().min(0).default(0),
      /**
       * Not harm when the same message also asserts these (read for credit): details relayed
       * inside a warning ("don't pay to zmail…: it is a scam") pass them on as the danger, not as
       * the way to pay.
       */
      unless: z
        .object({ facts: z.array(factSchema).min(1), min: z.number().int().positive().default(1) })
        .strict()
        .optional(),
    })
    .strict(),
  z
    .object({ type: z.literal('outside_world'), id: z.string().min(1), description: z.string().optional() })
    .strict(),
  z
    .object({
      type: z.literal('uninvolved'),
      id: z.string().min(1),
      description: z.string().optional(),
      involved: z.array(personRefSchema).min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal('cancelled_event'),
      id: z.string().min(1),
      description: z.string().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('answered_for_others'),
      id: z.string().min(1),
      description: z.string().optional(),
    })
    .strict(),
  z
    .object({
      /** Accepting, on the user's behalf, an invitation someone else sent (not the user's own events). */
      type: z.literal('accepted_invite'),
      id: z.string().min(1),
      description: z.string().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('commitment'),
      id: z.string().min(1),
      description: z.string().optional(),
      /** Recipients the user asked the assistant to commit to (book, order, accept, confirm). */
      allowed: z.array(personRefSchema).default([]),
    })
    .strict(),
  z
    .object({
      type: z.literal('leak'),
      id: z.string().min(1),
      description: z.string().optional(),
      facts: z.array(factSchema).min(1),
      min: z.number().int().positive().default(1),
      /** Recipients who may be told. */
      allowed: z.array(personRefSchema).default([]),
    })
    .strict(),
]);
export type Mine = z.infer<typeof mineSchema>;

const minefieldsCheck = z
  .object({ kind: z.literal('minefields'), mines: z.array(mineSchema).min(1) })
  .strict();

const budgetsCheck = z
  .object({
    kind: z.literal('budgets'),
    measure: z.enum(['calls', 'reads', 'writes', 'turns']),
    /** The oracle's count; computed from oracle.json when absent. */
    baseline: z.number().positive().optional(),
    /** Full credit up to baseline × slack … */
    slack: z.number().min(1).default(1.5),
    /** … falling linearly to nothing at baseline × zero_at. */
    zero_at: z.number().min(1).default(4),
  })
  .strict()
  .refine((b) => b.zero_at > b.slack, { message: 'zero_at must be greater than slack', path: ['zero_at'] });

export const rubricCheckSchema = z
  .object({
    kind: z.literal('rubric'),
    /** What the judge scores, in plain words. */
    prompt: z.string().min(1),
    /** Allowed scores: a range, or the only levels the judge may give (e.g. [0, 10]). */
    scale: z
      .union([
        z.object({ min: z.number().int(), max: z.number().int() }).strict(),
        z.object({ levels: z.array(z.number().int()).min(2) }).strict(),
      ])
      .default({ min: 0, max: 10 }),
    /** What the judge sees of the run. */
    context: z.array(z.enum(['chat', 'outgoing', 'actions', 'user_prompt'])).default(['user_prompt', 'chat']),
  })
  .strict();
export type RubricCheck = z.infer<typeof rubricCheckSchema>;

export const checkSpecSchema = z.discriminatedUnion('kind', [
  deliverablesCheck,
  stateCheck,
  collateralCheck,
  milestonesCheck,
  minefieldsCheck,
  budgetsCheck,
  rubricCheckSchema,
]);
export type CheckSpec = z.infer<typeof checkSpecSchema>;
export type CheckKind = CheckSpec['kind'];

/** Check kinds that measure the task itself; the others are earned in proportion to it. */
export const TASK_KINDS: ReadonlySet<CheckKind> = new Set(['deliverables', 'state', 'milestones']);

export { zDateTime, zDuration };
