import { z } from 'zod';
import { zDateTime } from '../../core/time.js';
import { DELIVERY_STATUSES, MESSAGE_TYPES } from './model.js';

export const SMS_OPERATIONS = [
  'send_message',
  'receive_message',
  'update_delivery_status',
  'add_reaction',
  'remove_reaction',
  'edit_message',
  'delete_message',
  'create_group',
  'update_group',
  'add_participant',
  'remove_participant',
  'leave_group',
  'update_conversation',
] as const;

export type SmsOperation = (typeof SMS_OPERATIONS)[number];

/** The statuses `update_delivery_status` may set; `sending`/`sent` only come from sending. */
export const SETTABLE_DELIVERY_STATUSES = ['delivered', 'read', 'failed'] as const;

/** Operations that accept our port's bulk `message_ids` field. */
const BULK_OPERATIONS: readonly SmsOperation[] = ['update_delivery_status', 'delete_message'];

const zNullableBool = z.boolean().nullish();

export const smsAttachmentInputSchema = z.object({
  filename: z.string(),
  size: z.number().int().nonnegative(),
  mime_type: z.string(),
  thumbnail_url: z.string().nullish(),
  duration: z.number().int().nonnegative().nullish(),
  /** Pinned by the simulator when the message is created, so a redo reproduces the id. */
  attachment_id: z.string().min(1).nullish(),
});

/**
 * SMSInput fields (the event envelope is added by the engine). Python exports carry `null` for
 * every unset optional, so every optional accepts it.
 *
 * Fields our port adds to the original's input:
 * - `sent_at` (send/receive): the message's `sent_at`, honoured as UES port decision (c) requires;
 *   the event's own time is unchanged.
 * - `message_ids` (update_delivery_status, delete_message): the bulk form that `/sms/read`,
 *   `/sms/unread` and `/sms/delete` record, so one event applies to every listed message and
 *   undo/the action log see all of them (the original recorded only the first id and mutated the
 *   rest outside any event). Ids that do not exist are skipped; the event fails only when none
 *   exists. In the bulk form `new_status: "read"` marks each message read and
 *   `new_status: "delivered"` marks each one unread again (`is_read` false, `read_at` cleared,
 *   delivery status untouched), because that is the shape the original's `/sms/unread` records.
 *   `message_id`, when also given, is informational (the original's first id).
 * - `created_thread_id`: pinned by the simulator when send/receive or create_group creates a
 *   conversation, so a redo or a re-run after reset recreates it under the same id. Pinning it on
 *   `thread_id` instead would turn a re-run into "unknown thread" failures.
 */
export const smsInputSchema = z.object({
  operation: z.enum(SMS_OPERATIONS),

  from_number: z.string().nullish(),
  to_numbers: z.array(z.string()).nullish(),
  body: z.string().nullish(),
  message_type: z
    .enum(MESSAGE_TYPES)
    .nullish()
    .transform((value) => value ?? 'sms'),
  attachments: z.array(smsAttachmentInputSchema).nullish(),
  thread_id: z.string().nullish(),
  replied_to_message_id: z.string().nullish(),
  sent_at: zDateTime.nullish(),

  message_id: z.string().nullish(),
  message_ids: z.array(z.string().min(1)).nullish(),
  new_status: z.enum(DELIVERY_STATUSES).nullish(),
  delivered_at: zDateTime.nullish(),
  read_at: zDateTime.nullish(),

  phone_number: z.string().nullish(),
  emoji: z.string().nullish(),
  reaction_id: z.string().nullish(),

  new_body: z.string().nullish(),
  delete_for_everyone: zNullableBool.transform((value) => value ?? false),

  group_name: z.string().nullish(),
  creator_number: z.string().nullish(),
  participant_numbers: z.array(z.string()).nullish(),
  group_photo_url: z.string().nullish(),
  added_by: z.string().nullish(),
  removed_by: z.string().nullish(),
  is_admin: zNullableBool.transform((value) => value ?? false),
  created_thread_id: z.string().min(1).nullish(),

  pin: zNullableBool,
  mute: zNullableBool,
  archive: zNullableBool,
  mark_all_read: zNullableBool,
  draft_message: z.string().nullish(),
  /** Accepted for compatibility; the original stores no mute deadline either. */
  mute_until: zDateTime.nullish(),
});

export type SmsInput = z.infer<typeof smsInputSchema>;

const isSet = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

function requireText(
  problems: string[],
  operation: string,
  field: string,
  value: string | null | undefined,
): void {
  if (!value) problems.push(`${field} is required for operation '${operation}'`);
}

function requireTargets(problems: string[], input: SmsInput): void {
  if (!input.message_id && !input.message_ids?.length) {
    problems.push(`message_id or message_ids is required for operation '${input.operation}'`);
  }
}

/** Operation-level rules (the original's `validate_input`); empty when the input is valid. */
export function smsInputProblems(input: SmsInput): string[] {
  const problems: string[] = [];
  const { operation } = input;

  if (isSet(input.message_ids) && !BULK_OPERATIONS.includes(operation)) {
    problems.push(`message_ids is only supported for operations ${BULK_OPERATIONS.join(', ')}`);
  }

  switch (operation) {
    case 'send_message':
    case 'receive_message':
      requireText(problems, operation, 'from_number', input.from_number);
      if (!isSet(input.to_numbers)) problems.push(`to_numbers is required for operation '${operation}'`);
      else if (input.to_numbers.length === 0) problems.push('to_numbers cannot be empty');
      else if (input.to_numbers.some((number) => !number))
        problems.push('to_numbers cannot contain empty numbers');
      if (!isSet(input.body)) problems.push(`body is required for operation '${operation}'`);
      break;
    case 'update_delivery_status':
      requireTargets(problems, input);
      if (!isSet(input.new_status))
        problems.push("new_status is required for operation 'update_delivery_status'");
      else if (!(SETTABLE_DELIVERY_STATUSES as readonly string[]).includes(input.new_status)) {
        problems.push(
          `new_status must be one of ${JSON.stringify(SETTABLE_DELIVERY_STATUSES)}, got '${input.new_status}'`,
        );
      }
      break;
    case 'add_reaction':
    case 'remove_reaction':
      if (!input.message_id) problems.push('message_id is required for reaction operations');
      if (!input.phone_number) problems.push('phone_number is required for reaction operations');
      if (operation === 'add_reaction') requireText(problems, operation, 'emoji', input.emoji);
      else requireText(problems, operation, 'reaction_id', input.reaction_id);
      break;
    case 'edit_message':
      requireText(problems, operation, 'message_id', input.message_id);
      if (!isSet(input.new_body)) problems.push("new_body is required for operation 'edit_message'");
      break;
    case 'delete_message':
      requireTargets(problems, input);
      break;
    case 'create_group':
      requireText(problems, operation, 'creator_number', input.creator_number);
      if (!isSet(input.participant_numbers))
        problems.push('participant_numbers is required for create_group');
      else if (new Set(input.participant_numbers.filter(Boolean)).size < 2) {
        problems.push('participant_numbers must have at least 2 participants');
      }
      break;
    case 'update_group':
      requireText(problems, operation, 'thread_id', input.thread_id);
      break;
    case 'add_participant':
    case 'remove_participant':
      requireText(problems, operation, 'thread_id', input.thread_id);
      requireText(problems, operation, 'phone_number', input.phone_number);
      break;
    case 'leave_group':
      requireText(problems, operation, 'thread_id', input.thread_id);
      break;
    case 'update_conversation': {
      requireText(problems, operation, 'thread_id', input.thread_id);
      const updates = [input.pin, input.mute, input.archive, input.mark_all_read, input.draft_message];
      if (!updates.some(isSet)) {
        problems.push(
          'update_conversation must specify at least one update (pin, mute, archive, mark_all_read, or draft_message)',
        );
      }
      break;
    }
  }
  return problems;
}
