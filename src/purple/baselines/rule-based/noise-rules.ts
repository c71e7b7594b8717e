/**
 * Sender and content rules that recognise mail a busy person does not want in a summary:
 * automated notifications, code-hosting and CI mail, newsletters and mailing lists, calendar
 * robots, social-network notices, and spam. No model, no per-scenario tuning by message id.
 */

/** The fields of an email the rules look at. */
export interface TriageEmail {
  message_id: string;
  thread_id: string;
  from_address: string;
  to_addresses: readonly string[];
  cc_addresses?: readonly string[] | null;
  subject: string;
  body_text: string;
  received_at: string;
  /** A text message (SMS) rather than an email. */
  channel?: 'text';
  /** The sender's name from the address book, when known (texts). */
  sender_name?: string | undefined;
}

export type NoiseKind =
  | 'code-hosting notification'
  | 'calendar notification'
  | 'social-network notice'
  | 'newsletter or mailing list'
  | 'automated notification'
  | 'spam';

export type NoiseVerdict = { noise: true; kind: NoiseKind; rule: string } | { noise: false };

const CODE_HOSTING_DOMAINS = ['github.com', 'gitlab.com', 'bitbucket.org', 'circleci.com', 'travis-ci.com'];
const SOCIAL_DOMAINS = [
  'linkedin.com',
  'facebookmail.com',
  'facebook.com',
  'twitter.com',
  'x.com',
  'instagram.com',
  'tiktok.com',
  'pinterest.com',
  'redditmail.com',
  'nextdoor.com',
];
/** Top-level domains that carry mostly bulk and scam mail. One signal, never a verdict alone. */
const SPAMMY_TLDS = ['xyz', 'biz', 'info', 'top', 'click', 'loan', 'win', 'shop', 'work', 'gq', 'tk', 'buzz'];

const AUTOMATED_LOCAL_PART =
  /^(no[-_.]?reply|do[-_.]?not[-_.]?reply|notifications?|notify|mailer[-_.]?daemon|bounces?|alerts?-noreply|calendar[-_.]?notifications?)([-_.+].*)?$/i;
const BULK_LOCAL_PART = /(newsletter|digest|weekly|daily|deals|promo|marketing|offers|news@|^news$)/i;
/** `[owner/repo] …`, the subject shape of GitHub and GitLab notifications. */
const REPOSITORY_SUBJECT = /^\s*\[[\w.-]+\/[\w.-]+\]/;
const LIST_FOOTER =
  /\b(unsubscribe|manage[- ](your[- ])?subscriptions?|email preferences|view (this email )?in (your )?browser)\b/i;
const NEWSLETTER_SUBJECT = /\b(newsletter|digest|daily briefing|weekly roundup|(am|pm) edition)\b/i;
const CALENDAR_SUBJECT =
  /^\s*(reminder|invitation|updated invitation|updated|canceled|cancelled|accepted|declined|tentative)\b/i;
const CALENDAR_BODY_LINE = /^\s*(when|where|calendar|join zoom|join meeting|join with google meet)\s*:/gim;
const SOCIAL_PHRASES =
  /\b(viewed your profile|new followers?|people you may know|endorsed you|tagged you)\b/i;

const SPAM_PHRASES: readonly RegExp[] = [
  /\byou('ve| have) (been selected|won)\b/i,
  /\bcongratulations!/i,
  /\blucky winner\b/i,
  /\bclaim your (prize|reward|gift)\b/i,
  /\bgift card\b/i,
  /\b(crypto|bitcoin|forex|trading bot)\b/i,
  /\b\d{2,}% (off|returns?)\b/i,
  /\btoday only\b/i,
  /\blimited (time|stock|offer)\b/i,
  /\b(order|shop|buy|start|act) now\b/i,
  /\bno prescription\b/i,
  /\b(viagra|cialis)\b/i,
  /\bseo (services|audit|strategies)\b/i,
  /\bfree (shipping|audit|trial)\b/i,
  // Advance-fee fraud: the story and the ask are separate signals.
  /\b(inheritance|dormant account|next of kin|transfer the sum)\b/i,
  /\b(bank details|confidential assistance|compensate you with)\b/i,
  /\bguaranteed\b/i,
  /\bclick here\b/i,
];

export function senderParts(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  if (at < 0) return { local: address.toLowerCase(), domain: '' };
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

function domainIn(domain: string, list: readonly string[]): boolean {
  return list.some((entry) => domain === entry || domain.endsWith(`.${entry}`));
}

/** How many distinct spam signals the email shows. */
export function spamScore(email: TriageEmail): number {
  const text = `${email.subject}\n${email.body_text}`;
  const { domain } = senderParts(email.from_address);
  const tld = domain.split('.').pop() ?? '';
  const phraseHits = SPAM_PHRASES.filter((pattern) => pattern.test(text)).length;
  return phraseHits + (SPAMMY_TLDS.includes(tld) ? 1 : 0);
}

/** Decides whether an email is noise, and by which rule, so summaries can say why mail was skipped. */
export function classifyNoise(email: TriageEmail): NoiseVerdict {
  const { local, domain } = senderParts(email.from_address);
  if (domainIn(domain, CODE_HOSTING_DOMAINS) || REPOSITORY_SUBJECT.test(email.subject)) {
    return { noise: true, kind: 'code-hosting notification', rule: `sender ${domain} / repository subject` };
  }
  const calendarLines = email.body_text.match(CALENDAR_BODY_LINE)?.length ?? 0;
  if (/calendar/.test(local) || (CALENDAR_SUBJECT.test(email.subject) && calendarLines >= 2)) {
    return { noise: true, kind: 'calendar notification', rule: 'calendar robot sender or invitation layout' };
  }
  if (domainIn(domain, SOCIAL_DOMAINS) || SOCIAL_PHRASES.test(email.body_text)) {
    return { noise: true, kind: 'social-network notice', rule: `social network ${domain}` };
  }
  if (spamScore(email) >= 2) {
    return { noise: true, kind: 'spam', rule: 'two or more spam signals' };
  }
  if (
    LIST_FOOTER.test(email.body_text) ||
    BULK_LOCAL_PART.test(local) ||
    NEWSLETTER_SUBJECT.test(email.subject)
  ) {
    return {
      noise: true,
      kind: 'newsletter or mailing list',
      rule: 'bulk sender, list footer or digest subject',
    };
  }
  if (AUTOMATED_LOCAL_PART.test(local)) {
    return { noise: true, kind: 'automated notification', rule: `automated sender ${local}@` };
  }
  return { noise: false };
}
