import { z } from 'zod';
import { zDateTime, zDateTimeMs } from '../../core/time.js';
import {
  CONVERSATION_TYPES,
  DEFAULT_MAX_MESSAGES_PER_CONVERSATION,
  DEFAULT_USER_PHONE_NUMBER,
  DELIVERY_STATUSES,
  DIRECTIONS,
  MESSAGE_TYPES,
  newAttachment,
  newConversation,
  newMessage,
  newParticipant,
} from './model.js';
import { SmsState } from './state.js';

/*
 * The exported SMS state: ours (optionals omitted, `…Z` datetimes) or the Python UES's
 * `model_dump` (every optional present as null, `+00:00` datetimes). Entities are rebuilt through
 * the model constructors so their key order is canonical whatever order the export used.
 */

const zOptionalText = z
  .string()
  .nullish()
  .transform((value) => value || undefined);
const zOptionalTime = zDateTime.nullish().transform((value) => value ?? undefined);

const zAttachment = z
  .object({
    filename: z.string(),
    size: z.number().int().nonnegative(),
    mime_type: z.string(),
    attachment_id: z.string().min(1),
    thumbnail_url: zOptionalText,
    duration: z
      .number()
      .int()
      .nonnegative()
      .nullish()
      .transform((value) => value ?? undefined),
  })
  .transform(newAttachment);

const zReaction = z.object({
  reaction_id: z.string().min(1),
  message_id: z.string(),
  phone_number: z.string(),
  emoji: z.string(),
  timestamp: zDateTime,
});

const zMessage = z.object({
  message_id: z.string().min(1).optional(),
  thread_id: z.string().min(1),
  from_number: z.string(),
  to_numbers: z.array(z.string()),
  body: z.string(),
  attachments: z.array(zAttachment).nullish(),
  reactions: z.array(zReaction).nullish(),
  message_type: z.enum(MESSAGE_TYPES).default('sms'),
  direction: z.enum(DIRECTIONS),
  sent_at: zDateTime,
  delivered_at: zOptionalTime,
  read_at: zOptionalTime,
  is_read: z.boolean().default(false),
  delivery_status: z.enum(DELIVERY_STATUSES).default('sent'),
  edited_at: zOptionalTime,
  is_deleted: z.boolean().default(false),
  replied_to_message_id: zOptionalText,
  is_spam: z.boolean().default(false),
});

const zParticipant = z
  .object({
    phone_number: z.string(),
    is_admin: z.boolean().default(false),
    joined_at: zDateTime,
    left_at: zOptionalTime,
  })
  .transform(newParticipant);

const zConversation = z.object({
  thread_id: z.string().min(1).optional(),
  conversation_type: z.enum(CONVERSATION_TYPES),
  participants: z.array(zParticipant),
  group_name: zOptionalText,
  group_photo_url: zOptionalText,
  created_at: zDateTime,
  created_by: zOptionalText,
  last_message_at: zDateTime,
  message_count: z.number().int().nonnegative().default(0),
  unread_count: z.number().int().nonnegative().default(0),
  is_pinned: z.boolean().default(false),
  is_muted: z.boolean().default(false),
  is_archived: z.boolean().default(false),
  draft_message: zOptionalText,
});

export const smsStateSchema = z.object({
  modality_type: z.literal('sms').optional(),
  last_updated: zDateTimeMs.optional(),
  update_count: z.number().int().nonnegative().default(0),
  messages: z.record(z.string(), zMessage).default({}),
  conversations: z.record(z.string(), zConversation).default({}),
  max_messages_per_conversation: z.number().int().positive().default(DEFAULT_MAX_MESSAGES_PER_CONVERSATION),
  user_phone_number: z.string().min(1).default(DEFAULT_USER_PHONE_NUMBER),
});

/** Rebuilds an SMS state from its export; throws ZodError on a bad shape. */
export function loadSmsState(json: unknown, now: number): SmsState {
  const data = smsStateSchema.parse(json);
  const state = new SmsState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  state.userPhoneNumber = data.user_phone_number;
  state.maxMessagesPerConversation = data.max_messages_per_conversation;
  // An entity exported without its own id takes it from its key.
  const messages = Object.entries(data.messages).map(([id, message]) =>
    newMessage({
      ...message,
      message_id: message.message_id ?? id,
      attachments: message.attachments ?? [],
      reactions: message.reactions ?? [],
    }),
  );
  const conversations = Object.entries(data.conversations).map(([id, conversation]) =>
    newConversation({ ...conversation, thread_id: conversation.thread_id ?? id }),
  );
  state.populate(messages, conversations);
  return state;
}
