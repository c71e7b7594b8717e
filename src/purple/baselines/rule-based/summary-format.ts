import { senderParts, type TriageEmail } from './noise-rules.js';
import { URGENCY_ORDER, type Urgency, type UrgencyRating } from './urgency-rules.js';

/**
 * Turns triaged emails into the hourly chat summary: one executive line per email (who — what —
 * why it matters), grouped by urgency with explicit labels, most urgent first. Only senders and
 * subjects are quoted, never bodies, so figures and personal details stay out of chat.
 */

export const QUIET_HOUR_MESSAGE = 'Quiet hour — nothing important arrived.';

export interface TriagedEmail {
  email: TriageEmail;
  rating: UrgencyRating;
  /** How many earlier emails of this thread the assistant has already reported (0 = new topic). */
  earlierInThread: number;
  /** The subject of the first reported email in the thread, when there was one. */
  threadTopic: string | undefined;
}

const FREE_MAIL = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'proton.me',
  'protonmail.com',
];

/** "karen.mitchell@acmecorp.com" → "Karen Mitchell (acmecorp.com)"; role accounts keep the address. */
export function describeSender(address: string): string {
  const { local, domain } = senderParts(address);
  const words = local.split(/[._]+/).filter((word) => /^[a-z]+$/i.test(word));
  if (words.length >= 2 && words.length <= 3 && words.join('').length === local.replace(/[._]/g, '').length) {
    const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
    return domain === '' ? name : `${name} (${domain})`;
  }
  return address;
}

/** The subject without reply prefixes, emoji or decoration. */
export function cleanSubject(subject: string): string {
  return subject
    .replace(/^(\s*(re|fwd?|aw|sv)\s*:\s*)+/i, '')
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Why the email matters, from the signals that rated it. */
export function whyItMatters(item: TriagedEmail): string {
  const { rating, email } = item;
  const has = (signal: UrgencyRating['signals'][number]): boolean => rating.signals.includes(signal);
  const deadline = rating.deadline === undefined ? '' : ` (${rating.deadline})`;
  if (rating.urgency === 'high') {
    if (has('incident') && !has('resolution')) return 'Live incident — needs your attention now.';
    if (has('escalation') || has('ongoing urgent thread')) {
      return 'Escalating — they are waiting on you and the stakes are rising; reply today.';
    }
    return `Marked urgent — respond as soon as possible${deadline}.`;
  }
  if (rating.urgency === 'medium') {
    if (has('resolution'))
      return `Incident follow-up — the urgent part is over, but work is expected from you${deadline}.`;
    if (has('review request')) return `Your review or approval is requested${deadline}.`;
    if (rating.deadline !== undefined) return `Needs your input ${rating.deadline}.`;
    if (has('action items')) return 'Lists action items that involve you.';
    if (has('question for you')) return 'Asks you for an answer or estimate.';
    if (has('client matter')) return 'Client or account matter that needs a reply.';
    return 'Needs a reply from you.';
  }
  const { domain } = senderParts(email.from_address);
  if (FREE_MAIL.includes(domain)) return 'Personal message — no work impact; reply when convenient.';
  return 'FYI — no action needed today.';
}

const ASK_START = /^(can|could|would you|please|i need|we need|let me know|any (rough )?estimate)/i;
/** Figures, links and credentials stay out of chat: the summary describes, it does not copy. */
const UNSAFE_TO_QUOTE = /[$€£]|\d{3,}|https?:|password|account number|bank|ssn/i;

/**
 * The sentence in which the sender asks the user for something, if there is one short enough to
 * quote: the "what" of an executive line beyond the subject.
 */
export function keyAsk(body: string): string | undefined {
  const sentences = body
    .split(/\n+|(?<=[.?!])\s+/)
    .map((sentence) => sentence.replace(/^[\s•*\-\d.)]+/, '').trim())
    .filter((sentence) => sentence.length >= 15 && sentence.length <= 160);
  return sentences.find(
    (sentence) => (sentence.endsWith('?') || ASK_START.test(sentence)) && !UNSAFE_TO_QUOTE.test(sentence),
  );
}

export function executiveLine(item: TriagedEmail): string {
  const label = item.rating.urgency.toUpperCase();
  const sender = item.email.sender_name ?? describeSender(item.email.from_address);
  const who = item.email.channel === 'text' ? `${sender} (text)` : sender;
  const what = `"${cleanSubject(item.email.subject)}"`;
  const thread =
    item.earlierInThread > 0 && item.threadTopic !== undefined
      ? ` Follow-up to the "${cleanSubject(item.threadTopic)}" thread (${ordinal(item.earlierInThread + 1)} message you've seen).`
      : '';
  const ask = item.rating.urgency === 'low' ? undefined : keyAsk(item.email.body_text);
  const asks = ask === undefined ? '' : ` They ask: "${ask}"`;
  return `• [${label}] ${who} — ${what} — ${whyItMatters(item)}${asks}${thread}`;
}

/**
 * The whole chat message for one hour. `filtered` is how many noise emails were left out; they
 * are counted, never named.
 */
export function formatSummary(items: readonly TriagedEmail[], filtered: number, now: Date): string {
  if (items.length === 0) return QUIET_HOUR_MESSAGE;
  const texts = items.some((item) => item.email.channel === 'text');
  const noun = texts ? 'message' : 'email';
  const header = `${texts ? 'Message' : 'Email'} summary — ${formatTime(now)}: ${items.length} new ${noun}${items.length === 1 ? '' : 's'} worth your attention, most urgent first.`;
  const sections: string[] = [header];
  for (const urgency of URGENCY_ORDER) {
    const group = items
      .filter((item) => item.rating.urgency === urgency)
      .sort((a, b) => Date.parse(a.email.received_at) - Date.parse(b.email.received_at));
    if (group.length === 0) continue;
    sections.push(`\n${sectionTitle(urgency)}\n${group.map(executiveLine).join('\n')}`);
  }
  if (filtered > 0) {
    sections.push(`\n(${filtered} automated or promotional ${noun}${filtered === 1 ? '' : 's'} left out.)`);
  }
  return sections.join('\n');
}

function sectionTitle(urgency: Urgency): string {
  return { high: 'HIGH urgency', medium: 'MEDIUM urgency', low: 'LOW urgency' }[urgency];
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
