import { z } from 'zod';
import raw from '../ground_truth.json' with { type: 'json' };

/**
 * The grading key (`ground_truth.json`): every email with its class, urgency, reference summary,
 * thread and real arrival time (`available_at`), plus the threads and what each hourly summary is
 * expected to contain. Parsed once, at import, so a broken file fails loudly at load time.
 */

export const URGENCIES = ['high', 'medium', 'low'] as const;
export const urgencySchema = z.enum(URGENCIES);
export type Urgency = z.infer<typeof urgencySchema>;

const isoTime = z.iso.datetime({ offset: true });

export const groundTruthEmailSchema = z
  .object({
    email_id: z.string().min(1),
    email_number: z.number().int().positive(),
    category: z.string().min(1),
    is_noise: z.boolean(),
    urgency: urgencySchema.nullable(),
    sender_name: z.string().min(1),
    from_address: z.string().min(1),
    subject: z.string().min(1),
    summary_hint: z.string().min(1).nullable(),
    /** The story thread (ground truth), or null; may differ from the UES thread id. */
    thread_id: z.string().nullable(),
    ues_thread_id: z.string().min(1),
    /** When the email is in the inbox: the scenario start for pre-existing emails. */
    available_at: isoTime,
    pre_existing: z.boolean(),
    /** For the offline heuristic: who (any alias) and what (distinctive phrases, lower case). */
    match: z.object({
      sender_aliases: z.array(z.string().min(1)).min(1),
      keywords: z.array(z.string().min(1)).min(1),
    }),
  })
  .refine((email) => email.is_noise === (email.urgency === null), {
    message: 'noise emails have no urgency and substantive emails have one',
  })
  .refine((email) => email.is_noise === (email.summary_hint === null), {
    message: 'substantive emails (only) have a summary_hint',
  });
export type GroundTruthEmail = z.infer<typeof groundTruthEmailSchema>;

export const groundTruthThreadSchema = z.object({
  thread_id: z.string().min(1),
  name: z.string().min(1),
  email_ids: z.array(z.string().min(1)).min(1),
  arc_description: z.string().min(1),
  initial_urgency: urgencySchema,
  final_urgency: urgencySchema,
  related_thread_ids: z.array(z.string()),
  /** Topic words that tie an item to this thread (offline heuristic). */
  context_keywords: z.array(z.string().min(1)).min(1),
  /** Words that connect an email of another thread to this one (cross-thread awareness). */
  link_keywords: z.array(z.string().min(1)),
});
export type GroundTruthThread = z.infer<typeof groundTruthThreadSchema>;

export const groundTruthSchema = z.object({
  scenario_start: isoTime,
  scenario_end: isoTime,
  emails: z.array(groundTruthEmailSchema).min(1),
  threads: z.record(z.string(), groundTruthThreadSchema),
  thread_tracking: z.object({
    /** The emails thread_tracking scores: non-initial thread emails plus cross-thread ones. */
    email_ids: z.array(z.string().min(1)),
    non_initial_thread_email_ids: z.array(z.string().min(1)),
    /** email id → the other thread the assistant is expected to connect it to. */
    cross_thread_connections: z.record(z.string(), z.string()),
  }),
  marks: z.array(
    z.object({
      mark: isoTime,
      window_start: isoTime,
      substantive_email_ids: z.array(z.string()),
      noise_email_ids: z.array(z.string()),
      is_quiet_hour: z.boolean(),
    }),
  ),
  counts: z.object({ total: z.number().int(), noise: z.number().int(), substantive: z.number().int() }),
});
export type GroundTruth = z.infer<typeof groundTruthSchema>;

export const GROUND_TRUTH: GroundTruth = groundTruthSchema.parse(raw);

const BY_ID = new Map(GROUND_TRUTH.emails.map((email) => [email.email_id, email]));

export function groundTruthEmail(id: string): GroundTruthEmail {
  const email = BY_ID.get(id);
  if (email === undefined) throw new Error(`ground_truth.json has no email ${id}`);
  return email;
}

/** Emails of `thread_id` that arrived before `email`, oldest first. */
export function earlierThreadEmails(email: GroundTruthEmail, threadId: string): GroundTruthEmail[] {
  const thread = GROUND_TRUTH.threads[threadId];
  if (thread === undefined) return [];
  const before = Date.parse(email.available_at);
  return thread.email_ids
    .map(groundTruthEmail)
    .filter((other) => other.email_id !== email.email_id && Date.parse(other.available_at) <= before)
    .sort((a, b) => Date.parse(a.available_at) - Date.parse(b.available_at));
}
