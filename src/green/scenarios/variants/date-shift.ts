/**
 * Shifting every date a scenario writes by a whole number of days (variants use whole weeks, so
 * weekdays stay true): ISO dates and datetimes ("2026-01-30", "2026-01-30T09:00:00Z"), dates with
 * a month name ("January 30", "Jan 30th", "Jan. 30, 2026", "30 Jan", "30th of January", ranges
 * such as "Jan 28–30"), numeric dates ("1/30", "01/30/2026"; month first unless the scenario
 * says day first), ordinal days tied to a weekday or "on" ("Thursday the 30th", "on the 30th"), and
 * an ordinal day said as a date in a reply ("The 24th suits me", "Hi — 24th is fine", "the 24th.").
 * Formats are kept: an abbreviation stays an abbreviation, a suffix is recomputed, a year stays
 * written when it was. Weekday names, times and relative words ("tomorrow") never change.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY = '(?:Sun|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat)(?:day|sday|nesday|rsday|urday)?\\.?';

/** Capitalised or upper-case month words (lower case "may" is a verb far more often than a month). */
const MONTH_WORD =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|JAN(?:UARY)?|FEB(?:RUARY)?|MAR(?:CH)?|APR(?:IL)?|MAY|JUNE?|JULY?|AUG(?:UST)?|SEPT?(?:EMBER)?|OCT(?:OBER)?|NOV(?:EMBER)?|DEC(?:EMBER)?)';
const SUFFIX = '(st|nd|rd|th|ST|ND|RD|TH)?';

const ISO = String.raw`(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)`;
const MONTH_FIRST = String.raw`\b${MONTH_WORD}(\.?)(\s+)(\d{1,2})${SUFFIX}(?:(\s*[–—-]\s*)(\d{1,2})${SUFFIX})?(?:(,?\s+)(\d{4})(?![-/\d]))?(?![\d:])`;
const DAY_FIRST = String.raw`(?<![\d/.:])(?:(\d{1,2})${SUFFIX}(\s*[–—-]\s*))?(\d{1,2})${SUFFIX}(\s+)(of\s+)?${MONTH_WORD}(\.?)(?:(,?\s+)(\d{4})(?![-/\d]))?\b`;
const NUMERIC = String.raw`(?<![\d/.:$])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/%])(?!\s+(?:of|cups?|inch(?:es)?|miles?|slices?)\b)`;
const ORDINAL = String.raw`\b((?:${WEEKDAY}),?\s+the|on\s+the)\s+(\d{1,2})(st|nd|rd|th)\b(?!\s+(?!at\b|from\b|to\b|and\b|or\b|between\b|until\b|in\b)[a-z])`;

/**
 * A day said on its own — after "the", or opening a sentence — and followed by what one says of a
 * date ("suits", "is fine", the sentence's end): "the 4th floor" and "the 21st century" stay.
 */
const SAID_DAY = String.raw`(?:\b([Tt]he\s+)|(?<=(?:^|[.!?:—–-])\s*))(\d{1,2})(st|nd|rd|th)\b(?=\s+(?:suits|works|is|was|would|could|sounds|should|will)\b|\s*[.,!?;)](?!\d)|\s*$)`;

const PATTERN = new RegExp(
  `(?<iso>${ISO})|(?<mf>${MONTH_FIRST})|(?<df>${DAY_FIRST})|(?<num>${NUMERIC})|(?<ord>${ORDINAL})|(?<said>${SAID_DAY})`,
  'g',
);

/** A calendar date as [year, month (1–12), day]. */
type Ymd = [number, number, number];

function valid(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function addDays([year, month, day]: Ymd, days: number): Ymd {
  const date = new Date(Date.UTC(year, month - 1, day) + days * 86_400_000);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

function dayNumber([year, month, day]: Ymd): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

function monthIndex(word: string): number {
  const w = word.toLowerCase().slice(0, 3);
  return MONTHS.findIndex((month) => month.toLowerCase().startsWith(w));
}

/** The month written in the style of `like` (full or abbreviated, capitalised or upper case). */
function monthWord(month: number, like: string): string {
  const full = MONTHS[month - 1]!;
  const isFull = MONTHS.some((name) => name.toLowerCase() === like.toLowerCase());
  let word = isFull ? full : like.length === 4 && full === 'September' ? 'Sept' : full.slice(0, 3);
  if (like === like.toUpperCase() && like.length > 1) word = word.toUpperCase();
  return word;
}

function ordinal(day: number, like: string | undefined): string {
  if (!like) return '';
  const last = day % 10;
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return like === like.toUpperCase() ? suffix.toUpperCase() : suffix;
}

/** Two digits when the original was zero-padded (`style` "00"). */
function pad(value: number, style: string): string {
  return style === '00' && value < 10 ? `0${value}` : String(value);
}

export interface DateShiftOptions {
  /** Days to add (a multiple of 7 keeps weekdays). */
  days: number;
  /** The canonical scenario's local start date: year-less dates mean the nearest such date. */
  reference: Ymd;
  /** How numeric dates are written. */
  numeric: 'mdy' | 'dmy';
}

/** While one text is shifted: the last full date it wrote, which a bare day after it refers to. */
interface TextShift extends DateShiftOptions {
  context?: Ymd | undefined;
}

/** The year a month/day without a year most plausibly means: the one nearest the reference. */
function nearestYear(month: number, day: number, reference: Ymd): number | undefined {
  const candidates = [reference[0] - 1, reference[0], reference[0] + 1].filter((year) =>
    valid(year, month, day),
  );
  candidates.sort(
    (a, b) =>
      Math.abs(dayNumber([a, month, day]) - dayNumber(reference)) -
      Math.abs(dayNumber([b, month, day]) - dayNumber(reference)),
  );
  return candidates[0];
}

/**
 * Numeric dates far from the scenario (a fraction like 1/2 in a May scenario) are left alone, and
 * so are fractions of something ("1/2 cup", "2/3 of").
 */
const NUMERIC_WINDOW_DAYS = 45;

function shiftIso(m: string[], o: TextShift): string | undefined {
  const year = +m[0]!;
  const month = +m[1]!;
  const day = +m[2]!;
  if (!valid(year, month, day)) return undefined;
  o.context = [year, month, day];
  const [y, mo, d] = addDays([year, month, day], o.days);
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function shiftMonthFirst(g: (string | undefined)[], o: TextShift): string | undefined {
  const [monthText, dot, space, dayText, suffix, dash, endText, endSuffix, yearSep, yearText] = g;
  const month = monthIndex(monthText!) + 1;
  const day = +dayText!;
  const year = yearText ? +yearText : nearestYear(month, day, o.reference);
  if (year === undefined || !valid(year, month, day)) return undefined;
  o.context = [year, month, day];
  const start = addDays([year, month, day], o.days);
  let out = `${monthWord(start[1], monthText!)}${dot}${space}${start[2]}${ordinal(start[2], suffix)}`;
  if (endText !== undefined) {
    const endDay = +endText;
    if (!valid(year, month, endDay) || endDay < day) return undefined;
    const end = addDays([year, month, endDay], o.days);
    const endMonth = end[1] === start[1] ? '' : `${monthWord(end[1], monthText!)}${dot} `;
    out += `${dash}${endMonth}${end[2]}${ordinal(end[2], endSuffix)}`;
  }
  if (yearText !== undefined) out += `${yearSep}${start[0]}`;
  return out;
}

/** "30 Jan", "30th of January", and ranges ending in one: "14–22 August" moves both days. */
function shiftDayFirst(g: (string | undefined)[], o: TextShift): string | undefined {
  const [startText, startSuffix, dash, dayText, suffix, space, of, monthText, dot, yearSep, yearText] = g;
  const month = monthIndex(monthText!) + 1;
  const day = +dayText!;
  const year = yearText ? +yearText : nearestYear(month, day, o.reference);
  if (year === undefined || !valid(year, month, day)) return undefined;
  o.context = [year, month, day];
  const [y, mo, d] = addDays([year, month, day], o.days);
  const tail = yearText !== undefined ? `${yearSep}${y}` : '';
  const end = `${d}${ordinal(d, suffix)}${space}${of ?? ''}${monthWord(mo, monthText!)}${dot}${tail}`;
  if (startText === undefined) return end;
  const startDay = +startText;
  if (!valid(year, month, startDay) || startDay > day) return undefined;
  const start = addDays([year, month, startDay], o.days);
  const startMonth = start[1] === mo ? '' : ` ${monthWord(start[1], monthText!)}${dot}`;
  return `${start[2]}${ordinal(start[2], startSuffix)}${startMonth}${dash}${end}`;
}

function shiftNumeric(g: (string | undefined)[], o: TextShift): string | undefined {
  const [aText, bText, yearText] = g;
  const [monthText, dayText] = o.numeric === 'mdy' ? [aText!, bText!] : [bText!, aText!];
  const month = +monthText;
  const day = +dayText;
  const year = yearText
    ? yearText.length === 2
      ? 2000 + +yearText
      : +yearText
    : nearestYear(month, day, o.reference);
  if (year === undefined || !valid(year, month, day)) return undefined;
  if (Math.abs(dayNumber([year, month, day]) - dayNumber(o.reference)) > NUMERIC_WINDOW_DAYS)
    return undefined;
  o.context = [year, month, day];
  const [y, mo, d] = addDays([year, month, day], o.days);
  const style = aText!.startsWith('0') || bText!.startsWith('0') ? '00' : '';
  const first = pad(o.numeric === 'mdy' ? mo : d, style);
  const second = pad(o.numeric === 'mdy' ? d : mo, style);
  const tail = yearText === undefined ? '' : `/${yearText.length === 2 ? String(y).slice(2) : y}`;
  return `${first}/${second}${tail}`;
}

function shiftOrdinal(g: (string | undefined)[], o: TextShift): string | undefined {
  const [lead, dayText, suffix] = g;
  const shifted = shiftDayOfMonth(+dayText!, o);
  return shifted === undefined ? undefined : `${lead} ${shifted}${ordinal(shifted, suffix)}`;
}

function shiftSaidDay(g: (string | undefined)[], o: TextShift): string | undefined {
  const [lead, dayText, suffix] = g;
  const shifted = shiftDayOfMonth(+dayText!, o);
  return shifted === undefined ? undefined : `${lead ?? ''}${shifted}${ordinal(shifted, suffix)}`;
}

/**
 * The day of the month a bare day becomes: the date with that day nearest the last full date the
 * text wrote ("Friday 21 August, not the 14th": 14 August) or else the scenario's start, moved.
 */
function shiftDayOfMonth(day: number, o: TextShift): number | undefined {
  const around = o.context ?? o.reference;
  let best: Ymd | undefined;
  for (let offset = -20; offset <= 20; offset++) {
    const candidate = addDays(around, offset);
    if (candidate[2] !== day) continue;
    if (!best || Math.abs(offset) < Math.abs(dayNumber(best) - dayNumber(around))) best = candidate;
  }
  if (!best) return undefined;
  return addDays(best, o.days)[2];
}

/** `text` with every date it writes moved by `options.days`. */
export function shiftDates(text: string, options: DateShiftOptions): string {
  if (options.days === 0 || !/\d/.test(text)) return text;
  const o: TextShift = { ...options, context: undefined };
  return text.replace(PATTERN, (match, ...args: unknown[]) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    const all = args.slice(0, -3) as (string | undefined)[];
    // Positional groups: iso(1+3) mf(1+10) df(1+11) num(1+3) ord(1+3) said(1+3).
    let result: string | undefined;
    if (groups.iso !== undefined) result = shiftIso(all.slice(1, 4) as string[], o);
    else if (groups.mf !== undefined) result = shiftMonthFirst(all.slice(5, 15), o);
    else if (groups.df !== undefined) result = shiftDayFirst(all.slice(16, 27), o);
    else if (groups.num !== undefined) result = shiftNumeric(all.slice(28, 31), o);
    else if (groups.ord !== undefined) result = shiftOrdinal(all.slice(32, 35), o);
    else if (groups.said !== undefined) result = shiftSaidDay(all.slice(36, 39), o);
    return result ?? match;
  });
}

export type { Ymd };
