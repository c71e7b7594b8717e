import { mintId } from '../../core/ids.js';
import { z } from 'zod';
import { zDateTime } from '../../core/time.js';

export const EMAIL_OPERATIONS = [
  'receive',
  'send',
  'reply',
  'reply_all',
  'forward',
  'save_draft',
  'send_draft',
  'mark_read',
  'mark_unread',
  'star',
  'unstar',
  'move',
  'delete',
  'archive',
  'add_label',
  'remove_label',
  'mark_spam',
  'mark_not_spam',
] as const;
export type EmailOperation = (typeof EMAIL_OPERATIONS)[number];

export const EMAIL_PRIORITIES = ['high', 'normal', 'low'] as const;

/** The original's address rule (EmailInput._validate_email_address). */
export const EMAIL_ADDRESS_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const zEmailAddress = z
  .string()
  .regex(EMAIL_ADDRESS_PATTERN, 'must be an email address such as alex@example.com');

/**
 * An attachment as an input carries it. `attachment_id` is generated here, at parse time, so it is
 * stored in the event data and a redo or an export reproduces it.
 */
export const zEmailAttachment = z.object({
  filename: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  content_id: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  attachment_id: z
    .string()
    .nullish()
    .transform((value) => value ?? mintId('email-attachment')),
});

/**
 * EmailInput fields (the event envelope is added by the engine). Every field but `operation` is
 * optional and accepts null, because Python exports write every absent field as null; which fields an
 * operation needs is checked by `emailInputProblems`.
 */
export const emailInputSchema = z.object({
  operation: z.enum(EMAIL_OPERATIONS),
  message_id: z.string().nullish(),
  message_ids: z.array(z.string()).nullish(),
  from_address: z.string().nullish(),
  to_addresses: z.array(z.string()).nullish(),
  cc_addresses: z.array(z.string()).nullish(),
  bcc_addresses: z.array(z.string()).nullish(),
  reply_to_address: z.string().nullish(),
  subject: z.string().nullish(),
  body_text: z.string().nullish(),
  body_html: z.string().nullish(),
  attachments: z.array(zEmailAttachment).nullish(),
  thread_id: z.string().nullish(),
  in_reply_to: z.string().nullish(),
  references: z.array(z.string()).nullish(),
  priority: z
    .enum(EMAIL_PRIORITIES)
    .nullish()
    .transform((value) => value ?? 'normal'),
  folder: z.string().nullish(),
  labels: z.array(z.string()).nullish(),
  is_draft: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  /** Our port (decision c): when given on `receive`, the email's `sent_at`; `received_at` stays the input time. */
  sent_at: zDateTime.nullish(),
});

export type EmailInput = z.infer<typeof emailInputSchema>;

const COMPOSE_OPERATIONS = new Set<EmailOperation>(['receive', 'send', 'save_draft']);
const ANSWER_OPERATIONS = new Set<EmailOperation>(['reply', 'reply_all', 'forward']);

function addressProblem(address: string): string | undefined {
  return EMAIL_ADDRESS_PATTERN.test(address) ? undefined : `Invalid email address format: '${address}'`;
}

function addressListProblems(addresses: readonly string[] | null | undefined, problems: string[]): void {
  if (!addresses) return;
  for (const address of addresses) {
    const problem = addressProblem(address);
    if (problem) problems.push(problem);
  }
}

/** Runs for every scheduled and every executed compose event, so it avoids allocating when valid. */
function composeProblems(input: EmailInput, problems: string[]): string[] {
  const { operation } = input;
  if (!input.from_address) problems.push(`Operation '${operation}' requires from_address`);
  else {
    const problem = addressProblem(input.from_address);
    if (problem) problems.push(problem);
  }
  if (!input.to_addresses || input.to_addresses.length === 0) {
    problems.push(`Operation '${operation}' requires to_addresses`);
  }
  addressListProblems(input.to_addresses, problems);
  addressListProblems(input.cc_addresses, problems);
  addressListProblems(input.bcc_addresses, problems);
  if (input.reply_to_address) {
    const problem = addressProblem(input.reply_to_address);
    if (problem) problems.push(problem);
  }
  if (!input.subject) problems.push(`Operation '${operation}' requires subject`);
  if (!input.body_text) problems.push(`Operation '${operation}' requires body_text`);
  return problems;
}

/** The original's per-operation rules (EmailInput.validate_input); an empty list means valid. */
export function emailInputProblems(input: EmailInput): string[] {
  const { operation } = input;
  const problems: string[] = [];
  if (COMPOSE_OPERATIONS.has(operation)) return composeProblems(input, problems);
  if (ANSWER_OPERATIONS.has(operation)) {
    if (!input.in_reply_to) problems.push(`Operation '${operation}' requires in_reply_to`);
    return composeProblems(input, problems);
  }
  if (operation === 'send_draft') {
    if (!input.message_id) problems.push(`Operation '${operation}' requires message_id`);
    return problems;
  }
  if (!input.message_id && !input.message_ids?.length) {
    problems.push(`Operation '${operation}' requires message_id or message_ids`);
  }
  if (operation === 'move' && !input.folder) problems.push(`Operation '${operation}' requires folder`);
  if ((operation === 'add_label' || operation === 'remove_label') && !input.labels?.length) {
    problems.push(`Operation '${operation}' requires labels`);
  }
  return problems;
}
