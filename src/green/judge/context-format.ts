import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { StateSnapshot, TurnRecord } from './types.js';

/**
 * The evaluation context as the LLM judge reads it. Every parameter is shown in full: rubrics
 * judge the assistant's actual text (the original cut each value to 200 characters and so scored
 * summaries it could not read).
 */

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

function formatParameter(key: string, value: unknown): string {
  if (typeof value === 'string') {
    return value.includes('\n') ? `- ${key}:\n${indent(value, '    | ')}` : `- ${key}: ${value}`;
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  return `- ${key}: ${json}`;
}

export function formatActionEntry(entry: ActionLogEntryWithTurn, index: number): string {
  const outcome = entry.success ? '✓ succeeded' : '✗ failed';
  const lines = [
    `### Action ${index + 1}: ${entry.action} (turn ${entry.turn}, ${entry.timestamp}) ${outcome}`,
  ];
  if (!entry.success && entry.error_message) lines.push(`Error: ${entry.error_message}`);
  const parameters = Object.entries(entry.parameters ?? {});
  if (parameters.length === 0) lines.push('Parameters: (none)');
  else lines.push('Parameters:', ...parameters.map(([key, value]) => formatParameter(key, value)));
  return lines.join('\n');
}

export function formatActionLog(actionLog: readonly ActionLogEntryWithTurn[]): string {
  if (actionLog.length === 0) return '(The assistant took no state-changing actions.)';
  return actionLog.map(formatActionEntry).join('\n\n');
}

type Count = number | undefined;

function sizeOf(value: unknown): Count {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object') return Object.keys(value).length;
  return undefined;
}

function numberOf(value: unknown): Count {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function change(label: string, before: Count | string, after: Count | string): string {
  const show = (value: Count | string) => (value === undefined ? 'n/a' : String(value));
  return `- ${label}: ${show(before)} → ${show(after)}`;
}

/** Counts read from the real `GET /<modality>/state` fields (the original read keys that do not exist). */
function snapshotCounts(state: StateSnapshot | undefined): Record<string, Count | string> {
  const email = state?.email;
  const sms = state?.sms;
  const calendar = state?.calendar;
  const chat = state?.chat;
  const counts: Record<string, Count | string> = {
    time: state?.time?.current_time,
    'email: emails': numberOf(email?.total_email_count),
    'email: unread': numberOf(email?.unread_count),
    'email: threads': sizeOf(email?.threads),
    'sms: messages': numberOf(sms?.total_message_count),
    'sms: unread': numberOf(sms?.unread_count),
    'sms: conversations': numberOf(sms?.total_conversation_count),
    'calendar: events': numberOf(calendar?.event_count),
    'calendar: calendars': numberOf(calendar?.calendar_count),
    'chat: messages': numberOf(chat?.total_message_count),
    'chat: assistant messages': Array.isArray(chat?.messages)
      ? chat.messages.filter((message) => message.role === 'assistant').length
      : undefined,
  };
  for (const [folder, ids] of Object.entries(email?.folders ?? {}))
    counts[`email folder "${folder}"`] = sizeOf(ids);
  return counts;
}

export function formatStateSummary(initial: StateSnapshot, final: StateSnapshot): string {
  const before = snapshotCounts(initial);
  const after = snapshotCounts(final);
  const labels = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return labels.map((label) => change(label, before[label], after[label])).join('\n');
}

export function formatRunSummary(turns: readonly TurnRecord[], actions: number, reads: number): string {
  const failed = turns.filter((turn) => turn.error).length;
  return [
    `- turns: ${turns.length}${failed ? ` (${failed} failed)` : ''}`,
    `- state-changing actions: ${actions}`,
    `- read calls: ${reads}`,
  ].join('\n');
}
