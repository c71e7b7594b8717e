import type {
  ContactGroupRequest,
  ContactsQuery,
  CreateContactRequest,
  MergeContactsRequest,
  UpdateContactRequest,
} from '../requests/contacts.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import {
  compactContactsStateSchema,
  contactsQueryResponseSchema,
  contactsStateSchema,
  type CompactContactsState,
  type ContactsQueryResponse,
  type ContactsStateResponse,
} from '../schemas/contacts.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { ModalityResource } from './modality-resource.js';

/** The id of the contact a `contacts.create` made (our server adds `contact_id` to the response). */
export function createdContactId(response: ModalityActionResponse): string | undefined {
  const id = (response as { contact_id?: unknown }).contact_id;
  if (typeof id === 'string') return id;
  return /\(contact_id: ([^)]+)\)/.exec(response.message)?.[1];
}

/** `/contacts`: the user's address book. Each action needs `contacts:<action>`. */
export class ContactsClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'contacts');
  }

  /** Every contact, with counts and group names (`contacts:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<ContactsStateResponse>;
  /** Counts, groups with member counts, recently updated names (`contacts:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactContactsState>;
  state(
    query?: { compact?: boolean },
    options?: CallOptions,
  ): Promise<ContactsStateResponse | CompactContactsState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<ContactsStateResponse | CompactContactsState> {
    return this.fetchState(
      { compact: query.compact },
      query.compact,
      { full: contactsStateSchema, condensed: compactContactsStateSchema },
      options,
    );
  }

  /** Searches and filters contacts (`contacts:query`). */
  query(query: ContactsQuery = {}, options?: CallOptions): Promise<ContactsQueryResponse> {
    return this.postQuery(query, contactsQueryResponseSchema, options);
  }

  /** Adds a contact (`contacts:create`); `createdContactId(response)` names it. */
  create(request: CreateContactRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('create', request, options);
  }

  update(request: UpdateContactRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('update', request, options);
  }

  delete(request: { contact_id: string }, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('delete', request, options);
  }

  block(request: { contact_id: string }, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('block', request, options);
  }

  unblock(request: { contact_id: string }, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('unblock', request, options);
  }

  favorite(request: { contact_id: string }, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('favorite', request, options);
  }

  unfavorite(request: { contact_id: string }, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('unfavorite', request, options);
  }

  /** `contacts:group:add`. */
  addToGroup(request: ContactGroupRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('group/add', request, options);
  }

  /** `contacts:group:remove`. */
  removeFromGroup(request: ContactGroupRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('group/remove', request, options);
  }

  merge(request: MergeContactsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('merge', request, options);
  }
}
