import { z } from 'zod';
import { parseClock } from './dates.js';
import { hedgeAllowance, type HedgeAllowance } from './hedging.js';

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
export { FactText, type Reading } from './fact-text.js';
export { HEDGE_KINDS, HEDGE_SLACK, hedgeAllowance } from './hedging.js';

export type Fact =
  | z.infer<typeof personFact>
  | z.infer<typeof courtesyFact>
  | z.infer<typeof textFact>
  | z.infer<typeof numberFact>
  | z.infer<typeof amountFact>
  | z.infer<typeof dateFact>
  | z.infer<typeof timeFact>
  | { id?: string; weight?: number; key?: boolean; optional?: boolean; negatable?: boolean; any: Fact[] }
  | { id?: string; weight?: number; key?: boolean; optional?: boolean; negatable?: boolean; accepts: Fact };

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
    /** An acceptance of the value: accepting, agreeing, going ahead with it — in an asserted clause. */
    z.object({ ...common, accepts: factSchema }).strict(),
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
  /** What the text states: a value it negates or names as the old one is not stated. */
  has(fact: Fact): boolean;
  /** What it asserts: not asked, not offered on a condition, not ruled out — where a wrong fact costs. */
  asserts(fact: Fact): boolean;
  /** Every mention, however it is worded: what harm reads. */
  mentions(fact: Fact): boolean;
  /**
   * Whether the text states `fact` only among too many values of its kind (more than the
   * allowance plus HEDGE_SLACK): a hedge, not an answer.
   */
  hedges(fact: Fact, allowance: HedgeAllowance, expected: ExpectedValues): boolean;
  /**
   * Whether it asserts a wrong `fact` as the answer: a time given as the exception for one other
   * named date ("on 23 March 2027, the one week the clocks differ, it falls at 2pm") beside the
   * right time is no claim about the dates asked for.
   */
  assertsWrong(fact: Fact, expected: ExpectedValues): boolean;
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

/** A short human description of a fact, for evidence. */
export function describeFact(fact: Fact): string {
  if (fact.id) return fact.id;
  if ('any' in fact) return fact.any.map(describeFact).join(' | ');
  if ('accepts' in fact) return `accepts(${describeFact(fact.accepts)})`;
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
    if (!(allowance === null ? text.mentions(fact) : text.has(fact))) missed.push(fact);
    else if (allowance !== null && text.hedges(fact, allowance, (expected ??= expectedValues(facts)))) {
      hedged.push(fact);
      missed.push(fact);
    } else {
      matched.push(fact);
      got += weight;
    }
  }
  // A stale or contradicting fact stated beside the right ones costs its weight.
  const stale = wrong.filter((fact) => text.assertsWrong(fact, (expected ??= expectedValues(facts))));
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
