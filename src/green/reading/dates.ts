/**
 * Dates and times as people write them, read relative to when the report was posted and in the
 * user's time zone: "Jan 30", "30 January", "1/30", "2026-01-30", "Friday", "tomorrow";
 * "3pm", "3:30 p.m.", "15:00", "noon". Each written date or time is a mention with every value it
 * can mean, so a text that lists many values (a hedge) can be told from one that states one.
 */

const MONTHS = [
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
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_WORD =
  '(sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)\\.?';

function monthIndex(word: string): number {
  const w = word.toLowerCase().replace('.', '');
  return MONTHS.findIndex((month) => month.startsWith(w.slice(0, 3)));
}

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

function iso(year: number, month: number, day: number): IsoDate | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function dayDiff(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

/** The local date of an instant in a time zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function localDate(ms: number, timeZone: string): IsoDate {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(ms));
}

/** The year a month/day without a year most plausibly means, seen from `today`. */
function nearestYear(month: number, day: number, today: IsoDate): number {
  const year = Number(today.slice(0, 4));
  const candidates = [year - 1, year, year + 1]
    .map((y) => iso(y, month, day))
    .filter((d): d is IsoDate => d !== null);
  candidates.sort((a, b) => Math.abs(dayDiff(a, today)) - Math.abs(dayDiff(b, today)));
  return Number((candidates[0] ?? `${year}`).slice(0, 4));
}

/**
 * One written date or time and every value it can mean: "3/4" is March 4 or April 3, "Friday"
 * the nearest Friday before or after, "3:30" (no am/pm) 3:30 or 15:30.
 */
export interface Mention<T> {
  /** Where it starts and ends in the lower-cased text. */
  index: number;
  end: number;
  readings: T[];
}

/**
 * Every date written in `text`, seen from `today` (the post's local date), each with its readings.
 * A four-digit number followed by "-<digit>" starts an ISO date ("March 3 2026-03-19" is two
 * dates), never the year of the month-day before it; variants read dates the same way.
 */
export function dateMentions(text: string, today: IsoDate): Array<Mention<IsoDate>> {
  const mentions: Array<Mention<IsoDate>> = [];
  const lower = text.toLowerCase();
  const add = (m: RegExpMatchArray, dates: Array<IsoDate | null>): void => {
    const readings = [...new Set(dates.filter((date): date is IsoDate => date !== null))];
    if (readings.length > 0) mentions.push({ index: m.index!, end: m.index! + m[0].length, readings });
  };
  for (const m of lower.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) add(m, [iso(+m[1]!, +m[2]!, +m[3]!)]);
  for (const m of lower.matchAll(
    new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})(?!-\\d))?`, 'g'),
  )) {
    const month = monthIndex(m[1]!) + 1;
    const day = +m[2]!;
    add(m, [iso(m[3] ? +m[3] : nearestYear(month, day, today), month, day)]);
  }
  for (const m of lower.matchAll(
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_WORD}(?:,?\\s+(\\d{4})(?!-\\d))?`, 'g'),
  )) {
    const month = monthIndex(m[2]!) + 1;
    const day = +m[1]!;
    add(m, [iso(m[3] ? +m[3] : nearestYear(month, day, today), month, day)]);
  }
  for (const m of lower.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?(?![\d/])/g)) {
    const year = m[3] ? (m[3].length === 2 ? 2000 + +m[3] : +m[3]) : undefined;
    const a = +m[1]!;
    const b = +m[2]!;
    add(m, [iso(year ?? nearestYear(a, b, today), a, b), iso(year ?? nearestYear(b, a, today), b, a)]);
  }
  for (const m of lower.matchAll(/\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/g)) {
    const dates: IsoDate[] = [];
    for (let offset = -31; offset <= 31; offset++) {
      const date = addDays(today, offset);
      if (+date.slice(8, 10) === +m[1]!) dates.push(date);
    }
    add(m, dates);
  }
  for (const m of lower.matchAll(
    new RegExp(`\\b(?:(next|last|this|coming)\\s+)?${WEEKDAY_WORD}(?![\\p{L}])`, 'gu'),
  )) {
    const target = WEEKDAYS.findIndex((day) => day.startsWith(m[2]!.replace('.', '').slice(0, 3)));
    const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
    const ahead = (target - todayIndex + 7) % 7;
    if (m[1] === 'last') add(m, [addDays(today, ahead - 7 || -7)]);
    else if (m[1] === 'next') add(m, [addDays(today, ahead || 7), addDays(today, ahead + 7)]);
    else add(m, [addDays(today, ahead), ...(ahead !== 0 ? [addDays(today, ahead - 7)] : [])]);
  }
  for (const [pattern, days] of [
    [/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/g, 0],
    [/\b(?:tomorrow|tmrw|tmr)\b/g, 1],
    [/\byesterday\b/g, -1],
    [/\bday after tomorrow\b/g, 2],
  ] as const) {
    for (const m of lower.matchAll(pattern)) add(m, [addDays(today, days)]);
  }
  return mentions;
}

/** Every date `text` can mean, seen from `today`. */
export function findDates(text: string, today: IsoDate): Set<IsoDate> {
  return new Set(dateMentions(text, today).flatMap((mention) => mention.readings));
}

/**
 * Every time of day written in `text` (minutes after midnight), each with its readings. A
 * zero-padded or 24-hour clock ("09:00", "21:00") means exactly that; "3:30" or "at 3" without
 * am/pm may also be the afternoon.
 */
export function timeMentions(text: string): Array<Mention<number>> {
  const mentions: Array<Mention<number>> = [];
  const lower = text.toLowerCase();
  const twelveHour = (hourText: string, minuteText: string | undefined, meridiem: string): number | null => {
    const hour = +hourText;
    if (hour < 1 || hour > 12) return null;
    return ((hour % 12) + (meridiem.startsWith('p') ? 12 : 0)) * 60 + (minuteText ? +minuteText : 0);
  };
  const add = (m: RegExpMatchArray, readings: Array<number | null>): void => {
    const values = [...new Set(readings.filter((value): value is number => value !== null))];
    if (values.length > 0) mentions.push({ index: m.index!, end: m.index! + m[0].length, readings: values });
  };
  // "12:30pm", and the British "12.30pm".
  for (const m of lower.matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/gu)) {
    add(m, [twelveHour(m[1]!, m[2], m[3]!)]);
  }
  // The start of a range takes the end's am/pm ("3–4pm", "10.30-11am") unless that would put it
  // after the end: "9:30 to 4:30pm" starts in the morning, "11–1pm" too.
  for (const m of lower.matchAll(
    /\b(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|—|to)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/gu,
  )) {
    const start = twelveHour(m[1]!, m[2], m[5]!);
    const end = twelveHour(m[3]!, m[4], m[5]!);
    const other = m[5]!.startsWith('p') ? 'am' : 'pm';
    add(m, [start !== null && end !== null && start > end ? twelveHour(m[1]!, m[2], other) : start]);
  }
  // A colon may follow ("19:00: standup" in a list); seconds ("12:30:45") may not.
  for (const m of lower.matchAll(/(?<![\d:])([01]?\d|2[0-3])[:h.]([0-5]\d)(?!\d|:\d)(?!\s*[ap]\.?m)/g)) {
    const hour = +m[1]!;
    const minutes = hour * 60 + +m[2]!;
    // "09:00" is a 24-hour clock; "3:30" without am/pm may be either, the afternoon first for the
    // hours a workday usually means ("3:30" is 15:30, "9:30" is 9:30).
    const padded = m[1]!.length === 2;
    add(m, !padded && hour >= 1 && hour <= 11 ? byWorkday(hour, minutes) : [minutes]);
  }
  // "at 3", "by 5" — but not "at 14 Bishopsgate", "by 5 people", "around 20 guests".
  for (const m of lower.matchAll(/\b(?:at|by|around|until|from|before|after)\s+(\d{1,2})(?![\d:.\p{L}])/gu)) {
    const hour = +m[1]!;
    if (hour > 24) continue;
    const next = /^\s*([\p{L}']+)/u.exec(text.slice(m.index! + m[0].length))?.[1];
    if (next !== undefined && !CLOCK_FOLLOWERS.has(next.toLowerCase())) continue;
    add(m, hour >= 1 && hour <= 11 ? byWorkday(hour, hour * 60) : [(hour % 24) * 60]);
  }
  for (const [pattern, minutes] of [
    [/\bnoon\b|\bmidday\b/g, 12 * 60],
    [/\bmidnight\b/g, 0],
    [/\bend of (?:the )?day\b|\beod\b/g, 17 * 60],
  ] as const) {
    for (const m of lower.matchAll(pattern)) add(m, [minutes]);
  }
  return mostSpecific(mentions);
}

/** Words a bare hour may be followed by and still be a time ("at 3 today", "by 5 sharp"). */
const CLOCK_FOLLOWERS = new Set(
  "o'clock oclock sharp today tonight tomorrow this on in and or to then for with until latest at please pm am h hrs hours local your my our their his her the".split(
    ' ',
  ),
);

/** An hour without am/pm, the reading a workday most likely means first: 1–7 the afternoon, 8–11 the morning. */
function byWorkday(hour: number, minutes: number): number[] {
  const afternoon = minutes + 12 * 60;
  return hour <= 7 ? [afternoon, minutes] : [minutes, afternoon];
}

/**
 * One mention per written time: where a range's start ("1:00–2:00 pm") or an am/pm form reads a
 * span more exactly than the bare clock inside it, the exact reading wins.
 */
function mostSpecific(mentions: Array<Mention<number>>): Array<Mention<number>> {
  return [...mentions]
    .sort((a, b) => a.index - b.index)
    .filter(
      (mention) =>
        !mentions.some(
          (other) =>
            other !== mention &&
            other.readings.length < mention.readings.length &&
            other.index <= mention.index &&
            other.end >= mention.end - 1 &&
            other.readings.every((value) => mention.readings.includes(value)),
        ),
    );
}

/** A time of day as minutes after midnight. */
export function findTimes(text: string): Set<number> {
  return new Set(timeMentions(text).flatMap((mention) => mention.readings));
}

/**
 * Mentions offered as alternatives — "Thursday or Friday", "3pm or 4:30pm", "Thu, Fri or Wed":
 * each group (of phrases) is one choice. Mentions written together ("Thursday, September 24")
 * are one phrase; phrases with different values joined by a short "or" (and those listed before
 * it) form a group.
 */
export function alternativeGroups<T>(
  mentions: ReadonlyArray<Mention<T>>,
  lower: string,
): Array<Array<Array<Mention<T>>>> {
  const sorted = [...mentions].sort((a, b) => a.index - b.index);
  const phrases: Array<Array<Mention<T>>> = [];
  for (const mention of sorted) {
    const last = phrases[phrases.length - 1];
    const previous = last?.[last.length - 1];
    if (previous && /^[\s,.]*(?:the\s+)?$/.test(lower.slice(previous.end, mention.index)))
      last!.push(mention);
    else if (!previous || mention.index >= previous.end) phrases.push([mention]);
    else last!.push(mention);
  }
  const groups: Array<Array<Array<Mention<T>>>> = [];
  const values = (phrase: Array<Mention<T>>): Set<T> => new Set(phrase.flatMap((m) => m.readings));
  for (let i = 1; i < phrases.length; i++) {
    const a = phrases[i - 1]!;
    const b = phrases[i]!;
    const between = lower.slice(a[a.length - 1]!.end, b[0]!.index);
    if (between.length > 24 || !/(?:^|\W)(?:or|either)(?:\W|$)/.test(between)) continue;
    if ([...values(a)].some((value) => values(b).has(value))) continue;
    const group = [a, b];
    // "A, B or C": the phrases listed before the "or" are alternatives too.
    for (let j = i - 1; j > 0; j--) {
      const listed = phrases[j - 1]!;
      const gap = lower.slice(listed[listed.length - 1]!.end, phrases[j]![0]!.index);
      if (gap.length > 16 || !/[,;]/.test(gap) || /[.!?\n]/.test(gap)) break;
      group.unshift(listed);
    }
    groups.push(group);
  }
  return groups;
}

/**
 * How many distinct values `mentions` state: values written unambiguously count once each, and an
 * ambiguous mention counts only when none of its readings is already stated. A flood of dates
 * counts every date; "Friday, January 30" counts one.
 */
export function distinctValues<T>(mentions: ReadonlyArray<Mention<T>>): number {
  const stated = new Set<T>();
  for (const mention of mentions) if (mention.readings.length === 1) stated.add(mention.readings[0]!);
  let extra = 0;
  const ambiguous = mentions.filter((mention) => mention.readings.length > 1);
  const covered = new Set<T>();
  for (const mention of ambiguous) {
    if (mention.readings.some((value) => stated.has(value) || covered.has(value))) continue;
    extra += 1;
    for (const value of mention.readings) covered.add(value);
  }
  return stated.size + extra;
}

/** "15:00" → minutes after midnight. */
export function parseClock(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h! * 60 + (m ?? 0);
}
