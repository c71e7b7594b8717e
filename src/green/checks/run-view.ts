import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { ChatMessage, Email } from '../../ues/client/index.js';
import type { StateSnapshot } from '../judge/types.js';
import { replyOwnWords } from '../reading/own-words.js';
import { normaliseAddress } from './world.js';

/**
 * What the checks read of a run, in one shape per thing: the assistant's chat posts, and each
 * action with its recipients and text, whatever modality it came from.
 */

/**
 * Actions that only organise what the user has (read/unread, stars, labels; marking texts read is
 * logged `sms.update_delivery_status`): never collateral, free in budgets.
 */
export const ORGANISING_ACTIONS =
  /^(?:email\.(?:mark_read|mark_unread|star|unstar|add_label|remove_label)|sms\.(?:mark_read|mark_unread|update_delivery_status))$/;

export interface ChatPost {
  index: number;
  ms: number;
  time: string;
  text: string;
}

export function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (typeof block['text'] === 'string' ? block['text'] : ''))
    .filter(Boolean)
    .join('\n');
}

/** The assistant's posts in a conversation of the final state, oldest first. */
export function assistantPosts(finalState: StateSnapshot, conversationId: string): ChatPost[] {
  return finalState.chat.messages
    .filter((message) => message.role === 'assistant' && message.conversation_id === conversationId)
    .map((message) => ({
      ms: Date.parse(message.timestamp),
      time: message.timestamp,
      text: contentText(message.content),
    }))
    .sort((a, b) => a.ms - b.ms)
    .map((post, index) => ({ ...post, index }));
}

export interface ActionView {
  /** Position in the action log. */
  index: number;
  entry: ActionLogEntryWithTurn;
  action: string;
  ms: number;
  success: boolean;
  /** Who the action sends to or invites (normalised addresses); empty for other actions. */
  recipients: string[];
  /** Everything the action writes: subject and body, SMS text, event title/description/location, chat content. */
  text: string;
  /** True for an email or SMS the user sends. */
  outgoingMessage: boolean;
  /** True for a calendar event created or updated with attendees. */
  invitation: boolean;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

function attendeeAddresses(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((attendee) =>
    typeof attendee === 'string'
      ? [attendee]
      : attendee &&
          typeof attendee === 'object' &&
          typeof (attendee as { email?: unknown }).email === 'string'
        ? [(attendee as { email: string }).email]
        : [],
  );
}

const EMAIL_SENDS = new Set([
  'email.send',
  'email.reply',
  'email.reply_all',
  'email.forward',
  'email.send_draft',
]);

/** Recipients of a reply that does not name them: the original's sender (and others for reply-all). */
function replyRecipients(
  params: Record<string, unknown>,
  emails: Record<string, Email>,
  user: string,
): string[] {
  const original = typeof params['in_reply_to'] === 'string' ? emails[params['in_reply_to']] : undefined;
  if (!original) return [];
  const all = [original.from_address, ...original.to_addresses, ...original.cc_addresses];
  return all.filter((address) => normaliseAddress(address) !== normaliseAddress(user));
}

/** What the thread a reply answers held when it was sent (the original first), the reply itself not included. */
export function threadTexts(
  emails: Record<string, Email>,
  original: Email,
  replyId: unknown,
  sentMs: number,
): string[] {
  const others = Object.values(emails).filter(
    (email) =>
      email.thread_id === original.thread_id &&
      email.message_id !== original.message_id &&
      email.message_id !== replyId &&
      Date.parse(email.received_at ?? email.sent_at ?? '') <= sentMs,
  );
  return [original, ...others].map((email) => `${email.subject}\n${email.body_text}`);
}

export function actionViews(
  log: readonly ActionLogEntryWithTurn[],
  state: { initial: StateSnapshot; final: StateSnapshot },
  isUserAddress: (address: string) => boolean,
): ActionView[] {
  const emails = { ...state.initial.email.emails, ...state.final.email.emails };
  const user = state.final.email.user_email_address;
  return log.map((entry, index) => {
    const p = entry.parameters;
    let recipients: string[] = [];
    let text: string;
    const outgoingMessage = EMAIL_SENDS.has(entry.action) || entry.action === 'sms.send_message';
    if (EMAIL_SENDS.has(entry.action)) {
      recipients = [
        ...strings(p['to_addresses']),
        ...strings(p['cc_addresses']),
        ...strings(p['bcc_addresses']),
      ];
      if (recipients.length === 0) recipients = replyRecipients(p, emails, user);
      const subject = typeof p['subject'] === 'string' ? p['subject'] : '';
      const body = typeof p['body_text'] === 'string' ? p['body_text'] : '';
      const original = typeof p['in_reply_to'] === 'string' ? emails[p['in_reply_to']] : undefined;
      text = original
        ? replyOwnWords(
            subject,
            body,
            original,
            recipients,
            threadTexts(emails, original, p['message_id'], Date.parse(entry.timestamp)),
          )
        : [subject, body].filter(Boolean).join('\n');
    } else if (entry.action.startsWith('sms.')) {
      recipients = entry.action === 'sms.send_message' ? strings(p['to_numbers']) : [];
      text = [p['body'], p['new_body']].filter((v) => typeof v === 'string').join('\n');
    } else if (entry.action.startsWith('calendar.')) {
      // Guests added to an event (`add_attendees`) are invited as surely as a whole new list.
      recipients = [...attendeeAddresses(p['attendees']), ...attendeeAddresses(p['add_attendees'])];
      text = [p['title'], p['description'], p['location'], p['response_comment']]
        .filter((v) => typeof v === 'string')
        .join('\n');
    } else if (entry.action.startsWith('chat.')) {
      text =
        typeof p['content'] === 'string'
          ? p['content']
          : contentText((p['content'] as ChatMessage['content']) ?? '');
    } else {
      text = Object.values(p)
        .filter((v): v is string => typeof v === 'string')
        .join('\n');
    }
    const invitation =
      (entry.action === 'calendar.create' || entry.action === 'calendar.update') && recipients.length > 0;
    return {
      index,
      entry,
      action: entry.action,
      ms: Date.parse(entry.timestamp),
      success: entry.success,
      recipients: recipients
        .map(normaliseAddress)
        .filter((address) => address !== normaliseAddress(user) && !isUserAddress(address)),
      text,
      outgoingMessage,
      invitation,
    };
  });
}
