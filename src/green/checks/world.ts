import type { ScenarioConfig } from '../scenarios/schema.js';
import { normalise } from '../reading/normalise.js';

/**
 * The user's world as the checks see it: the people of the scenario (characters, plus any extra
 * people and addresses the scenario declares), how each can be named in a report (name, first or
 * last name when unambiguous, aliases, roles such as "your manager"), and which addresses belong
 * to the world at all (a send outside it is a minefield).
 */

export interface WorldPerson {
  id: string;
  name: string;
  aliases: readonly string[];
  roles: readonly string[];
  emails: readonly string[];
  phones: readonly string[];
}

import { normaliseAddress } from '../reading/addresses.js';

export { normaliseAddress, normalisePhone } from '../reading/addresses.js';

/** A mailing list: its address, everyone on it, and whom a message to it must reach. */
export interface MailingList {
  address: string;
  members: readonly string[];
  expected: readonly string[];
}

export class World {
  readonly people: ReadonlyMap<string, WorldPerson>;
  readonly userId: string;
  private readonly byAddress = new Map<string, WorldPerson>();
  private readonly extraAddresses = new Set<string>();
  private readonly formsCache = new Map<string, string[]>();

  /** Mailing lists by normalised address. */
  readonly lists: ReadonlyMap<string, MailingList>;

  constructor(
    people: readonly WorldPerson[],
    userId: string,
    extraAddresses: readonly string[] = [],
    lists: readonly MailingList[] = [],
  ) {
    this.lists = new Map(lists.map((list) => [normaliseAddress(list.address), list]));
    this.people = new Map(people.map((person) => [person.id, person]));
    this.userId = userId;
    for (const person of people) {
      for (const address of [...person.emails, ...person.phones]) {
        this.byAddress.set(normaliseAddress(address), person);
      }
    }
    for (const address of extraAddresses) this.extraAddresses.add(normaliseAddress(address));
  }

  get user(): WorldPerson {
    return this.people.get(this.userId)!;
  }

  person(id: string): WorldPerson | undefined {
    return this.people.get(id);
  }

  personByAddress(address: string): WorldPerson | undefined {
    return this.byAddress.get(normaliseAddress(address));
  }

  /** Whether an address belongs to someone in the user's world (or is declared part of it). */
  knows(address: string): boolean {
    const key = normaliseAddress(address);
    return this.byAddress.has(key) || this.extraAddresses.has(key);
  }

  isUserAddress(address: string): boolean {
    return this.personByAddress(address)?.id === this.userId;
  }

  /**
   * The ways a report may name a person: full name, aliases, roles, the email address, and the
   * first or last name when no one else in the world shares it.
   */
  namesOf(id: string): readonly string[] {
    const cached = this.formsCache.get(id);
    if (cached) return cached;
    const person = this.people.get(id);
    if (!person) return [];
    const parts = person.name.split(/\s+/).filter((part) => part.length >= 2);
    const forms = new Set<string>([person.name, ...person.aliases, ...person.roles, ...person.emails]);
    for (const part of [parts[0], parts.length > 1 ? parts[parts.length - 1] : undefined]) {
      if (part && this.nameShared(part, id) === false) forms.add(part);
    }
    const list = [...forms].filter((form) => normalise(form) !== '');
    this.formsCache.set(id, list);
    return list;
  }

  private nameShared(part: string, id: string): boolean {
    const norm = normalise(part);
    for (const other of this.people.values()) {
      if (other.id === id) continue;
      if (other.name.split(/\s+/).some((word) => normalise(word) === norm)) return true;
    }
    return false;
  }
}

/** The world of a scenario: its characters, declared extra people and addresses, and contacts. */
export function buildWorld(scenario: ScenarioConfig, contacts: readonly string[] = []): World {
  const people: WorldPerson[] = Object.entries(scenario.characters).map(([id, character]) => ({
    id,
    name: character.name,
    aliases: character.aliases ?? [],
    roles: character.roles ?? [],
    emails: character.email ? [character.email] : [],
    phones: character.phone ? [character.phone] : [],
  }));
  for (const [id, extra] of Object.entries(scenario.world?.people ?? {})) {
    people.push({
      id,
      name: extra.name,
      aliases: extra.aliases ?? [],
      roles: extra.roles ?? [],
      emails: extra.emails ?? [],
      phones: extra.phones ?? [],
    });
  }
  const lists = Object.entries(scenario.world?.lists ?? {}).map(([address, list]) => ({
    address,
    members: list.members,
    expected: list.expected ?? list.members,
  }));
  return new World(
    people,
    scenario.user_character,
    [...(scenario.world?.addresses ?? []), ...lists.map((list) => list.address), ...contacts],
    lists,
  );
}

/**
 * Addresses of the contacts in a scenario's initial state (UES export): people the user knows are
 * part of their world even when they are not characters. Blocked contacts are not.
 */
export function contactAddresses(initialState: { scenario: Record<string, unknown> }): string[] {
  const environment = initialState.scenario['environment'] as Record<string, unknown> | undefined;
  const states = environment?.['modality_states'] as Record<string, unknown> | undefined;
  const contacts =
    (states?.['contacts'] as { contacts?: Record<string, unknown> } | undefined)?.contacts ?? {};
  const out: string[] = [];
  for (const contact of Object.values(contacts)) {
    const c = contact as { is_blocked?: boolean; identifiers?: Array<{ value?: unknown }> };
    if (c.is_blocked) continue;
    for (const identifier of c.identifiers ?? [])
      if (typeof identifier.value === 'string') out.push(identifier.value);
  }
  return out;
}
