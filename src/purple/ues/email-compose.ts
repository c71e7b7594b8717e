import type { Email, SendEmailRequest } from '../../ues/client/index.js';

/** Building the `/email/send` bodies for a new email, a reply in a thread, and a forward. */

export interface SendEmailInput {
  to: string | readonly string[];
  subject: string;
  body: string;
  cc?: readonly string[];
  bcc?: readonly string[];
}

export interface ReplyOptions {
  /** Also address everyone else on the original (except the user). */
  replyAll?: boolean;
  cc?: readonly string[];
}

export function newEmailRequest(from: string, input: SendEmailInput): SendEmailRequest {
  return {
    from_address: from,
    to_addresses: typeof input.to === 'string' ? [input.to] : [...input.to],
    cc_addresses: input.cc ? [...input.cc] : [],
    bcc_addresses: input.bcc ? [...input.bcc] : [],
    subject: input.subject,
    body_text: input.body,
  };
}

/**
 * A reply in the original's thread (`thread_id`, `in_reply_to`, `references`), to its
 * `reply_to_address` or sender; reply-all copies the other recipients, never the user.
 */
export function replyRequest(
  original: Email,
  from: string,
  body: string,
  options: ReplyOptions,
): SendEmailRequest {
  const to = [original.reply_to_address ?? original.from_address];
  const others = options.replyAll
    ? [...original.to_addresses, ...original.cc_addresses].filter(
        (address) => !sameAddress(address, from) && !to.some((entry) => sameAddress(entry, address)),
      )
    : [];
  return {
    from_address: from,
    to_addresses: to,
    cc_addresses: [...others, ...(options.cc ?? [])],
    subject: replySubject(original.subject),
    body_text: body,
    thread_id: original.thread_id,
    in_reply_to: original.message_id,
    references: [...original.references, original.message_id],
  };
}

/**
 * A forward as the UES can express it: a new email (new thread) from the user whose subject is
 * `Fwd: <subject>`, whose body quotes the original in full, and whose `references` name it. The
 * UES has no forward route, so the action log shows it as `email.send`.
 */
export function forwardRequest(
  original: Email,
  from: string,
  to: readonly string[],
  options: { note?: string | undefined; cc?: readonly string[] } = {},
): SendEmailRequest {
  const quoted = [
    '---------- Forwarded message ----------',
    `From: ${original.from_address}`,
    `Date: ${original.sent_at}`,
    `Subject: ${original.subject}`,
    `To: ${original.to_addresses.join(', ')}`,
    '',
    original.body_text,
  ].join('\n');
  return {
    from_address: from,
    to_addresses: [...to],
    cc_addresses: [...(options.cc ?? [])],
    subject: `Fwd: ${original.subject.replace(/^(\s*(fwd?|wg)\s*:\s*)+/i, '')}`,
    body_text: options.note === undefined ? quoted : `${options.note}\n\n${quoted}`,
    references: [...original.references, original.message_id],
  };
}

/** `Re: ` once, whatever reply prefixes the original subject already had. */
export function replySubject(subject: string): string {
  return `Re: ${subject.replace(/^(\s*(re|aw|sv)\s*:\s*)+/i, '')}`;
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
