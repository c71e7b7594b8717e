import { LAST_NAMES, firstNamePool } from './name-pool.js';
import { nameTokens, type VariantPerson } from './people.js';
import type { VariantPlace } from './schema.js';

/**
 * The replacement table of a variant: new names for every name word of every person who is not
 * pinned (the same word gets the same new word wherever it appears, so relatives keep a shared
 * last name), the addresses and phone numbers that go with them, aliases (initials follow the
 * name; a nickname becomes the new first name), and the places the seed picked.
 */

export interface Replacements {
  /** Case-sensitive literal replacements (names, aliases, handles, places). */
  literals: Map<string, string>;
  /** Email addresses, keyed in lower case. */
  addresses: Map<string, string>;
  phones: PhoneReplacement[];
  /** Old full name → new full name, for reports. */
  renamed: Record<string, string>;
  /** Old place form → new form. */
  places: Record<string, string>;
}

export interface PhoneReplacement {
  pattern: RegExp;
  /** The digits that replace the last four of every match. */
  last4: string;
  from: string;
  to: string;
}

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function draw(random: () => number, pool: readonly string[], taken: (name: string) => boolean): string {
  const free = pool.filter((name) => !taken(name));
  if (free.length === 0) throw new Error('the name pool is exhausted for this scenario');
  return free[Math.floor(random() * free.length)]!;
}

/** Local-part templates, most specific first: first.last, f.last, first… (digits suffix kept). */
const TEMPLATES: Array<(f: string, l: string) => string> = [
  (f, l) => `${f}.${l}`,
  (f, l) => `${f}_${l}`,
  (f, l) => `${f}-${l}`,
  (f, l) => `${f}${l}`,
  (f, l) => `${l}.${f}`,
  (f, l) => `${f[0]}.${l}`,
  (f, l) => `${f[0]}${l}`,
  (f, l) => `${f}.${l[0]}`,
  (f, l) => `${f}${l[0]}`,
  (f) => f,
  (_f, l) => l,
];

/** A new local part in the same shape as `local` was for the old name. */
export function deriveLocalPart(local: string, oldName: [string, string], newName: [string, string]): string {
  const [of, ol] = oldName.map(fold) as [string, string];
  const [nf, nl] = newName.map(fold) as [string, string];
  const digits = /\d*$/.exec(local)?.[0] ?? '';
  const stem = local.slice(0, local.length - digits.length).toLowerCase();
  for (const template of TEMPLATES) {
    if (of && ol && template(of, ol) === stem) return `${template(nf, nl)}${digits}`;
  }
  return `${nf}.${nl}`;
}

interface BuildInput {
  people: readonly VariantPerson[];
  places: readonly VariantPlace[];
  /** Lower-case words of the canonical bundle: a new name must not be one of them. */
  words: ReadonlySet<string>;
  /** Every address and phone number of the canonical bundle's people. */
  random: () => number;
}

function phonePattern(phone: string): RegExp | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return undefined;
  const sep = '[\\s().-]{0,2}';
  const national = digits.slice(-10);
  const prefix = digits.slice(0, digits.length - national.length);
  const withSeps = (text: string) => [...text].join(sep);
  const lead = prefix ? `(?:\\+?${sep}${withSeps(prefix)}${sep})?` : '\\+?';
  return new RegExp(`(?<![\\d+])${lead}${sep.replace('{0,2}', '{0,1}')}${withSeps(national)}(?!\\d)`, 'g');
}

/** Replaces the last four digits of `match` with `last4`, keeping its separators. */
export function rewritePhone(match: string, last4: string): string {
  const chars = [...match];
  let remaining = 4;
  for (let index = chars.length - 1; index >= 0 && remaining > 0; index--) {
    if (/\d/.test(chars[index]!)) chars[index] = last4[--remaining]!;
  }
  return chars.join('');
}

export function buildReplacements(input: BuildInput): Replacements {
  const { people, random, words } = input;
  const literals = new Map<string, string>();
  const addresses = new Map<string, string>();
  const renamed: Record<string, string> = {};
  const tokenMap = new Map<string, string>();
  const used = new Set<string>();
  const pinnedTokens = new Set(people.filter((p) => p.pinned).flatMap((p) => nameTokens(p.name)));
  const taken = (name: string) => used.has(name.toLowerCase()) || words.has(name.toLowerCase());
  const newToken = (token: string, kind: 'first' | 'last', gender: 'f' | 'm' | 'x') => {
    if (pinnedTokens.has(token)) return token;
    let mapped = tokenMap.get(token);
    if (mapped === undefined) {
      mapped = draw(random, kind === 'last' ? LAST_NAMES : firstNamePool(gender), taken);
      used.add(mapped.toLowerCase());
      tokenMap.set(token, mapped);
    }
    return mapped;
  };

  for (const person of people) {
    if (person.pinned) continue;
    const tokens = nameTokens(person.name);
    if (tokens.length === 0) continue;
    const fresh = tokens.map((token, index) =>
      newToken(token, index === tokens.length - 1 && index > 0 ? 'last' : 'first', person.gender),
    );
    renamed[person.name] = tokens.reduce(
      (name, token, index) => name.replace(token, fresh[index]!),
      person.name,
    );
    const first = tokens[0]!;
    const last = tokens[tokens.length - 1]!;
    const newFirst = fresh[0]!;
    const newLast = fresh[fresh.length - 1]!;
    for (const alias of person.aliases) {
      const mapped = alias
        .split(/(\s+)/)
        .map((word) => {
          const bare = word.replace(/[.,]$/, '');
          const tail = word.slice(bare.length);
          const index = tokens.indexOf(bare);
          if (index >= 0) return fresh[index]! + tail;
          if (/^\p{Lu}$/u.test(bare)) {
            const initialOf = tokens.findIndex((token) => token[0] === bare);
            return initialOf >= 0 ? fresh[initialOf]![0]! + tail : word;
          }
          if (alias.trim() === bare && /^\p{Lu}\p{Ll}+$/u.test(bare) && !pinnedTokens.has(bare)) {
            // A one-word alias is a nickname: the new first name takes its place.
            if (!tokenMap.has(bare)) tokenMap.set(bare, newFirst);
            return tokenMap.get(bare)! + tail;
          }
          return word;
        })
        .join('');
      if (mapped !== alias) literals.set(alias, mapped);
    }
    if (tokens.length >= 2) {
      const [of, ol, nf, nl] = [first, last, newFirst, newLast].map(fold) as [string, string, string, string];
      for (const join of ['.', '-', '_', '']) literals.set(`${of}${join}${ol}`, `${nf}${join}${nl}`);
    }
    for (const email of person.emails) {
      const at = email.lastIndexOf('@');
      if (at <= 0) continue;
      const local = deriveLocalPart(email.slice(0, at), [first, last], [newFirst, newLast]);
      let candidate = `${local}${email.slice(at)}`;
      for (let n = 2; [...addresses.values()].includes(candidate.toLowerCase()); n++)
        candidate = `${local}${n}${email.slice(at)}`;
      addresses.set(email.toLowerCase(), candidate.toLowerCase());
    }
  }
  for (const [token, mapped] of tokenMap) {
    literals.set(token, mapped);
    if (token.length > 1) literals.set(token.toUpperCase(), mapped.toUpperCase());
  }

  const phones = buildPhones(people, random);
  const places: Record<string, string> = {};
  for (const place of input.places) {
    const choice = place.alternatives[Math.floor(random() * place.alternatives.length)]!;
    place.forms.forEach((form, index) => {
      places[form] = choice[index]!;
      literals.set(form, choice[index]!);
    });
  }
  return { literals, addresses, phones, renamed, places };
}

function buildPhones(people: readonly VariantPerson[], random: () => number): PhoneReplacement[] {
  const all = new Set(people.flatMap((person) => person.phones.map((phone) => phone.replace(/\D/g, ''))));
  const out: PhoneReplacement[] = [];
  for (const person of people) {
    if (person.pinned) continue;
    for (const phone of person.phones) {
      const pattern = phonePattern(phone);
      if (!pattern) continue;
      const digits = phone.replace(/\D/g, '');
      let last4: string;
      let next: string;
      do {
        last4 = String(Math.floor(random() * 10_000)).padStart(4, '0');
        next = digits.slice(0, -4) + last4;
      } while (all.has(next));
      all.add(next);
      out.push({ pattern, last4, from: phone, to: rewritePhone(phone, last4) });
    }
  }
  return out;
}
