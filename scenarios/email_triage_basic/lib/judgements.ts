import { z } from 'zod';
import { GROUND_TRUTH, earlierThreadEmails, type GroundTruthEmail } from './ground-truth.js';
import type { ChatTurn } from './llm.js';
import { formatTime, type Post } from './posts.js';

/**
 * The per-email questions the LLM method asks about one summary: one batched call per summary,
 * with the summary's full text and the emails it is responsible for. Each kind has its own output
 * schema; entries are keyed by email id so a missing or unknown id can never be credited.
 */

export const KINDS = ['mention', 'accuracy', 'urgency', 'thread'] as const;
export type Kind = (typeof KINDS)[number];

const entry = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ emails: z.array(z.object({ email_id: z.string().min(1), ...shape })) });

export const VERDICT_SCHEMAS = {
  mention: entry({ mentioned: z.boolean() }),
  accuracy: entry({ covered: z.boolean(), accurate: z.boolean() }),
  urgency: entry({ label: z.enum(['high', 'medium', 'low', 'none']) }),
  thread: entry({ thread_aware: z.boolean() }),
} as const;

export type Verdict<K extends Kind> = Omit<
  z.output<(typeof VERDICT_SCHEMAS)[K]>['emails'][number],
  'email_id'
>;

const SYSTEM = `You are an impartial evaluator in a benchmark of AI personal assistants.
The user, Alex Thompson, asked the assistant to triage their inbox every hour and post a chat summary.
You are shown ONE chat post by the assistant, in full, and the emails that post is responsible for (those that arrived since the previous summary).
Judge only what this post says about each listed email. Be strict and literal; do not give the benefit of the doubt.
Answer with a JSON object only, with exactly one entry per listed email id.`;

const TASKS: Record<Kind, string> = {
  mention: `For each listed email decide whether the post mentions that specific email: by its sender, subject or content, however briefly, including in a list of skipped or filtered messages. A bare count that does not identify the email ("3 newsletters skipped") is not a mention.
Return {"emails": [{"email_id": "...", "mentioned": true|false}, ...]}.`,
  accuracy: `For each listed email decide:
- covered: the post summarises this email (a reader can tell which email it is);
- accurate: covered, and what the post says about it agrees with the reference summary — who it is from, what it is about and why it matters — with no factual errors and no important omissions.
Return {"emails": [{"email_id": "...", "covered": true|false, "accurate": true|false}, ...]}.`,
  urgency: `For each listed email report the urgency the ASSISTANT assigned to it in this post — "high", "medium" or "low" — read from its label, marker, heading or section (urgent / critical count as high). Report the assistant's label, not your own opinion. Use "none" when the post does not mention the email or gives it no discernible urgency.
Return {"emails": [{"email_id": "...", "label": "high"|"medium"|"low"|"none"}, ...]}.`,
  thread: `For each listed email decide thread_aware: true when what the post says about this email shows awareness of the earlier emails of its thread — it calls it a follow-up, update or escalation, relates it to the earlier alert, request or plan, or summarises the progression — or, for an email marked as linked to another thread, connects it to that thread. False when the email is not mentioned or is reported as if it were new and unrelated.
Return {"emails": [{"email_id": "...", "thread_aware": true|false}, ...]}.`,
};

function emailLine(email: GroundTruthEmail, kind: Kind): string {
  const lines = [
    `- ${email.email_id}: from ${email.sender_name} <${email.from_address}>, arrived ${formatTime(Date.parse(email.available_at))}`,
    `  subject: ${email.subject}`,
  ];
  if (kind === 'accuracy' && email.summary_hint) lines.push(`  reference summary: ${email.summary_hint}`);
  if (kind === 'thread') lines.push(...threadContext(email));
  return lines.join('\n');
}

function threadContext(email: GroundTruthEmail): string[] {
  const lines: string[] = [];
  const thread = email.thread_id === null ? undefined : GROUND_TRUTH.threads[email.thread_id];
  if (thread !== undefined) {
    lines.push(`  thread: ${thread.name} — ${thread.arc_description}`);
    const earlier = earlierThreadEmails(email, thread.thread_id);
    if (earlier.length > 0) {
      lines.push('  earlier emails in this thread:');
      for (const prior of earlier) {
        lines.push(
          `    - ${formatTime(Date.parse(prior.available_at))} ${prior.sender_name}: ${prior.summary_hint ?? prior.subject}`,
        );
      }
    }
  }
  const linked = GROUND_TRUTH.thread_tracking.cross_thread_connections[email.email_id];
  const other = linked === undefined ? undefined : GROUND_TRUTH.threads[linked];
  if (other !== undefined) {
    lines.push(`  linked to another thread: ${other.name} — ${other.arc_description}`);
    const earlier = earlierThreadEmails(email, other.thread_id);
    for (const prior of earlier) {
      lines.push(
        `    - ${formatTime(Date.parse(prior.available_at))} ${prior.sender_name}: ${prior.summary_hint ?? prior.subject}`,
      );
    }
  }
  return lines;
}

/** The messages of one batched call: the whole post, never truncated, and the emails. */
export function buildMessages(
  kind: Kind,
  summary: Post,
  emails: readonly GroundTruthEmail[],
  userPrompt: string,
): ChatTurn[] {
  const human = [
    `The user's request: ${userPrompt}`,
    '',
    `Chat post by the assistant at ${formatTime(summary.time)}:`,
    '<<<BEGIN POST>>>',
    summary.text,
    '<<<END POST>>>',
    '',
    `Emails this post is responsible for (${emails.length}):`,
    ...emails.map((email) => emailLine(email, kind)),
    '',
    TASKS[kind],
  ].join('\n');
  return [
    ['system', SYSTEM],
    ['human', human],
  ];
}

/** Verdicts by email id for the emails asked about; unknown ids are ignored, the first answer wins. */
export function indexVerdicts<K extends Kind>(
  answer: z.output<(typeof VERDICT_SCHEMAS)[K]>,
  asked: readonly GroundTruthEmail[],
): Map<string, Verdict<K>> {
  const wanted = new Set(asked.map((email) => email.email_id));
  const verdicts = new Map<string, Verdict<K>>();
  for (const item of answer.emails as { email_id: string }[]) {
    if (!wanted.has(item.email_id) || verdicts.has(item.email_id)) continue;
    const { email_id: _id, ...verdict } = item;
    verdicts.set(item.email_id, verdict as Verdict<K>);
  }
  return verdicts;
}
