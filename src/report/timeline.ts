import type { EvaluationInput } from '../green/run-record/evaluation-input.js';
import type { ActionLogEntryWithTurn, AssessmentResults } from '../protocol/index.js';
import { excerpt } from './html.js';

/**
 * The run in simulated time: each turn, the assistant's actions, the scripted messages arriving,
 * and the characters' replies — read from results.json and evaluation-input.json only.
 */

export type TimelineKind = 'turn' | 'action' | 'arrival' | 'reply' | 'user';

export interface TimelineEntry {
  /** ISO time (simulated). */
  time: string;
  kind: TimelineKind;
  /** The turn it happened in, when known. */
  turn: number | undefined;
  title: string;
  detail: string;
  /** A failed action or turn. */
  failed: boolean;
}

const KIND_ORDER: Readonly<Record<TimelineKind, number>> = {
  turn: 0,
  user: 1,
  arrival: 2,
  reply: 3,
  action: 4,
};

export function buildTimeline(
  results: AssessmentResults,
  input: EvaluationInput | undefined,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...turnEntries(results, input),
    ...results.action_log.map(actionEntry),
    ...(input ? [...inboundEntries(input), ...userEntries(input)] : []),
  ];
  const turns = input?.turns ?? [];
  for (const entry of entries) {
    if (entry.turn !== undefined) continue;
    const ms = Date.parse(entry.time);
    entry.turn = [...turns].reverse().find((turn) => Date.parse(turn.start_time) <= ms)?.turn_number;
  }
  return entries.sort(
    (a, b) => Date.parse(a.time) - Date.parse(b.time) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  );
}

function turnEntries(results: AssessmentResults, input: EvaluationInput | undefined): TimelineEntry[] {
  if (input) {
    return input.turns.map((turn) => ({
      time: turn.start_time,
      kind: 'turn',
      turn: turn.turn_number,
      title: `Turn ${turn.turn_number}`,
      detail: [
        `${turn.actions} action${turn.actions === 1 ? '' : 's'}, ${turn.reads} read${turn.reads === 1 ? '' : 's'}`,
        turn.time_step ? `then advanced ${turn.time_step}` : undefined,
        turn.early_completion ? 'the assistant said it is done' : undefined,
        turn.error ? `failed: ${turn.error}` : undefined,
        ...(turn.green_notes ?? []),
      ]
        .filter(Boolean)
        .join('; '),
      failed: turn.error !== null,
    }));
  }
  // Without the evaluation input, a turn is known by its first action only.
  const first = new Map<number, ActionLogEntryWithTurn>();
  for (const action of results.action_log) if (!first.has(action.turn)) first.set(action.turn, action);
  return [...first.values()].map((action) => ({
    time: action.timestamp,
    kind: 'turn',
    turn: action.turn,
    title: `Turn ${action.turn}`,
    detail: 'first action of the turn (evaluation-input.json is missing: turn times unknown)',
    failed: false,
  }));
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value.join(', ');
  if (Array.isArray(value)) {
    return value
      .map((entry) =>
        entry && typeof entry === 'object' && 'email' in entry
          ? String((entry as { email: unknown }).email)
          : '',
      )
      .filter(Boolean)
      .join(', ');
  }
  return undefined;
}

/** What an action was about, in one line: recipients, subject, text. */
export function describeAction(parameters: Record<string, unknown>): string {
  const to =
    text(parameters['to_addresses']) ?? text(parameters['to_numbers']) ?? text(parameters['attendees']);
  const subject = text(parameters['subject']) ?? text(parameters['title']);
  const body =
    text(parameters['body_text']) ??
    text(parameters['body']) ??
    text(parameters['content']) ??
    text(parameters['description']);
  const ids =
    text(parameters['message_ids']) ?? text(parameters['message_id']) ?? text(parameters['event_id']);
  return [
    to ? `to ${to}` : undefined,
    subject ? `“${excerpt(subject, 80)}”` : undefined,
    body ? excerpt(body, 200) : undefined,
    !to && !subject && !body && ids ? excerpt(ids, 120) : undefined,
  ]
    .filter(Boolean)
    .join(' — ');
}

function actionEntry(action: ActionLogEntryWithTurn): TimelineEntry {
  return {
    time: action.timestamp,
    kind: 'action',
    turn: action.turn,
    title: action.action,
    detail: [
      describeAction(action.parameters),
      action.notes ?? undefined,
      action.success ? undefined : `failed: ${action.error_message ?? ''}`,
    ]
      .filter(Boolean)
      .join(' — '),
    failed: !action.success,
  };
}

/**
 * Messages that reached the user during the run. A character's reply answers (`in_reply_to`, or
 * `replied_to_message_id` for SMS) something the user sent during the run; anything else that
 * arrived was scripted by the scenario.
 */
function inboundEntries(input: EvaluationInput): TimelineEntry[] {
  const { initial_state: before, final_state: after } = input;
  const user = after.email.user_email_address.toLowerCase();
  const newEmails = Object.values(after.email.emails).filter(
    (email) => !(email.message_id in before.email.emails),
  );
  const sentByUser = new Set(
    newEmails.filter((email) => email.from_address.toLowerCase() === user).map((email) => email.message_id),
  );
  const emails = newEmails
    .filter((email) => email.from_address.toLowerCase() !== user)
    .map((email): TimelineEntry => {
      const reply = typeof email.in_reply_to === 'string' && sentByUser.has(email.in_reply_to);
      return {
        time: email.received_at,
        kind: reply ? 'reply' : 'arrival',
        turn: undefined,
        title: `${reply ? 'reply email' : 'email'} from ${email.from_address}`,
        detail: `“${excerpt(email.subject, 80)}” — ${excerpt(email.body_text, 240)}`,
        failed: false,
      };
    });
  const newSms = Object.values(after.sms.messages).filter(
    (message) => !(message.message_id in before.sms.messages),
  );
  const smsByUser = new Set(
    newSms.filter((message) => message.direction === 'outgoing').map((message) => message.message_id),
  );
  const sms = newSms
    .filter((message) => message.direction === 'incoming')
    .map((message): TimelineEntry => {
      const replied = message.replied_to_message_id;
      const reply = typeof replied === 'string' && smsByUser.has(replied);
      return {
        time: message.sent_at,
        kind: reply ? 'reply' : 'arrival',
        turn: undefined,
        title: `${reply ? 'reply SMS' : 'SMS'} from ${message.from_number}`,
        detail: excerpt(message.body, 240),
        failed: false,
      };
    });
  return [...emails, ...sms];
}

/** What the user said in chat during the run (the task itself is in the initial state). */
function userEntries(input: EvaluationInput): TimelineEntry[] {
  const known = new Set(input.initial_state.chat.messages.map((message) => message.message_id));
  return input.final_state.chat.messages
    .filter((message) => message.role === 'user' && !known.has(message.message_id))
    .map((message) => ({
      time: message.timestamp,
      kind: 'user' as const,
      turn: undefined,
      title: 'the user in chat',
      detail: excerpt(chatText(message.content), 240),
      failed: false,
    }));
}

export function chatText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      block && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string'
        ? (block as { text: string }).text
        : '',
    )
    .filter(Boolean)
    .join('\n');
}

/** What was in the user's inbox (email and SMS received) when the run began. */
export interface WaitingAtStart {
  messages: number;
  unread: number;
  emails: number;
  sms: number;
  /** Who sent them (a contact's name when the address book knows the address), most first. */
  senders: Array<{ sender: string; count: number }>;
}

export function waitingAtStart(input: EvaluationInput): WaitingAtStart {
  const { email, sms, contacts } = input.initial_state;
  const user = email.user_email_address.toLowerCase();
  const emails = Object.values(email.emails).filter((item) => item.from_address.toLowerCase() !== user);
  const texts = Object.values(sms.messages).filter((item) => item.direction === 'incoming');
  const names = contactNames(contacts);
  const counts = new Map<string, number>();
  for (const from of [...emails.map((item) => item.from_address), ...texts.map((item) => item.from_number)]) {
    const known = names.get(from.toLowerCase());
    const sender = known ? `${known} (${from})` : from;
    counts.set(sender, (counts.get(sender) ?? 0) + 1);
  }
  return {
    messages: emails.length + texts.length,
    unread: [...emails, ...texts].filter((item) => !item.is_read).length,
    emails: emails.length,
    sms: texts.length,
    senders: [...counts]
      .map(([sender, count]) => ({ sender, count }))
      .sort((a, b) => b.count - a.count || a.sender.localeCompare(b.sender)),
  };
}

/** Most senders named in the timeline's note; the rest are counted. */
const MAX_SENDERS_NAMED = 12;

/** One sentence for the timeline: how many messages waited, how many unread, from whom. */
export function describeWaiting(waiting: WaitingAtStart): string {
  if (waiting.messages === 0) return 'No messages were waiting when the run began.';
  const kinds = [
    waiting.emails > 0 ? `${waiting.emails} email${waiting.emails === 1 ? '' : 's'}` : undefined,
    waiting.sms > 0 ? `${waiting.sms} SMS` : undefined,
  ]
    .filter(Boolean)
    .join(' and ');
  const named = waiting.senders
    .slice(0, MAX_SENDERS_NAMED)
    .map(({ sender, count }) => (count > 1 ? `${sender} × ${count}` : sender));
  const others = waiting.senders.length - named.length;
  const from =
    others > 0
      ? `${named.join(', ')} and ${others} other sender${others === 1 ? '' : 's'}`
      : named.join(', ');
  return (
    `${waiting.messages} message${waiting.messages === 1 ? ' was' : 's were'} waiting when the run began ` +
    `(${kinds}; ${waiting.unread} unread), from ${from}.`
  );
}

/** Email addresses and phone numbers of the address book, lower-cased, to the contact's name. */
function contactNames(contacts: EvaluationInput['initial_state']['contacts']): Map<string, string> {
  const names = new Map<string, string>();
  for (const contact of Object.values(contacts.contacts)) {
    for (const identifier of contact.identifiers) {
      if (contact.resolved_display_name)
        names.set(identifier.value.toLowerCase(), contact.resolved_display_name);
    }
  }
  return names;
}
