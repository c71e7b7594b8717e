import type { Email, SendEmailRequest } from '../../../ues/client/index.js';

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
