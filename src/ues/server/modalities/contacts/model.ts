import type { ContactIdentifier, PostalAddress } from './input.js';

/**
 * One address-book entry, kept in its wire shape so reads serialise it as is. Contacts are
 * immutable: every change builds a new object (`newContact`), which keeps undo a matter of putting
 * the old object back and lets caches keyed by the object (search text) stay valid.
 */
export interface Contact {
  contact_id: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  /** Derived: display_name, else "first last", else nickname, else the first identifier, else "Unknown". */
  resolved_display_name: string;
  nickname: string | null;
  identifiers: ContactIdentifier[];
  company: string | null;
  job_title: string | null;
  addresses: PostalAddress[];
  /** `YYYY-MM-DD`. */
  birthday: string | null;
  notes: string | null;
  photo_url: string | null;
  is_favorite: boolean;
  is_blocked: boolean;
  /** Sorted, unique. */
  groups: string[];
  created_at: string;
  updated_at: string;
}

export type ContactFields = Omit<Contact, 'resolved_display_name'>;

export function resolvedDisplayName(contact: Omit<ContactFields, 'contact_id'>): string {
  if (contact.display_name) return contact.display_name;
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
  if (name) return name;
  if (contact.nickname) return contact.nickname;
  return contact.identifiers[0]?.value ?? 'Unknown';
}

/** Builds a contact in canonical key order, deriving the display name and sorting the groups. */
export function newContact(fields: ContactFields): Contact {
  return {
    contact_id: fields.contact_id,
    first_name: fields.first_name,
    last_name: fields.last_name,
    display_name: fields.display_name,
    resolved_display_name: resolvedDisplayName(fields),
    nickname: fields.nickname,
    identifiers: fields.identifiers,
    company: fields.company,
    job_title: fields.job_title,
    addresses: fields.addresses,
    birthday: fields.birthday,
    notes: fields.notes,
    photo_url: fields.photo_url,
    is_favorite: fields.is_favorite,
    is_blocked: fields.is_blocked,
    groups: [...new Set(fields.groups)].sort(),
    created_at: fields.created_at,
    updated_at: fields.updated_at,
  };
}

/** The identity of an identifier for uniqueness and lookups: its type and value. */
export const identifierKey = (identifier: { identifier_type: string; value: string }): string =>
  `${identifier.identifier_type}\u0000${identifier.value}`;

export function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
  return (
    a.street === b.street &&
    a.city === b.city &&
    a.state === b.state &&
    a.postal_code === b.postal_code &&
    a.country === b.country &&
    a.label === b.label
  );
}

const searchTexts = new WeakMap<Contact, string>();

/** Lower-cased text a `search_text` query matches: names, company, title, notes and identifiers. */
export function searchTextOf(contact: Contact): string {
  let text = searchTexts.get(contact);
  if (text === undefined) {
    text = [
      contact.first_name,
      contact.last_name,
      contact.display_name,
      contact.nickname,
      contact.company,
      contact.job_title,
      contact.notes,
      ...contact.identifiers.map((identifier) => identifier.value),
    ]
      .filter((part): part is string => Boolean(part))
      .join('\u0000')
      .toLowerCase();
    searchTexts.set(contact, text);
  }
  return text;
}
