import type { CalendarEvent, Email, SmsMessage } from '../../ues/client/index.js';
import type { RsvpDecision } from './types.js';

/**
 * The `POST /events` payloads that deliver a character's reply at its scheduled time: an email
 * `receive` in the original thread, an SMS `receive_message` in the original conversation, or a
 * calendar `respond`.
 */

export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`;
}

function withoutAddresses(addresses: readonly string[], excluded: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set(excluded.map((address) => address.toLowerCase()));
  for (const address of addresses) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
}

/**
 * Reply-all from `responderEmail`: to the sender, CC everyone else who could see the original
 * (a blind-copied responder answers the sender only, so it does not reveal the other recipients).
 */
export function emailReplyEvent(
  original: Email,
  responderEmail: string,
  body: string,
  bcc: boolean,
): { modality: 'email'; data: Record<string, unknown> } {
  const cc = bcc
    ? []
    : withoutAddresses(
        [...original.to_addresses, ...original.cc_addresses],
        [responderEmail, original.from_address],
      );
  return {
    modality: 'email',
    data: {
      operation: 'receive',
      from_address: responderEmail,
      to_addresses: [original.from_address],
      cc_addresses: cc,
      subject: replySubject(original.subject),
      body_text: body,
      thread_id: original.thread_id,
      in_reply_to: original.message_id,
      references: [...original.references, original.message_id],
    },
  };
}

/** A text back into the same conversation, to the sender and any other group members. */
export function smsReplyEvent(
  original: SmsMessage,
  responderPhone: string,
  body: string,
): { modality: 'sms'; data: Record<string, unknown> } {
  const to = withoutAddresses([original.from_number, ...original.to_numbers], [responderPhone]);
  return {
    modality: 'sms',
    data: {
      operation: 'receive_message',
      from_number: responderPhone,
      to_numbers: to,
      body,
      thread_id: original.thread_id,
      replied_to_message_id: original.message_id,
    },
  };
}

/** The attendee's RSVP (`response_comment` is the event field the calendar's `respond` reads). */
export function rsvpEvent(
  event: CalendarEvent,
  attendeeEmail: string,
  decision: RsvpDecision,
): { modality: 'calendar'; data: Record<string, unknown> } {
  const data: Record<string, unknown> = {
    operation: 'respond',
    event_id: event.event_id,
    attendee_email: attendeeEmail,
    response: decision.status,
  };
  const comment = decision.comment?.trim();
  if (comment) data.response_comment = comment;
  return { modality: 'calendar', data };
}

/** The user's answer in their chat conversation with the assistant (role `user`). */
export function chatReplyEvent(
  conversationId: string,
  text: string,
): { modality: 'chat'; data: Record<string, unknown> } {
  return {
    modality: 'chat',
    data: { operation: 'send_message', role: 'user', content: text, conversation_id: conversationId },
  };
}
