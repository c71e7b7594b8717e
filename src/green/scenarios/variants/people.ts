import type { ScenarioInitialState } from '../initial-state.js';
import type { ScenarioConfig } from '../schema.js';

/**
 * The people a variant may rename: the scenario's characters, its extra world people, and the
 * contacts of the initial state that are neither (a contact of a character is the same person).
 * The user and the people the scenario pins keep their names.
 */

export interface VariantPerson {
  /** Character or world-person id, or `contact:<contact_id>`. */
  id: string;
  name: string;
  aliases: string[];
  emails: string[];
  phones: string[];
  gender: 'f' | 'm' | 'x';
  pinned: boolean;
}

const HONORIFICS = new Set([
  'Dr',
  'Dr.',
  'Mr',
  'Mr.',
  'Mrs',
  'Mrs.',
  'Ms',
  'Ms.',
  'Prof',
  'Prof.',
  'Mx',
  'Mx.',
]);

/** The words of a name that are names: capitalised, two letters or more, no honorifics. */
export function nameTokens(name: string): string[] {
  return name
    .split(/\s+/)
    .filter((token) => token.length >= 2 && /^\p{Lu}/u.test(token) && !HONORIFICS.has(token))
    .map((token) => token.replace(/[,;:]+$/, ''));
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

interface ContactRecord {
  first_name?: string | null;
  last_name?: string | null;
  nickname?: string | null;
  identifiers?: Array<{ identifier_type?: string; value?: string }>;
}

export function variantPeople(config: ScenarioConfig, initialState: ScenarioInitialState): VariantPerson[] {
  const spec = config.variants;
  const pinned = new Set([config.user_character, ...(spec?.pin ?? [])]);
  const gender = (id: string) => spec?.genders[id] ?? 'x';
  const people: VariantPerson[] = [];
  for (const [id, character] of Object.entries(config.characters).sort(([a], [b]) => a.localeCompare(b))) {
    people.push({
      id,
      name: character.name,
      aliases: character.aliases ?? [],
      emails: character.email ? [character.email] : [],
      phones: character.phone ? [character.phone] : [],
      gender: gender(id),
      pinned: pinned.has(id),
    });
  }
  for (const [id, person] of Object.entries(config.world?.people ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    people.push({
      id,
      name: person.name,
      aliases: person.aliases ?? [],
      emails: person.emails ?? [],
      phones: person.phones ?? [],
      gender: gender(id),
      pinned: pinned.has(id),
    });
  }
  const known = new Map<string, VariantPerson>();
  for (const person of people)
    for (const address of [...person.emails, ...person.phones]) known.set(address.toLowerCase(), person);
  const environment = record(initialState.scenario['environment']);
  const contacts = record(record(record(environment['modality_states'])['contacts'])['contacts']);
  for (const [contactId, raw] of Object.entries(contacts).sort(([a], [b]) => a.localeCompare(b))) {
    const contact = raw as ContactRecord;
    const addresses = (contact.identifiers ?? [])
      .map((identifier) => identifier.value)
      .filter((value): value is string => typeof value === 'string');
    const owner = addresses.map((address) => known.get(address.toLowerCase())).find(Boolean);
    const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
    if (owner || !name) continue;
    people.push({
      id: `contact:${contactId}`,
      name,
      aliases: contact.nickname ? [contact.nickname] : [],
      emails: addresses.filter((address) => address.includes('@')),
      phones: addresses.filter((address) => !address.includes('@')),
      gender: 'x',
      pinned: false,
    });
  }
  return people;
}
