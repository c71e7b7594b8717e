import type { DateTimeInput } from '../wire.js';

export type EmailPriority = 'normal' | 'high' | 'low';

export interface EmailAttachmentInput {
  filename: string;
  /** Bytes, > 0. */
  size: number;
  mime_type: string;
  content_id?: string;
}

/** `POST /email/send`: the user sends an email (it lands in `sent`, read). */
export interface SendEmailRequest {
  from_address: string;
  to_addresses: string[];
  cc_addresses?: string[];
  bcc_addresses?: string[];
  reply_to_address?: string;
  subject: string;
  body_text: string;
  body_html?: string;
  attachments?: EmailAttachmentInput[];
  thread_id?: string;
  in_reply_to?: string;
  references?: string[];
  priority?: EmailPriority;
}

/** `POST /email/receive`: an email arrives in `inbox`, unread. */
export interface ReceiveEmailRequest extends SendEmailRequest {
  /** Stamped as the email's `sent_at` (our port); `received_at` stays the current sim time. */
  sent_at?: DateTimeInput;
}

/** `POST /email/query` filters; all optional. Without `sort_by` results keep insertion order. */
export interface EmailQuery {
  folder?: string;
  is_read?: boolean;
  is_starred?: boolean;
  /** Case-insensitive substring of the sender. */
  from_address?: string;
  /** Substring of a `to` address. */
  to_address?: string;
  subject_contains?: string;
  body_contains?: string;
  has_attachments?: boolean;
  /** Every label must be present. */
  labels?: string[];
  thread_id?: string;
  priority?: EmailPriority;
  sent_after?: DateTimeInput;
  sent_before?: DateTimeInput;
  received_after?: DateTimeInput;
  received_before?: DateTimeInput;
  /** Received at or after (ours: the time-bound name every query takes; = `received_after`). */
  since?: DateTimeInput;
  /** Received at or before (= `received_before`). */
  until?: DateTimeInput;
  /** 1..1000. */
  limit?: number;
  offset?: number;
  /** `date` sorts by `received_at`. */
  sort_by?: 'date' | 'from' | 'subject';
  sort_order?: 'asc' | 'desc';
}

/**
 * `POST /email/forward` (ours): the user forwards an email — `Fwd: <subject>`, the note above the
 * original quoted in full, its attachments along; recorded as a send.
 */
export interface ForwardEmailRequest {
  /** The email forwarded. */
  message_id: string;
  /** Default: the user's own address. */
  from_address?: string;
  to_addresses: string[];
  cc_addresses?: string[];
  bcc_addresses?: string[];
  /** The user's message above the quoted original. */
  note?: string;
}

/** `POST /email/{read,unread,star,unstar,archive,delete}`. Unknown ids are skipped. */
export interface EmailIdsRequest {
  message_ids: string[];
}

/** `POST /email/label` and `/email/unlabel`. */
export interface EmailLabelRequest extends EmailIdsRequest {
  labels: string[];
}

/** `POST /email/move` (an unknown folder is created). */
export interface EmailMoveRequest extends EmailIdsRequest {
  folder: string;
}

export type EmailOperation =
  | 'receive'
  | 'send'
  | 'reply'
  | 'reply_all'
  | 'forward'
  | 'save_draft'
  | 'send_draft'
  | 'mark_read'
  | 'mark_unread'
  | 'star'
  | 'unstar'
  | 'move'
  | 'delete'
  | 'archive'
  | 'add_label'
  | 'remove_label'
  | 'mark_spam'
  | 'mark_not_spam';

/**
 * EmailInput as `/events` takes it (`data`). Which fields an operation needs is checked by the
 * server: compose operations need from/to/subject/body, replies `in_reply_to`, bulk ones ids.
 */
export type EmailEventData = Partial<Omit<ReceiveEmailRequest, 'attachments'>> & {
  operation: EmailOperation;
  message_id?: string;
  message_ids?: string[];
  attachments?: (EmailAttachmentInput & { attachment_id?: string })[];
  folder?: string;
  labels?: string[];
  is_draft?: boolean;
};
