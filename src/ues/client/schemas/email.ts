import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

export const emailAttachmentSchema = z.looseObject({
  filename: z.string(),
  size: z.number(),
  mime_type: z.string(),
  content_id: z.string().nullish(),
  attachment_id: z.string().nullish(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

export const emailSchema = z.looseObject({
  message_id: z.string(),
  thread_id: z.string(),
  from_address: z.string(),
  to_addresses: z.array(z.string()),
  cc_addresses: z.array(z.string()),
  bcc_addresses: z.array(z.string()),
  reply_to_address: z.string().nullish(),
  subject: z.string(),
  body_text: z.string(),
  body_html: z.string().nullish(),
  attachments: z.array(emailAttachmentSchema),
  in_reply_to: z.string().nullish(),
  references: z.array(z.string()),
  sent_at: zIsoDateTime,
  received_at: zIsoDateTime,
  is_read: z.boolean(),
  is_starred: z.boolean(),
  priority: z.string(),
  folder: z.string(),
  labels: z.array(z.string()),
});
export type Email = z.infer<typeof emailSchema>;

export const emailThreadSchema = z.looseObject({
  thread_id: z.string(),
  subject: z.string(),
  participant_addresses: z.array(z.string()),
  message_ids: z.array(z.string()),
  created_at: zIsoDateTime,
  last_message_at: zIsoDateTime,
  message_count: z.number().int(),
  unread_count: z.number().int(),
});
export type EmailThread = z.infer<typeof emailThreadSchema>;

/** `GET /email/state`: the whole mailbox. */
export const emailStateSchema = z.looseObject({
  modality_type: z.literal('email'),
  current_time: zIsoDateTime,
  user_email_address: z.string(),
  emails: z.record(z.string(), emailSchema),
  threads: z.record(z.string(), emailThreadSchema),
  folders: z.record(z.string(), z.array(z.string())),
  labels: z.record(z.string(), z.array(z.string())),
  total_email_count: z.number().int(),
  unread_count: z.number().int(),
  starred_count: z.number().int(),
});
export type EmailStateResponse = z.infer<typeof emailStateSchema>;

/** EmailSummary: an email without its body (a 100-character preview instead). */
export const emailSummarySchema = z.looseObject({
  message_id: z.string(),
  thread_id: z.string(),
  from_address: z.string(),
  to_addresses: z.array(z.string()),
  subject: z.string(),
  sent_at: zIsoDateTime,
  received_at: zIsoDateTime,
  is_read: z.boolean(),
  is_starred: z.boolean(),
  folder: z.string(),
  has_attachments: z.boolean(),
  attachment_count: z.number().int(),
  body_preview: z.string(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/** `GET /email/state?summary=true` (or `compact=true`): statistics and summaries. */
export const emailStateSummarySchema = z.looseObject({
  modality_type: z.literal('email'),
  current_time: zIsoDateTime,
  user_email_address: z.string(),
  statistics: z.looseObject({
    total_emails: z.number().int(),
    total_threads: z.number().int(),
    total_unread: z.number().int(),
    total_starred: z.number().int(),
    total_drafts: z.number().int(),
    total_labels: z.number().int(),
  }),
  folders: z.record(
    z.string(),
    z.looseObject({ message_count: z.number().int(), unread_count: z.number().int() }),
  ),
  labels: z.record(z.string(), z.number().int()),
  emails: z.record(z.string(), emailSummarySchema),
  threads: z.record(z.string(), emailThreadSchema),
});
export type EmailStateSummary = z.infer<typeof emailStateSummarySchema>;

/** `POST /email/query`. `query` echoes the non-null filters. */
export const emailQueryResponseSchema = z.looseObject({
  modality_type: z.literal('email'),
  emails: z.array(emailSchema),
  total_count: z.number().int(),
  returned_count: z.number().int(),
  query: zJsonObject,
});
export type EmailQueryResponse = z.infer<typeof emailQueryResponseSchema>;
