import type { Contact } from '../../../ues/client/index.js';
import { zoneOffsetMs } from '../../ues/time-zones.js';

/**
 * What an imitation strategy reads off any scenario without understanding it: the clock times
 * the user's prompt mentions, the people it names (found in the address book), and who the user
 * is. Nothing here knows the scenario.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Clock times in the prompt, as minutes after local midnight ("9pm", "10:30", "noon"). */
export function promptClockTimes(prompt: string): number[] {
  const found = new Set<number>();
  const lower = prompt.toLowerCase();
  for (const m of lower.matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/g)) {
    const hour = +m[1]!;
    if (hour < 1 || hour > 12) continue;
    found.add(((hour % 12) + (m[3]!.startsWith('p') ? 12 : 0)) * 60 + (m[2] ? +m[2] : 0));
  }
  for (const m of lower.matchAll(/(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?!\s*(?:am|pm|a\.m|p\.m))/g)) {
    found.add(+m[1]! * 60 + +m[2]!);
  }
  if (/\bnoon\b|\bmidday\b/.test(lower)) found.add(12 * 60);
  return [...found].sort((a, b) => a - b);
}

/** Whether the prompt asks for something every hour. */
export function asksHourly(prompt: string): boolean {
  return /\b(?:hourly|every hour|each hour)\b/i.test(prompt);
}

/**
 * The instants of the prompt's clock times from `start` on (today's, or tomorrow's when the time
 * has passed), in the user's zone.
 */
export function dueInstants(start: Date, zone: string, minutes: readonly number[]): number[] {
  const offset = zoneOffsetMs(start, zone);
  const localMidnight = Math.floor((start.getTime() + offset) / DAY_MS) * DAY_MS - offset;
  return minutes
    .map((minute) => {
      const today = localMidnight + minute * MINUTE_MS;
      return today >= start.getTime() ? today : today + DAY_MS;
    })
    .sort((a, b) => a - b);
}

/** Every name a contact goes by: display name, first, last, nickname. */
export function namesOf(contact: Contact): string[] {
  return [
    contact.resolved_display_name,
    contact.display_name,
    contact.first_name,
    contact.last_name,
    contact.nickname,
  ]
    .filter((name): name is string => typeof name === 'string' && name.trim().length > 2)
    .map((name) => name.trim());
}

/** Contacts whose name appears, capitalised, in the prompt (never the user's own entry). */
export function contactsNamedIn(
  prompt: string,
  contacts: readonly Contact[],
  userAddresses: ReadonlySet<string>,
): Contact[] {
  return contacts.filter((contact) => {
    if (identifiersOf(contact).some((value) => userAddresses.has(value.toLowerCase()))) return false;
    return namesOf(contact).some((name) =>
      new RegExp(`(?<![\\p{L}])${escape(name)}(?![\\p{L}])`, 'u').test(prompt),
    );
  });
}

export function identifiersOf(contact: Contact): string[] {
  return contact.identifiers.map((identifier) => identifier.value);
}

export function emailOf(contact: Contact): string | undefined {
  return contact.identifiers.find((identifier) => identifier.identifier_type === 'email')?.value;
}

export function phoneOf(contact: Contact): string | undefined {
  return contact.identifiers.find((identifier) => identifier.identifier_type === 'phone')?.value;
}

/** The user's name: their own address-book entry, else made from their email address. */
export function userNameFrom(contacts: readonly Contact[], userEmail: string): string {
  const own = contacts.find((contact) =>
    identifiersOf(contact).some((value) => value.toLowerCase() === userEmail.toLowerCase()),
  );
  if (own) return own.resolved_display_name;
  return userEmail
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
