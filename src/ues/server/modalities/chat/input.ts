import { z } from 'zod';

export const CHAT_ROLES = ['user', 'assistant'] as const;

/** Content is a string or a list of content blocks (e.g. `{type: "text", text}`). */
export const zChatContent = z.union([z.string(), z.array(z.record(z.string(), z.unknown()))]);

/** ChatInput fields (the event envelope is added by the engine). */
export const chatInputSchema = z.object({
  operation: z.enum(['send_message', 'delete_message', 'clear_conversation']).default('send_message'),
  role: z.enum(CHAT_ROLES).nullish(),
  content: zChatContent.nullish(),
  message_id: z.string().nullish(),
  /** Absent: the state's default conversation (`default_conversation_id`), pinned when applied. */
  conversation_id: z.string().min(1).nullish(),
  metadata: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? {}),
});

export type ChatInput = z.infer<typeof chatInputSchema>;
