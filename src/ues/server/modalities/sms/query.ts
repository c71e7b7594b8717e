import { z } from 'zod';
import { parseTime, zDateTime } from '../../core/time.js';
import { INSERTION_ORDER, type AppliedOrder } from '../../http/query-echo.js';
import { DELIVERY_STATUSES, DIRECTIONS, MESSAGE_TYPES, type SmsMessage } from './model.js';

/** `POST /sms/query` body. */
export const smsQuerySchema = z.object({
  thread_id: z.string().nullish(),
  from_number: z.string().nullish(),
  to_number: z.string().nullish(),
  body_contains: z.string().nullish(),
  message_type: z.enum(MESSAGE_TYPES).nullish(),
  direction: z.enum(DIRECTIONS).nullish(),
  is_read: z.boolean().nullish(),
  has_attachments: z.boolean().nullish(),
  delivery_status: z.enum(DELIVERY_STATUSES).nullish(),
  is_deleted: z.boolean().nullish(),
  is_spam: z.boolean().nullish(),
  sent_after: zDateTime.nullish(),
  sent_before: zDateTime.nullish(),
  // Ours: the one name every query takes for its time bounds (chat and location call them so).
  since: zDateTime.nullish().describe('sent at or after (the same as sent_after)'),
  until: zDateTime.nullish().describe('sent at or before (the same as sent_before)'),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).default(0),
  /** Free text as in the original; only `sent_at`, `from_number` and `direction` sort. */
  sort_by: z
    .string()
    .nullish()
    .describe('sent_at, from_number or direction; anything else: the order stored, echoed as "insertion"'),
  sort_order: z
    .enum(['asc', 'desc'])
    .nullable()
    .default('desc')
    .describe(
      'applies with a sortable sort_by (null: asc); without one the results keep the order stored and the echo says sort_by "insertion", sort_order "asc"',
    ),
});

export type SmsQuery = z.infer<typeof smsQuerySchema>;

export const SMS_SORT_FIELDS = ['sent_at', 'from_number', 'direction'] as const;
const SORTABLE = new Set<string>(SMS_SORT_FIELDS);

/** The order `querySmsMessages` returns: by a sortable `sort_by` (null order = asc), else insertion order. */
export function appliedSmsOrder(query: SmsQuery): AppliedOrder {
  return query.sort_by && SORTABLE.has(query.sort_by)
    ? { sort_by: query.sort_by, sort_order: query.sort_order ?? 'asc' }
    : INSERTION_ORDER;
}

/** Python's string order: by code unit, not by locale. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Filters, sorts and pages messages as the original's `SMSState.query` does: text filters apply
 * only when non-empty, `has_attachments` only when true, date bounds are inclusive, results keep
 * insertion order unless `sort_by` names a sortable field, and a null `sort_order` sorts ascending.
 *
 * Fix of the original (spec §9 item 7): `is_spam` is applied; the original accepted and ignored it.
 */
export function querySmsMessages(
  messages: Iterable<SmsMessage>,
  query: SmsQuery,
): { page: SmsMessage[]; total: number } {
  const bound = (value: string | null | undefined): number | undefined =>
    value ? parseTime(value)! : undefined;
  const after = tighter(bound(query.sent_after), bound(query.since), Math.max);
  const before = tighter(bound(query.sent_before), bound(query.until), Math.min);
  const search = query.body_contains ? query.body_contains.toLowerCase() : undefined;
  const byDate = after !== undefined || before !== undefined;

  const matches: SmsMessage[] = [];
  for (const message of messages) {
    if (query.thread_id && message.thread_id !== query.thread_id) continue;
    if (query.from_number && message.from_number !== query.from_number) continue;
    if (query.to_number && !message.to_numbers.includes(query.to_number)) continue;
    if (query.direction && message.direction !== query.direction) continue;
    if (query.message_type && message.message_type !== query.message_type) continue;
    if (isSet(query.is_read) && message.is_read !== query.is_read) continue;
    if (query.has_attachments && message.attachments.length === 0) continue;
    if (isSet(query.is_deleted) && message.is_deleted !== query.is_deleted) continue;
    if (isSet(query.is_spam) && message.is_spam !== query.is_spam) continue;
    if (query.delivery_status && message.delivery_status !== query.delivery_status) continue;
    if (search !== undefined && !message.body.toLowerCase().includes(search)) continue;
    if (byDate) {
      const sentAt = Date.parse(message.sent_at);
      if (after !== undefined && sentAt < after) continue;
      if (before !== undefined && sentAt > before) continue;
    }
    matches.push(message);
  }

  const sorted = query.sort_by && SORTABLE.has(query.sort_by) ? sortMessages(matches, query) : matches;
  const end = query.limit ? query.offset + query.limit : undefined;
  return { page: sorted.slice(query.offset, end), total: sorted.length };
}

/** Two optional bounds combined by `pick` (max for lower bounds, min for upper ones). */
function tighter(
  a: number | undefined,
  b: number | undefined,
  pick: (x: number, y: number) => number,
): number | undefined {
  return a === undefined ? b : b === undefined ? a : pick(a, b);
}

const isSet = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** A stable sort (equal keys keep insertion order in both directions, as Python's). */
function sortMessages(messages: SmsMessage[], query: SmsQuery): SmsMessage[] {
  const sign = query.sort_order === 'desc' ? -1 : 1;
  if (query.sort_by === 'sent_at') {
    return messages
      .map((message) => ({ message, at: Date.parse(message.sent_at) }))
      .sort((a, b) => (a.at - b.at) * sign)
      .map(({ message }) => message);
  }
  const field = query.sort_by as 'from_number' | 'direction';
  return messages.sort((a, b) => compareText(a[field], b[field]) * sign);
}
