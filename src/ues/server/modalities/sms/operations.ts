import { mintId } from '../../core/ids.js';
import type { ModalityInput } from '../../core/event.js';
import { ModalityOperationError } from '../../core/errors.js';
import type { Journal } from '../../core/journal.js';
import { formatTime, parseTime } from '../../core/time.js';
import type { ApplyContext } from '../modality.js';
import type { SmsInput } from './input.js';
import {
  messageParticipants,
  newAttachment,
  newConversation,
  newMessage,
  newParticipant,
  orUndefined,
  type SmsConversation,
  type SmsMessage,
} from './model.js';
import type { SmsState } from './state.js';

type Input = SmsInput & ModalityInput;

/**
 * Applies one SMSInput. Generated ids (message, attachment, reaction, new conversation) are pinned
 * on the input itself, not journaled, so a redo or a re-run after reset reproduces them.
 */
export function applySmsInput(state: SmsState, input: Input, context: ApplyContext): void {
  const at = canonicalTime(input.timestamp, context.now);
  const { journal } = context;
  switch (input.operation) {
    case 'send_message':
    case 'receive_message':
      return addMessage(state, input, at, journal);
    case 'update_delivery_status':
      return updateDeliveryStatus(state, input, at, journal);
    case 'add_reaction': {
      const message = requireMessage(state, input.message_id!);
      if (!input.reaction_id) input.reaction_id = mintId('sms-reaction');
      if (message.reactions.some((reaction) => reaction.reaction_id === input.reaction_id)) {
        throw new ModalityOperationError(`Reaction ${input.reaction_id} already exists`);
      }
      journal.push(message.reactions, {
        reaction_id: input.reaction_id,
        message_id: message.message_id,
        phone_number: input.phone_number!,
        emoji: input.emoji!,
        timestamp: at,
      });
      return;
    }
    case 'remove_reaction': {
      const message = requireMessage(state, input.message_id!);
      const remaining = message.reactions.filter((reaction) => reaction.reaction_id !== input.reaction_id);
      // An unknown reaction is a no-op, as in the original.
      if (remaining.length !== message.reactions.length) journal.replaceAll(message.reactions, remaining);
      return;
    }
    case 'edit_message': {
      const message = requireMessage(state, input.message_id!);
      if (message.message_type !== 'rcs') throw new ModalityOperationError('Can only edit RCS messages');
      journal.set(message, 'body', input.new_body!);
      journal.set(message, 'edited_at', at);
      return;
    }
    case 'delete_message':
      // Soft delete: the message stays, and still counts, as in the original.
      for (const message of targetMessages(state, input)) journal.set(message, 'is_deleted', true);
      return;
    case 'create_group':
      return createGroup(state, input, at, journal);
    case 'update_group': {
      const conversation = requireConversation(state, input.thread_id!);
      if (isSet(input.group_name)) journal.set(conversation, 'group_name', input.group_name || undefined);
      if (isSet(input.group_photo_url)) {
        journal.set(conversation, 'group_photo_url', input.group_photo_url || undefined);
      }
      return;
    }
    case 'add_participant':
      return addParticipant(state, input, at, journal);
    case 'remove_participant':
    case 'leave_group': {
      const conversation = requireConversation(state, input.thread_id!);
      const number = input.phone_number || state.userPhoneNumber;
      const participant = conversation.participants.find(
        (candidate) => candidate.phone_number === number && candidate.left_at === undefined,
      );
      // Removing someone who is not (or no longer) in the conversation is a no-op, as in the original.
      if (participant) journal.set(participant, 'left_at', at);
      return;
    }
    case 'update_conversation':
      return updateConversation(state, input, at, journal);
  }
}

const isSet = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

const CANONICAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/**
 * The input's timestamp (its scheduled time) in canonical form. The engine already writes it so;
 * scenario imports may carry `+00:00` or microseconds, which are normalised.
 */
function canonicalTime(timestamp: string, now: number): string {
  if (CANONICAL_TIME.test(timestamp) && !timestamp.endsWith('.000Z')) return timestamp;
  return formatTime(parseTime(timestamp) ?? now);
}

function requireMessage(state: SmsState, messageId: string): SmsMessage {
  const message = state.messages.get(messageId);
  if (!message) throw new ModalityOperationError(`Message ${messageId} not found`);
  return message;
}

function requireConversation(state: SmsState, threadId: string): SmsConversation {
  const conversation = state.conversations.get(threadId);
  if (!conversation) throw new ModalityOperationError(`Conversation ${threadId} not found`);
  return conversation;
}

/**
 * The messages an update or delete applies to. The bulk form skips unknown ids (as the original's
 * routes did) and fails only when none of them exists; the single form fails on an unknown id.
 */
function targetMessages(state: SmsState, input: Input): SmsMessage[] {
  if (!input.message_ids?.length) return [requireMessage(state, input.message_id!)];
  const ids = [...new Set(input.message_ids)];
  const found = ids.map((id) => state.messages.get(id)).filter((message) => message !== undefined);
  if (found.length === 0) throw new ModalityOperationError(`Messages not found: ${ids.join(', ')}`);
  return found;
}

function addMessage(state: SmsState, input: Input, at: string, journal: Journal): void {
  const from = input.from_number!;
  const to = input.to_numbers!;
  if (!input.message_id) input.message_id = mintId('sms-message');
  const messageId = input.message_id;
  if (state.messages.has(messageId)) throw new ModalityOperationError(`Message ${messageId} already exists`);

  let conversation: SmsConversation;
  if (input.thread_id) {
    conversation = requireConversation(state, input.thread_id);
  } else {
    const numbers = messageParticipants(from, to);
    conversation =
      state.conversationWithParticipants(numbers) ?? openConversation(state, input, numbers, at, journal);
  }

  const attachments = (input.attachments ?? []).map((attachment) => {
    if (!attachment.attachment_id) attachment.attachment_id = mintId('sms-attachment');
    return newAttachment({
      filename: attachment.filename,
      size: attachment.size,
      mime_type: attachment.mime_type,
      attachment_id: attachment.attachment_id,
      thumbnail_url: orUndefined(attachment.thumbnail_url),
      duration: orUndefined(attachment.duration),
    });
  });
  // Direction follows the sender, whichever operation carried the message.
  const outgoing = from === state.userPhoneNumber;
  const message = newMessage({
    message_id: messageId,
    thread_id: conversation.thread_id,
    from_number: from,
    to_numbers: to,
    body: input.body!,
    attachments,
    reactions: [],
    message_type: input.message_type,
    direction: outgoing ? 'outgoing' : 'incoming',
    // UES port decision (c): a given sent_at stamps the message; the event's time is unchanged.
    sent_at: input.sent_at ?? at,
    is_read: outgoing,
    // An incoming text is on the user's phone: delivered, at the moment it arrived (the original
    // says "sent" with no delivered_at, as if it were still on its way).
    delivery_status: outgoing ? 'sent' : 'delivered',
    ...(outgoing ? {} : { delivered_at: at }),
    is_deleted: false,
    replied_to_message_id: orUndefined(input.replied_to_message_id),
    is_spam: false,
  });
  state.insertMessage(message, journal);
  journal.set(conversation, 'last_message_at', at);
  journal.set(conversation, 'message_count', conversation.message_count + 1);
  if (!outgoing) journal.set(conversation, 'unread_count', conversation.unread_count + 1);
  trimHistory(state, conversation, journal);
}

/** A new conversation for a send/receive whose participant set matches none. */
function openConversation(
  state: SmsState,
  input: Input,
  numbers: string[],
  at: string,
  journal: Journal,
): SmsConversation {
  const conversation = newConversation({
    thread_id: claimNewThreadId(state, input),
    conversation_type: numbers.length > 2 ? 'group' : 'one_on_one',
    participants: numbers.map((number) =>
      newParticipant({ phone_number: number, is_admin: false, joined_at: at }),
    ),
    group_name: orUndefined(input.group_name),
    created_at: at,
    last_message_at: at,
    message_count: 0,
    unread_count: 0,
    is_pinned: false,
    is_muted: false,
    is_archived: false,
  });
  state.addConversation(conversation, journal);
  return conversation;
}

function claimNewThreadId(state: SmsState, input: Input): string {
  if (!input.created_thread_id) input.created_thread_id = mintId('sms-thread');
  if (state.conversations.has(input.created_thread_id)) {
    throw new ModalityOperationError(`Conversation ${input.created_thread_id} already exists`);
  }
  return input.created_thread_id;
}

/**
 * Keeps at most `max_messages_per_conversation` messages per thread by deleting the oldest by
 * `sent_at`. Unlike the original, the conversation's message_count and unread_count follow the
 * deletion, so the state stays consistent (the original's own validation would flag it otherwise).
 */
function trimHistory(state: SmsState, conversation: SmsConversation, journal: Journal): void {
  const ids = state.messageIdsOf(conversation.thread_id);
  while (ids.length > state.maxMessagesPerConversation) {
    let oldest: SmsMessage | undefined;
    let oldestAt = Infinity;
    for (const id of ids) {
      const message = state.messages.get(id)!;
      const sentAt = Date.parse(message.sent_at);
      if (sentAt < oldestAt) {
        oldest = message;
        oldestAt = sentAt;
      }
    }
    if (!oldest) return;
    state.removeMessage(oldest, journal);
    journal.set(conversation, 'message_count', Math.max(0, conversation.message_count - 1));
    if (!oldest.is_read)
      journal.set(conversation, 'unread_count', Math.max(0, conversation.unread_count - 1));
  }
}

function updateDeliveryStatus(state: SmsState, input: Input, at: string, journal: Journal): void {
  const bulk = Boolean(input.message_ids?.length);
  for (const message of targetMessages(state, input)) {
    switch (input.new_status) {
      case 'read':
        state.setRead(message, true, input.read_at ?? at, journal);
        break;
      case 'delivered':
        if (bulk) {
          // The bulk form is `/sms/unread`: delivered, not (yet) read.
          state.setRead(message, false, at, journal);
        } else {
          journal.set(message, 'delivery_status', 'delivered');
          journal.set(message, 'delivered_at', input.delivered_at ?? at);
        }
        break;
      case 'failed':
        journal.set(message, 'delivery_status', 'failed');
        break;
    }
  }
}

function createGroup(state: SmsState, input: Input, at: string, journal: Journal): void {
  const creator = input.creator_number!;
  const numbers = [...new Set(input.participant_numbers!.filter(Boolean))];
  state.addConversation(
    newConversation({
      thread_id: claimNewThreadId(state, input),
      conversation_type: 'group',
      participants: numbers.map((number) =>
        newParticipant({ phone_number: number, is_admin: number === creator, joined_at: at }),
      ),
      group_name: orUndefined(input.group_name),
      group_photo_url: orUndefined(input.group_photo_url),
      created_at: at,
      created_by: creator,
      last_message_at: at,
      message_count: 0,
      unread_count: 0,
      is_pinned: false,
      is_muted: false,
      is_archived: false,
    }),
    journal,
  );
}

function addParticipant(state: SmsState, input: Input, at: string, journal: Journal): void {
  const conversation = requireConversation(state, input.thread_id!);
  const number = input.phone_number!;
  // The original appends a duplicate entry, after which thread resolution can never match the
  // conversation again; an active member being added again is reported instead.
  if (conversation.participants.some((p) => p.phone_number === number && p.left_at === undefined)) {
    throw new ModalityOperationError(
      `${number} is already a participant of conversation ${conversation.thread_id}`,
    );
  }
  journal.push(
    conversation.participants,
    newParticipant({ phone_number: number, is_admin: input.is_admin, joined_at: at }),
  );
  state.participantsChanged(journal);
}

function updateConversation(state: SmsState, input: Input, at: string, journal: Journal): void {
  const conversation = requireConversation(state, input.thread_id!);
  if (isSet(input.pin)) journal.set(conversation, 'is_pinned', input.pin);
  if (isSet(input.mute)) journal.set(conversation, 'is_muted', input.mute);
  if (isSet(input.archive)) journal.set(conversation, 'is_archived', input.archive);
  if (input.mark_all_read) {
    for (const id of state.messageIdsOf(conversation.thread_id)) {
      const message = state.messages.get(id);
      if (message && !message.is_read) state.setRead(message, true, at, journal);
    }
    journal.set(conversation, 'unread_count', 0);
  }
  // An empty draft clears it.
  if (isSet(input.draft_message))
    journal.set(conversation, 'draft_message', input.draft_message || undefined);
}
