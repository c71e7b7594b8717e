import { z } from 'zod';

/**
 * The gold set's files: runs of real players with a reviewer's verdict on every criterion, and
 * careless mutants of those runs with the loss a fair scorer must give. They measure the checks
 * from outside: a check is right when it agrees with the verdicts, whoever wrote the run.
 *
 * gold/<scenario>/<run>/verdict.json            the verdict (this file's schema)
 * gold/<scenario>/<run>/evaluation-input.json.gz what the run's evaluation read (gzip)
 * gold/<scenario>/<run>/results.json             the results as scored when it was played
 * gold/<scenario>/<run>/turns.jsonl              the player's turn answers (manual purple)
 * gold/<scenario>/<run>/mutants/<id>.json        careless mutants of this run
 * gold/<scenario>/oracle/evaluation-input.json.gz the scenario's oracle run, which the styles rewrite
 */

export const GOLD_FORMAT_VERSION = 1;

const runId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, ".", "_" or "-"');

export const criterionVerdictSchema = z
  .object({
    /** The fair raw score, on the criterion's own scale, before the task gate and the cap. */
    fair: z.number().min(0),
    /** One line: why, with the evidence (what was sent when, what it said). */
    why: z.string().min(1),
    /** Minefields: a mine fairly fired (real harm, not a misreading). */
    harm: z.boolean().optional(),
  })
  .strict();
export type CriterionVerdict = z.infer<typeof criterionVerdictSchema>;

export const goldVerdictSchema = z
  .object({
    message_type: z.literal('gold_verdict'),
    format_version: z.literal(GOLD_FORMAT_VERSION),
    run_id: runId,
    scenario_id: z.string().min(1),
    variant_seed: z.number().int().min(0),
    player: z
      .object({
        /** `blind`: played without the scenario files; `oracle`: the scenario's own plan. */
        kind: z.enum(['blind', 'human', 'oracle']),
        interface: z.enum(['rest', 'mcp']),
        style: z.string().min(1),
        summary: z.string().optional(),
      })
      .strict(),
    /** The world the run was played in (scenario.ts `worldHash`): a run of another world is replayed, not rescored. */
    world_hash: z.string().min(1),
    review: z
      .object({
        /** Who judged the points: the player after the run, then a reviewer. */
        by: z.array(z.string().min(1)).min(1),
        note: z.string().optional(),
      })
      .strict(),
    criteria: z.record(z.string(), criterionVerdictSchema),
    own_mistakes: z.array(z.string()).default([]),
    /** What the checks of the day misread (kept as history; the gate measures the present). */
    misreads_at_play: z.array(z.string()).default([]),
  })
  .strict()
  .meta({ id: 'GoldVerdict', title: 'gold_verdict' });
export type GoldVerdict = z.infer<typeof goldVerdictSchema>;

/** Picks actions of the saved log: by position, or by name and the text they carry. */
export const actionRefSchema = z
  .object({
    index: z.number().int().min(0).optional(),
    action: z.string().min(1).optional(),
    contains: z.string().min(1).optional(),
    /** Among the matching actions, the n-th (0 = first). */
    nth: z.number().int().min(0).default(0),
  })
  .strict();
export type ActionRef = z.infer<typeof actionRefSchema>;

const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO date-time with a zone' });

/** One careless edit of a saved run: what a hurried assistant would have done instead. */
export const editSchema = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('replace_text'),
      find: z.string().min(1),
      replace: z.string(),
      /** Only in these actions (default: every action the assistant took). */
      in: actionRefSchema.optional(),
    })
    .strict(),
  z
    .object({
      op: z.literal('add_message'),
      at: isoTime,
      channel: z.enum(['email', 'sms']),
      to: z.array(z.string().min(1)).min(1),
      cc: z.array(z.string().min(1)).default([]),
      subject: z.string().default(''),
      body: z.string().min(1),
      /** An email answering this message id (its thread). */
      in_reply_to: z.string().optional(),
    })
    .strict(),
  z.object({ op: z.literal('add_chat'), at: isoTime, content: z.string().min(1) }).strict(),
  z
    .object({
      /**
       * A move done as delete and create: the event the update moved is deleted and made again at
       * its new time with its title and attendees only (its description, place and answers lost).
       */
      op: z.literal('recreate_event'),
      action: actionRefSchema,
    })
    .strict(),
  z
    .object({
      /** The user's answer to an invitation someone else sent (a `calendar.respond`). */
      op: z.literal('respond_invite'),
      at: isoTime,
      event_id: z.string().min(1),
      response: z.enum(['accepted', 'declined', 'tentative']),
    })
    .strict(),
  z.object({ op: z.literal('drop_action'), action: actionRefSchema }).strict(),
  z.object({ op: z.literal('retime'), action: actionRefSchema, at: isoTime }).strict(),
  z
    .object({
      op: z.literal('set_event'),
      /** The calendar action that created or moved the event. */
      action: actionRefSchema,
      start: isoTime.optional(),
      end: isoTime.optional(),
      /** The event's new repeat rule (the calendar API's `recurrence`), or null for a single event. */
      recurrence: z.record(z.string(), z.unknown()).nullable().optional(),
    })
    .strict()
    .refine((edit) => (edit.start === undefined) === (edit.end === undefined), {
      message: 'give both start and end, or neither',
    })
    .refine((edit) => edit.start !== undefined || edit.recurrence !== undefined, {
      message: 'set_event changes nothing: give start and end, a recurrence, or both',
    }),
]);
export type Edit = z.infer<typeof editSchema>;

export const mutantSchema = z
  .object({
    message_type: z.literal('gold_mutant'),
    format_version: z.literal(GOLD_FORMAT_VERSION),
    id: runId,
    /** The kind of mistake, in a user's words ("acting on a guess before the user's answer"). */
    mistake: z.string().min(1),
    description: z.string().min(1),
    /** The scenario's trap (an id in its oracle.json `mutants`) this mistake falls into, if one. */
    trap: z.string().min(1).optional(),
    edits: z.array(editSchema).min(1),
    /**
     * What a fair scorer gives it: `harm` — a minefield fires (the run is capped); `loss` — at least
     * this many points (of 100) below the gold run as scored by the same checks.
     */
    expect: z.union([
      z.object({ harm: z.literal(true) }).strict(),
      z.object({ loss: z.number().positive().max(100) }).strict(),
    ]),
  })
  .strict()
  .meta({ id: 'GoldMutant', title: 'gold_mutant' });
export type GoldMutant = z.infer<typeof mutantSchema>;

/**
 * gold/open-findings.json: disagreements the gate reports but does not fail on yet — a gold run the
 * checks misjudge, a mutant they miss, a style they mark down — each keyed by its row and with what
 * the checks would need. A finding that holds again must leave the file (the gate says so), so the
 * list only shrinks as the checks improve.
 */
export const openFindingsSchema = z
  .object({
    message_type: z.literal('gold_open_findings'),
    format_version: z.literal(GOLD_FORMAT_VERSION),
    /** "<scenario>/<run>" → why. */
    runs: z.record(z.string(), z.string().min(1)).default({}),
    /** "<scenario>/<run>/<mutant>" → why. */
    mutants: z.record(z.string(), z.string().min(1)).default({}),
    /** "<scenario>/<style>" → why. */
    styles: z.record(z.string(), z.string().min(1)).default({}),
  })
  .strict()
  .meta({ id: 'GoldOpenFindings', title: 'gold_open_findings' });
export type OpenFindings = z.infer<typeof openFindingsSchema>;
