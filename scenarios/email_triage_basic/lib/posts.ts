import type { ActionLogEntryWithTurn } from '../../../src/protocol/index.js';

/**
 * The assistant's chat posts, read from the action log: `chat.send_message` actions with role
 * `assistant`. Messages posted in the same turn (the same simulated instant) are one post — the user
 * reads them together.
 */

export interface Post {
  /** 0-based, in time order. */
  index: number;
  turn: number;
  /** Simulated time of the first message (ms since the epoch). */
  time: number;
  /** The same as an ISO 8601 string. */
  iso: string;
  /** Every message's text in full, joined by blank lines. */
  text: string;
  messageCount: number;
  conversationIds: string[];
}

/** The plain text of chat content: a string, or the `text` of its `{type: "text"}` blocks. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((block) => {
        if (typeof block === 'string') return block;
        if (typeof block === 'object' && block !== null) {
          const text = (block as Record<string, unknown>).text;
          if (typeof text === 'string') return text;
        }
        return '';
      })
      .filter((text) => text.length > 0)
      .join('\n');
  }
  return '';
}

export function isAssistantMessage(entry: ActionLogEntryWithTurn): boolean {
  return (
    entry.action === 'chat.send_message' && entry.success !== false && entry.parameters.role === 'assistant'
  );
}

/** The assistant's posts, oldest first, one per turn (and instant). */
export function assistantPosts(actionLog: readonly ActionLogEntryWithTurn[]): Post[] {
  const groups = new Map<
    string,
    { turn: number; time: number; texts: string[]; conversations: Set<string> }
  >();
  for (const entry of actionLog) {
    if (!isAssistantMessage(entry)) continue;
    const time = Date.parse(entry.timestamp);
    if (Number.isNaN(time)) continue;
    const key = `${entry.turn}|${time}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { turn: entry.turn, time, texts: [], conversations: new Set() };
      groups.set(key, group);
    }
    group.texts.push(contentText(entry.parameters.content));
    const conversation = entry.parameters.conversation_id;
    group.conversations.add(typeof conversation === 'string' ? conversation : 'default');
  }
  return [...groups.values()]
    .sort((a, b) => a.time - b.time || a.turn - b.turn)
    .map((group, index) => ({
      index,
      turn: group.turn,
      time: group.time,
      iso: new Date(group.time).toISOString(),
      text: group.texts.join('\n\n'),
      messageCount: group.texts.length,
      conversationIds: [...group.conversations].sort(),
    }));
}

/** "2026-01-28 09:00 UTC" */
export function formatTime(time: number): string {
  const iso = new Date(time).toISOString();
  const seconds = iso.slice(17, 19);
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds === '00' ? 16 : 19)} UTC`;
}
