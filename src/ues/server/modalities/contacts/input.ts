import { z } from 'zod';
import type { ModalityInput } from '../../core/event.js';

export const CONTACTS_OPERATIONS = [
  'create_contact',
  'update_contact',
  'delete_contact',
  'block_contact',
  'unblock_contact',
  'favorite_contact',
  'unfavorite_contact',
  'add_to_group',
  'remove_from_group',
  'merge_contacts',
] as const;
export type ContactsOperation = (typeof CONTACTS_OPERATIONS)[number];

/** Operations that act on one existing contact, named by `contact_id`. */
const TARGETED_OPERATIONS = new Set<ContactsOperation>([
  'update_contact',
  'delete_contact',
  'block_contact',
  'unblock_contact',
  'favorite_contact',
  'unfavorite_contact',
  'add_to_group',
  'remove_from_group',
]);

/**
 * Phone numbers in the E.164-like form the original stores: digits only with a leading `+`, and a
 * bare 10-digit number read as US (`(555) 867-5309` → `+15558675309`). Text without digits is kept.
 */
export function normalizePhoneNumber(value: string): string {
  const hasPlus = value.trim().startsWith('+');
  let digits = value.replace(/\D/g, '');
  if (!digits) return value;
  if (digits.length === 10 && !hasPlus) digits = `1${digits}`;
  return `+${digits}`;
}

const zNonBlank = (what: string) =>
  z.string().refine((value) => value.trim() !== '', { message: `${what} must be a non-empty string` });

/**
 * A phone number, email address or handle. Phone values are normalized here, so every way in
 * (routes, `/events`, updates that remove identifiers) stores and compares the same form.
 */
export const zContactIdentifier = z
  .object({
    identifier_type: zNonBlank('identifier_type').describe('"phone" (normalized to +digits), "email", …'),
    value: zNonBlank('value'),
    label: z.string().nullish(),
  })
  .refine((identifier) => identifier.identifier_type !== 'email' || identifier.value.includes('@'), {
    message: "Email identifier must contain '@'",
    path: ['value'],
  })
  .transform((identifier) => ({
    identifier_type: identifier.identifier_type,
    value: identifier.identifier_type === 'phone' ? normalizePhoneNumber(identifier.value) : identifier.value,
    label: identifier.label ?? null,
  }));
export type ContactIdentifier = z.output<typeof zContactIdentifier>;

export const zPostalAddress = z
  .object({
    street: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    postal_code: z.string().nullish(),
    country: z.string().nullish(),
    label: z.string().nullish(),
  })
  .transform((address) => ({
    street: address.street ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    postal_code: address.postal_code ?? null,
    country: address.country ?? null,
    label: address.label ?? null,
  }));
export type PostalAddress = z.output<typeof zPostalAddress>;

/** A real calendar date `YYYY-MM-DD` (2025-02-30 is refused). */
export const zBirthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number);
    const date = new Date(0);
    date.setUTCFullYear(year!, month! - 1, day!);
    return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  }, 'must be a real calendar date');

/** A set of group names on the wire: a list, duplicates dropped, blank names refused. */
export const zGroupNames = z.array(zNonBlank('group name')).transform((groups) => [...new Set(groups)]);

/** ContactsInput fields (the event envelope is added by the engine). */
export const contactsInputSchema = z.object({
  operation: z.enum(CONTACTS_OPERATIONS),
  contact_id: z.string().min(1).nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  display_name: z.string().nullish(),
  nickname: z.string().nullish(),
  identifiers: z.array(zContactIdentifier).nullish(),
  add_identifiers: z.array(zContactIdentifier).nullish(),
  remove_identifiers: z.array(zContactIdentifier).nullish(),
  company: z.string().nullish(),
  job_title: z.string().nullish(),
  addresses: z.array(zPostalAddress).nullish(),
  add_addresses: z.array(zPostalAddress).nullish(),
  remove_addresses: z.array(zPostalAddress).nullish(),
  birthday: zBirthday.nullish(),
  notes: z.string().nullish(),
  photo_url: z.string().nullish(),
  is_favorite: z.boolean().nullish(),
  is_blocked: z.boolean().nullish(),
  groups: zGroupNames.nullish(),
  add_groups: zGroupNames.nullish(),
  remove_groups: zGroupNames.nullish(),
  group_name: z.string().nullish(),
  primary_contact_id: z.string().min(1).nullish(),
  secondary_contact_id: z.string().min(1).nullish(),
});
export type ContactsInput = z.output<typeof contactsInputSchema>;

/** Operation-level rules (the original's `validate_input`); an empty list means valid. */
export function contactsInputProblems(input: ModalityInput): string[] {
  const contacts = input as unknown as ContactsInput;
  const operation = contacts.operation;
  if (operation === 'create_contact') {
    return contacts.identifiers?.length
      ? []
      : ["Operation 'create_contact' requires at least one identifier"];
  }
  if (operation === 'merge_contacts') {
    if (!contacts.primary_contact_id) return ["Operation 'merge_contacts' requires primary_contact_id"];
    if (!contacts.secondary_contact_id) return ["Operation 'merge_contacts' requires secondary_contact_id"];
    if (contacts.primary_contact_id === contacts.secondary_contact_id) {
      return ['primary_contact_id and secondary_contact_id must be different'];
    }
    return [];
  }
  const problems: string[] = [];
  if (TARGETED_OPERATIONS.has(operation) && !contacts.contact_id) {
    problems.push(`Operation '${operation}' requires contact_id`);
  }
  if ((operation === 'add_to_group' || operation === 'remove_from_group') && !contacts.group_name?.trim()) {
    problems.push(`Operation '${operation}' requires group_name`);
  }
  return problems;
}
