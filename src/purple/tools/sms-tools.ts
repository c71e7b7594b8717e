import { z } from 'zod';
import type { SmsMessage, SmsQuery } from '../../ues/client/index.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';
import { dateTime, page, pageLimit, pageOffset, phoneNumbers } from './fields.js';

/** SMS tools: exactly the SMS routes the purple's key may call. */

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

const smsIds = z
  .array(z.string().min(1))
  .min(1)
  .describe('message_id values of the texts, as list_sms gives them');

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
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map(({ filename, mime_type, size }) => ({
            filename,
            mime_type,
            size,
          })),
        }
      : {}),
  };
}

export const SMS_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'list_sms',
    description:
      'List text messages, newest first by default, one page at a time: the answer says how many match (total) and, ' +
      'when more remain, the next_offset to pass for the next page. Deleted texts are left out. Every filter is optional.',
    permission: 'sms:query',
    writes: false,
    schema: z.object({
      unread_only: z.boolean().optional().describe('Only incoming texts not read yet'),
      direction: z
        .enum(['incoming', 'outgoing'])
        .optional()
        .describe('incoming: texts to the user; outgoing: texts the user sent'),
      thread_id: z.string().optional().describe('Only this conversation (thread_id of a text)'),
      from_number: z.string().optional().describe('Only texts from this phone number, as written in from'),
      to_number: z.string().optional().describe('Only texts to this phone number'),
      body_contains: z.string().optional().describe('Only texts whose body contains this (case-insensitive)'),
      since: dateTime('Only texts sent at or after this time').optional(),
      until: dateTime('Only texts sent at or before this time').optional(),
      order: z
        .enum(['newest_first', 'oldest_first'])
        .optional()
        .describe('By sent_at: newest_first (default) or oldest_first'),
      limit: pageLimit(DEFAULT_PAGE, MAX_PAGE, 'texts'),
      offset: pageOffset('texts'),
    }),
    run: async (args, ues) => {
      const query: SmsQuery = {
        is_deleted: false,
        ...(args.unread_only ? { is_read: false, direction: 'incoming' as const } : {}),
        ...(args.direction === undefined ? {} : { direction: args.direction }),
        ...(args.thread_id === undefined ? {} : { thread_id: args.thread_id }),
        ...(args.from_number === undefined ? {} : { from_number: args.from_number }),
        ...(args.to_number === undefined ? {} : { to_number: args.to_number }),
        ...(args.body_contains === undefined ? {} : { body_contains: args.body_contains }),
        ...(args.since === undefined ? {} : { since: args.since }),
        ...(args.until === undefined ? {} : { until: args.until }),
        sort_by: 'sent_at',
        sort_order: args.order === 'oldest_first' ? 'asc' : 'desc',
      };
      const { items, ...paging } = page(
        await ues.querySms(query),
        args.offset ?? 0,
        args.limit ?? DEFAULT_PAGE,
      );
      return {
        order: args.order === 'oldest_first' ? 'oldest first' : 'newest first',
        ...paging,
        messages: items.map(compactSms),
      };
    },
  }),
  defineTool({
    name: 'send_sms',
    description: "Send a text message from the user's number. Only when the user asked for it.",
    permission: 'sms:send',
    writes: true,
    schema: z.object({
      to: phoneNumbers('Recipients’ phone numbers, e.g. +15550100123 (several: a group text)').min(1),
      body: z.string().min(1).describe('The text, as the user would write it'),
    }),
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
    schema: z.object({
      message_id: z.string().min(1).describe('message_id of the text reacted to'),
      emoji: z.string().min(1).describe('One emoji, e.g. 👍'),
    }),
    run: async (args, ues) => actionResult(await ues.reactToSms(args.message_id, args.emoji)),
  }),
];
