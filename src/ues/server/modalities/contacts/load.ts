import { z } from 'zod';
import { zDateTime, zDateTimeMs } from '../../core/time.js';
import { zBirthday, zPostalAddress } from './input.js';
import { newContact } from './model.js';
import { ContactsState } from './state.js';

/*
 * The exported contacts state: ours, or the Python UES's `model_dump` (every optional present as
 * null, `+00:00` datetimes, no `resolved_display_name`). Identifier values are kept exactly as
 * exported (no phone normalization), so an export always loads back unchanged.
 */

const zText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const zLoadedIdentifier = z
  .object({ identifier_type: z.string().min(1), value: z.string().min(1), label: zText })
  .transform((identifier) => ({
    identifier_type: identifier.identifier_type,
    value: identifier.value,
    label: identifier.label,
  }));

const zContact = z.object({
  contact_id: z.string().min(1).optional(),
  first_name: zText,
  last_name: zText,
  display_name: zText,
  nickname: zText,
  identifiers: z.array(zLoadedIdentifier).default([]),
  company: zText,
  job_title: zText,
  addresses: z.array(zPostalAddress).default([]),
  birthday: zBirthday.nullish().transform((value) => value ?? null),
  notes: zText,
  photo_url: zText,
  is_favorite: z.boolean().default(false),
  is_blocked: z.boolean().default(false),
  groups: z.array(z.string()).default([]),
  created_at: zDateTime,
  updated_at: zDateTime,
});

export const contactsStateSchema = z.object({
  modality_type: z.literal('contacts').optional(),
  last_updated: zDateTimeMs.optional(),
  update_count: z.number().int().nonnegative().default(0),
  contacts: z.record(z.string(), zContact).default({}),
});

/** Rebuilds a contacts state from its export; throws ZodError on a bad shape. */
export function loadContactsState(json: unknown, now: number): ContactsState {
  const data = contactsStateSchema.parse(json);
  const state = new ContactsState(data.last_updated ?? now);
  state.updateCount = data.update_count;
  for (const [id, contact] of Object.entries(data.contacts)) {
    // A contact exported without its own id takes it from its key.
    const contactId = contact.contact_id ?? id;
    state.contacts.set(contactId, newContact({ ...contact, contact_id: contactId }));
  }
  state.reindex();
  return state;
}
