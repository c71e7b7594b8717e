import type { PersonDef, ScenarioDefinition } from './definition.js';

/** Looking people up by id in a definition, and the errors that name what is wrong. */

export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
  constructor(scenarioId: string, message: string) {
    super(`scenario ${scenarioId}: ${message}`);
  }
}

export class People {
  constructor(private readonly def: ScenarioDefinition) {}

  get userId(): string {
    return this.def.user.id;
  }

  /** Every person by id, the user included. */
  all(): Array<[string, PersonDef]> {
    return [[this.def.user.id, this.def.user], ...Object.entries(this.def.people)];
  }

  get(id: string): PersonDef | undefined {
    return id === this.def.user.id ? this.def.user : this.def.people[id];
  }

  /** The email address of a person id, or the literal address. */
  email(ref: string): string {
    if (ref.includes('@')) return ref;
    const person = this.get(ref);
    if (!person?.email)
      throw new DefinitionError(this.def.id, `"${ref}" is not a person with an email address`);
    return person.email;
  }

  /** The phone number of a person id, or the literal number. */
  phone(ref: string): string {
    if (/^\+?[\d\s().-]{5,}$/.test(ref)) return ref;
    const person = this.get(ref);
    if (!person?.phone)
      throw new DefinitionError(this.def.id, `"${ref}" is not a person with a phone number`);
    return person.phone;
  }

  /** The display name of a person id, or the address itself. */
  name(ref: string): string {
    return this.get(ref)?.name ?? ref;
  }
}
