import type { CharacterProfile, ScenarioConfig } from '../scenarios/schema.js';
import { findCharacter } from '../scenarios/schema.js';

/** Who an address or number belongs to, for display names and relationship lookup. */
export interface Person {
  /** Character id, when the address belongs to a scenario character. */
  id?: string;
  name: string;
  address: string;
}

export function personByEmail(scenario: ScenarioConfig, address: string): Person {
  const found = findCharacter(scenario, { email: address });
  return found ? { id: found.id, name: found.profile.name, address } : { name: address, address };
}

export function personByPhone(scenario: ScenarioConfig, number: string): Person {
  const found = findCharacter(scenario, { phone: number });
  return found
    ? { id: found.id, name: found.profile.name, address: number }
    : { name: number, address: number };
}

/** "A", "A and B", "A, B, and C", or "A, B, and N others" past four names. */
export function formatNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length > 4) return `${names.slice(0, 3).join(', ')}, and ${names.length - 3} others`;
  return `${names.slice(0, -1).join(', ')}, and ${names.at(-1)}`;
}

/**
 * The character's relationships to the given people: entries whose key is (case-insensitively) a
 * person's character id, full name, first name or address. Keys follow the original: "name or id".
 */
export function relevantRelationships(
  profile: CharacterProfile,
  people: readonly Person[],
): Array<{ person: string; relationship: string }> {
  const found: Array<{ person: string; relationship: string }> = [];
  for (const person of people) {
    const keys = new Set(
      [person.id, person.name, person.name.split(/\s+/)[0], person.address]
        .filter((key): key is string => Boolean(key))
        .map((key) => key.toLowerCase()),
    );
    for (const [key, relationship] of Object.entries(profile.relationships ?? {})) {
      if (keys.has(key.toLowerCase()) && !found.some((entry) => entry.relationship === relationship)) {
        found.push({ person: person.name, relationship });
      }
    }
  }
  return found;
}
