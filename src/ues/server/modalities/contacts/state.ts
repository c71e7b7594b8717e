import type { ModalityInput } from '../../core/event.js';
import type { Journal } from '../../core/journal.js';
import { describeAgo, formatTime } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import { contactsInputProblems, type ContactsInput } from './input.js';
import { identifierKey, type Contact } from './model.js';
import { applyContactsInput } from './operations.js';

/**
 * The user's address book. Contacts are kept in insertion order (queries list them so, as the
 * original) with an index from identifier (type + value) to contact, which enforces that an
 * identifier belongs to one contact without scanning the book. Every change goes through the
 * journal, the index included.
 */
export class ContactsState implements ModalityState {
  readonly modalityType = 'contacts';
  lastUpdated: number;
  updateCount = 0;
  contacts = new Map<string, Contact>();
  private byIdentifier = new Map<string, string>();

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(input: ModalityInput): string[] {
    return contactsInputProblems(input);
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    applyContactsInput(this, input as unknown as ContactsInput & ModalityInput, context);
  }

  /** The contact owning an identifier, if any. */
  ownerOf(identifier: { identifier_type: string; value: string }): Contact | undefined {
    const id = this.byIdentifier.get(identifierKey(identifier));
    return id === undefined ? undefined : this.contacts.get(id);
  }

  /** Puts a contact in place (new or replacing), keeping the identifier index in step. */
  put(contact: Contact, journal: Journal): void {
    const previous = this.contacts.get(contact.contact_id);
    if (previous) this.unindex(previous, journal);
    journal.mapSet(this.contacts, contact.contact_id, contact);
    for (const identifier of contact.identifiers) {
      journal.mapSet(this.byIdentifier, identifierKey(identifier), contact.contact_id);
    }
  }

  remove(contactId: string, journal: Journal): void {
    const contact = this.contacts.get(contactId);
    if (!contact) return;
    this.unindex(contact, journal);
    journal.mapDelete(this.contacts, contactId);
  }

  private unindex(contact: Contact, journal: Journal): void {
    const index = this.byIdentifier;
    for (const identifier of contact.identifiers) {
      const key = identifierKey(identifier);
      if (index.get(key) !== contact.contact_id) continue;
      // The index's order carries no meaning, so a plain re-insert undoes the delete.
      index.delete(key);
      journal.record(() => index.set(key, contact.contact_id));
    }
  }

  /** Rebuilds the index after a load (the first owner of a duplicated identifier wins). */
  reindex(): void {
    this.byIdentifier = new Map();
    for (const contact of this.contacts.values()) {
      for (const identifier of contact.identifiers) {
        const key = identifierKey(identifier);
        if (!this.byIdentifier.has(key)) this.byIdentifier.set(key, contact.contact_id);
      }
    }
  }

  counts(): { favorites: number; blocked: number } {
    let favorites = 0;
    let blocked = 0;
    for (const contact of this.contacts.values()) {
      if (contact.is_favorite) favorites++;
      if (contact.is_blocked) blocked++;
    }
    return { favorites, blocked };
  }

  /** Every group with its member count, by name. */
  groupCounts(): Record<string, number> {
    const counts = new Map<string, number>();
    for (const contact of this.contacts.values()) {
      for (const group of contact.groups) counts.set(group, (counts.get(group) ?? 0) + 1);
    }
    return Object.fromEntries([...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** The five most recently updated contacts, for compact views. */
  recentContacts(now: number): { name: string; updated_ago: string }[] {
    return [...this.contacts.values()]
      .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
      .slice(0, 5)
      .map((contact) => ({
        name: contact.resolved_display_name,
        updated_ago: describeAgo(Date.parse(contact.updated_at), now),
      }));
  }

  toJSON(): Record<string, unknown> {
    return {
      modality_type: 'contacts',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      contacts: Object.fromEntries(this.contacts),
    };
  }

  summary(): string {
    const total = this.contacts.size;
    if (total === 0) return 'No contacts';
    const { favorites, blocked } = this.counts();
    const parts = [`${total} contact${total === 1 ? '' : 's'}`];
    if (favorites) parts.push(`${favorites} favorite${favorites === 1 ? '' : 's'}`);
    if (blocked) parts.push(`${blocked} blocked`);
    return parts.join(', ');
  }

  compact(now: number): Record<string, unknown> {
    return { summary: this.summary(), groups: this.groupCounts(), recent_contacts: this.recentContacts(now) };
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    const owners = new Map<string, string>();
    for (const [id, contact] of this.contacts) {
      if (contact.identifiers.length === 0) {
        problems.push(`Contact ${id} (${contact.resolved_display_name}) has no identifiers`);
      }
      for (const identifier of contact.identifiers) {
        const key = identifierKey(identifier);
        const owner = owners.get(key);
        if (owner !== undefined && owner !== id) {
          problems.push(
            `Duplicate identifier ${identifier.identifier_type}:${identifier.value} found in contacts ${owner} and ${id}`,
          );
        } else owners.set(key, id);
      }
    }
    return problems;
  }

  clear(now: number): void {
    this.contacts = new Map();
    this.byIdentifier = new Map();
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}
