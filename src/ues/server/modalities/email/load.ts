import { z } from 'zod';
import { zDateTime, zDateTimeMs } from '../../core/time.js';
import {
  DEFAULT_USER_EMAIL_ADDRESS,
  participantsOf,
  threadFrom,
  type Email,
  type EmailThread,
} from './model.js';
import { EmailState } from './state.js';

const emptyList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((value): z.output<T>[] => value ?? []);

/** The original stores attachments as an untyped list, so anything object-shaped with the basics loads. */
const zStoredAttachment = z.looseObject({
  filename: z.string(),
  size: z.number(),
  mime_type: z.string(),
  content_id: z.string().nullish(),
  attachment_id: z.string().optional(),
});

const zStoredEmail = z.object({
  message_id: z.string(),
  thread_id: z.string(),
  from_address: z.string(),
  to_addresses: z.array(z.string()),
  cc_addresses: emptyList(z.string()),
  bcc_addresses: emptyList(z.string()),
  reply_to_address: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  subject: z.string(),
  body_text: z.string(),
  body_html: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  attachments: emptyList(zStoredAttachment),
  in_reply_to: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  references: emptyList(z.string()),
  sent_at: zDateTime,
  received_at: zDateTime,
  is_read: z.boolean().default(false),
  is_starred: z.boolean().default(false),
  priority: z.string().default('normal'),
  folder: z.string().default('inbox'),
  labels: emptyList(z.string()),
});

const zStoredThread = z.object({
  thread_id: z.string(),
  subject: z.string(),
  participant_addresses: emptyList(z.string()),
  message_ids: emptyList(z.string()),
  created_at: zDateTime,
  last_message_at: zDateTime,
  message_count: z.number().int().nonnegative().default(0),
  unread_count: z.number().int().nonnegative().default(0),
});

/** The exported email state: ours (`…Z`) or the Python UES's (`…+00:00`, sets as lists). */
export const emailStateSchema = z.object({
  modality_type: z.literal('email').optional(),
  last_updated: zDateTimeMs.optional(),
  update_count: z.number().int().nonnegative().default(0),
  emails: z.record(z.string(), zStoredEmail).default({}),
  threads: z.record(z.string(), zStoredThread).default({}),
  folders: z.record(z.string(), emptyList(z.string())).default({}),
  labels: z.record(z.string(), emptyList(z.string())).default({}),
  drafts: z.record(z.string(), zStoredEmail).default({}),
  user_email_address: z.string().default(DEFAULT_USER_EMAIL_ADDRESS),
});

/**
 * Rebuilds a state from its export. Each email's own `folder` and `labels` are authoritative; the
 * folder and label dicts contribute their names (empty folders and labels survive). Emails whose
 * thread is missing from `threads` (hand-written scenarios often omit single-email threads) get it
 * created here, so every sent or received email belongs to its thread.
 */
export function loadEmailState(json: unknown, now: number): EmailState {
  const data = emailStateSchema.parse(json);
  const state = new EmailState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  state.userEmailAddress = data.user_email_address;
  state.emails = new Map(Object.entries(data.emails) as [string, Email][]);
  for (const [id, draft] of Object.entries(data.drafts)) {
    if (!state.emails.has(id)) state.emails.set(id, draft as Email);
    state.draftIds.add(id);
  }
  for (const name of Object.keys(data.folders)) state.folderNames.add(name);
  for (const name of Object.keys(data.labels)) state.labelNames.add(name);
  for (const email of state.emails.values()) {
    state.folderNames.add(email.folder);
    for (const label of email.labels) state.labelNames.add(label);
  }
  state.threads = new Map(Object.entries(data.threads) as [string, EmailThread][]);
  fileIntoThreads(state);
  return state;
}

/** Adds every non-draft email its thread does not list yet, creating the thread when missing. */
function fileIntoThreads(state: EmailState): void {
  const listed = new Map<string, Set<string>>();
  for (const [id, thread] of state.threads) listed.set(id, new Set(thread.message_ids));
  for (const [id, email] of state.emails) {
    if (state.draftIds.has(id)) continue;
    const thread = state.threads.get(email.thread_id);
    if (!thread) {
      const created = threadFrom(email);
      state.threads.set(email.thread_id, created);
      listed.set(email.thread_id, new Set(created.message_ids));
      continue;
    }
    const members = listed.get(email.thread_id)!;
    if (members.has(id)) continue;
    members.add(id);
    thread.message_ids.push(id);
    thread.message_count++;
    if (!email.is_read) thread.unread_count++;
    if (Date.parse(email.sent_at) > Date.parse(thread.last_message_at))
      thread.last_message_at = email.sent_at;
    for (const address of participantsOf(email)) {
      if (!thread.participant_addresses.includes(address)) thread.participant_addresses.push(address);
    }
  }
}
