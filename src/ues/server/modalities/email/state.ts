import { mintId } from '../../core/ids.js';
import type { ModalityInput } from '../../core/event.js';
import { ModalityOperationError } from '../../core/errors.js';
import type { Journal } from '../../core/journal.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import { emailInputProblems, type EmailInput } from './input.js';
import {
  canonicalTime,
  DEFAULT_USER_EMAIL_ADDRESS,
  isLater,
  participantsOf,
  STANDARD_FOLDERS,
  threadFrom,
  type Email,
  type EmailThread,
} from './model.js';
import { compactSnapshot, emailSummaryLine, exportedState } from './views.js';

/** The input as the state sees it: validated fields plus the engine's envelope. */
type AppliedInput = EmailInput & ModalityInput;

/** Below this many participants a linear scan beats maintaining a set. */
const PARTICIPANT_INDEX_THRESHOLD = 16;

/**
 * The user's mailbox. Each email's `folder` and `labels` fields are the single source of truth; the
 * `folders`/`labels` id lists of the wire format are derived when serialising, so moving or labelling
 * one email is O(1) and never copies a folder. Every mutation goes through the journal.
 */
export class EmailState implements ModalityState {
  readonly modalityType = 'email';
  lastUpdated: number;
  updateCount = 0;
  userEmailAddress = DEFAULT_USER_EMAIL_ADDRESS;
  /** Insertion order is the original's dict order, which folder lists and unsorted queries follow. */
  emails = new Map<string, Email>();
  threads = new Map<string, EmailThread>();
  /** Every folder that exists, empty or not: the standard ones plus those `move` created. */
  folderNames = new Set<string>(STANDARD_FOLDERS);
  /** Every label that exists; `remove_label` leaves the name in place, as the original. */
  labelNames = new Set<string>();
  /** Ids of emails in the original's `drafts` dict; serialised in email order. */
  draftIds = new Set<string>();
  /** See participantIndexOf. */
  private readonly participantIndex = new WeakMap<EmailThread, Set<string>>();

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(input: ModalityInput): string[] {
    return emailInputProblems(input as AppliedInput);
  }

  apply(modalityInput: ModalityInput, context: ApplyContext): void {
    const input = modalityInput as AppliedInput;
    const at = canonicalTime(input.timestamp, context.now);
    const { journal } = context;
    switch (input.operation) {
      case 'receive':
        return this.compose(input, at, journal, {
          folder: 'inbox',
          isRead: false,
          sentAt: input.sent_at ?? at,
        });
      case 'send':
        return this.compose(input, at, journal, { folder: 'sent', isRead: true, sentAt: at });
      case 'save_draft':
        return this.compose(input, at, journal, { folder: 'drafts', isRead: true, sentAt: at, draft: true });
      case 'reply':
      case 'reply_all':
        return this.reply(input, at, journal);
      case 'forward':
        return this.forward(input, at, journal);
      case 'send_draft':
        return this.sendDraft(input.message_id!, at, journal);
      case 'mark_read':
      case 'mark_unread':
        return this.setRead(targetIds(input), input.operation === 'mark_read', journal);
      case 'star':
      case 'unstar':
        return this.setStarred(targetIds(input), input.operation === 'star', journal);
      case 'move':
        return this.moveTo(targetIds(input), input.folder!, journal);
      case 'delete':
        return this.moveTo(targetIds(input), 'trash', journal);
      case 'archive':
        return this.moveTo(targetIds(input), 'archive', journal);
      case 'mark_spam':
        return this.moveTo(targetIds(input), 'spam', journal);
      case 'mark_not_spam':
        return this.moveTo(targetIds(input), 'inbox', journal);
      case 'add_label':
        return this.addLabels(targetIds(input), input.labels ?? [], journal);
      case 'remove_label':
        return this.removeLabels(targetIds(input), input.labels ?? [], journal);
    }
  }

  // ── new emails ──────────────────────────────────────────────────────────

  /** receive, send and save_draft: a new email, in its own or the given thread. */
  private compose(
    input: AppliedInput,
    at: string,
    journal: Journal,
    placement: { folder: string; isRead: boolean; sentAt: string; draft?: boolean },
  ): void {
    const messageId = pinMessageId(input);
    // Pinned on the input, like the message id, so redo and export name the same thread.
    if (!input.thread_id) input.thread_id = `thread-${messageId}`;
    const email = buildEmail(input, {
      message_id: messageId,
      thread_id: input.thread_id,
      references: input.references ?? [],
      attachments: input.attachments ?? [],
      sent_at: placement.sentAt,
      received_at: at,
      folder: placement.folder,
      is_read: placement.isRead,
    });
    this.addEmail(email, journal);
    // The original keeps drafts out of threads until they are sent.
    if (placement.draft) journal.setAdd(this.draftIds, messageId);
    else this.attachToThread(email, journal);
  }

  private reply(input: AppliedInput, at: string, journal: Journal): void {
    const parentId = input.in_reply_to!;
    const parent = this.emails.get(parentId);
    if (!parent) throw new ModalityOperationError(`Cannot reply to non-existent email: ${parentId}`);
    const references = parent.references.includes(parentId)
      ? [...parent.references]
      : [...parent.references, parentId];
    const email = buildEmail(input, {
      message_id: pinMessageId(input),
      thread_id: parent.thread_id,
      references,
      attachments: input.attachments ?? [],
      sent_at: at,
      received_at: at,
      folder: 'sent',
      is_read: true,
    });
    this.addEmail(email, journal);
    this.attachToThread(email, journal);
  }

  private forward(input: AppliedInput, at: string, journal: Journal): void {
    const originalId = input.in_reply_to!;
    const original = this.emails.get(originalId);
    if (!original) throw new ModalityOperationError(`Cannot forward non-existent email: ${originalId}`);
    const messageId = pinMessageId(input);
    const email = buildEmail(input, {
      message_id: messageId,
      thread_id: `thread-${messageId}`,
      references: [originalId],
      attachments: input.attachments?.length ? input.attachments : original.attachments,
      sent_at: at,
      received_at: at,
      folder: 'sent',
      is_read: true,
    });
    this.addEmail(email, journal);
    this.attachToThread(email, journal);
  }

  /**
   * Moves a draft to `sent`. Our port also files the sent email into its thread (the original leaves
   * it threadless), so every sent email is found through its thread.
   */
  private sendDraft(messageId: string, at: string, journal: Journal): void {
    const draft = this.emails.get(messageId);
    if (!draft || !this.draftIds.has(messageId)) {
      throw new ModalityOperationError(`Draft not found: ${messageId}`);
    }
    this.draftIds.delete(messageId);
    // Draft order is derived from email order, so re-adding on undo restores it exactly.
    journal.record(() => this.draftIds.add(messageId));
    journal.set(draft, 'folder', 'sent');
    journal.set(draft, 'sent_at', at);
    const thread = this.threads.get(draft.thread_id);
    if (!thread || !thread.message_ids.includes(messageId)) this.attachToThread(draft, journal);
  }

  private addEmail(email: Email, journal: Journal): void {
    if (this.emails.has(email.message_id)) {
      throw new ModalityOperationError(`Email already exists: ${email.message_id}`);
    }
    journal.mapSet(this.emails, email.message_id, email);
  }

  /**
   * Starts the email's thread, or appends to it (participants, counts, last message time). Runs for
   * every new email, so the append is undone by one recorded inverse rather than one per field.
   */
  private attachToThread(email: Email, journal: Journal): void {
    const thread = this.threads.get(email.thread_id);
    if (!thread) {
      journal.mapSet(this.threads, email.thread_id, threadFrom(email));
      return;
    }
    const index = this.participantIndexOf(thread, journal);
    const previousCount = thread.message_count;
    const previousUnread = thread.unread_count;
    const previousLast = thread.last_message_at;
    const previousParticipants = thread.participant_addresses.length;
    const added: string[] = [];
    for (const address of participantsOf(email)) {
      if (index ? index.has(address) : thread.participant_addresses.includes(address)) continue;
      thread.participant_addresses.push(address);
      index?.add(address);
      added.push(address);
    }
    thread.message_ids.push(email.message_id);
    thread.message_count = previousCount + 1;
    if (!email.is_read) thread.unread_count = previousUnread + 1;
    if (isLater(email.sent_at, previousLast)) thread.last_message_at = email.sent_at;
    journal.record(() => {
      thread.message_ids.pop();
      thread.message_count = previousCount;
      thread.unread_count = previousUnread;
      thread.last_message_at = previousLast;
      thread.participant_addresses.length = previousParticipants;
      if (index) for (const address of added) index.delete(address);
    });
  }

  /**
   * A membership set for threads with many participants, so appending stays O(1). It is built
   * lazily and its creation is journaled, so after any undo it exists only if it is in sync.
   */
  private participantIndexOf(thread: EmailThread, journal: Journal): Set<string> | undefined {
    if (thread.participant_addresses.length < PARTICIPANT_INDEX_THRESHOLD) return undefined;
    let index = this.participantIndex.get(thread);
    if (!index) {
      index = new Set(thread.participant_addresses);
      this.participantIndex.set(thread, index);
      journal.record(() => this.participantIndex.delete(thread));
    }
    return index;
  }

  // ── changes to existing emails (unknown ids are skipped, as the original) ──

  private setRead(ids: readonly string[], read: boolean, journal: Journal): void {
    for (const id of ids) {
      const email = this.emails.get(id);
      if (!email || email.is_read === read) continue;
      journal.set(email, 'is_read', read);
      const thread = this.threads.get(email.thread_id);
      if (thread) journal.set(thread, 'unread_count', Math.max(0, thread.unread_count + (read ? -1 : 1)));
    }
  }

  private setStarred(ids: readonly string[], starred: boolean, journal: Journal): void {
    for (const id of ids) {
      const email = this.emails.get(id);
      if (email && email.is_starred !== starred) journal.set(email, 'is_starred', starred);
    }
  }

  /** Folder changes; the target folder is created when missing, even if no id is known. */
  private moveTo(ids: readonly string[], folder: string, journal: Journal): void {
    journal.setAdd(this.folderNames, folder);
    for (const id of ids) {
      const email = this.emails.get(id);
      if (email && email.folder !== folder) journal.set(email, 'folder', folder);
    }
  }

  private addLabels(ids: readonly string[], labels: readonly string[], journal: Journal): void {
    for (const label of labels) {
      journal.setAdd(this.labelNames, label);
      for (const id of ids) {
        const email = this.emails.get(id);
        if (email && !email.labels.includes(label)) journal.set(email, 'labels', [...email.labels, label]);
      }
    }
  }

  private removeLabels(ids: readonly string[], labels: readonly string[], journal: Journal): void {
    for (const label of labels) {
      if (!this.labelNames.has(label)) continue;
      for (const id of ids) {
        const email = this.emails.get(id);
        if (email?.labels.includes(label)) {
          journal.set(
            email,
            'labels',
            email.labels.filter((existing) => existing !== label),
          );
        }
      }
    }
  }

  // ── views ───────────────────────────────────────────────────────────────

  toJSON(): Record<string, unknown> {
    return exportedState(this);
  }

  summary(): string {
    return emailSummaryLine(this);
  }

  compact(now: number): Record<string, unknown> {
    return compactSnapshot(this, now);
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    for (const [id, email] of this.emails) {
      if (email.message_id !== id) problems.push(`Email key '${id}' holds message_id '${email.message_id}'`);
    }
    for (const [threadId, thread] of this.threads) {
      for (const messageId of thread.message_ids) {
        if (!this.emails.has(messageId)) {
          problems.push(`Thread '${threadId}' references non-existent email: ${messageId}`);
        }
      }
    }
    for (const draftId of this.draftIds) {
      if (!this.emails.has(draftId)) problems.push(`Draft references non-existent email: ${draftId}`);
    }
    return problems;
  }

  /** Empties the mailbox; the user's address is configuration and stays. */
  clear(now: number): void {
    this.emails = new Map();
    this.threads = new Map();
    this.folderNames = new Set(STANDARD_FOLDERS);
    this.labelNames = new Set();
    this.draftIds = new Set();
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}

/** `message_ids` when non-empty, else `[message_id]`, as the original picks targets. */
function targetIds(input: EmailInput): readonly string[] {
  if (input.message_ids?.length) return input.message_ids;
  return input.message_id ? [input.message_id] : [];
}

/** Generates the new email's id onto the input itself, so a redo and the export reuse it. */
function pinMessageId(input: AppliedInput): string {
  if (!input.message_id) input.message_id = mintId('email');
  return input.message_id;
}

function buildEmail(
  input: EmailInput,
  fields: Pick<
    Email,
    | 'message_id'
    | 'thread_id'
    | 'references'
    | 'attachments'
    | 'sent_at'
    | 'received_at'
    | 'folder'
    | 'is_read'
  >,
): Email {
  return {
    message_id: fields.message_id,
    thread_id: fields.thread_id,
    from_address: input.from_address!,
    to_addresses: input.to_addresses!,
    cc_addresses: input.cc_addresses ?? [],
    bcc_addresses: input.bcc_addresses ?? [],
    reply_to_address: input.reply_to_address ?? null,
    subject: input.subject!,
    body_text: input.body_text!,
    body_html: input.body_html ?? null,
    attachments: fields.attachments,
    in_reply_to: input.in_reply_to ?? null,
    references: fields.references,
    sent_at: fields.sent_at,
    received_at: fields.received_at,
    is_read: fields.is_read,
    is_starred: false,
    priority: input.priority,
    folder: fields.folder,
    labels: [],
  };
}
