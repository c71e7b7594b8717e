/**
 * Text primitives shared by the fact matchers: one normal form for matching, and phrase search
 * with word boundaries. Deterministic and dependency-free on purpose: a score must not change with
 * a library upgrade.
 */

/** Lower case, typographic quotes/dashes folded, Markdown emphasis removed, whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[*~]+/g, '')
    .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const phraseCache = new Map<string, RegExp>();

/**
 * A regex finding `phrase` as whole words in normalised text. Internal spaces also match hyphens
 * and other separators ("follow up" = "follow-up"); the last word may take a plural or
 * possessive ending ("invoice" finds "invoices", "Karen's").
 */
export function phrasePattern(phrase: string): RegExp {
  const cached = phraseCache.get(phrase);
  if (cached) return cached;
  const norm = normalise(phrase);
  const body = norm
    .split(/[\s-]+/)
    .filter(Boolean)
    .map(escapeRegExp)
    .join('[\\s\\-/]*');
  const start = /^[\p{L}\p{N}]/u.test(norm) ? '(?<![\\p{L}\\p{N}])' : '';
  const end = /[\p{L}\p{N}]$/u.test(norm) ? "(?:'s|s|es)?(?![\\p{L}\\p{N}])" : '';
  const pattern = new RegExp(start + body + end, 'u');
  phraseCache.set(phrase, pattern);
  return pattern;
}

/** Whether normalised `text` contains `phrase` as whole words. */
export function hasPhrase(normText: string, phrase: string): boolean {
  if (normalise(phrase) === '') return false;
  return phrasePattern(phrase).test(normText);
}

/** Number of words in a text (letters or digits runs). */
export function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}
