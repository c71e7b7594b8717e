import type { TurnRecord } from '../../../src/green/judge/types.js';
import type { ActionLogEntryWithTurn } from '../../../src/protocol/index.js';
import {
  GROUND_TRUTH,
  type GroundTruthEmail,
  type Urgency,
} from '../../../scenarios/email_triage_basic/lib/ground-truth.js';
import { HOUR, START, at, type RunScript } from './context.js';

/**
 * Synthetic assistants: action logs as the green would record them for scripted behaviours. Turns
 * are hourly, 06:00 … 18:00 (13), as the green runs a PT1H assistant.
 */

export const TURN_TIMES = Array.from({ length: 13 }, (_, index) => START + index * HOUR);

export function iso(time: number): string {
  return new Date(time).toISOString();
}

export function turnAt(time: number): number {
  return Math.floor((time - START) / HOUR) + 1;
}

export function entry(
  time: number,
  action: string,
  parameters: Record<string, unknown>,
  turn = turnAt(time),
): ActionLogEntryWithTurn {
  return {
    message_type: 'action_log_entry',
    turn,
    timestamp: iso(time),
    action,
    parameters,
    success: true,
    error_message: null,
  };
}

export function chatPost(
  time: number,
  content: unknown,
  extra: Record<string, unknown> = {},
): ActionLogEntryWithTurn {
  return entry(time, 'chat.send_message', {
    role: 'assistant',
    content,
    conversation_id: 'user-assistant',
    ...extra,
  });
}

/** Emails that arrived in (from, to]; the backlog counts as arriving at the start. */
export function arrivedBetween(from: number, to: number): GroundTruthEmail[] {
  return GROUND_TRUTH.emails.filter((email) => {
    const time = Date.parse(email.available_at);
    return time > from && time <= to;
  });
}

const HEADINGS: Record<Urgency, string> = {
  high: '🔴 High urgency',
  medium: '🟡 Medium urgency',
  low: '🟢 Low urgency',
};

function hhmm(time: number): string {
  return iso(time).slice(11, 16);
}

function cleanSubject(subject: string): string {
  return subject.replace(/^Re:\s*/, '').replace(/^🔴\s*/, '');
}

function threadNote(email: GroundTruthEmail): string {
  if (email.email_id === 'email_020') return " Related to Karen Mitchell's dashboard export requests.";
  if (!GROUND_TRUTH.thread_tracking.non_initial_thread_email_ids.includes(email.email_id)) return '';
  const thread = GROUND_TRUTH.threads[email.thread_id!]!;
  return ` Follow-up in the ${thread.name} thread.`;
}

export function perfectItem(email: GroundTruthEmail): string {
  return `- **${email.sender_name}** — ${cleanSubject(email.subject)}: ${email.summary_hint}${threadNote(email)}`;
}

/** What an ideal assistant posts for these emails: substantive ones by urgency, noise left out. */
export function perfectText(time: number, emails: readonly GroundTruthEmail[], item = perfectItem): string {
  const substantive = emails.filter((email) => !email.is_noise);
  if (substantive.length === 0)
    return `**Inbox triage — ${hhmm(time)} UTC**\n\nQuiet hour: no important new emails.`;
  const sections = (['high', 'medium', 'low'] as const)
    .map((urgency) => {
      const items = substantive.filter((email) => email.urgency === urgency).map(item);
      return items.length === 0 ? '' : `${HEADINGS[urgency]}\n${items.join('\n')}`;
    })
    .filter(Boolean);
  return `**Inbox triage — ${hhmm(time)} UTC**\n\n${sections.join('\n\n')}`;
}

export interface ScriptOptions {
  /** Post at 06:00 as well (the backlog); otherwise the 07:00 summary covers it. */
  backlogAt06?: boolean;
  /** Mark the summarised emails read (one bulk call per turn). */
  markRead?: boolean;
  /** Reads per turn (e.g. one email query). */
  readsPerTurn?: number;
  /** Build the text of one post. */
  text?: (time: number, emails: GroundTruthEmail[]) => string;
}

/** An hourly assistant: one post per turn from 06:00 (or 07:00) to 18:00. */
export function hourlyAssistant(options: ScriptOptions = {}): RunScript {
  const { backlogAt06 = true, markRead = true, readsPerTurn = 1, text = perfectText } = options;
  const actionLog: ActionLogEntryWithTurn[] = [];
  const turns: TurnRecord[] = [];
  let covered = -Infinity;
  for (const time of TURN_TIMES) {
    const before = actionLog.length;
    const posting = backlogAt06 || time > START;
    if (posting) {
      const emails = arrivedBetween(covered, time);
      covered = time;
      actionLog.push(chatPost(time, text(time, emails)));
      if (markRead && emails.length > 0) {
        const ids = emails.map((email) => email.email_id);
        actionLog.push(entry(time, 'email.mark_read', { message_ids: ids, message_id: ids[0] }));
      }
    }
    turns.push(turnRecord(time, actionLog.length - before, posting ? readsPerTurn : 0));
  }
  return { actionLog, turns, readCount: turns.reduce((sum, turn) => sum + turn.reads, 0) };
}

export function turnRecord(time: number, actions: number, reads: number): TurnRecord {
  return {
    turn_number: turnAt(time),
    start_time: iso(time),
    end_time: iso(Math.min(time + HOUR, at('18:00'))),
    time_step: 'PT1H',
    actions,
    reads,
    early_completion: false,
    error: null,
    notes: null,
  };
}

/** Thirteen turns in which the assistant does nothing at all. */
export function doNothing(): RunScript {
  return { actionLog: [], turns: TURN_TIMES.map((time) => turnRecord(time, 0, 0)), readCount: 0 };
}

/** Like the perfect assistant, but also lists every noise email under "Also received". */
export function noisyText(time: number, emails: GroundTruthEmail[]): string {
  const noise = emails.filter((email) => email.is_noise);
  const base = perfectText(time, emails);
  if (noise.length === 0) return base;
  return `${base}\n\nAlso received:\n${noise.map((email) => `- ${email.sender_name}: ${email.subject}`).join('\n')}`;
}

/**
 * A rule of thumb rather than judgement: every email, noise included, as "sender: subject", urgent
 * when the subject sounds urgent and low otherwise.
 */
export function ruleOfThumbText(time: number, emails: GroundTruthEmail[]): string {
  if (emails.length === 0) return `Inbox at ${hhmm(time)}: nothing new.`;
  const urgent = (email: GroundTruthEmail) =>
    /alert|urgent|asap|unacceptable|escalation/i.test(email.subject);
  const line = (email: GroundTruthEmail) => `- ${email.sender_name}: ${email.subject}`;
  const high = emails.filter(urgent).map(line);
  const rest = emails.filter((email) => !urgent(email)).map(line);
  return [
    `Inbox at ${hhmm(time)}:`,
    ...(high.length ? ['', 'URGENT:', ...high] : []),
    ...(rest.length ? ['', 'Low priority:', ...rest] : []),
  ].join('\n');
}

/** Adds `count` email sends (in the first turns) to a script. */
export function withSends(run: RunScript, count: number, action = 'email.send'): RunScript {
  const sends = Array.from({ length: count }, (_, index) =>
    entry(TURN_TIMES[index % TURN_TIMES.length]!, action, {
      to_addresses: ['karen.mitchell@acmecorp.com'],
      subject: 'Re: Dashboard export',
      body_text: 'We are on it.',
    }),
  );
  const actionLog = [...run.actionLog, ...sends].sort(
    (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp),
  );
  return { ...run, actionLog };
}
