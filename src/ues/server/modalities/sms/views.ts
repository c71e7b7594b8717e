import { describeAgo, formatTime } from '../../core/time.js';
import type { SmsConversation, SmsMessage } from './model.js';
import type { SmsState } from './state.js';

function totalUnread(state: SmsState): number {
  let unread = 0;
  for (const conversation of state.conversations.values()) unread += conversation.unread_count;
  return unread;
}

/** "4 conversations, 2 unread", or "No conversations". */
export function smsSummary(state: SmsState): string {
  const count = state.conversations.size;
  if (count === 0) return 'No conversations';
  return `${count === 1 ? '1 conversation' : `${count} conversations`}, ${totalUnread(state)} unread`;
}

/** The newest message of a thread by `sent_at` (the first of equals, as Python's `max`). */
function lastMessageOf(state: SmsState, threadId: string): SmsMessage | undefined {
  let last: SmsMessage | undefined;
  let lastAt = -Infinity;
  for (const id of state.messageIdsOf(threadId)) {
    const message = state.messages.get(id);
    if (!message) continue;
    const sentAt = Date.parse(message.sent_at);
    if (sentAt > lastAt) {
      last = message;
      lastAt = sentAt;
    }
  }
  return last;
}

const UNREAD_CONVERSATIONS_SHOWN = 5;
const PREVIEW_LENGTH = 100;

/** Compact snapshot for `GET /environment/state?compact=true` (spec §5.8). */
export function smsCompactSnapshot(state: SmsState, now: number): Record<string, unknown> {
  const unread = [...state.conversations.values()]
    .filter((conversation) => conversation.unread_count > 0)
    .map((conversation) => ({ conversation, at: Date.parse(conversation.last_message_at) }))
    .sort((a, b) => b.at - a.at)
    .slice(0, UNREAD_CONVERSATIONS_SHOWN);
  return {
    summary: smsSummary(state),
    conversation_count: state.conversations.size,
    total_unread: totalUnread(state),
    unread_conversations: unread.map(({ conversation, at }) => {
      const info: Record<string, unknown> = {
        thread_id: conversation.thread_id,
        unread_count: conversation.unread_count,
        received_ago: describeAgo(at, now),
      };
      if (conversation.conversation_type === 'group') {
        info.is_group = true;
        info.group_name = conversation.group_name || `Group (${conversation.participants.length} members)`;
      } else {
        const other = conversation.participants.find(
          (participant) => participant.phone_number !== state.userPhoneNumber,
        );
        if (other) info.participant = other.phone_number;
      }
      const last = lastMessageOf(state, conversation.thread_id);
      if (last) {
        info.last_message =
          last.body.length > PREVIEW_LENGTH ? `${last.body.slice(0, PREVIEW_LENGTH)}...` : last.body;
      }
      return info;
    }),
  };
}

/** `GET /sms/state`: every message and conversation, counted in the same pass that lists them. */
export function smsStateView(state: SmsState, now: number): Record<string, unknown> {
  const messages: Record<string, SmsMessage> = {};
  let unread = 0;
  for (const [id, message] of state.messages) {
    messages[id] = message;
    if (!message.is_read) unread++;
  }
  return {
    modality_type: 'sms',
    current_time: formatTime(now),
    user_phone_number: state.userPhoneNumber,
    messages,
    conversations: Object.fromEntries(state.conversations),
    total_message_count: state.messages.size,
    unread_count: unread,
    total_conversation_count: state.conversations.size,
  };
}

function conversationOutline(conversation: SmsConversation): Record<string, unknown> {
  const outline: Record<string, unknown> = {
    thread_id: conversation.thread_id,
    participants: conversation.participants,
    message_count: conversation.message_count,
    unread_count: conversation.unread_count,
    last_message_at: conversation.last_message_at,
    created_at: conversation.created_at,
  };
  if (conversation.group_name) outline.group_name = conversation.group_name;
  return outline;
}

/** `GET /sms/state?compact=true`: conversation metadata without message content. */
export function smsCompactStateView(state: SmsState): Record<string, unknown> {
  const conversations: Record<string, unknown> = {};
  let unread = 0;
  for (const [id, conversation] of state.conversations) {
    conversations[id] = conversationOutline(conversation);
    unread += conversation.unread_count;
  }
  return {
    modality_type: 'sms',
    last_updated: formatTime(state.lastUpdated),
    update_count: state.updateCount,
    user_phone_number: state.userPhoneNumber,
    conversations,
    total_conversations: state.conversations.size,
    total_messages: state.messages.size,
    unread_total: unread,
  };
}
