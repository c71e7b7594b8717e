import { mintId } from '../../core/ids.js';
import { ModalityOperationError } from '../../core/errors.js';
import type { ModalityInput } from '../../core/event.js';
import { formatTime, parseTime } from '../../core/time.js';
import type { ApplyContext } from '../modality.js';
import type { ContactIdentifier, ContactsInput } from './input.js';
import { identifierKey, newContact, sameAddress, type Contact, type ContactFields } from './model.js';
import type { ContactsState } from './state.js';

type Input = ContactsInput & ModalityInput;

/** Applies one ContactsInput; an unknown contact or a taken identifier fails the event. */
export function applyContactsInput(state: ContactsState, input: Input, context: ApplyContext): void {
  const at = formatTime(parseTime(input.timestamp) ?? context.now);
  switch (input.operation) {
    case 'create_contact':
      return create(state, input, at, context);
    case 'update_contact':
      return update(state, input, at, context);
    case 'delete_contact':
      require(state, input.contact_id);
      return state.remove(input.contact_id!, context.journal);
    case 'block_contact':
    case 'unblock_contact':
      return change(state, input.contact_id, at, context, {
        is_blocked: input.operation === 'block_contact',
      });
    case 'favorite_contact':
    case 'unfavorite_contact':
      return change(state, input.contact_id, at, context, {
        is_favorite: input.operation === 'favorite_contact',
      });
    case 'add_to_group':
    case 'remove_from_group': {
      const contact = require(state, input.contact_id);
      const group = input.group_name!;
      const groups =
        input.operation === 'add_to_group'
          ? [...contact.groups, group]
          : contact.groups.filter((name) => name !== group);
      return change(state, input.contact_id, at, context, { groups });
    }
    case 'merge_contacts':
      return merge(state, input, at, context);
  }
}

function require(state: ContactsState, contactId: string | null | undefined, role = 'Contact'): Contact {
  const contact = contactId ? state.contacts.get(contactId) : undefined;
  if (!contact) throw new ModalityOperationError(`${role} not found: ${contactId}`);
  return contact;
}

function change(
  state: ContactsState,
  contactId: string | null | undefined,
  at: string,
  context: ApplyContext,
  changes: Partial<ContactFields>,
): void {
  const contact = require(state, contactId);
  state.put(newContact({ ...contact, ...changes, updated_at: at }), context.journal);
}

/** Refuses identifiers that already belong to another contact, naming that contact. */
function assertAvailable(
  state: ContactsState,
  identifiers: readonly ContactIdentifier[],
  self?: string,
): void {
  for (const identifier of identifiers) {
    const owner = state.ownerOf(identifier);
    if (owner && owner.contact_id !== self) {
      throw new ModalityOperationError(
        `Identifier ${identifier.identifier_type}:${identifier.value} already belongs to contact ${owner.contact_id} (${owner.resolved_display_name})`,
      );
    }
  }
}

/** Drops repeated identifiers (same type and value), keeping the first. */
function uniqueIdentifiers(identifiers: readonly ContactIdentifier[]): ContactIdentifier[] {
  const seen = new Set<string>();
  return identifiers.filter((identifier) => {
    const key = identifierKey(identifier);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function create(state: ContactsState, input: Input, at: string, context: ApplyContext): void {
  const identifiers = uniqueIdentifiers(input.identifiers ?? []);
  assertAvailable(state, identifiers);
  // Pin the generated id on the input, so redo, the event log and the action response name it.
  if (!input.contact_id) input.contact_id = mintId('contact');
  if (state.contacts.has(input.contact_id)) {
    throw new ModalityOperationError(`Contact ${input.contact_id} already exists`);
  }
  state.put(
    newContact({
      contact_id: input.contact_id,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      display_name: input.display_name ?? null,
      nickname: input.nickname ?? null,
      identifiers,
      company: input.company ?? null,
      job_title: input.job_title ?? null,
      addresses: input.addresses ?? [],
      birthday: input.birthday ?? null,
      notes: input.notes ?? null,
      photo_url: input.photo_url ?? null,
      is_favorite: input.is_favorite ?? false,
      is_blocked: input.is_blocked ?? false,
      groups: input.groups ?? [],
      created_at: at,
      updated_at: at,
    }),
    context.journal,
  );
}

const SCALARS = [
  'first_name',
  'last_name',
  'display_name',
  'nickname',
  'company',
  'job_title',
  'birthday',
  'notes',
  'photo_url',
  'is_favorite',
  'is_blocked',
] as const;

/** Non-null scalars replace; lists are replaced, then added to, then removed from. */
function update(state: ContactsState, input: Input, at: string, context: ApplyContext): void {
  const contact = require(state, input.contact_id);
  const next: ContactFields = { ...contact, updated_at: at };
  for (const field of SCALARS) {
    const value = input[field];
    if (value !== null && value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  }

  let identifiers = contact.identifiers;
  if (input.identifiers) {
    identifiers = uniqueIdentifiers(input.identifiers);
    assertAvailable(state, identifiers, contact.contact_id);
  }
  if (input.add_identifiers?.length) {
    assertAvailable(state, input.add_identifiers, contact.contact_id);
    identifiers = uniqueIdentifiers([...identifiers, ...input.add_identifiers]);
  }
  if (input.remove_identifiers?.length) {
    const removed = new Set(input.remove_identifiers.map(identifierKey));
    identifiers = identifiers.filter((identifier) => !removed.has(identifierKey(identifier)));
  }
  next.identifiers = identifiers;

  let addresses = input.addresses ?? contact.addresses;
  if (input.add_addresses?.length) addresses = [...addresses, ...input.add_addresses];
  if (input.remove_addresses?.length) {
    const removed = input.remove_addresses;
    addresses = addresses.filter((address) => !removed.some((gone) => sameAddress(address, gone)));
  }
  next.addresses = addresses;

  let groups = input.groups ?? contact.groups;
  if (input.add_groups?.length) groups = [...groups, ...input.add_groups];
  if (input.remove_groups?.length) {
    const removed = new Set(input.remove_groups);
    groups = groups.filter((group) => !removed.has(group));
  }
  next.groups = groups;

  state.put(newContact(next), context.journal);
}

const FILLABLE = [
  'first_name',
  'last_name',
  'display_name',
  'nickname',
  'company',
  'job_title',
  'birthday',
  'notes',
  'photo_url',
] as const;

/**
 * The primary keeps its own values and fills its gaps from the secondary, takes the secondary's
 * other identifiers, addresses and groups, and inherits blocked/favorite; the secondary is deleted.
 */
function merge(state: ContactsState, input: Input, at: string, context: ApplyContext): void {
  const primary = require(state, input.primary_contact_id, 'Primary contact');
  const secondary = require(state, input.secondary_contact_id, 'Secondary contact');
  const next: ContactFields = { ...primary, updated_at: at };
  for (const field of FILLABLE) {
    if (!next[field] && secondary[field]) next[field] = secondary[field];
  }
  next.identifiers = uniqueIdentifiers([...primary.identifiers, ...secondary.identifiers]);
  next.addresses = [
    ...primary.addresses,
    ...secondary.addresses.filter((address) => !primary.addresses.some((kept) => sameAddress(kept, address))),
  ];
  next.groups = [...primary.groups, ...secondary.groups];
  next.is_blocked = primary.is_blocked || secondary.is_blocked;
  next.is_favorite = primary.is_favorite || secondary.is_favorite;
  // The secondary goes first, so its identifiers are free when the primary takes them over.
  state.remove(secondary.contact_id, context.journal);
  state.put(newContact(next), context.journal);
}
