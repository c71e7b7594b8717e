import { normaliseAddress } from './addresses.js';

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

/** The body without quoted lines (`> …`) and without everything from the quoted original's opening on. */
export function withoutQuotedOriginal(body: string): string {
  const kept: string[] = [];
  for (const line of body.split('\n')) {
    if (QUOTE_OPENINGS.some((opening) => opening.test(line))) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  return kept.join('\n').trimEnd();
}

export interface RepliedEmail {
  subject: string;
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
  return [ownSubject, withoutQuotedOriginal(body)].filter(Boolean).join('\n');
}
