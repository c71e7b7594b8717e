import { z } from 'zod';
import {
  alternativeGroups,
  dateMentions,
  distinctValues,
  localDate,
  parseClock,
  timeMentions,
  type Mention,
} from './dates.js';
import {
  HEDGE_SLACK,
  figureCount,
  hedgeAllowance,
  hedgeKindOf,
  type HedgeAllowance,
  type HedgeKind,
} from './hedging.js';
import { isCourteous } from './courtesy.js';
import { hasPhrase, hasUnnegatedPhrase, normalise } from './normalise.js';
import { findNumbers, sameNumber } from './numbers.js';

/**
 * Facts: what a report, message or event must state, matched by meaning rather than wording —
 * a person by any of their names or roles, a number or amount in any format, a date or time in
 * any common form, a term by any of its synonyms.
 */

const common = {
  /** Optional name used in evidence. */
  id: z.string().min(1).optional(),
  /** Counts this much in the share of facts stated (default 1). */
  weight: z.number().positive().optional(),
  /** Marks a fact that identifies the item: coverage needs at least one key fact when any is given. */
  key: z.boolean().optional(),
  /**
   * A fact the user did not ask for: it may identify the item (cover, key) but never counts in the
   * share of facts stated — leaving it out costs nothing.
   */
  optional: z.boolean().optional(),
  /**
   * Text facts: an occurrence negated just before it ("not a scam", "doesn't look suspicious")
   * does not count. For milestones and warnings, where saying the opposite is not saying it.
   */
  negatable: z.boolean().optional(),
};

const personFact = z.object({ ...common, person: z.string().min(1) }).strict();
/** A civil message: a greeting or sign-off in any common form, or please/thanks, and no shouting. */
const courtesyFact = z.object({ ...common, courtesy: z.literal(true) }).strict();
const textFact = z
  .object({ ...common, text: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]) })
  .strict();
const numberFact = z
  .object({ ...common, number: z.number(), tolerance: z.number().nonnegative().optional() })
  .strict();
const amountFact = z
  .object({
    ...common,
    amount: z.number(),
    currency: z.string().length(3).optional(),
    tolerance: z.number().nonnegative().optional(),
  })
  .strict();
const dateFact = z
  .object({ ...common, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD') })
  .strict();
const timeFact = z
  .object({ ...common, time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 h)') })
  .strict();

export type { HedgeAllowance, HedgeKind } from './hedging.js';
export { HEDGE_KINDS, HEDGE_SLACK, hedgeAllowance } from './hedging.js';

export type Fact =
  | z.infer<typeof personFact>
  | z.infer<typeof courtesyFact>
  | z.infer<typeof textFact>
  | z.infer<typeof numberFact>
  | z.infer<typeof amountFact>
  | z.infer<typeof dateFact>
  | z.infer<typeof timeFact>
  | { id?: string; weight?: number; key?: boolean; optional?: boolean; negatable?: boolean; any: Fact[] };

export const factSchema: z.ZodType<Fact> = z.lazy(() =>
  z.union([
    personFact,
    courtesyFact,
    textFact,
    numberFact,
    amountFact,
    dateFact,
    timeFact,
    z.object({ ...common, any: z.array(factSchema).min(1) }).strict(),
  ]),
);

/** The people a text may name: every name, role and address each one goes by. */
export interface PeopleDirectory {
  namesOf(ref: string): readonly string[];
}

/** Where a fact is read: the world (for people), the time it was written and the user's zone. */
export interface FactContext {
  world: PeopleDirectory;
  /** When the text was written (ms), for "tomorrow", "Friday" and years left out. */
  writtenAtMs: number;
  timeZone: string;
  /** Text facts ignore negated occurrences (milestones: saying "not a scam" is not warning of one). */
  negation?: boolean;
}

/** A text facts are looked up in. */
export interface StatedText {
  has(fact: Fact): boolean;
  /**
   * Whether the text states `fact` only among too many values of its kind (more than the
   * allowance plus HEDGE_SLACK): a hedge, not an answer.
   */
  hedges(fact: Fact, allowance: HedgeAllowance, expected: ExpectedValues): boolean;
}

/** The dates and times the facts being matched ask for: a choice among only these is no hedge. */
export interface ExpectedValues {
  dates: ReadonlySet<string>;
  times: ReadonlySet<number>;
}

export function expectedValues(facts: readonly Fact[]): ExpectedValues {
  const dates = new Set<string>();
  const times = new Set<number>();
  const visit = (fact: Fact): void => {
    if ('any' in fact) fact.any.forEach(visit);
    else if ('date' in fact) dates.add(fact.date);
    else if ('time' in fact) times.add(parseClock(fact.time));
  };
  facts.forEach(visit);
  return { dates, times };
}

/** A text prepared once for many fact lookups; hedging is judged on the whole text. */
export class FactText implements StatedText {
  readonly norm: string;
  private numbers?: ReturnType<typeof findNumbers>;
  private dates?: Array<Mention<string>>;
  private times?: Array<Mention<number>>;
  private readonly counts = new Map<HedgeKind, number>();

  constructor(
    readonly raw: string,
    private readonly ctx: FactContext,
  ) {
    this.norm = normalise(raw);
  }

  has(fact: Fact): boolean {
    if ('any' in fact) return fact.any.some((alternative) => this.has(alternative));
    if ('person' in fact)
      return this.ctx.world.namesOf(fact.person).some((name) => hasPhrase(this.norm, name));
    if ('courtesy' in fact) return isCourteous(this.raw);
    if ('text' in fact) {
      const phrases = Array.isArray(fact.text) ? fact.text : [fact.text];
      const negatable = fact.negatable ?? this.ctx.negation ?? false;
      return phrases.some((phrase) =>
        negatable ? hasUnnegatedPhrase(this.norm, phrase) : hasPhrase(this.norm, phrase),
      );
    }
    if ('number' in fact) return this.numberList().some((n) => sameNumber(n, fact.number, fact.tolerance));
    if ('amount' in fact) {
      return this.numberList().some(
        (n) =>
          sameNumber(n, fact.amount, fact.tolerance) &&
          (n.currency === null || fact.currency === undefined || n.currency === fact.currency.toUpperCase()),
      );
    }
    if ('date' in fact) return this.dateList().some((mention) => mention.readings.includes(fact.date));
    const minutes = parseClock(fact.time);
    return this.timeList().some((mention) => mention.readings.includes(minutes));
  }

  hedges(fact: Fact, allowance: HedgeAllowance, expected: ExpectedValues): boolean {
    if ('any' in fact)
      return fact.any.every(
        (alternative) => !this.has(alternative) || this.hedges(alternative, allowance, expected),
      );
    const kind = hedgeKindOf(fact);
    if (kind === null) return false;
    if (this.count(kind) > allowance[kind] + HEDGE_SLACK) return true;
    // Stated only as one of "X or Y" where another option is not asked for: a choice left open.
    if ('date' in fact) return this.onlyAsOpenChoice(this.dateList(), fact.date, expected.dates);
    if ('time' in fact) return this.onlyAsOpenChoice(this.timeList(), parseClock(fact.time), expected.times);
    return false;
  }

  private onlyAsOpenChoice<T>(mentions: Array<Mention<T>>, value: T, expected: ReadonlySet<T>): boolean {
    const stating = mentions.filter((mention) => mention.readings.includes(value));
    if (stating.length === 0) return false;
    // A choice is open when one of its options is not a value the facts ask for ("Tuesday, July 28
    // or Thursday, July 30" is the answer when both days are).
    const asked = (phrase: Array<Mention<T>>): boolean =>
      phrase.some((mention) => mention.readings.some((reading) => expected.has(reading)));
    const open = alternativeGroups(mentions, this.raw.toLowerCase())
      .filter((group) => !group.every(asked))
      .map((group) => new Set(group.flat()));
    return stating.every((mention) => open.some((group) => group.has(mention)));
  }

  /** How many distinct values of `kind` the text states (dates, times, figures). */
  count(kind: HedgeKind): number {
    let count = this.counts.get(kind);
    if (count === undefined) {
      count =
        kind === 'date'
          ? distinctValues(this.dateList())
          : kind === 'time'
            ? distinctValues(withoutRangeEnds(this.timeList(), this.raw.toLowerCase()))
            : figureCount(this.raw);
      this.counts.set(kind, count);
    }
    return count;
  }

  private numberList(): ReturnType<typeof findNumbers> {
    this.numbers ??= findNumbers(this.raw);
    return this.numbers;
  }

  private dateList(): Array<Mention<string>> {
    this.dates ??= dateMentions(this.raw, localDate(this.ctx.writtenAtMs, this.ctx.timeZone));
    return this.dates;
  }

  private timeList(): Array<Mention<number>> {
    this.times ??= timeMentions(this.raw);
    return this.times;
  }
}

/** Between a time range's start and end, on one line: "9:00–10:00", "9 to 10am" (not a bullet's dash). */
const RANGE_JOIN = /^[ \t]*(?:-|–|—|to|until|till|through)[ \t]*$/;

/**
 * The time mentions without the ends of ranges: "9:00–10:00 ET / 14:00–15:00 London" states two
 * slots, not four times — one slot given in several zones is no hedge.
 */
function withoutRangeEnds(mentions: ReadonlyArray<Mention<number>>, lower: string): Array<Mention<number>> {
  const sorted = [...mentions].sort((a, b) => a.index - b.index);
  return sorted.filter(
    (mention, i) => i === 0 || !RANGE_JOIN.test(lower.slice(sorted[i - 1]!.end, mention.index)),
  );
}

/** A short human description of a fact, for evidence. */
export function describeFact(fact: Fact): string {
  if (fact.id) return fact.id;
  if ('any' in fact) return fact.any.map(describeFact).join(' | ');
  if ('person' in fact) return `person:${fact.person}`;
  if ('courtesy' in fact) return 'courtesy';
  if ('text' in fact) return Array.isArray(fact.text) ? fact.text.join(' | ') : fact.text;
  if ('number' in fact) return String(fact.number);
  if ('amount' in fact) return `${fact.currency ?? ''}${fact.amount}`;
  if ('date' in fact) return fact.date;
  return fact.time;
}

export interface FactMatch {
  matched: Fact[];
  missed: Fact[];
  /** Facts the text states only among many values of their kind (a hedge): not counted as stated. */
  hedged: Fact[];
  /** Wrong facts (stale, contradicting) the text states: each costs its weight. */
  wrong: Fact[];
  /** Weighted share of facts stated, in [0, 1] (1 when there are none). */
  share: number;
  keyMatched: boolean;
}

/**
 * Which of `facts` the text states, less the `wrong` facts it also states (a stale figure beside
 * the right one, a need of someone who dropped out). A date, time or amount stated among many others of its kind
 * (more than `allowance` — by default the facts' own count — plus HEDGE_SLACK) is hedged, not
 * stated: a message listing every date "tells" no date. `allowance: null` reads every value as
 * stated — for harm, where saying a secret among other things still says it.
 */
export function matchFacts(
  text: StatedText,
  facts: readonly Fact[],
  allowance: HedgeAllowance | null = hedgeAllowance(facts),
  wrong: readonly Fact[] = [],
): FactMatch {
  const matched: Fact[] = [];
  const missed: Fact[] = [];
  const hedged: Fact[] = [];
  let expected: ExpectedValues | undefined;
  let got = 0;
  let total = 0;
  for (const fact of facts) {
    const weight = fact.optional ? 0 : (fact.weight ?? 1);
    total += weight;
    if (!text.has(fact)) missed.push(fact);
    else if (allowance !== null && text.hedges(fact, allowance, (expected ??= expectedValues(facts)))) {
      hedged.push(fact);
      missed.push(fact);
    } else {
      matched.push(fact);
      got += weight;
    }
  }
  // A stale or contradicting fact stated beside the right ones costs its weight.
  const stale = wrong.filter((fact) => text.has(fact));
  got -= stale.reduce((sum, fact) => sum + (fact.weight ?? 1), 0);
  const keys = facts.filter((fact) => fact.key);
  return {
    matched,
    missed,
    hedged,
    wrong: stale,
    share: total === 0 ? 1 : Math.max(0, got) / total,
    keyMatched: keys.length === 0 || keys.some((fact) => matched.includes(fact)),
  };
}
