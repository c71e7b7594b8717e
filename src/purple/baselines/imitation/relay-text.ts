import type { Contact } from '../../../ues/client/index.js';
import { dropStopwords, oneLine } from './text-tricks.js';
import { contactsNamedIn, identifiersOf, namesOf } from './world-view.js';

/**
 * The text tricks of the relay strategies: split a prompt into sentences, match a message or an
 * event to the prompt by shared words, find the people a text names, spot "move … to …"
 * sentences, tell an answer from a shrug — all by regex and word overlap, nothing understood.
 */

/** The text's sentences (and lines), trimmed, empty ones dropped; a list number ("1.") starts one. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])(?<!(?:^|\s)\d{1,2}\.)\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** The text's content words: lower case, stopwords and words under three letters dropped. */
export function contentWords(text: string): Set<string> {
  return new Set(
    (
      dropStopwords(text)
        .toLowerCase()
        .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]/gu) ?? []
    ).filter((word) => word.length >= 3),
  );
}

/** How many content words `text` shares with `words`. */
export function sharedWords(words: ReadonlySet<string>, text: string): number {
  let shared = 0;
  for (const word of contentWords(text)) if (words.has(word)) shared++;
  return shared;
}

/** The item whose text shares the most content words with `query` (at least `min`; the first on a tie). */
export function bestByOverlap<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  query: string,
  min = 1,
): T | undefined {
  const words = contentWords(query);
  let best: { item: T; shared: number } | undefined;
  for (const item of items) {
    const shared = sharedWords(words, textOf(item));
    if (shared >= min && (best === undefined || shared > best.shared)) best = { item, shared };
  }
  return best?.item;
}

/**
 * Focused generic questions, one a turn: each asks about one or two things in the assistant's own
 * words — the option, the day and time, the people, the place, the money — so a user who answers
 * by cue words answers each in turn.
 */
export const ASK_QUESTIONS: readonly string[] = [
  'Before I act: which option do you want me to go with?',
  'What day and time should I go for?',
  'Who should I tell, and how many people is it for?',
  'Where should it be, and how much can I spend?',
];

/** Whether a reply tells something (not "I don't know", not a request to be more specific). */
export function informativeAnswer(text: string): boolean {
  const line = text.trim();
  return line !== '' && !/^(?:what exactly do you need to know|i don[’']?t know)\b/i.test(line);
}

/** A greeting, then thanks or a promise to come back: what people write back to news. */
const ACKNOWLEDGEMENT =
  /^(?:(?:hi|hey|hello|dear)\b[^!.,]*[!.,]\s*)?(?:thanks|thank you|thx|got it|ok(?:ay)?\b|understood|noted|sounds good|will do|no problem|you[’']re welcome|any time|good to know|great|perfect|cheers|i[’']ll (?:look|check|find|come back|get back|see))/i;

/**
 * Whether a message says enough to pass on: a figure, or more than a dozen words, and not an
 * acknowledgement ("Hi Iris! Thanks for the update.") — passing those on would ping-pong forever.
 */
export function substantive(text: string): boolean {
  const body = text.trim();
  if (ACKNOWLEDGEMENT.test(body) && !/\d/.test(body)) return false;
  return /\d/.test(body) || body.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length > 12;
}

/** The confirmation a script sends back: their own message, restated. */
export function restatement(body: string): string {
  return `Thanks — just to confirm: ${oneLine(body, 600)}`;
}

/**
 * A message text with its question marks turned into full stops and its asking phrases ("let me
 * know", "please confirm") bracketed away, so a digest pasting it asks the user nothing.
 */
export function withoutQuestions(text: string): string {
  return text
    .replace(/[?？]+/g, '.')
    .replace(/\b(?:let me know|please (?:confirm|advise|tell me)|can you confirm)\b/gi, '(noted)');
}

export interface MoveRequest {
  /** What is moved: the words before "to" ("my 3pm with Jordan"). */
  what: string;
  /** Where it goes: the words after the last "to" ("tomorrow, same time"). */
  to: string;
}

/** "Move my 3pm with Jordan to tomorrow": each move, push, reschedule or shift sentence with a "to". */
export function moveRequests(text: string): MoveRequest[] {
  const requests: MoveRequest[] = [];
  for (const sentence of sentencesOf(text)) {
    const m =
      /\b(?:move|moving|moved|push|pushing|reschedule|rescheduling|shift|bump)\b(.*)\bto\b(.+)$/i.exec(
        sentence,
      );
    if (m !== null) requests.push({ what: m[1]!.trim(), to: m[2]!.trim() });
  }
  return requests;
}

/**
 * Contacts a text names (never the user), as `contactsNamedIn` finds them, except that a name
 * shared with a contact named in full ("Chris Tan" beside another Chris) points to that one only.
 */
export function peopleNamedIn(
  text: string,
  contacts: readonly Contact[],
  user: ReadonlySet<string>,
): Contact[] {
  const matches = contactsNamedIn(text, contacts, user).map((contact) => ({
    contact,
    names: namesOf(contact).filter((name) => appears(name, text)),
  }));
  const inFull = matches.filter((match) => match.names.includes(match.contact.resolved_display_name.trim()));
  return matches
    .filter(
      (match) =>
        inFull.includes(match) ||
        !inFull.some((full) => match.names.some((name) => namesOf(full.contact).includes(name))),
    )
    .map((match) => match.contact);
}

/** Groups named in nearly every prompt by accident ("slammed at work"), never as an audience. */
const EVERYDAY_GROUPS = new Set(['work', 'home']);

/**
 * Members of the address-book groups a text names ("book club is tonight" names the "book club"
 * group): an audience the prompt points at without listing it.
 */
export function groupMembersNamedIn(
  text: string,
  contacts: readonly Contact[],
  user: ReadonlySet<string>,
): Contact[] {
  const lower = text.toLowerCase();
  const named = (group: string) =>
    group.trim().length >= 4 &&
    !EVERYDAY_GROUPS.has(group.trim().toLowerCase()) &&
    appears(group.trim().toLowerCase(), lower);
  return contacts.filter(
    (contact) =>
      !identifiersOf(contact).some((value) => user.has(value.toLowerCase())) && contact.groups.some(named),
  );
}

/** Whether `name` occurs in `text` as written, not inside a longer word (as `contactsNamedIn` reads it). */
function appears(name: string, text: string): boolean {
  return new RegExp(`(?<![\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(
    text,
  );
}

/** The contact an address or number belongs to (phone numbers compared by their digits). */
export function contactOf(address: string, contacts: readonly Contact[]): Contact | undefined {
  const key = normalise(address);
  return contacts.find((contact) => identifiersOf(contact).some((value) => normalise(value) === key));
}

export function normalise(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.includes('@') ? trimmed : trimmed.replace(/[^\d]/g, '');
}

/** The first name a message to a contact greets. */
export function firstNameOf(contact: Contact): string {
  return contact.first_name ?? contact.resolved_display_name.split(/\s+/)[0] ?? contact.resolved_display_name;
}
