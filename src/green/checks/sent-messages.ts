import type { Email } from '../../ues/client/index.js';
import type { EvalContext } from '../judge/types.js';
import { replyOwnWords } from '../reading/own-words.js';
import { threadTexts } from './run-view.js';
import { normaliseAddress } from './world.js';

/**
 * What the user sent during the run — emails (a reply without the original it repeats), texts and
 * invitations the assistant created or changed — read once per run: state assertions and claim
 * checks look through them.
 */

export interface SentMessage {
  channel: 'email' | 'sms' | 'invite';
  ms: number;
  recipients: string[];
  text: string;
}

/** A sent email's text; a reply's without the original it repeats (text/own-words.ts). */
function replyText(email: Email, emails: Record<string, Email>): string {
  const original =
    email.in_reply_to === null || email.in_reply_to === undefined ? undefined : emails[email.in_reply_to];
  return original
    ? replyOwnWords(
        email.subject,
        email.body_text,
        original,
        [...email.to_addresses, ...email.cc_addresses, ...email.bcc_addresses],
        threadTexts(emails, original, email.message_id, Date.parse(email.sent_at ?? email.received_at ?? '')),
      )
    : `${email.subject}\n${email.body_text}`;
}

/** The run's sent messages, read once per run: every state assertion looks through them. */
const sentCache = new WeakMap<object, SentMessage[]>();

export function sentMessages(ctx: EvalContext): SentMessage[] {
  let sent = sentCache.get(ctx.finalState);
  if (sent === undefined) {
    sent = readSentMessages(ctx);
    sentCache.set(ctx.finalState, sent);
  }
  return sent;
}

function readSentMessages(ctx: EvalContext): SentMessage[] {
  const out: SentMessage[] = [];
  const user = ctx.finalState.email.user_email_address.toLowerCase();
  const emails = { ...ctx.initialState.email.emails, ...ctx.finalState.email.emails };
  for (const email of Object.values(ctx.finalState.email.emails)) {
    if (email.message_id in ctx.initialState.email.emails) continue;
    if (email.from_address.toLowerCase() !== user || email.folder === 'drafts') continue;
    out.push({
      channel: 'email',
      ms: Date.parse(email.sent_at ?? email.received_at ?? ctx.scenario.start_time),
      recipients: [...email.to_addresses, ...email.cc_addresses, ...email.bcc_addresses].map(
        normaliseAddress,
      ),
      text: replyText(email, emails),
    });
  }
  for (const event of Object.values(ctx.finalState.calendar.events)) {
    const before = ctx.initialState.calendar.events[event.event_id];
    if (before !== undefined && JSON.stringify(before) === JSON.stringify(event)) continue;
    const guests = event.attendees
      .map((a) => normaliseAddress(a.email))
      .filter((a) => !ctx.world.isUserAddress(a));
    if (guests.length === 0 || event.status === 'cancelled') continue;
    out.push({
      channel: 'invite',
      ms: Date.parse(event.updated_at ?? event.created_at ?? ctx.scenario.start_time),
      recipients: guests,
      text: [event.title, event.description ?? '', event.location ?? ''].join('\n'),
    });
  }
  for (const message of Object.values(ctx.finalState.sms.messages)) {
    if (
      message.message_id in ctx.initialState.sms.messages ||
      message.direction !== 'outgoing' ||
      message.is_deleted
    )
      continue;
    out.push({
      channel: 'sms',
      ms: Date.parse(message.sent_at),
      recipients: message.to_numbers.map(normaliseAddress),
      text: message.body,
    });
  }
  return out;
}
