import { mintId } from '../../core/ids.js';
import { z } from 'zod';
import type { ModalityInput } from '../../core/event.js';
import { ModalityOperationError } from '../../core/errors.js';
import { formatTime, zDateTime, zDateTimeMs } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import { CHAT_ROLES, zChatContent, type ChatInput } from './input.js';

export interface ChatMessage {
  message_id: string;
  conversation_id: string;
  role: (typeof CHAT_ROLES)[number];
  content: string | Record<string, unknown>[];
  timestamp: string;
  metadata: Record<string, unknown>;
}

export interface ConversationMetadata {
  conversation_id: string;
  created_at: string;
  last_message_at: string;
  message_count: number;
  participant_roles: string[];
}

/**
 * Messages are ordered by timestamp, and messages of the same instant by arrival: a new one goes
 * after every message not later than it. Ids must not break ties — the user's task and the
 * assistant's first post often share an instant, and ordering them by a generated id made the
 * conversation every reader (and model) sees differ from run to run.
 */
const byTimestamp = (a: ChatMessage, b: ChatMessage): number =>
  Date.parse(a.timestamp) - Date.parse(b.timestamp);

/** Where `message` goes in `messages`: after the last one not later than it (a binary search). */
function insertionIndex(messages: readonly ChatMessage[], message: ChatMessage): number {
  let low = 0;
  let high = messages.length;
  // Messages mostly come in time order: check the end first.
  if (high === 0 || byTimestamp(messages[high - 1]!, message) <= 0) return high;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (byTimestamp(messages[mid]!, message) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function sizesOf(messages: readonly ChatMessage[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const message of messages)
    sizes.set(message.conversation_id, (sizes.get(message.conversation_id) ?? 0) + 1);
  return sizes;
}

/** The text of a message, whether content is a string or a list of `{type, text}` blocks. */
export function chatText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.map((block) => (typeof block.text === 'string' ? block.text : '')).join('\n');
}

/** The user ↔ assistant conversation(s). Messages are one global list ordered by (timestamp, arrival). */
export class ChatState implements ModalityState {
  readonly modalityType = 'chat';
  lastUpdated: number;
  updateCount = 0;
  messages: ChatMessage[] = [];
  /** Message ids, so a send checks for duplicates without scanning the history. */
  messageIds = new Set<string>();
  /**
   * How many of `messages` each conversation has, so a send knows whether to trim without scanning
   * them (the metadata's `message_count` is the original's, which imports may set to anything).
   */
  sizes = new Map<string, number>();
  conversations = new Map<string, ConversationMetadata>();
  maxHistorySize = 1000;
  defaultConversationId = 'default';

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(input: ModalityInput): string[] {
    const chat = input as unknown as ChatInput;
    const problems: string[] = [];
    if (chat.operation === 'send_message') {
      if (!chat.role) problems.push('send_message requires role');
      if (chat.content === null || chat.content === undefined) problems.push('send_message requires content');
    }
    if (chat.operation === 'delete_message' && !chat.message_id)
      problems.push('delete_message requires message_id');
    return problems;
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    const chat = input as unknown as ChatInput;
    switch (chat.operation) {
      case 'send_message':
        return this.send(chat, input.timestamp, context);
      case 'delete_message':
        return this.deleteMessage(chat.message_id!, context);
      case 'clear_conversation':
        return this.clearConversation(this.conversationOf(chat), context);
    }
  }

  /**
   * The input's conversation, or the default one. Pinned on the input like a generated message
   * id, so a redo (and the event log) names the conversation it really went to.
   */
  private conversationOf(chat: ChatInput): string {
    chat.conversation_id ||= this.defaultConversationId;
    return chat.conversation_id;
  }

  private send(chat: ChatInput, timestamp: string, context: ApplyContext): void {
    const { journal } = context;
    const conversationId = this.conversationOf(chat);
    // Pin the generated id on the input itself so a redo (and the event log) shows the same id.
    if (!chat.message_id) chat.message_id = mintId('chat-message');
    const message: ChatMessage = {
      message_id: chat.message_id!,
      conversation_id: conversationId,
      role: chat.role!,
      content: chat.content!,
      timestamp,
      metadata: chat.metadata,
    };
    if (this.messageIds.has(message.message_id)) {
      throw new ModalityOperationError(`Chat message ${message.message_id} already exists`);
    }
    journal.setAdd(this.messageIds, message.message_id);
    journal.mapSet(this.sizes, message.conversation_id, (this.sizes.get(message.conversation_id) ?? 0) + 1);
    const at = insertionIndex(this.messages, message);
    if (at === this.messages.length) journal.push(this.messages, message);
    else journal.insert(this.messages, at, message);

    const existing = this.conversations.get(conversationId);
    const roles = new Set(existing?.participant_roles ?? []);
    roles.add(message.role);
    journal.mapSet(this.conversations, conversationId, {
      conversation_id: conversationId,
      created_at: existing?.created_at ?? timestamp,
      last_message_at: timestamp,
      message_count: (existing?.message_count ?? 0) + 1,
      participant_roles: [...roles],
    });
    this.trim(conversationId, context);
  }

  /** Keeps at most maxHistorySize messages per conversation, dropping the oldest. */
  private trim(conversationId: string, context: ApplyContext): void {
    // The conversation's own count says whether trimming is needed without scanning every message.
    if ((this.conversations.get(conversationId)?.message_count ?? 0) <= this.maxHistorySize) return;
    const excess = (this.sizes.get(conversationId) ?? 0) - this.maxHistorySize;
    if (excess <= 0) return;
    const { journal } = context;
    if (excess === 1) {
      // One over, as every send past the limit is: drop the conversation's first (oldest) message.
      journal.removeAt(
        this.messages,
        this.messages.findIndex((message) => message.conversation_id === conversationId),
      );
    } else {
      const inConversation = this.messages.filter((message) => message.conversation_id === conversationId);
      const dropped = new Set(inConversation.slice(0, excess).map((message) => message.message_id));
      journal.replaceAll(
        this.messages,
        this.messages.filter((message) => !dropped.has(message.message_id)),
      );
    }
    journal.mapSet(this.sizes, conversationId, this.maxHistorySize);
    const metadata = this.conversations.get(conversationId)!;
    journal.mapSet(this.conversations, conversationId, {
      ...metadata,
      message_count: this.maxHistorySize,
    });
  }

  private deleteMessage(messageId: string, context: ApplyContext): void {
    const message = this.messages.find((candidate) => candidate.message_id === messageId);
    if (!message) return; // The original treats an unknown id as a silent no-op.
    context.journal.replaceAll(
      this.messages,
      this.messages.filter((candidate) => candidate !== message),
    );
    this.resyncIds(context);
    const metadata = this.conversations.get(message.conversation_id);
    if (metadata) {
      context.journal.mapSet(this.conversations, message.conversation_id, {
        ...metadata,
        message_count: Math.max(0, metadata.message_count - 1),
      });
    }
  }

  private clearConversation(conversationId: string, context: ApplyContext): void {
    context.journal.replaceAll(
      this.messages,
      this.messages.filter((message) => message.conversation_id !== conversationId),
    );
    this.resyncIds(context);
    context.journal.mapDelete(this.conversations, conversationId);
  }

  /** Rebuilds the id index and sizes after messages were removed (rare: deletes, clears). */
  private resyncIds(context: ApplyContext): void {
    context.journal.set(this, 'messageIds', new Set(this.messages.map((message) => message.message_id)));
    context.journal.set(this, 'sizes', sizesOf(this.messages));
  }

  toJSON(): Record<string, unknown> {
    return {
      modality_type: 'chat',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      messages: this.messages,
      conversations: Object.fromEntries(this.conversations),
      max_history_size: this.maxHistorySize,
      default_conversation_id: this.defaultConversationId,
    };
  }

  summary(): string {
    return `${this.messages.length} messages in ${this.conversations.size} conversations`;
  }

  compact(): Record<string, unknown> {
    const lastOf = (role: string): string | null => {
      for (let index = this.messages.length - 1; index >= 0; index--) {
        const message = this.messages[index]!;
        if (message.role === role) return chatText(message.content).slice(0, 200);
      }
      return null;
    };
    return {
      summary: this.summary(),
      last_user_message: lastOf('user'),
      last_assistant_message: lastOf('assistant'),
    };
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const message of this.messages) {
      if (ids.has(message.message_id)) problems.push(`duplicate chat message id ${message.message_id}`);
      ids.add(message.message_id);
    }
    return problems;
  }

  clear(now: number): void {
    this.messages = [];
    this.messageIds = new Set();
    this.sizes = new Map();
    this.conversations = new Map();
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}

const zChatMessage = z.object({
  message_id: z.string(),
  conversation_id: z.string(),
  role: z.enum(CHAT_ROLES),
  content: zChatContent,
  timestamp: zDateTime,
  metadata: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? {}),
});

const zConversation = z.object({
  conversation_id: z.string(),
  created_at: zDateTime,
  last_message_at: zDateTime,
  message_count: z.number().int().nonnegative(),
  participant_roles: z.array(z.string()),
});

/** The exported chat state (ours, or the Python UES's). */
export const chatStateSchema = z.object({
  modality_type: z.literal('chat').optional(),
  last_updated: zDateTimeMs.optional(),
  update_count: z.number().int().nonnegative().default(0),
  messages: z.array(zChatMessage).default([]),
  conversations: z.record(z.string(), zConversation).default({}),
  max_history_size: z.number().int().positive().default(1000),
  default_conversation_id: z.string().default('default'),
});

export function loadChatState(json: unknown, now: number): ChatState {
  const data = chatStateSchema.parse(json);
  const state = new ChatState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  // A stable sort: messages of one instant keep the file's order, the order they arrived in.
  state.messages = [...data.messages].sort(byTimestamp);
  state.messageIds = new Set(state.messages.map((message) => message.message_id));
  state.sizes = sizesOf(state.messages);
  state.conversations = new Map(Object.entries(data.conversations));
  state.maxHistorySize = data.max_history_size;
  state.defaultConversationId = data.default_conversation_id;
  return state;
}
