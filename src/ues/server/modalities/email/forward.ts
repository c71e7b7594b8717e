import { z } from 'zod';
import { zEmailAddress } from './input.js';
import type { Email } from './model.js';

/**
 * `POST /email/forward` (ours; the original has no route for it, and its `forward` operation is
 * reachable only through `/events`): the user forwards an email as a new email — subject
 * `Fwd: <subject>`, the user's note above the original quoted in full, `references` naming it,
 * its attachments along — recorded as a `send`, exactly what the MCP tool `forward_email` makes,
 * so an assistant's forward reads the same in the action log whichever way it came.
 */

export const forwardBody = z.object({
  message_id: z.string().min(1).describe('the email forwarded'),
  from_address: zEmailAddress
    .nullish()
    .describe('default: the user’s own address (GET /email/state: user_email_address)'),
  to_addresses: z.array(zEmailAddress).min(1),
  cc_addresses: z.array(zEmailAddress).default([]),
  bcc_addresses: z.array(zEmailAddress).default([]),
  note: z.string().nullish().describe('the user’s message above the quoted original'),
});

export type ForwardBody = z.infer<typeof forwardBody>;

/** `Fwd: ` once, whatever forward prefixes the subject already had. */
export function forwardSubject(subject: string): string {
  return `Fwd: ${subject.replace(/^(\s*(fwd?|wg)\s*:\s*)+/i, '')}`;
}

/** The original as a forward quotes it, header lines first. */
export function quotedOriginal(original: Email): string {
  return [
    '---------- Forwarded message ----------',
    `From: ${original.from_address}`,
    `Date: ${original.sent_at}`,
    `Subject: ${original.subject}`,
    `To: ${original.to_addresses.join(', ')}`,
    '',
    original.body_text,
  ].join('\n');
}

/** The `send` input of a forward of `original` from `from`. */
export function forwardInput(original: Email, body: ForwardBody, from: string): Record<string, unknown> {
  const quoted = quotedOriginal(original);
  return {
    operation: 'send',
    from_address: from,
    to_addresses: body.to_addresses,
    cc_addresses: body.cc_addresses,
    bcc_addresses: body.bcc_addresses,
    subject: forwardSubject(original.subject),
    body_text: body.note === null || body.note === undefined ? quoted : `${body.note}\n\n${quoted}`,
    references: [...original.references, original.message_id],
    attachments: original.attachments.map(({ filename, size, mime_type, content_id }) => ({
      filename,
      size,
      mime_type,
      ...(content_id ? { content_id } : {}),
    })),
  };
}
