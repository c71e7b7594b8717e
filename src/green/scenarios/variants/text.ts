import { shiftDates, type DateShiftOptions } from './date-shift.js';
import { rewritePhone, type Replacements } from './rename.js';

/**
 * One variant's rewrite of a string, and of every string in a JSON value. Dates move first, then
 * phone numbers, addresses and names/places are each replaced in one left-to-right pass (longest
 * match first), so a replacement is never replaced again. Strings that are exactly a person id,
 * and object keys (ids, field names), never change — except the keys of `relationships`, which
 * may be names.
 */

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function alternation(keys: Iterable<string>): string {
  return [...keys]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(escape)
    .join('|');
}

export class VariantText {
  private readonly names: RegExp | undefined;
  private readonly addresses: RegExp | undefined;

  constructor(
    private readonly replacements: Replacements,
    private readonly dates: DateShiftOptions,
    private readonly ids: ReadonlySet<string>,
  ) {
    const literals = replacements.literals;
    this.names =
      literals.size === 0
        ? undefined
        : new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternation(literals.keys())})(?![\\p{L}\\p{N}_])`, 'gu');
    this.addresses =
      replacements.addresses.size === 0
        ? undefined
        : new RegExp(`(?<![\\w.+-])(?:${alternation(replacements.addresses.keys())})(?![\\w-]|\\.\\w)`, 'gi');
  }

  string(text: string): string {
    if (this.ids.has(text)) return text;
    let out = shiftDates(text, this.dates);
    for (const phone of this.replacements.phones) {
      out = out.replace(phone.pattern, (match) => rewritePhone(match, phone.last4));
    }
    if (this.addresses)
      out = out.replace(
        this.addresses,
        (match) => this.replacements.addresses.get(match.toLowerCase()) ?? match,
      );
    if (this.names) out = out.replace(this.names, (match) => this.replacements.literals.get(match) ?? match);
    return out;
  }

  /** A deep copy of `value` with every string rewritten. */
  json<T>(value: T): T {
    return this.walk(value, undefined) as T;
  }

  private walk(value: unknown, parentKey: string | undefined): unknown {
    if (typeof value === 'string') return this.string(value);
    if (Array.isArray(value)) return value.map((entry) => this.walk(entry, undefined));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        const newKey = parentKey === 'relationships' ? this.string(key) : key;
        out[newKey] = this.walk(entry, key);
      }
      return this.splitName(value as Record<string, unknown>, out);
    }
    return value;
  }

  /**
   * A contact whose name is a place split in two ("Bella" "Vista" for the restaurant Bella Vista,
   * "Thornfield" "Barn Events" for Thornfield Barn's events desk): the name is renamed as a whole
   * and split again at its first space, so the variant's contact is "The Copper Pot", not
   * "Bella Vista" at The Copper Pot.
   */
  private splitName(
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): Record<string, unknown> {
    const first = before['first_name'];
    const last = before['last_name'];
    if (typeof first !== 'string' || typeof last !== 'string' || first === '' || last === '') return after;
    const whole = `${first} ${last}`;
    const renamed = this.replacements.places[whole] ?? this.string(whole);
    if (renamed === `${String(after['first_name'])} ${String(after['last_name'])}`) return after;
    const space = renamed.indexOf(' ');
    return space === -1
      ? { ...after, first_name: renamed, last_name: '' }
      : { ...after, first_name: renamed.slice(0, space), last_name: renamed.slice(space + 1) };
  }
}
