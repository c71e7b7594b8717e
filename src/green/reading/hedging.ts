import type { Fact } from './facts.js';
import { findNumbers } from './numbers.js';

/**
 * Hedging: a text that states many values of a kind (every date of the quarter, every quarter hour,
 * every figure seen) states none of them. Each fact-bearing text may state the values its facts ask
 * for plus a little slack — an old date beside the new one, a range, a time in two zones.
 */

export type HedgeKind = 'date' | 'time' | 'amount';
export const HEDGE_KINDS: readonly HedgeKind[] = ['date', 'time', 'amount'];
export type HedgeAllowance = Record<HedgeKind, number>;

/** Values of a kind a text may state beyond those its facts ask for. */
export const HEDGE_SLACK = 3;

/** The kind of value a fact states, when it is one a text can hedge on. */
export function hedgeKindOf(fact: Fact): HedgeKind | null {
  if ('date' in fact) return 'date';
  if ('time' in fact) return 'time';
  if ('amount' in fact) return 'amount';
  return null;
}

/** Facts of each hedge kind in `facts` (an `any` counts once per kind among its alternatives). */
export function hedgeAllowance(facts: readonly Fact[]): HedgeAllowance {
  const allowance: HedgeAllowance = { date: 0, time: 0, amount: 0 };
  const kindsOf = (fact: Fact): Set<HedgeKind> =>
    'any' in fact
      ? new Set(fact.any.flatMap((alternative) => [...kindsOf(alternative)]))
      : new Set([hedgeKindOf(fact)].filter((kind): kind is HedgeKind => kind !== null));
  for (const fact of facts) for (const kind of kindsOf(fact)) allowance[kind] += 1;
  return allowance;
}

export function addAllowances(a: HedgeAllowance, b: HedgeAllowance): HedgeAllowance {
  return { date: a.date + b.date, time: a.time + b.time, amount: a.amount + b.amount };
}

/** Phone numbers, ISO dates and clock times: digits that are not figures. */
const NOT_FIGURES = /\+?\d[\d\s().-]{6,}\d|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[:.]\d{2}\b/g;

/**
 * Distinct figures a text states: amounts with a currency, percentages, and numbers of 100 or more
 * that are not years — what a list of "every figure seen" is made of. `claimed` (given the figure's
 * place in `raw`) leaves out figures the text does not claim: "their first quote was $2,850" names
 * an old figure, as "moved from 14:00" names an old time.
 */
export function figureCount(
  raw: string,
  claimed: (index: number, end: number) => boolean = () => true,
): number {
  const values = new Set<string>();
  // Blanked to the same length, so a figure's place is its place in `raw`.
  const figuresOnly = raw.replace(NOT_FIGURES, (match) => ' '.repeat(match.length));
  const places = new Set<number>();
  for (const mention of findNumbers(figuresOnly)) {
    // "$280K" is read as 280,000 and as a bare 280 (for "15m" as minutes): one figure, not two.
    if (places.has(mention.index)) continue;
    places.add(mention.index);
    if (mention.notMoney || !claimed(mention.index, mention.end)) continue;
    const year =
      mention.currency === null &&
      Number.isInteger(mention.value) &&
      mention.value >= 1900 &&
      mention.value <= 2100;
    if (mention.currency !== null || mention.percent || (mention.value >= 100 && !year)) {
      values.add(`${mention.value}${mention.percent ? '%' : ''}`);
    }
  }
  return values.size;
}
