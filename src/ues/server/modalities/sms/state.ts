import type { ModalityInput } from '../../core/event.js';
import type { Journal } from '../../core/journal.js';
import { formatTime } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import { smsInputProblems, type SmsInput } from './input.js';
import {
  DEFAULT_MAX_MESSAGES_PER_CONVERSATION,
  DEFAULT_USER_PHONE_NUMBER,
  conversationKey,
  participantKey,
  type SmsConversation,
  type SmsMessage,
} from './model.js';
import { applySmsInput } from './operations.js';
import { smsCompactSnapshot, smsSummary } from './views.js';

/**
 * Every SMS/RCS message and conversation of the simulated user.
 *
 * Besides the two exported collections the state keeps derived indexes so that applying one input
 * costs O(1) amortised instead of a scan of every message: the message ids of each thread, and the
 * conversations by their sorted participant numbers (thread resolution). Mutations go through the
 * journal; the participant index is a cache that undo simply invalidates.
 */
export class SmsState implements ModalityState {
  readonly modalityType = 'sms';
  lastUpdated: number;
  updateCount = 0;
  userPhoneNumber = DEFAULT_USER_PHONE_NUMBER;
  maxMessagesPerConversation = DEFAULT_MAX_MESSAGES_PER_CONVERSATION;
  messages = new Map<string, SmsMessage>();
  conversations = new Map<string, SmsConversation>();
  /** Message ids per thread, in insertion order. */
  private threadMessages = new Map<string, string[]>();
  /** Thread ids by participant key, in conversation order; null until rebuilt on demand. */
  private conversationsByParticipants: Map<string, string[]> | null = null;
  /**
   * Insertion rank of each message id, to put a trimmed message back in place on undo. Entries of
   * undone messages may linger; they are never consulted for a message that is not in the state.
   */
  private messageRank = new Map<string, number>();
  private nextMessageRank = 0;

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(input: ModalityInput): string[] {
    return smsInputProblems(input as unknown as SmsInput);
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    applySmsInput(this, input as unknown as SmsInput & ModalityInput, context);
  }

  // ── reads ───────────────────────────────────────────────────────────────

  /** Ids of the messages in a thread, oldest inserted first. */
  messageIdsOf(threadId: string): readonly string[] {
    return this.threadMessages.get(threadId) ?? [];
  }

  /** The first conversation (in conversation order) whose sorted participant numbers are these. */
  conversationWithParticipants(sortedNumbers: readonly string[]): SmsConversation | undefined {
    const threadId = this.participantIndex().get(participantKey(sortedNumbers))?.[0];
    return threadId === undefined ? undefined : this.conversations.get(threadId);
  }

  private participantIndex(): Map<string, string[]> {
    if (this.conversationsByParticipants) return this.conversationsByParticipants;
    const index = new Map<string, string[]>();
    for (const conversation of this.conversations.values()) {
      const key = conversationKey(conversation);
      const threads = index.get(key);
      if (threads) threads.push(conversation.thread_id);
      else index.set(key, [conversation.thread_id]);
    }
    this.conversationsByParticipants = index;
    return index;
  }

  // ── journaled mutations used by the operations ──────────────────────────

  /** Adds a conversation at the end of the conversation order. */
  addConversation(conversation: SmsConversation, journal: Journal): void {
    journal.mapSet(this.conversations, conversation.thread_id, conversation);
    const index = this.conversationsByParticipants;
    if (index) {
      const key = conversationKey(conversation);
      const threads = index.get(key);
      if (threads) threads.push(conversation.thread_id);
      else index.set(key, [conversation.thread_id]);
    }
    this.invalidateParticipantIndexOnUndo(journal);
  }

  /** A conversation's participant numbers changed: the resolution index must be rebuilt. */
  participantsChanged(journal: Journal): void {
    this.conversationsByParticipants = null;
    this.invalidateParticipantIndexOnUndo(journal);
  }

  private invalidateParticipantIndexOnUndo(journal: Journal): void {
    journal.record(() => {
      this.conversationsByParticipants = null;
    });
  }

  /** Appends a message to the message map and to its thread's list. */
  insertMessage(message: SmsMessage, journal: Journal): void {
    this.messageRank.set(message.message_id, this.nextMessageRank++);
    journal.mapSet(this.messages, message.message_id, message);
    const ids = this.threadMessages.get(message.thread_id);
    if (ids) journal.push(ids, message.message_id);
    else journal.mapSet(this.threadMessages, message.thread_id, [message.message_id]);
  }

  /**
   * Removes a message for good (history trimming). Undo puts it back at its old position in the
   * message map, which costs a rebuild of the map only at undo time.
   */
  removeMessage(message: SmsMessage, journal: Journal): void {
    this.messages.delete(message.message_id);
    journal.record(() => this.restoreMessage(message));
    const ids = this.threadMessages.get(message.thread_id);
    const position = ids ? ids.indexOf(message.message_id) : -1;
    if (ids && position >= 0) {
      ids.splice(position, 1);
      journal.record(() => ids.splice(position, 0, message.message_id));
    }
  }

  private restoreMessage(message: SmsMessage): void {
    const rank = this.messageRank.get(message.message_id) ?? -1;
    const entries = [...this.messages.values()];
    const position = entries.findIndex((other) => (this.messageRank.get(other.message_id) ?? -1) > rank);
    if (position < 0) {
      this.messages.set(message.message_id, message);
      return;
    }
    entries.splice(position, 0, message);
    this.messages.clear();
    for (const entry of entries) this.messages.set(entry.message_id, entry);
  }

  /**
   * Marks a message read or unread and keeps its conversation's `unread_count` in step.
   *
   * Fix of the original (spec §9 item 7): its `/sms/read` left the conversation's unread_count
   * untouched, so the count only ever went down through `mark_all_read`. Here every read/unread
   * transition moves the count, so it always equals the number of unread messages in the thread.
   */
  setRead(message: SmsMessage, read: boolean, at: string, journal: Journal): void {
    if (message.is_read !== read) {
      const conversation = this.conversations.get(message.thread_id);
      if (conversation) {
        journal.set(conversation, 'unread_count', Math.max(0, conversation.unread_count + (read ? -1 : 1)));
      }
    }
    journal.set(message, 'is_read', read);
    journal.set(message, 'read_at', read ? at : undefined);
    if (read && message.direction === 'outgoing') journal.set(message, 'delivery_status', 'read');
  }

  // ── ModalityState ───────────────────────────────────────────────────────

  toJSON(): Record<string, unknown> {
    return {
      modality_type: 'sms',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      messages: Object.fromEntries(this.messages),
      conversations: Object.fromEntries(this.conversations),
      max_messages_per_conversation: this.maxMessagesPerConversation,
      user_phone_number: this.userPhoneNumber,
    };
  }

  summary(): string {
    return smsSummary(this);
  }

  compact(now: number): Record<string, unknown> {
    return smsCompactSnapshot(this, now);
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    for (const [messageId, message] of this.messages) {
      if (!this.conversations.has(message.thread_id)) {
        problems.push(`Message ${messageId} references non-existent conversation ${message.thread_id}`);
      }
    }
    for (const [threadId, conversation] of this.conversations) {
      const actual = this.messageIdsOf(threadId).length;
      if (conversation.message_count !== actual) {
        problems.push(
          `Conversation ${threadId} message_count (${conversation.message_count}) doesn't match actual count (${actual})`,
        );
      }
      if (conversation.participants.length === 0)
        problems.push(`Conversation ${threadId} has no participants`);
    }
    return problems;
  }

  /** Empties messages and conversations; the user's number and the history limit stay. */
  clear(now: number): void {
    this.messages = new Map();
    this.conversations = new Map();
    this.threadMessages = new Map();
    this.conversationsByParticipants = null;
    this.messageRank = new Map();
    this.updateCount = 0;
    this.lastUpdated = now;
  }

  /** Fills an empty state from loaded entities (scenario import), in their exported order. */
  populate(messages: Iterable<SmsMessage>, conversations: Iterable<SmsConversation>): void {
    for (const conversation of conversations) this.conversations.set(conversation.thread_id, conversation);
    for (const message of messages) {
      this.messageRank.set(message.message_id, this.nextMessageRank++);
      this.messages.set(message.message_id, message);
      const ids = this.threadMessages.get(message.thread_id);
      if (ids) ids.push(message.message_id);
      else this.threadMessages.set(message.thread_id, [message.message_id]);
    }
    this.conversationsByParticipants = null;
  }
}
