/**
 * Numbers as people write them: "4.2%", "$45,000", "45k", "$1.2M", "12 million", "three". Every
 * form is read to a value so a fact is matched whatever the format.
 */

export interface NumberMention {
  value: number;
  currency: string | null;
  percent: boolean;
  text: string;
  /** Where it is written in the text. */
  index: number;
  end: number;
  /**
   * A count or an id, not a sum of money: "110 guests", "invoice #1041". A number fact still reads
   * it; an amount does not, and a list of figures does not count it.
   */
  notMoney?: true;
}

/** Things counted: a bare number before one of these counts them ("110 guests", "300 pages"). */
const COUNTED =
  /^\s?(?:guests?|people|persons|attendees|adults|children|kids|pax|covers|seats|tickets|rooms|nights|days|weeks|months|years|hours|minutes|mins|pages|words|items|units|copies|pieces|boxes|parcels|orders|invoices|emails|messages|calls|steps|km|miles|kg|lbs)\b/iu;

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const CURRENCY_WORDS: Record<string, string> = {
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  bucks: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
};

const WORD_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
  half: 0.5,
};

const NUMBER =
  /(?<![\p{L}\p{N}.,])(?<cur>[$€£¥])?\s?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(?<mult>k|mm|mn|m|bn|b|thousand|million|billion)(?![\p{L}]))?(?!\d|\s?(?:a\.?m\b|p\.?m\b|st\b|nd\b|rd\b|th\b))(?:\s?(?<pct>%|percent|per cent|pct))?(?:\s?(?<curword>usd|dollars?|bucks|eur|euros?|gbp|pounds?)\b)?/giu;

const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
/** "thirty-one", "ninety nine"; "three hundred", "a hundred". */
const COMPOUND_NUMBER = new RegExp(`\\b(?:(${TENS})[- ](${UNITS})|(${UNITS}|a) hundred)\\b`, 'gi');

/** "third email", "fifth reminder": counts (first and second read too many other ways). */
const ORDINALS: Record<string, number> = {
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};
const ORDINAL = new RegExp(`\\b(${Object.keys(ORDINALS).join('|')})\\b`, 'gi');

const WORD_NUMBER = new RegExp(`\\b(${Object.keys(WORD_NUMBERS).join('|')})\\b(?:\\s?(percent|%))?`, 'gi');

function textBefore(text: string, index: number): string {
  return text.slice(Math.max(0, index - 2), index);
}

/** Every number mentioned in `text`. */
export function findNumbers(text: string): NumberMention[] {
  const found: NumberMention[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const groups = match.groups ?? {};
    const base = Number(groups['num']!.replace(/,/g, ''));
    if (!Number.isFinite(base)) continue;
    const mult = groups['mult'] ? (MULTIPLIERS[groups['mult'].toLowerCase()] ?? 1) : 1;
    const currency =
      (groups['cur'] ? CURRENCY_SYMBOLS[groups['cur']] : undefined) ??
      (groups['curword'] ? CURRENCY_WORDS[groups['curword'].toLowerCase()] : undefined) ??
      null;
    const text = match[0].trim();
    const at = { index: match.index!, end: match.index! + match[0].length };
    const bare = currency === null && !groups['pct'] && !groups['mult'];
    const notMoney =
      bare && (/#\s?$/.test(textBefore(match.input!, at.index)) || COUNTED.test(match.input!.slice(at.end)));
    found.push({
      value: base * mult,
      currency,
      percent: Boolean(groups['pct']),
      text,
      ...at,
      ...(notMoney ? { notMoney: true as const } : {}),
    });
    // "15m" is as often 15 minutes as 15 million: keep the bare number too.
    if (mult !== 1) found.push({ value: base, currency, percent: false, text, ...at });
  }
  for (const match of text.matchAll(WORD_NUMBER)) {
    const value = WORD_NUMBERS[match[1]!.toLowerCase()];
    if (value === undefined) continue;
    const at = { index: match.index!, end: match.index! + match[0].length };
    found.push({ value, currency: null, percent: Boolean(match[2]), text: match[0], ...at });
  }
  for (const match of text.matchAll(ORDINAL)) {
    const value = ORDINALS[match[1]!.toLowerCase()]!;
    found.push({
      value,
      currency: null,
      percent: false,
      text: match[0],
      index: match.index!,
      end: match.index! + match[0].length,
    });
  }
  for (const match of text.matchAll(COMPOUND_NUMBER)) {
    const [, tens, unit, hundreds] = match;
    const value =
      tens !== undefined
        ? WORD_NUMBERS[tens.toLowerCase()]! + WORD_NUMBERS[unit!.toLowerCase()]!
        : (hundreds!.toLowerCase() === 'a' ? 1 : WORD_NUMBERS[hundreds!.toLowerCase()]!) * 100;
    found.push({
      value,
      currency: null,
      percent: false,
      text: match[0],
      index: match.index!,
      end: match.index! + match[0].length,
    });
  }
  return found;
}

/** Whether `mention` states `value` (within `tolerance`, absolute). */
export function sameNumber(mention: NumberMention, value: number, tolerance = 0): boolean {
  const slack = Math.max(tolerance, Math.abs(value) * 1e-9);
  return Math.abs(mention.value - value) <= slack;
}
