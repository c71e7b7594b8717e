/**
 * Conversation history as the character prompts show it: one entry per earlier message, oldest
 * first, and an optional summary standing in for everything before the last `MAX_THREAD_MESSAGES`.
 */

/** Threads longer than this are cut to their last messages, the rest summarised. */
export const MAX_THREAD_MESSAGES = 10;

export interface HistoryEntry {
  /** ISO 8601. */
  sentAt: string;
  /** Display name of the sender (character name, the user's name, or the raw address). */
  from: string;
  /** Email only. */
  subject?: string;
  body: string;
}

export interface ConversationHistory {
  /** Summary of the messages before `recent`, or null when the whole thread fits. */
  summary: string | null;
  /** The last messages before the one being answered, oldest first. */
  recent: HistoryEntry[];
}

export const EMPTY_HISTORY: ConversationHistory = { summary: null, recent: [] };

function minuteStamp(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** Email: `[YYYY-MM-DD HH:MM] Name:\nSubject: …\n\nbody`; SMS: `[YYYY-MM-DD HH:MM] Name: body`. */
export function formatHistoryEntry(entry: HistoryEntry, medium: 'email' | 'sms'): string {
  const head = `[${minuteStamp(entry.sentAt)}] ${entry.from}:`;
  if (medium === 'sms') return `${head} ${entry.body}`;
  return `${head}\nSubject: ${entry.subject ?? ''}\n\n${entry.body}`;
}

export function formatHistory(entries: readonly HistoryEntry[], medium: 'email' | 'sms'): string {
  return entries.map((entry) => formatHistoryEntry(entry, medium)).join(medium === 'email' ? '\n\n' : '\n');
}
