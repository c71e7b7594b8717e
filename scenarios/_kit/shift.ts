import type { EmailDef, SmsDef } from './definition.js';

/**
 * Moves generated messages to other days: `filler(...)` writes day 0 onwards, and an expert
 * scenario whose facts are buried in the past weeks wants that volume before the start
 * (`shiftDays(filler.emails, -21, { read: true })`: three weeks of already-read mail).
 */
export function shiftDays<T extends EmailDef | SmsDef>(
  messages: readonly T[],
  days: number,
  extra: { read?: boolean } = {},
): T[] {
  return messages.map((message) => {
    const match = /^d(-?\d+)\s+(\d{1,2}:\d{2})$/.exec(message.at);
    if (!match) throw new Error(`shiftDays: "${message.at}" is not a "d<n> HH:MM" time spec`);
    return {
      ...message,
      at: `d${Number(match[1]) + days} ${match[2]}`,
      ...(extra.read !== undefined ? { read: extra.read } : {}),
    };
  });
}
