import { GROUND_TRUTH, earlierThreadEmails, type GroundTruthEmail, type Urgency } from './ground-truth.js';
import { itemLabel, splitItems, type SummaryItem } from './items.js';
import { hasAlias, hasPhrase, keyStems, stemSet } from './text.js';

/**
 * The offline ("heuristic") reading of one summary against the emails it should cover. An email is
 * mentioned by an item that names its sender and one of its distinctive keywords, or two keywords
 * (`match` in ground_truth.json). Coverage, urgency, accuracy and thread awareness are then read
 * from the best-matching item.
 */

export interface ItemMatch {
  item: SummaryItem;
  senderHit: boolean;
  keywordHits: string[];
}

function matchItem(item: SummaryItem, email: GroundTruthEmail): ItemMatch {
  // Quoting the address names the sender too (role accounts such as hr@… have no other name).
  const senderHit =
    item.norm.includes(email.from_address.toLowerCase()) ||
    email.match.sender_aliases.some((alias) => hasAlias(item.raw, item.norm, alias));
  const keywordHits = email.match.keywords.filter((keyword) => hasPhrase(item.norm, keyword));
  return { item, senderHit, keywordHits };
}

function isMention(match: ItemMatch): boolean {
  return (match.senderHit && match.keywordHits.length >= 1) || match.keywordHits.length >= 2;
}

function strength(match: ItemMatch): number {
  return (match.senderHit ? 1 : 0) + match.keywordHits.length;
}

/** The item that mentions `email` most strongly, or null when none does. */
export function findMention(items: readonly SummaryItem[], email: GroundTruthEmail): ItemMatch | null {
  let best: ItemMatch | null = null;
  for (const item of items) {
    const match = matchItem(item, email);
    if (isMention(match) && (best === null || strength(match) > strength(best))) best = match;
  }
  return best;
}

/** Reference keywords of a substantive email that its item repeats. */
export function hintOverlap(
  item: SummaryItem,
  email: GroundTruthEmail,
): { matched: string[]; total: number } {
  const reference = keyStems(email.summary_hint ?? '', [email.sender_name]);
  const present = stemSet(item.raw);
  const matched = reference.filter((stemmed) => present.has(stemmed));
  return { matched, total: reference.length };
}

/** Words that show an item continues an earlier story rather than reporting it from scratch. */
const CONTINUITY = [
  'follow',
  'again',
  'still',
  'earlier',
  'previous',
  'prior',
  'update',
  'latest',
  'another',
  'second',
  'third',
  'fourth',
  'fifth',
  '2nd',
  '3rd',
  '4th',
  '5th',
  'escalat',
  'continu',
  'ongoing',
  'now',
  'since',
  'thread',
  'confirm',
  'resolv',
  'recover',
  'no response',
  'no reply',
  'yet',
  'progress',
  'further',
  'same',
  'this morning',
  'as mentioned',
  'see above',
  'reminder',
  'chasing',
  // A definite reference to the story so far ("the incident", "her request").
  'the incident',
  'the alert',
  'the outage',
  'the request',
  'her request',
  'the plan',
];

export interface ThreadAwareness {
  aware: boolean;
  evidence: string[];
}

/**
 * Whether the item about `email` relates it to the earlier emails of its thread (continuity wording
 * plus a thread topic word) or, for a cross-thread email, to the thread it belongs with.
 */
export function threadAwareness(item: SummaryItem, email: GroundTruthEmail): ThreadAwareness {
  const evidence: string[] = [];
  const linked = GROUND_TRUTH.thread_tracking.cross_thread_connections[email.email_id];
  if (linked !== undefined) {
    const thread = GROUND_TRUTH.threads[linked];
    const links = (thread?.link_keywords ?? []).filter((keyword) => hasPhrase(item.norm, keyword));
    if (links.length > 0)
      return { aware: true, evidence: links.map((keyword) => `links to ${linked}: ${keyword}`) };
  }
  if (email.thread_id === null || earlierThreadEmails(email, email.thread_id).length === 0) {
    return { aware: false, evidence };
  }
  const thread = GROUND_TRUTH.threads[email.thread_id];
  const continuity = CONTINUITY.filter((word) => hasPhrase(item.norm, word));
  const topic = (thread?.context_keywords ?? []).filter((word) => hasPhrase(item.norm, word));
  evidence.push(...continuity.map((word) => `continuity: ${word}`), ...topic.map((word) => `topic: ${word}`));
  return { aware: continuity.length > 0 && topic.length > 0, evidence };
}

export interface HeuristicVerdict {
  email_id: string;
  mentioned: boolean;
  /** Set when mentioned. */
  label: Urgency | null;
  hint: { matched: string[]; total: number } | null;
  thread: ThreadAwareness | null;
  /** The start of the matching item, for the details. */
  excerpt: string | null;
}

/** Reads one summary against the emails assigned to it. */
export function readSummary(text: string, emails: readonly GroundTruthEmail[]): HeuristicVerdict[] {
  const items = splitItems(text);
  return emails.map((email) => {
    const match = findMention(items, email);
    if (match === null) {
      return {
        email_id: email.email_id,
        mentioned: false,
        label: null,
        hint: null,
        thread: null,
        excerpt: null,
      };
    }
    return {
      email_id: email.email_id,
      mentioned: true,
      label: itemLabel(match.item),
      hint: email.is_noise ? null : hintOverlap(match.item, email),
      thread: threadAwareness(match.item, email),
      excerpt: match.item.raw.length > 160 ? `${match.item.raw.slice(0, 160)}…` : match.item.raw,
    };
  });
}

/** Whether the text mentions any of `emails` at all (used to recognise summaries). */
export function mentionsAny(text: string, emails: readonly GroundTruthEmail[]): boolean {
  const items = splitItems(text);
  return emails.some((email) => findMention(items, email) !== null);
}
