import { z } from 'zod';
import { parseTime, zDateTime } from '../../core/time.js';
import { EMAIL_PRIORITIES } from './input.js';
import type { Email } from './model.js';
import type { EmailState } from './state.js';
import { INSERTION_ORDER, type AppliedOrder } from '../../http/query-echo.js';
import { documented } from '../../http/doc-meta.js';

/** The body of `POST /email/query`. */
export const emailQuerySchema = z.object({
  folder: z.string().nullish(),
  is_read: z.boolean().nullish(),
  is_starred: z.boolean().nullish(),
  from_address: z.string().nullish(),
  to_address: z.string().nullish(),
  subject_contains: z.string().nullish(),
  body_contains: z.string().nullish(),
  has_attachments: z.boolean().nullish(),
  labels: z.array(z.string()).nullish(),
  thread_id: z.string().nullish(),
  priority: z.enum(EMAIL_PRIORITIES).nullish(),
  sent_after: zDateTime.nullish(),
  sent_before: zDateTime.nullish(),
  received_after: zDateTime.nullish(),
  received_before: zDateTime.nullish(),
  // Ours: the one name every query takes for its time bounds (chat and location call them so),
  // here meaning received_after/received_before; given with those, both bounds apply.
  since: zDateTime.nullish().describe('received at or after (the same as received_after)'),
  until: zDateTime.nullish().describe('received at or before (the same as received_before)'),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).default(0),
  /**
   * Free text, as the original: only `date` (received_at), `from` and `subject` sort; anything
   * else keeps insertion order (echoed as `insertion`).
   */
  sort_by: z
    .string()
    .nullish()
    .describe('date (received_at), from or subject; anything else: the order stored, echoed as "insertion"'),
  sort_order: documented(
    z
      .enum(['asc', 'desc'])
      .nullish()
      .transform((value) => value ?? 'desc'),
    {
      default: 'desc',
      description:
        'applies with a sortable sort_by; without one the results keep the order stored and the echo says sort_by "insertion", sort_order "asc"',
    },
  ),
});

export type EmailQuery = z.infer<typeof emailQuerySchema>;

const lower = (value: string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : value.toLowerCase();

function matcher(query: EmailQuery): (email: Email) => boolean {
  const from = lower(query.from_address);
  const to = lower(query.to_address);
  const subject = lower(query.subject_contains);
  const body = lower(query.body_contains);
  // An empty label list filters nothing, as the original.
  const labels = query.labels?.length ? query.labels : undefined;
  const isSet = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;
  const time = (value: string | null | undefined): number | undefined =>
    isSet(value) ? parseTime(value) : undefined;
  const sentAfter = time(query.sent_after);
  const sentBefore = time(query.sent_before);
  const receivedAfter = latest(time(query.received_after), time(query.since));
  const receivedBefore = earliest(time(query.received_before), time(query.until));
  return (email) => {
    if (isSet(query.folder) && email.folder !== query.folder) return false;
    if (labels && !labels.every((label) => email.labels.includes(label))) return false;
    if (isSet(query.is_read) && email.is_read !== query.is_read) return false;
    if (isSet(query.is_starred) && email.is_starred !== query.is_starred) return false;
    if (isSet(query.has_attachments) && email.attachments.length > 0 !== query.has_attachments) return false;
    if (from !== undefined && !email.from_address.toLowerCase().includes(from)) return false;
    if (to !== undefined && !email.to_addresses.some((address) => address.toLowerCase().includes(to))) {
      return false;
    }
    if (subject !== undefined && !email.subject.toLowerCase().includes(subject)) return false;
    if (body !== undefined && !email.body_text.toLowerCase().includes(body)) return false;
    if (isSet(query.thread_id) && email.thread_id !== query.thread_id) return false;
    // The original accepts priority, sent_after and sent_before but never applies them; applying them
    // is a harmless improvement: a client that sends them means them.
    if (isSet(query.priority) && email.priority !== query.priority) return false;
    if (sentAfter !== undefined || sentBefore !== undefined) {
      const sent = Date.parse(email.sent_at);
      if (sentAfter !== undefined && sent < sentAfter) return false;
      if (sentBefore !== undefined && sent > sentBefore) return false;
    }
    if (receivedAfter !== undefined || receivedBefore !== undefined) {
      const received = Date.parse(email.received_at);
      if (receivedAfter !== undefined && received < receivedAfter) return false;
      if (receivedBefore !== undefined && received > receivedBefore) return false;
    }
    return true;
  };
}

/** The tighter of two lower bounds. */
function latest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

/** The tighter of two upper bounds. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** Plain code-unit order, like Python's str comparison (not locale-aware). */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const EMAIL_SORT_FIELDS = ['date', 'from', 'subject'] as const;
const SORTABLE = new Set<string>(EMAIL_SORT_FIELDS);

/** The order `queryEmails` returns: by a sortable `sort_by`, else insertion order. */
export function appliedEmailOrder(query: EmailQuery): AppliedOrder {
  return query.sort_by && SORTABLE.has(query.sort_by)
    ? { sort_by: query.sort_by, sort_order: query.sort_order }
    : INSERTION_ORDER;
}

/** Sorts stably; with `desc`, equal keys keep insertion order, as Python's `sort(reverse=True)`. */
function sortEmails(emails: Email[], sortBy: string | null | undefined, order: 'asc' | 'desc'): Email[] {
  const direction = order === 'desc' ? -1 : 1;
  if (sortBy === 'date') {
    const keyed = emails.map((email) => ({ email, at: Date.parse(email.received_at) }));
    keyed.sort((a, b) => (a.at - b.at) * direction);
    return keyed.map((entry) => entry.email);
  }
  if (sortBy === 'from')
    return emails.sort((a, b) => compareText(a.from_address, b.from_address) * direction);
  if (sortBy === 'subject') return emails.sort((a, b) => compareText(a.subject, b.subject) * direction);
  return emails;
}

export interface EmailQueryResult {
  emails: Email[];
  total_count: number;
  returned_count: number;
}

export function queryEmails(state: EmailState, query: EmailQuery): EmailQueryResult {
  const matches = matcher(query);
  const found: Email[] = [];
  for (const email of state.emails.values()) if (matches(email)) found.push(email);
  const sorted = sortEmails(found, query.sort_by, query.sort_order);
  const end = query.limit === null || query.limit === undefined ? undefined : query.offset + query.limit;
  const page = sorted.slice(query.offset, end);
  return { emails: page, total_count: sorted.length, returned_count: page.length };
}
