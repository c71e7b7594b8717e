/** Requests of `/contacts`. Phone identifiers are normalized by the server (`(555) 867-5309` → `+15558675309`). */

export interface ContactIdentifierInput {
  /** `phone`, `email`, or any handle type. */
  identifier_type: string;
  value: string;
  label?: string;
}

export interface PostalAddressInput {
  street?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  label?: string;
}

interface ContactScalars {
  first_name?: string;
  last_name?: string;
  display_name?: string;
  nickname?: string;
  company?: string;
  job_title?: string;
  /** `YYYY-MM-DD`. */
  birthday?: string;
  notes?: string;
  photo_url?: string;
}

/** `POST /contacts/create`: at least one identifier; an identifier may belong to one contact only. */
export interface CreateContactRequest extends ContactScalars {
  identifiers: ContactIdentifierInput[];
  addresses?: PostalAddressInput[];
  is_favorite?: boolean;
  is_blocked?: boolean;
  groups?: string[];
}

/** `POST /contacts/update`: given scalars replace; lists are replaced, added to or removed from. */
export interface UpdateContactRequest extends ContactScalars {
  contact_id: string;
  is_favorite?: boolean;
  is_blocked?: boolean;
  identifiers?: ContactIdentifierInput[];
  add_identifiers?: ContactIdentifierInput[];
  remove_identifiers?: ContactIdentifierInput[];
  addresses?: PostalAddressInput[];
  add_addresses?: PostalAddressInput[];
  remove_addresses?: PostalAddressInput[];
  groups?: string[];
  add_groups?: string[];
  remove_groups?: string[];
}

/** `POST /contacts/query` filters; all optional. Default order: insertion. */
export interface ContactsQuery {
  /** Case-insensitive substring of names, company, job title, notes or identifier values. */
  search_text?: string;
  group?: string;
  is_favorite?: boolean;
  is_blocked?: boolean;
  has_phone?: boolean;
  has_email?: boolean;
  /** Exact identifier match (either or both). */
  identifier_type?: string;
  identifier_value?: string;
  /** 1..1000. */
  limit?: number;
  offset?: number;
  sort_by?: 'name' | 'created_at' | 'updated_at';
  sort_order?: 'asc' | 'desc';
}

export interface ContactGroupRequest {
  contact_id: string;
  group_name: string;
}

export interface MergeContactsRequest {
  /** Kept; fills its gaps from the secondary and takes its identifiers, addresses and groups. */
  primary_contact_id: string;
  /** Deleted. */
  secondary_contact_id: string;
}

/** ContactsInput as `/events` takes it (`data`). */
export type ContactsEventData = Partial<Omit<UpdateContactRequest, 'contact_id'>> & {
  operation:
    | 'create_contact'
    | 'update_contact'
    | 'delete_contact'
    | 'block_contact'
    | 'unblock_contact'
    | 'favorite_contact'
    | 'unfavorite_contact'
    | 'add_to_group'
    | 'remove_from_group'
    | 'merge_contacts';
  contact_id?: string;
  group_name?: string;
  primary_contact_id?: string;
  secondary_contact_id?: string;
};
