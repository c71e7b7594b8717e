/**
 * Text primitives for the offline heuristics: normalisation, phrase search and light stemming.
 * Deliberately simple and deterministic — the LLM method is the precise one.
 */

/** Lower case, typographic quotes/dashes folded, Markdown emphasis removed, whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[*`~]+/g, '')
    .replace(/__+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const phraseCache = new Map<string, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `normText` (already normalised) contains `phrase` starting at a word boundary. The end
 * is open so that "escalat" finds "escalating" and "ci fail" finds "ci failed".
 */
export function hasPhrase(normText: string, phrase: string): boolean {
  let pattern = phraseCache.get(phrase);
  if (pattern === undefined) {
    const norm = normalise(phrase);
    const boundary = /^[\p{L}\p{N}]/u.test(norm) ? '(?<![\\p{L}\\p{N}])' : '';
    pattern = new RegExp(boundary + escapeRegExp(norm), 'u');
    phraseCache.set(phrase, pattern);
  }
  return pattern.test(normText);
}

/**
 * Whether `rawText` names `alias`. Short all-capitals aliases ("IT", "HR") match case-sensitively
 * as whole words, so the pronoun "it" is not the IT department; others match like `hasPhrase`.
 */
export function hasAlias(rawText: string, normText: string, alias: string): boolean {
  if (/^[A-Z]{1,3}$/.test(alias)) {
    return new RegExp(`(?<![\\p{L}\\p{N}])${alias}(?![\\p{L}\\p{N}])`, 'u').test(rawText);
  }
  return hasPhrase(normText, alias);
}

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each even few for from further had
  has have having he her here hers him his how i if in into is it its itself just me more most my no
  nor not now of off on once only or other our out over own same she should so some such than that
  the their them then there these they this those through to too under until up very was we were
  what when where which while who whom why will with would you your yours alex alex's
  email emails asking asks requesting request requests sending sends sharing shares wants
  needs needed need today about via per re regarding including includes plus well still
  earlier something someone anyone everyone`.split(/\s+/),
);

/** Words of a text as comparable tokens: lower case, `$`/`%`/`.`/`+` kept inside numbers. */
export function tokens(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}$%.+'-]+/u)
    .map((token) => token.replace(/^[.'+-]+|[.'-]+$/g, ''))
    .filter((token) => token.length > 0);
}

/** A crude stem: the first five letters of longer words; numbers and short words stay whole. */
export function stem(token: string): string {
  if (/\d/.test(token)) return token.replace(/[$,]/g, '');
  const word = token.replace(/'s$/, '');
  return word.length > 5 ? word.slice(0, 5) : word;
}

/**
 * The content words of a reference summary that a correct summary is likely to repeat: no
 * stop words, no sender names, short words only when they carry a digit; as distinct stems.
 */
export function keyStems(reference: string, exclude: readonly string[] = []): string[] {
  const excluded = new Set(exclude.flatMap((text) => tokens(text)).map(stem));
  const stems = new Set<string>();
  for (const token of tokens(reference)) {
    if (STOPWORDS.has(token)) continue;
    if (token.length < 4 && !/\d/.test(token)) continue;
    const stemmed = stem(token);
    if (!excluded.has(stemmed)) stems.add(stemmed);
  }
  return [...stems];
}

/** The stems present in `text`. */
export function stemSet(text: string): Set<string> {
  return new Set(tokens(text).map(stem));
}
