import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

export const smsAttachmentSchema = z.looseObject({
  filename: z.string(),
  size: z.number(),
  mime_type: z.string(),
  attachment_id: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
  duration: z.number().nullish(),
});

export const smsReactionSchema = z.looseObject({
  reaction_id: z.string(),
  message_id: z.string(),
  phone_number: z.string(),
  emoji: z.string(),
  timestamp: zIsoDateTime,
});

/** SMSMessage. Null optionals may be left out of the JSON. */
export const smsMessageSchema = z.looseObject({
  message_id: z.string(),
  thread_id: z.string(),
  from_number: z.string(),
  to_numbers: z.array(z.string()),
  body: z.string(),
  attachments: z.array(smsAttachmentSchema).nullish(),
  reactions: z.array(smsReactionSchema).nullish(),
  message_type: z.enum(['sms', 'rcs']),
  direction: z.enum(['incoming', 'outgoing']),
  sent_at: zIsoDateTime,
  delivered_at: zIsoDateTime.nullish(),
  read_at: zIsoDateTime.nullish(),
  is_read: z.boolean(),
  delivery_status: z.string(),
  edited_at: zIsoDateTime.nullish(),
  is_deleted: z.boolean(),
  replied_to_message_id: z.string().nullish(),
  is_spam: z.boolean().nullish(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsParticipantSchema = z.looseObject({
  phone_number: z.string(),
  is_admin: z.boolean().nullish(),
  joined_at: zIsoDateTime.nullish(),
  left_at: zIsoDateTime.nullish(),
});

export const smsConversationSchema = z.looseObject({
  thread_id: z.string(),
  conversation_type: z.enum(['one_on_one', 'group']),
  participants: z.array(smsParticipantSchema),
  group_name: z.string().nullish(),
  group_photo_url: z.string().nullish(),
  created_at: zIsoDateTime,
  created_by: z.string().nullish(),
  last_message_at: zIsoDateTime.nullish(),
  message_count: z.number().int(),
  unread_count: z.number().int(),
  is_pinned: z.boolean(),
  is_muted: z.boolean(),
  is_archived: z.boolean(),
  draft_message: z.string().nullish(),
});
export type SmsConversation = z.infer<typeof smsConversationSchema>;

/** `GET /sms/state`. */
export const smsStateSchema = z.looseObject({
  modality_type: z.literal('sms'),
  current_time: zIsoDateTime,
  user_phone_number: z.string(),
  messages: z.record(z.string(), smsMessageSchema),
  conversations: z.record(z.string(), smsConversationSchema),
  total_message_count: z.number().int(),
  unread_count: z.number().int(),
  total_conversation_count: z.number().int(),
});
export type SmsStateResponse = z.infer<typeof smsStateSchema>;

/** `GET /sms/state?compact=true`: conversation headers, no messages. */
export const compactSmsStateSchema = z.looseObject({
  modality_type: z.literal('sms'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  user_phone_number: z.string(),
  conversations: z.record(
    z.string(),
    z.looseObject({
      thread_id: z.string(),
      participants: z.array(z.unknown()),
      message_count: z.number().int(),
      unread_count: z.number().int(),
      last_message_at: zIsoDateTime.nullish(),
      created_at: zIsoDateTime,
      group_name: z.string().nullish(),
    }),
  ),
  total_conversations: z.number().int(),
  total_messages: z.number().int(),
  unread_total: z.number().int(),
});
export type CompactSmsState = z.infer<typeof compactSmsStateSchema>;

/** `POST /sms/query`. */
export const smsQueryResponseSchema = z.looseObject({
  modality_type: z.literal('sms'),
  messages: z.array(smsMessageSchema),
  total_count: z.number().int(),
  returned_count: z.number().int(),
  query: zJsonObject,
});
export type SmsQueryResponse = z.infer<typeof smsQueryResponseSchema>;
