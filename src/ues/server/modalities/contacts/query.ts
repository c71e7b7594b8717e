import { z } from 'zod';
import { normalizePhoneNumber } from './input.js';
import { searchTextOf, type Contact } from './model.js';

/**
 * `POST /contacts/query` body: the original's filters and paging, plus `sort_by`/`sort_order`
 * (our port; without `sort_by` contacts come in insertion order, as in the original).
 */
export const contactsQuerySchema = z.object({
  search_text: z.string().nullish(),
  group: z.string().nullish(),
  is_favorite: z.boolean().nullish(),
  is_blocked: z.boolean().nullish(),
  has_phone: z.boolean().nullish(),
  has_email: z.boolean().nullish(),
  identifier_type: z.string().nullish(),
  identifier_value: z.string().nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).default(0),
  sort_by: z.enum(['name', 'created_at', 'updated_at']).nullish(),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
});
export type ContactsQuery = z.output<typeof contactsQuerySchema>;

export interface ContactsQueryResult {
  contacts: Contact[];
  total_count: number;
  returned_count: number;
}

const hasType = (contact: Contact, type: string): boolean =>
  contact.identifiers.some((identifier) => identifier.identifier_type === type);

/**
 * An identifier filter. The original applies it only when both type and value are given; our port
 * also applies either alone, and compares phone values in their normalized form.
 */
function identifierMatcher(query: ContactsQuery): ((contact: Contact) => boolean) | undefined {
  const type = query.identifier_type || undefined;
  const value = query.identifier_value || undefined;
  if (type === undefined && value === undefined) return undefined;
  const phoneValue = value === undefined ? undefined : normalizePhoneNumber(value);
  return (contact) =>
    contact.identifiers.some(
      (identifier) =>
        (type === undefined || identifier.identifier_type === type) &&
        (value === undefined ||
          identifier.value === value ||
          (identifier.identifier_type === 'phone' && identifier.value === phoneValue)),
    );
}

const sortKey = (contact: Contact, by: 'name' | 'created_at' | 'updated_at'): string =>
  by === 'name' ? contact.resolved_display_name.toLowerCase() : contact[by];

export function queryContacts(contacts: Iterable<Contact>, query: ContactsQuery): ContactsQueryResult {
  const search = query.search_text ? query.search_text.toLowerCase() : undefined;
  const identifier = identifierMatcher(query);
  const matches: Contact[] = [];
  for (const contact of contacts) {
    if (search !== undefined && !searchTextOf(contact).includes(search)) continue;
    if (query.group && !contact.groups.includes(query.group)) continue;
    if (query.is_favorite != null && contact.is_favorite !== query.is_favorite) continue;
    if (query.is_blocked != null && contact.is_blocked !== query.is_blocked) continue;
    if (query.has_phone != null && hasType(contact, 'phone') !== query.has_phone) continue;
    if (query.has_email != null && hasType(contact, 'email') !== query.has_email) continue;
    if (identifier && !identifier(contact)) continue;
    matches.push(contact);
  }
  if (query.sort_by) {
    const by = query.sort_by;
    const direction = query.sort_order === 'desc' ? -1 : 1;
    const keyed = matches.map((contact) => ({ contact, key: sortKey(contact, by) }));
    keyed.sort((a, b) => (a.key === b.key ? 0 : a.key < b.key ? -direction : direction));
    for (const [index, entry] of keyed.entries()) matches[index] = entry.contact;
  }
  const page =
    query.offset === 0 && !query.limit
      ? matches
      : matches.slice(query.offset, query.limit ? query.offset + query.limit : undefined);
  return { contacts: page, total_count: matches.length, returned_count: page.length };
}
