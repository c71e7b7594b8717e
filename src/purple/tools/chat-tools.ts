import { z } from 'zod';
import type { ChatMessage } from '../../ues/client/index.js';
import { chatMessageText } from '../ues/action-results.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';
import { dateTime } from './fields.js';

/** Chat with the user, and the clock: exactly the routes the purple's key may call for them. */

function compactChat(message: ChatMessage) {
  return {
    message_id: message.message_id,
    role: message.role,
    timestamp: message.timestamp,
    text: truncate(chatMessageText(message), 4000),
  };
}

export const CHAT_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'read_chat',
    description:
      'Read your conversation with the user, oldest first. Everything returned counts as read. With new_only, ' +
      "only the user's messages you have not read yet: not returned by any earlier read_chat of this " +
      'assessment, in this session or another (reconnecting does not make old messages new again).',
    permission: 'chat:query',
    writes: false,
    schema: z.object({
      new_only: z
        .boolean()
        .optional()
        .describe(
          "true: only the user's messages not returned by an earlier read_chat of this assessment; " +
            'false or left out: the whole conversation, yours included',
        ),
      since: dateTime('Only messages at or after this time').optional(),
    }),
    run: async (args, ues) => {
      const since = args.since === undefined ? undefined : Date.parse(args.since);
      const all = (await ues.getChatMessages()).filter(
        (message) => since === undefined || Date.parse(message.timestamp) >= since,
      );
      const shown = args.new_only ? ues.unreadUserMessages(all) : all;
      ues.markChatRead(shown);
      return { messages: shown.map(compactChat) };
    },
  }),
  defineTool({
    name: 'send_chat_message',
    description: 'Post a message to the user in your chat conversation. This is how the user sees your work.',
    permission: 'chat:send',
    writes: true,
    schema: z.object({
      content: z.string().min(1).describe('What the user reads: plain text, as you would write it to them'),
    }),
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
