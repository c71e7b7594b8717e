import { z } from 'zod';
import { zIsoDate, zIsoDateTime, zJsonObject } from './common.js';

export const contactIdentifierSchema = z.looseObject({
  identifier_type: z.string(),
  value: z.string(),
  label: z.string().nullish(),
});
export type ContactIdentifier = z.infer<typeof contactIdentifierSchema>;

export const postalAddressSchema = z.looseObject({
  street: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postal_code: z.string().nullish(),
  country: z.string().nullish(),
  label: z.string().nullish(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** One address-book entry. `resolved_display_name` is display name, else "first last", nickname, … */
export const contactSchema = z.looseObject({
  contact_id: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  display_name: z.string().nullish(),
  resolved_display_name: z.string(),
  nickname: z.string().nullish(),
  identifiers: z.array(contactIdentifierSchema),
  company: z.string().nullish(),
  job_title: z.string().nullish(),
  addresses: z.array(postalAddressSchema),
  birthday: zIsoDate.nullish(),
  notes: z.string().nullish(),
  photo_url: z.string().nullish(),
  is_favorite: z.boolean(),
  is_blocked: z.boolean(),
  groups: z.array(z.string()),
  created_at: zIsoDateTime,
  updated_at: zIsoDateTime,
});
export type Contact = z.infer<typeof contactSchema>;

/** `GET /contacts/state`. */
export const contactsStateSchema = z.looseObject({
  modality_type: z.literal('contacts'),
  current_time: zIsoDateTime,
  contacts: z.record(z.string(), contactSchema),
  total_count: z.number().int(),
  favorites_count: z.number().int(),
  blocked_count: z.number().int(),
  groups: z.array(z.string()),
});
export type ContactsStateResponse = z.infer<typeof contactsStateSchema>;

/** `GET /contacts/state?compact=true`. */
export const compactContactsStateSchema = z.looseObject({
  modality_type: z.literal('contacts'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  total_contacts: z.number().int(),
  favorites_count: z.number().int(),
  blocked_count: z.number().int(),
  groups: z.record(z.string(), z.number().int()),
  recent_contacts: z.array(zJsonObject),
});
export type CompactContactsState = z.infer<typeof compactContactsStateSchema>;

/** `POST /contacts/query`. */
export const contactsQueryResponseSchema = z.looseObject({
  modality_type: z.literal('contacts'),
  contacts: z.array(contactSchema),
  total_count: z.number().int(),
  returned_count: z.number().int(),
  query: zJsonObject,
});
export type ContactsQueryResponse = z.infer<typeof contactsQueryResponseSchema>;
