/**
 * SMS/RCS entities in their wire shape (snake_case, canonical `…Z` datetimes), so state reads
 * serialise without copying. Absent optionals are kept as `undefined` keys rather than missing
 * ones: `JSON.stringify` drops them (the original's message JSON omits null optionals), while the
 * key order stays that of the original's model whatever order the fields were set in, which keeps
 * an undone state byte-identical to the state before.
 */

export const MESSAGE_TYPES = ['sms', 'rcs'] as const;
export const DELIVERY_STATUSES = ['sending', 'sent', 'delivered', 'failed', 'read'] as const;
export const DIRECTIONS = ['incoming', 'outgoing'] as const;
export const CONVERSATION_TYPES = ['one_on_one', 'group'] as const;

export type MessageType = (typeof MESSAGE_TYPES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const DEFAULT_USER_PHONE_NUMBER = '+15550000000';
export const DEFAULT_MAX_MESSAGES_PER_CONVERSATION = 10_000;

export interface SmsAttachment {
  filename: string;
  size: number;
  mime_type: string;
  attachment_id: string;
  thumbnail_url?: string | undefined;
  duration?: number | undefined;
}

export interface SmsReaction {
  reaction_id: string;
  message_id: string;
  phone_number: string;
  emoji: string;
  timestamp: string;
}

export interface SmsMessage {
  message_id: string;
  thread_id: string;
  from_number: string;
  to_numbers: string[];
  body: string;
  attachments: SmsAttachment[];
  reactions: SmsReaction[];
  message_type: MessageType;
  direction: Direction;
  sent_at: string;
  delivered_at?: string | undefined;
  read_at?: string | undefined;
  is_read: boolean;
  delivery_status: DeliveryStatus;
  edited_at?: string | undefined;
  is_deleted: boolean;
  replied_to_message_id?: string | undefined;
  is_spam: boolean;
}

export interface GroupParticipant {
  phone_number: string;
  is_admin: boolean;
  joined_at: string;
  left_at?: string | undefined;
}

export interface SmsConversation {
  thread_id: string;
  conversation_type: ConversationType;
  participants: GroupParticipant[];
  group_name?: string | undefined;
  group_photo_url?: string | undefined;
  created_at: string;
  created_by?: string | undefined;
  last_message_at: string;
  message_count: number;
  unread_count: number;
  is_pinned: boolean;
  is_muted: boolean;
  is_archived: boolean;
  draft_message?: string | undefined;
}

/** `null`, `undefined` and (where the original tests truthiness) `""` all mean "not set". */
export const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function newAttachment(fields: SmsAttachment): SmsAttachment {
  return {
    filename: fields.filename,
    size: fields.size,
    mime_type: fields.mime_type,
    attachment_id: fields.attachment_id,
    // The original drops an empty thumbnail URL from the message JSON.
    thumbnail_url: fields.thumbnail_url || undefined,
    duration: fields.duration,
  };
}

export function newMessage(fields: SmsMessage): SmsMessage {
  return {
    message_id: fields.message_id,
    thread_id: fields.thread_id,
    from_number: fields.from_number,
    to_numbers: fields.to_numbers,
    body: fields.body,
    attachments: fields.attachments,
    reactions: fields.reactions,
    message_type: fields.message_type,
    direction: fields.direction,
    sent_at: fields.sent_at,
    delivered_at: fields.delivered_at,
    read_at: fields.read_at,
    is_read: fields.is_read,
    delivery_status: fields.delivery_status,
    edited_at: fields.edited_at,
    is_deleted: fields.is_deleted,
    replied_to_message_id: fields.replied_to_message_id || undefined,
    is_spam: fields.is_spam,
  };
}

export function newParticipant(fields: GroupParticipant): GroupParticipant {
  return {
    phone_number: fields.phone_number,
    is_admin: fields.is_admin,
    joined_at: fields.joined_at,
    left_at: fields.left_at,
  };
}

export function newConversation(fields: SmsConversation): SmsConversation {
  return {
    thread_id: fields.thread_id,
    conversation_type: fields.conversation_type,
    participants: fields.participants,
    group_name: fields.group_name || undefined,
    group_photo_url: fields.group_photo_url || undefined,
    created_at: fields.created_at,
    created_by: fields.created_by || undefined,
    last_message_at: fields.last_message_at,
    message_count: fields.message_count,
    unread_count: fields.unread_count,
    is_pinned: fields.is_pinned,
    is_muted: fields.is_muted,
    is_archived: fields.is_archived,
    draft_message: fields.draft_message || undefined,
  };
}

/** Thread resolution compares sorted participant numbers as raw strings; `sorted` must be sorted. */
export function participantKey(sorted: readonly string[]): string {
  return JSON.stringify(sorted);
}

/** The participant key of a conversation: all its numbers, those who left included. */
export function conversationKey(conversation: SmsConversation): string {
  return participantKey(conversation.participants.map((participant) => participant.phone_number).sort());
}

/** The sorted, de-duplicated numbers of a message's sender and recipients. */
export function messageParticipants(from: string, to: readonly string[]): string[] {
  const numbers = [from, ...to].sort();
  let kept = 1;
  for (let index = 1; index < numbers.length; index++) {
    if (numbers[index] !== numbers[kept - 1]) numbers[kept++] = numbers[index]!;
  }
  numbers.length = kept;
  return numbers;
}
