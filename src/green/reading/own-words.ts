import { normaliseAddress } from './addresses.js';
import { contentWords, sourceWordShare } from './copying.js';

/**
 * What a reply tells its recipients: the assistant's own words, without what they already have.
 * An inherited `Re: <their subject>` and the quoted original are neither a claim (a stale date
 * quoted below the answer is not stated again) nor news (quoting someone's message back to them
 * passes nothing on), so neither counts for the facts a reply covers or the wrong facts it states.
 * A forward is different: passing a message on to someone new is telling them, so it keeps its
 * quoted original — and so does a reply that copies in anyone who was not on the original.
 */

/** A reply's opening of the quoted original: "On Tue, 3 Sept, Ana wrote:", an Outlook header. */
const QUOTE_OPENINGS = [
  /^\s*On\b.{3,240}\bwrote:\s*$/i,
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^\s*_{5,}\s*$/,
];

const REPLY_PREFIXES = /^(?:\s*(?:re|aw|sv|fwd?|wg)\s*:\s*)+/i;

function bareSubject(subject: string): string {
  return subject.replace(REPLY_PREFIXES, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Whether a quoted or forwarded passage is already in the thread being answered (by its words). */
function alreadyInThread(passage: string, thread: readonly string[]): boolean {
  if (contentWords(passage).length === 0) return true;
  return thread.some((message) => sourceWordShare(passage, message)! >= 0.7);
}

/**
 * The body without what the thread already holds: quoted lines (`> …`) and everything from a quoted
 * original's opening on — told by content when the thread is given, so a message forwarded below a
 * reply ("---------- Forwarded message ----------" and an invoice from another thread) is passed on,
 * not dropped as the original. Without the thread, everything quoted is dropped.
 */
export function withoutQuotedOriginal(body: string, thread?: readonly string[]): string {
  const kept: string[] = [];
  const lines = body.split('\n');
  let i = 0;
  const quoted = (line: string): boolean => /^\s*>/.test(line);
  const opening = (line: string): boolean => QUOTE_OPENINGS.some((pattern) => pattern.test(line));
  while (i < lines.length) {
    const line = lines[i]!;
    if (!opening(line) && !quoted(line)) {
      kept.push(line);
      i += 1;
      continue;
    }
    // A passage: a run of quoted lines, or an opening and everything to the next opening.
    const start = i;
    i += 1;
    if (quoted(line)) while (i < lines.length && quoted(lines[i]!)) i += 1;
    else while (i < lines.length && !opening(lines[i]!)) i += 1;
    const passage = lines.slice(start, i);
    if (thread === undefined) {
      if (opening(line)) break;
      continue;
    }
    // Compared by its body: the opening line and a forward's header lines are not its content.
    const text = passage
      .filter((l) => !opening(l) && !/^\s*>?\s*(?:from|sent|to|cc|date|subject):/i.test(l))
      .map((l) => l.replace(/^\s*>\s?/, ''))
      .join('\n');
    if (!alreadyInThread(text, thread)) kept.push(...passage);
  }
  return kept.join('\n').trimEnd();
}

export interface RepliedEmail {
  subject: string;
  body_text?: string;
  from_address: string;
  to_addresses: readonly string[];
  cc_addresses: readonly string[];
  reply_to_address?: string | null;
}

/**
 * The text a reply to `original` states: its subject unless it only repeats the original's, and
 * its body without the quoted original — unless it goes to someone who was not on the original.
 */
export function replyOwnWords(
  subject: string,
  body: string,
  original: RepliedEmail,
  recipients: readonly string[],
  /** The thread's messages (the original first): what the recipients already have. */
  thread: readonly string[] = [`${original.subject}\n${original.body_text ?? ''}`],
): string {
  const onOriginal = new Set(
    [
      original.from_address,
      ...(original.reply_to_address ? [original.reply_to_address] : []),
      ...original.to_addresses,
      ...original.cc_addresses,
    ].map(normaliseAddress),
  );
  if (!recipients.every((recipient) => onOriginal.has(normaliseAddress(recipient))))
    return [subject, body].filter(Boolean).join('\n');
  const ownSubject = bareSubject(subject) === bareSubject(original.subject) ? '' : subject;
  return [ownSubject, withoutQuotedOriginal(body, thread)].filter(Boolean).join('\n');
}

/**
 * Whether a message speaks in the first person as the account holder ("I'll get the kids myself at
 * 5:30"), not as their assistant ("this is Rosa's assistant", "on Rosa's behalf"): sent from the
 * user's own account, it is signed by it — the recipient knows who wrote.
 */
export function speaksAsAccountHolder(text: string): boolean {
  const norm = text.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  return (
    /\b(?:i|i'm|i'll|i've|i'd|me|my|myself)\b/.test(norm) && !/\bassistant\b|\bbehalf\b|\bpa\b/.test(norm)
  );
}
