import { z } from 'zod';
import type { Email, EmailQuery } from '../../ues/client/index.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';
import { dateTime, emailAddresses, pageOffset } from './fields.js';

/** Email tools: exactly the email routes the purple's key may call. */

const PREVIEW_CHARS = 400;
const FULL_BODY_CHARS = 8000;
/** Emails per list_emails page by default, and at most. */
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/**
 * A page of list_emails stops before its JSON passes this many characters (well under the tool
 * loop's limit), so a page is never cut: the model is told where the next page starts instead.
 */
export const EMAIL_PAGE_CHAR_BUDGET = 15_000;

const messageIds = z
  .array(z.string().min(1))
  .min(1)
  .describe('message_id values of the emails, as list_emails gives them');
const labelNames = (description: string) => z.array(z.string().min(1)).min(1).describe(description);
const recipients = (who: string) => emailAddresses(`${who}: email addresses, e.g. ana@example.com`);

function compactEmail(email: Email, bodyChars: number) {
  return {
    message_id: email.message_id,
    thread_id: email.thread_id,
    from: email.from_address,
    to: email.to_addresses,
    cc: email.cc_addresses,
    subject: email.subject,
    received_at: email.received_at,
    is_read: email.is_read,
    is_starred: email.is_starred,
    folder: email.folder,
    labels: email.labels,
    body: truncate(email.body_text, bodyChars),
    ...(email.attachments.length === 0
      ? {}
      : {
          attachments: email.attachments.map(({ filename, mime_type, size }) => ({
            filename,
            mime_type,
            size,
          })),
        }),
  };
}

/**
 * One page of `emails` (already newest first) from `offset`: at most `limit` emails and at most
 * EMAIL_PAGE_CHAR_BUDGET characters of JSON, with `next_offset` when more remain.
 */
export function emailPage(emails: readonly Email[], offset: number, limit: number, order = 'newest first') {
  const page: ReturnType<typeof compactEmail>[] = [];
  let size = 200;
  for (const email of emails.slice(offset, offset + limit)) {
    const compact = compactEmail(email, PREVIEW_CHARS);
    const itemSize = JSON.stringify(compact).length + 1;
    // Always at least one email, so paging moves on even past a very long one.
    if (page.length > 0 && size + itemSize > EMAIL_PAGE_CHAR_BUDGET) break;
    page.push(compact);
    size += itemSize;
  }
  const next = offset + page.length;
  return {
    order,
    total: emails.length,
    offset,
    returned: page.length,
    next_offset: next < emails.length ? next : null,
    emails: page,
  };
}

const SORT_NAMES = { date: 'received_at', from: 'sender', subject: 'subject' } as const;

/** How the answer says its order, e.g. "newest first" or "by subject, A first". */
function orderText(sortBy: keyof typeof SORT_NAMES, sortOrder: 'asc' | 'desc'): string {
  if (sortBy === 'date') return sortOrder === 'desc' ? 'newest first' : 'oldest first';
  return `by ${SORT_NAMES[sortBy]}, ${sortOrder === 'asc' ? 'A first' : 'Z first'}`;
}

function bulk(
  name: string,
  action: 'read' | 'unread' | 'star' | 'unstar' | 'archive' | 'delete',
  description: string,
): AssistantTool {
  const method = {
    read: 'markEmailsRead',
    unread: 'markEmailsUnread',
    star: 'starEmails',
    unstar: 'unstarEmails',
    archive: 'archiveEmails',
    delete: 'deleteEmails',
  } as const;
  return defineTool({
    name,
    description,
    permission: `email:${action}`,
    writes: true,
    schema: z.object({ message_ids: messageIds }),
    run: async (args, ues) => actionResult(await ues[method[action]](args.message_ids)),
  });
}

export const EMAIL_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'list_emails',
    description:
      'List emails, newest first, with a body preview, one page at a time: the answer says how many match (total) ' +
      'and, when there are more, the next_offset to pass for the next (older) page. Filters are optional; by ' +
      'default the inbox, read and unread.',
    permission: 'email:query',
    writes: false,
    schema: z.object({
      folder: z
        .string()
        .optional()
        .describe('Folder, e.g. inbox, sent, archive, trash. Default inbox (every folder with thread_id).'),
      unread_only: z.boolean().optional().describe('Only unread emails'),
      starred_only: z.boolean().optional().describe('Only starred emails'),
      has_attachments: z
        .boolean()
        .optional()
        .describe('true: only emails with attachments; false: only without'),
      from: z.string().optional().describe('Substring of the sender address (case-insensitive)'),
      to: z.string().optional().describe('Substring of a To address (case-insensitive)'),
      subject_contains: z.string().optional().describe('Substring of the subject (case-insensitive)'),
      body_contains: z.string().optional().describe('Substring of the body (case-insensitive)'),
      label: z.string().optional().describe('Only emails with this label'),
      thread_id: z.string().optional().describe('Only this conversation (thread_id of an email)'),
      since: dateTime('Only emails received at or after this time').optional(),
      until: dateTime('Only emails received at or before this time').optional(),
      received_after: dateTime('The same as since').optional(),
      sent_after: dateTime('Only emails sent at or after this time').optional(),
      sent_before: dateTime('Only emails sent at or before this time').optional(),
      sort_by: z
        .enum(['date', 'from', 'subject'])
        .optional()
        .describe('date (received_at, the default), from (sender address) or subject'),
      sort_order: z
        .enum(['asc', 'desc'])
        .optional()
        .describe('desc (default: newest first, or Z first) or asc'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_PAGE_SIZE)
        .optional()
        .describe(`Most emails in this page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`),
      offset: pageOffset('emails'),
    }),
    run: async (args, ues) => {
      const sortBy = args.sort_by ?? 'date';
      const sortOrder = args.sort_order ?? 'desc';
      const query: EmailQuery = {
        // Newest first by default: what arrived last is what the user most needs to hear about.
        sort_by: sortBy,
        sort_order: sortOrder,
        ...(args.thread_id === undefined ? { folder: args.folder ?? 'inbox' } : {}),
        ...(args.thread_id !== undefined && args.folder !== undefined ? { folder: args.folder } : {}),
        ...(args.unread_only ? { is_read: false } : {}),
        ...(args.starred_only ? { is_starred: true } : {}),
        ...(args.has_attachments === undefined ? {} : { has_attachments: args.has_attachments }),
        ...(args.from === undefined ? {} : { from_address: args.from }),
        ...(args.to === undefined ? {} : { to_address: args.to }),
        ...(args.subject_contains === undefined ? {} : { subject_contains: args.subject_contains }),
        ...(args.body_contains === undefined ? {} : { body_contains: args.body_contains }),
        ...(args.label === undefined ? {} : { labels: [args.label] }),
        ...(args.thread_id === undefined ? {} : { thread_id: args.thread_id }),
        ...(args.received_after === undefined ? {} : { received_after: args.received_after }),
        ...(args.since === undefined ? {} : { since: args.since }),
        ...(args.until === undefined ? {} : { until: args.until }),
        ...(args.sent_after === undefined ? {} : { sent_after: args.sent_after }),
        ...(args.sent_before === undefined ? {} : { sent_before: args.sent_before }),
      };
      const emails = await ues.queryEmails(query);
      return emailPage(
        emails,
        args.offset ?? 0,
        args.limit ?? DEFAULT_PAGE_SIZE,
        orderText(sortBy, sortOrder),
      );
    },
  }),
  defineTool({
    name: 'read_email',
    description: 'Read one email in full.',
    permission: 'email:state',
    writes: false,
    schema: z.object({
      message_id: z.string().min(1).describe('message_id of the email, as list_emails gives it'),
    }),
    run: async (args, ues) => {
      const email = await ues.getEmail(args.message_id);
      if (email === undefined)
        throw new RangeError(`no email with message_id ${JSON.stringify(args.message_id)}`);
      return compactEmail(email, FULL_BODY_CHARS);
    },
  }),
  defineTool({
    name: 'send_email',
    description: "Send a new email from the user's address. Only when the user asked for it.",
    permission: 'email:send',
    writes: true,
    schema: z.object({
      to: recipients('Recipients').min(1),
      subject: z.string().describe('Subject line'),
      body: z.string().describe('The message, plain text, as the user would write it'),
      cc: recipients('Copied').optional(),
      bcc: recipients('Blind-copied (hidden from the other recipients)').optional(),
    }),
    run: async (args, ues) =>
      actionResult(
        await ues.sendEmail({
          to: args.to,
          subject: args.subject,
          body: args.body,
          ...(args.cc ? { cc: args.cc } : {}),
          ...(args.bcc ? { bcc: args.bcc } : {}),
        }),
      ),
  }),
  defineTool({
    name: 'reply_to_email',
    description: "Reply in an email's thread, as the user. Only when the user asked for it.",
    permission: 'email:send',
    writes: true,
    schema: z.object({
      message_id: z.string().min(1).describe('message_id of the email answered'),
      body: z.string().describe('The reply, plain text (the subject is "Re: " and the original’s)'),
      reply_all: z
        .boolean()
        .optional()
        .describe(
          'true: also to everyone else the original was addressed or copied to; default: the sender only',
        ),
      cc: recipients('Also copied').optional(),
    }),
    run: async (args, ues) =>
      actionResult(
        await ues.replyToEmail(args.message_id, args.body, {
          replyAll: args.reply_all ?? false,
          ...(args.cc === undefined ? {} : { cc: args.cc }),
        }),
      ),
  }),
  defineTool({
    name: 'forward_email',
    description:
      'Forward an email, as the user, to other people: a new email quoting the original in full, with your note above it and its attachments along. Only when the user asked for it.',
    permission: 'email:send',
    writes: true,
    schema: z.object({
      message_id: z.string().min(1).describe('message_id of the email forwarded'),
      to: recipients('Recipients').min(1),
      note: z.string().optional().describe('Your message above the quoted original'),
      cc: recipients('Copied').optional(),
      bcc: recipients('Blind-copied').optional(),
    }),
    run: async (args, ues) =>
      actionResult(
        await ues.forwardEmail(args.message_id, args.to, {
          ...(args.note === undefined ? {} : { note: args.note }),
          ...(args.cc === undefined ? {} : { cc: args.cc }),
          ...(args.bcc === undefined ? {} : { bcc: args.bcc }),
        }),
      ),
  }),
  bulk('mark_emails_read', 'read', 'Mark emails as read.'),
  bulk('mark_emails_unread', 'unread', 'Mark emails as unread.'),
  bulk('star_emails', 'star', 'Star emails.'),
  bulk('unstar_emails', 'unstar', 'Remove the star from emails.'),
  bulk('archive_emails', 'archive', 'Move emails to the archive folder.'),
  bulk('delete_emails', 'delete', 'Move emails to trash.'),
  defineTool({
    name: 'label_emails',
    description: 'Add labels to emails.',
    permission: 'email:label',
    writes: true,
    schema: z.object({ message_ids: messageIds, labels: labelNames('Labels to add (new ones are created)') }),
    run: async (args, ues) => actionResult(await ues.labelEmails(args.message_ids, args.labels)),
  }),
  defineTool({
    name: 'unlabel_emails',
    description: 'Remove labels from emails.',
    permission: 'email:unlabel',
    writes: true,
    schema: z.object({ message_ids: messageIds, labels: labelNames('Labels to remove') }),
    run: async (args, ues) => actionResult(await ues.unlabelEmails(args.message_ids, args.labels)),
  }),
  defineTool({
    name: 'move_emails',
    description: 'Move emails to a folder (created if missing).',
    permission: 'email:move',
    writes: true,
    schema: z.object({
      message_ids: messageIds,
      folder: z.string().min(1).describe('Folder name, e.g. archive, or a new one'),
    }),
    run: async (args, ues) => actionResult(await ues.moveEmails(args.message_ids, args.folder)),
  }),
];
