import type { ChatContent } from '../schemas/chat.js';
import type { DateTimeInput } from '../wire.js';

export type ChatRole = 'user' | 'assistant';

/** `POST /chat/send`. */
export interface SendChatRequest {
  role: ChatRole;
  /** Text, or content blocks such as `[{type: 'text', text: '…'}]`. */
  content: ChatContent;
  /** Default: the simulator's default conversation (`default_conversation_id` in `GET /chat/state`). */
  conversation_id?: string;
  metadata?: Record<string, unknown>;
}

/** `POST /chat/query` filters; all optional. Default order: timestamp ascending. */
export interface ChatQuery {
  conversation_id?: string;
  role?: ChatRole;
  since?: DateTimeInput;
  until?: DateTimeInput;
  /** Case-insensitive substring of the text content. */
  search?: string;
  /** 1..1000. */
  limit?: number;
  offset?: number;
  sort_by?: 'timestamp' | 'role' | 'conversation_id';
  sort_order?: 'asc' | 'desc';
}

/** `POST /chat/delete` (an unknown id is a no-op). */
export interface DeleteChatMessageRequest {
  message_id: string;
}

/** `POST /chat/clear`: removes a conversation's messages. Default: the default conversation. */
export interface ClearChatRequest {
  conversation_id?: string;
}

/** ChatInput as `/events` takes it (`data`). */
export type ChatEventData = Partial<SendChatRequest> & {
  operation?: 'send_message' | 'delete_message' | 'clear_conversation';
  message_id?: string;
};
