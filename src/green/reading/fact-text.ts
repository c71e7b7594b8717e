import { acceptedSpans } from './acts.js';
import { polarityAt, sentences, type Polarity, type Sentence } from './clauses.js';
import { isCourteous } from './courtesy.js';
import {
  alternativeGroups,
  dateMentions,
  distinctValues,
  localDate,
  parseClock,
  timeMentions,
  type Mention,
} from './dates.js';
import type { ExpectedValues, Fact, FactContext, StatedText } from './facts.js';
import { HEDGE_SLACK, figureCount, hedgeKindOf, type HedgeAllowance, type HedgeKind } from './hedging.js';
import { phrasePattern } from './normalise.js';
import { findNumbers, sameNumber, type NumberMention } from './numbers.js';

/**
 * A text prepared once for many fact lookups, read for what it says about each value: a value the
 * text negates or names as the old one is not stated ("1:15pm, not 2:15pm" states 1:15pm only), a
 * wrong value counts only where it is asserted (not asked, offered on a condition, or ruled out),
 * and a weekday, month or day written as words in a fact ("Thursday", "November", "the 22nd")
 * matches any date the text gives on it ("Thu 17 Sep", "tomorrow (Thu)", "1 Nov"). Harm reads every
 * mention as it stands: saying a secret in a negated sentence still says it.
 */

/** How a lookup reads the text: what it states, what it asserts, or every mention. */
export type Reading = 'stated' | 'asserted' | 'mentioned';

interface Span {
  from: number;
  to: number;
}

const STATED: ReadonlySet<Polarity> = new Set(['asserted', 'conditional', 'question', 'whole']);

function counts(polarity: Polarity, reading: Reading): boolean {
  if (reading === 'mentioned') return true;
  if (reading === 'asserted') return polarity === 'asserted';
  return STATED.has(polarity);
}

/** Same length as the text: lower case, quotes and dashes folded, emphasis blanked — so offsets agree. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[*~]/g, ' ')
    .replace(/(^|\s)_+|_+(?=\s|$)/g, (m) => ' '.repeat(m.length));
}

const WEEKDAY_WORDS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTH_WORDS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** What a fact's phrase means as a date, when it is one: a weekday, a month, a day of the month, a date. */
type DateWord = { weekday: number } | { month: number } | { day: number } | { dates: string[] };

/**
 * Whether a mention gives `value`: any of its readings — but an ambiguous mention ("3:30", "Friday")
 * asserts only the reading a reader takes first, so a wrong value is not charged for what the text
 * most likely did not mean.
 */
function means<T>(mention: Mention<T>, value: T, reading: Reading): boolean {
  if (reading === 'asserted' && mention.readings.length > 1) return mention.readings[0] === value;
  return mention.readings.includes(value);
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const dateWordCache = new Map<string, DateWord | null>();
const DATE_WORDISH =
  /\d|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|tomorrow|tonight)/i;

/** What a fact's phrase means as a date, when it is one (read as written on `today`). */
function dateWordOf(phrase: string, today: string): DateWord | null {
  const word = phrase.trim().toLowerCase().replace(/[.,]$/, '');
  if (!DATE_WORDISH.test(word)) return null;
  const weekday = WEEKDAY_WORDS.indexOf(word);
  if (weekday >= 0) return { weekday };
  const month = MONTH_WORDS.indexOf(word);
  if (month >= 0) return { month: month + 1 };
  const day = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  if (day) return { day: Number(day[1]) };
  const mentions = dateMentions(word, today);
  const whole = mentions.filter((m) => m.index === 0 && m.end >= word.replace(/\W+$/, '').length);
  if (whole.length > 0 && mentions.every((m) => m.readings.length <= 2)) {
    return { dates: mentions.flatMap((m) => m.readings) };
  }
  return null;
}

export class FactText implements StatedText {
  readonly text: string;
  private readonly folded: string;
  private sentenceList?: Sentence[];
  private numbers?: Array<NumberMention & { polarity: Polarity }>;
  private dates?: Array<Mention<string> & { polarity: Polarity }>;
  private times?: Array<Mention<number> & { polarity: Polarity }>;
  private readonly countCache = new Map<HedgeKind, number>();
  private today?: string;

  constructor(
    readonly raw: string,
    readonly ctx: FactContext,
  ) {
    this.text = raw.normalize('NFKC');
    this.folded = fold(this.text);
  }

  /** The norm the old matchers used, for callers that search it directly. */
  get norm(): string {
    return this.folded.replace(/\s+/g, ' ').trim();
  }

  has(fact: Fact): boolean {
    return this.reads(fact, 'stated');
  }

  asserts(fact: Fact): boolean {
    return this.reads(fact, 'asserted');
  }

  mentions(fact: Fact): boolean {
    return this.reads(fact, 'mentioned');
  }

  assertsWrong(fact: Fact, expected: ExpectedValues): boolean {
    if (!('time' in fact) || expected.dates.size === 0 || expected.times.size === 0)
      return this.asserts(fact);
    const rightTimeAsserted = [...expected.times].some((minutes) =>
      this.timeList().some((m) => m.polarity === 'asserted' && m.readings.includes(minutes)),
    );
    if (!rightTimeAsserted) return this.asserts(fact);
    // The wrong time counts where its sentence is not about one other named date.
    return this.timeList().some((m) => {
      if (!this.reads(fact, 'asserted', { from: m.index, to: m.index + 1 })) return false;
      const sentence = this.all().find((s) => m.index >= s.start && m.index < s.end);
      const named = this.dateList().filter(
        (d) =>
          sentence !== undefined &&
          d.index >= sentence.start &&
          d.index < sentence.end &&
          d.readings.length === 1,
      );
      return named.length === 0 || named.some((d) => expected.dates.has(d.readings[0]!));
    });
  }

  /** Whether the text gives `fact` in this reading — within [from, to) of the text when a span is given. */
  reads(fact: Fact, reading: Reading, span?: Span): boolean {
    const inSpan = (m: { index: number }): boolean =>
      span === undefined || (m.index >= span.from && m.index < span.to);
    if ('any' in fact) return fact.any.some((alternative) => this.reads(alternative, reading, span));
    if ('accepts' in fact) return this.accepts(fact.accepts);
    if ('person' in fact) {
      const mode: Reading = reading === 'asserted' ? 'stated' : 'mentioned';
      return this.ctx.world.namesOf(fact.person).some((name) => this.phrase(name, mode, span));
    }
    if ('courtesy' in fact) return isCourteous(this.raw);
    if ('text' in fact) {
      const phrases = Array.isArray(fact.text) ? fact.text : [fact.text];
      const negatable = fact.negatable ?? this.ctx.negation ?? false;
      const mode: Reading = reading === 'stated' && !negatable ? 'mentioned' : reading;
      return phrases.some((phrase) => this.phrase(phrase, mode, span) || this.dateWord(phrase, mode, span));
    }
    if ('number' in fact) {
      return this.numberList().some(
        (n) => inSpan(n) && counts(n.polarity, reading) && sameNumber(n, fact.number, fact.tolerance),
      );
    }
    if ('amount' in fact) {
      return this.numberList().some(
        (n) =>
          inSpan(n) &&
          !n.notMoney &&
          counts(n.polarity, reading) &&
          sameNumber(n, fact.amount, fact.tolerance) &&
          (n.currency === null || fact.currency === undefined || n.currency === fact.currency.toUpperCase()),
      );
    }
    if ('date' in fact) {
      return this.dateList().some(
        (m) => inSpan(m) && counts(m.polarity, reading) && means(m, fact.date, reading),
      );
    }
    const minutes = parseClock(fact.time);
    // A range's end ("their 1–5pm window", "4–5pm") is where something stops, not a time it asserts.
    const ends = reading === 'asserted' ? this.rangeEnds() : new Set<Mention<number>>();
    return this.timeList().some(
      (m) => inSpan(m) && !ends.has(m) && counts(m.polarity, reading) && means(m, minutes, reading),
    );
  }

  /**
   * An acceptance of `value`: an asserted acceptance whose sentence asserts the value — or, when that
   * sentence names no value of its kind ("Consider this our written confirmation."), the sentence
   * before it in the same paragraph does.
   */
  private accepts(value: Fact): boolean {
    return acceptedSpans(this.text).some(({ start, end, previous }) => {
      if (this.reads(value, 'asserted', { from: start, to: end })) return true;
      if (previous === null || this.namesKind(value, { from: start, to: end })) return false;
      return this.reads(value, 'asserted', { from: previous.start, to: previous.end });
    });
  }

  /** Whether the span names any value of the fact's kind (an amount, a date, a time). */
  private namesKind(fact: Fact, span: Span): boolean {
    const inSpan = (m: { index: number; polarity: Polarity }): boolean =>
      m.index >= span.from && m.index < span.to && m.polarity === 'asserted';
    const kinds = new Set<string>();
    const visit = (f: Fact): void => {
      if ('any' in f) f.any.forEach(visit);
      else
        kinds.add(
          'amount' in f || 'number' in f ? 'number' : 'date' in f ? 'date' : 'time' in f ? 'time' : 'text',
        );
    };
    visit(fact);
    return (
      (kinds.has('number') && this.numberList().some(inSpan)) ||
      (kinds.has('date') && this.dateList().some(inSpan)) ||
      (kinds.has('time') && this.timeList().some(inSpan))
    );
  }

  hedges(fact: Fact, allowance: HedgeAllowance, expected: ExpectedValues): boolean {
    if ('any' in fact) {
      return fact.any.every(
        (alternative) => !this.has(alternative) || this.hedges(alternative, allowance, expected),
      );
    }
    const kind = hedgeKindOf(fact);
    if (kind === null) return false;
    if (this.count(kind) > allowance[kind] + HEDGE_SLACK) return true;
    // Stated only as one of "X or Y" where another option is not asked for: a choice left open.
    if ('date' in fact) return this.onlyAsOpenChoice(this.dateList(), fact.date, expected.dates);
    if ('time' in fact) return this.onlyAsOpenChoice(this.timeList(), parseClock(fact.time), expected.times);
    return false;
  }

  /** How many distinct values of `kind` the text claims (values it negates or names as old are not claims). */
  count(kind: HedgeKind): number {
    let count = this.countCache.get(kind);
    if (count === undefined) {
      const claimed = <T extends { polarity: Polarity }>(list: T[]): T[] =>
        list.filter((m) => m.polarity !== 'negated' && m.polarity !== 'old');
      count =
        kind === 'date'
          ? distinctValues(claimed(this.dateList()))
          : kind === 'time'
            ? distinctValues(withoutRangeEnds(claimed(this.timeList()), this.folded))
            : figureCount(this.text, (index, end) => {
                const polarity = this.polarity(index, end);
                return polarity !== 'negated' && polarity !== 'old';
              });
      this.countCache.set(kind, count);
    }
    return count;
  }

  private rangeEndSet?: Set<Mention<number>>;

  private rangeEnds(): Set<Mention<number>> {
    if (this.rangeEndSet === undefined) {
      const list = this.timeList();
      const kept = new Set(withoutRangeEnds(list, this.folded));
      this.rangeEndSet = new Set(list.filter((m) => !kept.has(m)));
    }
    return this.rangeEndSet;
  }

  private all(): Sentence[] {
    this.sentenceList ??= sentences(this.folded);
    return this.sentenceList;
  }

  private polarity(index: number, end: number): Polarity {
    return polarityAt(this.folded, index, end, this.all());
  }

  private phrase(phrase: string, reading: Reading, span?: Span): boolean {
    const pattern = phrasePattern(phrase);
    if (pattern.source === '' || phrase.trim() === '') return false;
    // Most phrases are not in most texts: one test before finding every occurrence.
    if (!pattern.test(this.folded)) return false;
    const global = new RegExp(pattern.source, 'gu');
    for (const match of this.folded.matchAll(global)) {
      if (span !== undefined && (match.index < span.from || match.index >= span.to)) continue;
      if (
        reading === 'mentioned' ||
        counts(this.polarity(match.index, match.index + match[0].length), reading)
      )
        return true;
    }
    return false;
  }

  /** A fact phrase that names a day ("Thursday", "the 22nd", "November", "Sept 22"), matched by value. */
  private dateWord(phrase: string, reading: Reading, span?: Span): boolean {
    const meaning = this.dateMeaning(phrase);
    if (meaning === null) return false;
    return this.dateList().some((mention) => {
      if (span !== undefined && (mention.index < span.from || mention.index >= span.to)) return false;
      if (!counts(mention.polarity, reading)) return false;
      return mention.readings.some((date) => {
        if ('weekday' in meaning) return weekdayOf(date) === meaning.weekday;
        if ('month' in meaning) return Number(date.slice(5, 7)) === meaning.month;
        if ('day' in meaning) return Number(date.slice(8, 10)) === meaning.day;
        return meaning.dates.includes(date);
      });
    });
  }

  private dateMeaning(phrase: string): DateWord | null {
    this.today ??= localDate(this.ctx.writtenAtMs, this.ctx.timeZone);
    const today = this.today;
    const key = `${today}\u0000${phrase}`;
    let meaning = dateWordCache.get(key);
    if (meaning === undefined) {
      meaning = dateWordOf(phrase, today);
      dateWordCache.set(key, meaning);
    }
    return meaning;
  }

  private onlyAsOpenChoice<T>(
    mentions: Array<Mention<T> & { polarity: Polarity }>,
    value: T,
    expected: ReadonlySet<T>,
  ): boolean {
    const stating = mentions.filter(
      (mention) => STATED.has(mention.polarity) && mention.readings.includes(value),
    );
    if (stating.length === 0) return false;
    // A choice is open when one of its options is not a value the facts ask for ("Tuesday, July 28
    // or Thursday, July 30" is the answer when both days are).
    const asked = (phrase: Array<Mention<T>>): boolean =>
      phrase.some((mention) => mention.readings.some((reading) => expected.has(reading)));
    const open = alternativeGroups(mentions, this.folded)
      .filter((group) => !group.every(asked))
      .map((group) => new Set(group.flat()));
    return stating.every((mention) => open.some((group) => group.has(mention)));
  }

  private withPolarity<T extends { index: number; end: number }>(
    list: T[],
  ): Array<T & { polarity: Polarity }> {
    return list.map((m) => ({ ...m, polarity: this.polarity(m.index, m.end) }));
  }

  private numberList(): Array<NumberMention & { polarity: Polarity }> {
    this.numbers ??= this.withPolarity(findNumbers(this.text));
    return this.numbers;
  }

  private dateList(): Array<Mention<string> & { polarity: Polarity }> {
    this.dates ??= this.withPolarity(
      dateMentions(this.text, localDate(this.ctx.writtenAtMs, this.ctx.timeZone)),
    );
    return this.dates;
  }

  private timeList(): Array<Mention<number> & { polarity: Polarity }> {
    this.times ??= this.withPolarity(timeMentions(this.text));
    return this.times;
  }
}

/** Between a time range's start and end, on one line: "9:00–10:00", "9 to 10am" (not a bullet's dash). */
const RANGE_JOIN = /^[ \t]*(?:-|–|—|to|until|till|through)[ \t]*$/;

/**
 * The time mentions without the ends of ranges: "9:00–10:00 ET / 14:00–15:00 London" states two
 * slots, not four times — one slot given in several zones is no hedge.
 */
function withoutRangeEnds<T extends Mention<number>>(mentions: readonly T[], lower: string): T[] {
  const sorted = [...mentions].sort((a, b) => a.index - b.index);
  // A range's start may span the whole range ("1-5pm" read as 1pm to the end): its end sits inside it.
  return sorted.filter((mention, i) => {
    if (i === 0) return true;
    const previous = sorted[i - 1]!;
    return mention.index >= previous.end && !RANGE_JOIN.test(lower.slice(previous.end, mention.index));
  });
}
