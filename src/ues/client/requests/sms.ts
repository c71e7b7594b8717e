import type { DateTimeInput } from '../wire.js';

export interface SmsAttachmentInput {
  filename: string;
  /** Bytes, > 0. */
  size: number;
  mime_type: string;
  thumbnail_url?: string;
  /** Seconds, for audio and video. */
  duration?: number;
}

/**
 * `POST /sms/send`. Direction follows the sender: `from_number` equal to the user's number is
 * outgoing, anything else incoming.
 */
export interface SendSmsRequest {
  from_number: string;
  to_numbers: string[];
  body: string;
  message_type?: 'sms' | 'rcs';
  attachments?: SmsAttachmentInput[];
  replied_to_message_id?: string;
}

/** `POST /sms/receive`. */
export interface ReceiveSmsRequest extends SendSmsRequest {
  /** Stamped as the message's `sent_at` (our port); event times stay the current sim time. */
  sent_at?: DateTimeInput;
}

export type SmsDeliveryStatus = 'sending' | 'sent' | 'delivered' | 'failed' | 'read';

/** `POST /sms/query` filters; all optional. Without `sort_by` results keep insertion order. */
export interface SmsQuery {
  thread_id?: string;
  from_number?: string;
  to_number?: string;
  body_contains?: string;
  message_type?: 'sms' | 'rcs';
  direction?: 'incoming' | 'outgoing';
  is_read?: boolean;
  has_attachments?: boolean;
  delivery_status?: SmsDeliveryStatus;
  is_deleted?: boolean;
  is_spam?: boolean;
  sent_after?: DateTimeInput;
  sent_before?: DateTimeInput;
  /** Sent at or after (ours: the time-bound name every query takes; = `sent_after`). */
  since?: DateTimeInput;
  /** Sent at or before (= `sent_before`). */
  until?: DateTimeInput;
  /** 1..1000. */
  limit?: number;
  offset?: number;
  sort_by?: 'sent_at' | 'from_number' | 'direction';
  sort_order?: 'asc' | 'desc';
}

/** `POST /sms/{read,unread,delete}`. */
export interface SmsIdsRequest {
  message_ids: string[];
}

/** `POST /sms/react`. */
export interface SmsReactRequest {
  message_id: string;
  phone_number: string;
  emoji: string;
}

/** `POST /sms/conversation`: at least one of the updates is required. An empty draft clears it. */
export interface SmsConversationUpdateRequest {
  thread_id: string;
  pin?: boolean;
  mute?: boolean;
  archive?: boolean;
  mark_all_read?: boolean;
  draft_message?: string;
}

export type SmsOperation =
  | 'send_message'
  | 'receive_message'
  | 'update_delivery_status'
  | 'add_reaction'
  | 'remove_reaction'
  | 'edit_message'
  | 'delete_message'
  | 'create_group'
  | 'update_group'
  | 'add_participant'
  | 'remove_participant'
  | 'leave_group'
  | 'update_conversation';

/** SMSInput as `/events` takes it (`data`): flat fields, the operation decides which are needed. */
export type SmsEventData = Partial<ReceiveSmsRequest> &
  Partial<Omit<SmsConversationUpdateRequest, 'thread_id'>> & {
    operation: SmsOperation;
    thread_id?: string;
    message_id?: string;
    /** Our port: read/unread/delete events carry every id, not only the first. */
    message_ids?: string[];
    new_status?: SmsDeliveryStatus;
    delivered_at?: DateTimeInput;
    read_at?: DateTimeInput;
    phone_number?: string;
    emoji?: string;
    reaction_id?: string;
    new_body?: string;
    delete_for_everyone?: boolean;
    group_name?: string;
    creator_number?: string;
    participant_numbers?: string[];
    group_photo_url?: string;
    added_by?: string;
    removed_by?: string;
    is_admin?: boolean;
    mute_until?: DateTimeInput;
  };
