import { describeAgo, formatTime } from '../../core/time.js';
import { dictionary, type Email, type EmailThread } from './model.js';
import type { EmailState } from './state.js';

/** The derived id lists and counts of one pass over the emails. */
interface MailboxIndex {
  emails: Record<string, Email>;
  folders: Record<string, string[]>;
  labels: Record<string, string[]>;
  drafts: Record<string, Email>;
  unread: number;
  starred: number;
}

/**
 * One linear pass: the `emails` dict plus the `folders`/`labels` id lists the wire format has (the
 * state keeps only each email's own folder and labels). Lists follow email insertion order.
 */
function indexMailbox(state: EmailState): MailboxIndex {
  const emails = dictionary<Email>();
  const folders = dictionary<string[]>();
  const labels = dictionary<string[]>();
  const drafts = dictionary<Email>();
  for (const name of state.folderNames) folders[name] = [];
  for (const name of state.labelNames) labels[name] = [];
  let unread = 0;
  let starred = 0;
  for (const [id, email] of state.emails) {
    emails[id] = email;
    (folders[email.folder] ??= []).push(id);
    for (const label of email.labels) (labels[label] ??= []).push(id);
    if (!email.is_read) unread++;
    if (email.is_starred) starred++;
  }
  for (const id of state.draftIds) {
    const draft = state.emails.get(id);
    if (draft) drafts[id] = draft;
  }
  return { emails, folders, labels, drafts, unread, starred };
}

function threadsDictionary(state: EmailState): Record<string, EmailThread> {
  const threads = dictionary<EmailThread>();
  for (const [id, thread] of state.threads) threads[id] = thread;
  return threads;
}

/** The exported state (scenario export, `GET /environment/state`), in the original's field names. */
export function exportedState(state: EmailState): Record<string, unknown> {
  const index = indexMailbox(state);
  return {
    modality_type: 'email',
    last_updated: formatTime(state.lastUpdated),
    update_count: state.updateCount,
    emails: index.emails,
    threads: threadsDictionary(state),
    folders: index.folders,
    labels: index.labels,
    drafts: index.drafts,
    user_email_address: state.userEmailAddress,
  };
}

/** `GET /email/state`: the full mailbox. */
export function fullStateView(state: EmailState, now: number): Record<string, unknown> {
  const index = indexMailbox(state);
  return {
    modality_type: 'email',
    current_time: formatTime(now),
    user_email_address: state.userEmailAddress,
    emails: index.emails,
    threads: threadsDictionary(state),
    folders: index.folders,
    labels: index.labels,
    total_email_count: state.emails.size,
    unread_count: index.unread,
    starred_count: index.starred,
  };
}

const PREVIEW_LENGTH = 100;

/** The first 100 characters (code points, as Python slices) plus "..." when the body is longer. */
export function bodyPreview(text: string): string {
  if (text.length <= PREVIEW_LENGTH) return text;
  let count = 0;
  let end = 0;
  for (const character of text) {
    if (count === PREVIEW_LENGTH) return `${text.slice(0, end).trimEnd()}...`;
    count++;
    end += character.length;
  }
  return text;
}

/** EmailSummary: an email without its bodies. */
export function emailSummary(email: Email): Record<string, unknown> {
  return {
    message_id: email.message_id,
    thread_id: email.thread_id,
    from_address: email.from_address,
    to_addresses: email.to_addresses,
    subject: email.subject,
    sent_at: email.sent_at,
    received_at: email.received_at,
    is_read: email.is_read,
    is_starred: email.is_starred,
    folder: email.folder,
    has_attachments: email.attachments.length > 0,
    attachment_count: email.attachments.length,
    body_preview: bodyPreview(email.body_text),
  };
}

/** `GET /email/state?summary=true` (or `compact=true`): statistics and summaries, no bodies. */
export function summaryStateView(state: EmailState, now: number): Record<string, unknown> {
  const folders = dictionary<{ message_count: number; unread_count: number }>();
  const labels = dictionary<number>();
  const emails = dictionary<Record<string, unknown>>();
  for (const name of state.folderNames) folders[name] = { message_count: 0, unread_count: 0 };
  for (const name of state.labelNames) labels[name] = 0;
  let unread = 0;
  let starred = 0;
  for (const [id, email] of state.emails) {
    emails[id] = emailSummary(email);
    const folder = (folders[email.folder] ??= { message_count: 0, unread_count: 0 });
    folder.message_count++;
    if (!email.is_read) {
      folder.unread_count++;
      unread++;
    }
    if (email.is_starred) starred++;
    for (const label of email.labels) labels[label] = (labels[label] ?? 0) + 1;
  }
  return {
    modality_type: 'email',
    current_time: formatTime(now),
    user_email_address: state.userEmailAddress,
    statistics: {
      total_emails: state.emails.size,
      total_threads: state.threads.size,
      total_unread: unread,
      total_starred: starred,
      total_drafts: state.draftIds.size,
      total_labels: state.labelNames.size,
    },
    folders,
    labels,
    emails,
    threads: threadsDictionary(state),
  };
}

/** "3 unread, 12 total emails", or "No emails". */
export function emailSummaryLine(state: EmailState): string {
  if (state.emails.size === 0) return 'No emails';
  let unread = 0;
  for (const email of state.emails.values()) if (!email.is_read) unread++;
  return `${unread} unread, ${state.emails.size} total emails`;
}

const RECENT_UNREAD_LIMIT = 5;
const FLAGGED_ITEMS_LIMIT = 3;

/** The LLM-oriented snapshot of `GET /environment/state?compact=true` (§5.8). */
export function compactSnapshot(state: EmailState, now: number): Record<string, unknown> {
  // Newest unread first; among equal times the earlier-inserted email first, as Python's stable sort.
  const recent: { at: number; email: Email }[] = [];
  const flagged: Email[] = [];
  let unread = 0;
  for (const email of state.emails.values()) {
    if (email.is_starred) flagged.push(email);
    if (email.is_read) continue;
    unread++;
    const at = Date.parse(email.received_at);
    const position = recent.findIndex((entry) => entry.at < at);
    if (position >= 0) recent.splice(position, 0, { at, email });
    else if (recent.length < RECENT_UNREAD_LIMIT) recent.push({ at, email });
    if (recent.length > RECENT_UNREAD_LIMIT) recent.pop();
  }
  const ago = (email: Email): string => describeAgo(Date.parse(email.received_at), now);
  const recentIds = new Set(recent.map((entry) => entry.email.message_id));
  const flaggedItems = flagged
    .filter((email) => !recentIds.has(email.message_id))
    .slice(0, FLAGGED_ITEMS_LIMIT);
  return {
    summary: emailSummaryLine(state),
    unread_count: unread,
    total_count: state.emails.size,
    draft_count: state.draftIds.size,
    flagged_count: flagged.length,
    recent_unread: recent.map(({ email }) => ({
      subject: email.subject,
      from: email.from_address,
      received_ago: ago(email),
      flagged: email.is_starred,
    })),
    ...(flaggedItems.length > 0
      ? {
          flagged_items: flaggedItems.map((email) => ({
            subject: email.subject,
            from: email.from_address,
            received_ago: ago(email),
          })),
        }
      : {}),
  };
}
