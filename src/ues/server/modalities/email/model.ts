import { formatTime, parseTime } from '../../core/time.js';

/**
 * Email entities in their wire shape (field names and order as the original serialises them), so a
 * state read hands the stored objects to the serialiser without copying.
 */

export interface EmailAttachment {
  filename: string;
  size: number;
  mime_type: string;
  content_id?: string | null | undefined;
  attachment_id?: string | undefined;
}

export interface Email {
  message_id: string;
  thread_id: string;
  from_address: string;
  to_addresses: string[];
  cc_addresses: string[];
  bcc_addresses: string[];
  reply_to_address: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: EmailAttachment[];
  in_reply_to: string | null;
  references: string[];
  sent_at: string;
  received_at: string;
  is_read: boolean;
  is_starred: boolean;
  priority: string;
  folder: string;
  labels: string[];
}

export interface EmailThread {
  thread_id: string;
  subject: string;
  /** A set in the original; kept duplicate-free here. */
  participant_addresses: string[];
  message_ids: string[];
  created_at: string;
  last_message_at: string;
  message_count: number;
  unread_count: number;
}

/** The folders every mailbox has, in the original's order. */
export const STANDARD_FOLDERS = ['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive'] as const;

export const DEFAULT_USER_EMAIL_ADDRESS = 'user@example.com';

const CANONICAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** The canonical `…Z` form; scenario imports may keep a `+00:00` input timestamp. */
export function canonicalTime(value: string, fallback: number): string {
  if (CANONICAL_TIME.test(value) && !value.endsWith('.000Z')) return value;
  return formatTime(parseTime(value) ?? fallback);
}

/** Stored datetimes are canonical, so equal-length strings compare in time order. */
export function isLater(candidate: string, reference: string): boolean {
  if (candidate.length === reference.length) return candidate > reference;
  return Date.parse(candidate) > Date.parse(reference);
}

/** Everyone on an email a thread counts as a participant (the original leaves bcc out). */
export function participantsOf(email: Email): string[] {
  return [email.from_address, ...email.to_addresses, ...email.cc_addresses];
}

function unique(values: string[]): string[] {
  if (values.length > 16) return [...new Set(values)];
  const kept: string[] = [];
  for (const value of values) if (!kept.includes(value)) kept.push(value);
  return kept;
}

/** A thread started by `email`. */
export function threadFrom(email: Email): EmailThread {
  return {
    thread_id: email.thread_id,
    subject: email.subject,
    participant_addresses: unique(participantsOf(email)),
    message_ids: [email.message_id],
    created_at: email.sent_at,
    last_message_at: email.sent_at,
    message_count: 1,
    unread_count: email.is_read ? 0 : 1,
  };
}

/**
 * An object without a prototype, for dictionaries keyed by user-chosen names: a folder called
 * `__proto__` must become a key, not replace the prototype.
 */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
