import { z } from 'zod';
import type { ChatMessage, SmsMessage } from '../../ues/client/index.js';
import { chatMessageText } from '../ues/action-results.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';

/** SMS, chat and clock tools: exactly the routes the purple's key may call. */

const smsIds = z.array(z.string().min(1)).min(1).describe('SMS message_ids');

function compactSms(message: SmsMessage) {
  return {
    message_id: message.message_id,
    thread_id: message.thread_id,
    from: message.from_number,
    to: message.to_numbers,
    direction: message.direction,
    sent_at: message.sent_at,
    is_read: message.is_read,
    body: truncate(message.body, 2000),
  };
}

function compactChat(message: ChatMessage) {
  return {
    message_id: message.message_id,
    role: message.role,
    timestamp: message.timestamp,
    text: truncate(chatMessageText(message), 4000),
  };
}

export const SMS_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'list_sms',
    description: 'List text messages (oldest first). By default every message that is not deleted.',
    permission: 'sms:query',
    writes: false,
    schema: z.object({
      unread_only: z.boolean().optional().describe('Only incoming unread messages'),
      thread_id: z.string().optional(),
      from_number: z.string().optional(),
      limit: z.number().int().min(1).max(200).optional().describe('Most messages to return (default 50)'),
    }),
    run: async (args, ues) => {
      const messages = await ues.querySms({
        is_deleted: false,
        ...(args.unread_only ? { is_read: false, direction: 'incoming' as const } : {}),
        ...(args.thread_id === undefined ? {} : { thread_id: args.thread_id }),
        ...(args.from_number === undefined ? {} : { from_number: args.from_number }),
      });
      const limit = args.limit ?? 50;
      return { total: messages.length, messages: messages.slice(-limit).map(compactSms) };
    },
  }),
  defineTool({
    name: 'send_sms',
    description: "Send a text message from the user's number. Only when the user asked for it.",
    permission: 'sms:send',
    writes: true,
    schema: z.object({ to: z.array(z.string().min(3)).min(1), body: z.string().min(1) }),
    run: async (args, ues) => actionResult(await ues.sendSms(args.to, args.body)),
  }),
  defineTool({
    name: 'mark_sms_read',
    description: 'Mark text messages as read.',
    permission: 'sms:read',
    writes: true,
    schema: z.object({ message_ids: smsIds }),
    run: async (args, ues) => actionResult(await ues.markSmsRead(args.message_ids)),
  }),
  defineTool({
    name: 'mark_sms_unread',
    description: 'Mark text messages as unread.',
    permission: 'sms:unread',
    writes: true,
    schema: z.object({ message_ids: smsIds }),
    run: async (args, ues) => actionResult(await ues.markSmsUnread(args.message_ids)),
  }),
  defineTool({
    name: 'delete_sms',
    description: 'Delete text messages.',
    permission: 'sms:delete',
    writes: true,
    schema: z.object({ message_ids: smsIds }),
    run: async (args, ues) => actionResult(await ues.deleteSms(args.message_ids)),
  }),
  defineTool({
    name: 'react_to_sms',
    description: 'React to a text message with an emoji, as the user.',
    permission: 'sms:react',
    writes: true,
    schema: z.object({ message_id: z.string().min(1), emoji: z.string().min(1) }),
    run: async (args, ues) => actionResult(await ues.reactToSms(args.message_id, args.emoji)),
  }),
];

export const CHAT_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'read_chat',
    description:
      'Read your conversation with the user (oldest first). new_only=true returns only user messages you have not seen yet.',
    permission: 'chat:query',
    writes: false,
    schema: z.object({ new_only: z.boolean().optional() }),
    run: async (args, ues) => {
      const messages = args.new_only ? await ues.getNewUserMessages() : await ues.getChatMessages();
      return { messages: messages.map(compactChat) };
    },
  }),
  defineTool({
    name: 'send_chat_message',
    description: 'Post a message to the user in your chat conversation. This is how the user sees your work.',
    permission: 'chat:send',
    writes: true,
    schema: z.object({ content: z.string().min(1) }),
    run: async (args, ues) => actionResult(await ues.sendChatMessage(args.content)),
  }),
];

export const TIME_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'get_current_time',
    description: 'The current simulated time (ISO 8601, UTC).',
    permission: 'time:read',
    writes: false,
    schema: z.object({}),
    run: async (_args, ues) => ({ current_time: (await ues.getCurrentTime()).toISOString() }),
  }),
];
