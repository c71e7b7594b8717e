import type { StateSnapshot } from '../green/judge/types.js';
import { excerpt } from './html.js';
import { chatText } from './timeline.js';

/**
 * What the run changed in the user's world: items added, removed and changed per modality,
 * between the state before the purple's first turn and after its last. Changes list the fields
 * a user cares about (read, starred, folder, labels, times, attendees' answers…), before → after.
 */

export interface ItemChange {
  id: string;
  /** One line naming the item: sender and subject, title and time, name. */
  label: string;
  /** For changed items: `field: before → after`. */
  fields: string[];
}

export interface ModalityDiff {
  modality: string;
  added: ItemChange[];
  removed: ItemChange[];
  changed: ItemChange[];
}

export interface StateDiff {
  clock: { before: string; after: string };
  modalities: ModalityDiff[];
}

type Item = Record<string, unknown>;

function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return excerpt(value, 80);
  return excerpt(JSON.stringify(value), 80);
}

function diffCollection(
  modality: string,
  before: Readonly<Record<string, Item>>,
  after: Readonly<Record<string, Item>>,
  fields: readonly string[],
  label: (item: Item) => string,
): ModalityDiff {
  const added: ItemChange[] = [];
  const removed: ItemChange[] = [];
  const changed: ItemChange[] = [];
  for (const [id, item] of Object.entries(after)) {
    const old = before[id];
    if (old === undefined) {
      added.push({ id, label: label(item), fields: [] });
      continue;
    }
    const differing = fields
      .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(item[field]))
      .map((field) => `${field}: ${show(old[field])} → ${show(item[field])}`);
    if (differing.length > 0) changed.push({ id, label: label(item), fields: differing });
  }
  for (const [id, item] of Object.entries(before)) {
    if (!(id in after)) removed.push({ id, label: label(item), fields: [] });
  }
  return { modality, added, removed, changed };
}

const asItems = (record: Readonly<Record<string, unknown>>): Record<string, Item> =>
  record as Record<string, Item>;

function attendeeAnswers(item: Item): string {
  const attendees = Array.isArray(item['attendees']) ? (item['attendees'] as Item[]) : [];
  return attendees
    .map((attendee) => `${String(attendee['email'])}: ${String(attendee['response'])}`)
    .join(', ');
}

export function diffStates(before: StateSnapshot, after: StateSnapshot): StateDiff {
  const email = diffCollection(
    'email',
    asItems(before.email.emails),
    asItems(after.email.emails),
    ['is_read', 'is_starred', 'folder', 'labels', 'subject', 'body_text'],
    (item) => `${String(item['from_address'])} → ${show(item['to_addresses'])}: “${show(item['subject'])}”`,
  );
  const sms = diffCollection(
    'sms',
    asItems(before.sms.messages),
    asItems(after.sms.messages),
    ['is_read', 'is_deleted', 'body', 'reactions'],
    (item) => `${String(item['from_number'])} → ${show(item['to_numbers'])}: ${show(item['body'])}`,
  );
  const withAnswers = (events: Readonly<Record<string, unknown>>): Record<string, Item> =>
    Object.fromEntries(
      Object.entries(asItems(events)).map(([id, event]) => [
        id,
        { ...event, answers: attendeeAnswers(event) },
      ]),
    );
  const calendar = diffCollection(
    'calendar',
    withAnswers(before.calendar.events),
    withAnswers(after.calendar.events),
    ['title', 'start', 'end', 'status', 'location', 'description', 'answers'],
    (item) => `“${show(item['title'])}” ${show(item['start'])} – ${show(item['end'])}`,
  );
  const contacts = diffCollection(
    'contacts',
    asItems(before.contacts.contacts),
    asItems(after.contacts.contacts),
    [
      'resolved_display_name',
      'identifiers',
      'company',
      'job_title',
      'notes',
      'is_favorite',
      'is_blocked',
      'groups',
    ],
    (item) => String(item['resolved_display_name'] ?? item['contact_id'] ?? ''),
  );
  const chatBefore = Object.fromEntries(before.chat.messages.map((message) => [message.message_id, message]));
  const chatAfter = Object.fromEntries(after.chat.messages.map((message) => [message.message_id, message]));
  const chat = diffCollection('chat', chatBefore, chatAfter, [], (item) => {
    return `${String(item['role'])}: ${excerpt(chatText(item['content']), 160)}`;
  });
  return {
    clock: { before: before.time.current_time, after: after.time.current_time },
    modalities: [email, sms, calendar, contacts, chat],
  };
}
