import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

/** A string, or a list of content blocks such as `{type: "text", text}`. */
export const chatContentSchema = z.union([z.string(), z.array(zJsonObject)]);
export type ChatContent = z.infer<typeof chatContentSchema>;

export const chatMessageSchema = z.looseObject({
  message_id: z.string(),
  conversation_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: chatContentSchema,
  timestamp: zIsoDateTime,
  metadata: zJsonObject,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.looseObject({
  conversation_id: z.string(),
  created_at: zIsoDateTime,
  last_message_at: zIsoDateTime,
  message_count: z.number().int(),
  participant_roles: z.array(z.string()),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** `GET /chat/state`: every conversation and every message (time-ordered). */
export const chatStateSchema = z.looseObject({
  modality_type: z.literal('chat'),
  current_time: zIsoDateTime,
  conversations: z.record(z.string(), chatConversationSchema),
  messages: z.array(chatMessageSchema),
  total_message_count: z.number().int(),
  conversation_count: z.number().int(),
  max_history_size: z.number().int(),
  /** Where a send without `conversation_id` goes (ours; absent from the original's answer). */
  default_conversation_id: z.string().optional(),
});
export type ChatStateResponse = z.infer<typeof chatStateSchema>;

/** `GET /chat/state?compact=true`: conversations only. */
export const compactChatStateSchema = z.looseObject({
  modality_type: z.literal('chat'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  conversations: z.record(z.string(), chatConversationSchema),
  total_message_count: z.number().int(),
  conversation_count: z.number().int(),
  default_conversation_id: z.string().optional(),
});
export type CompactChatState = z.infer<typeof compactChatStateSchema>;

/** `POST /chat/query`. `query` echoes the filters that were applied. */
export const chatQueryResponseSchema = z.looseObject({
  modality_type: z.literal('chat'),
  messages: z.array(chatMessageSchema),
  total_count: z.number().int(),
  returned_count: z.number().int(),
  query: zJsonObject,
});
export type ChatQueryResponse = z.infer<typeof chatQueryResponseSchema>;
