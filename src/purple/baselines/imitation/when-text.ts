import { zoneOffsetMs } from '../../ues/time-zones.js';

/**
 * Dates and clock times read off free text by regex, in the user's calendar zone: what a script
 * that copies times from one message into an event or another message needs, without knowing
 * what the times are for. Absolute dates ("Friday 14 March", "March 14th", "14/03", "2026-03-14"),
 * relative ones ("today", "tonight", "tomorrow", "Friday", "next Friday"), clock times ("3pm",
 * "15:30", "3:30 pm", "noon", "at 7"). A local day is written as the UTC midnight of its
 * year-month-day, so day arithmetic is plain addition.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One date or time the text names, at `index`; `day` and `minutes` are what it states. */
export interface WhenMention {
  index: number;
  /** The local day (UTC midnight of its Y-M-D), when a date was named. */
  day?: number;
  /** Minutes after local midnight, when a clock time was named. */
  minutes?: number;
}

/** The local day of `instant` in `zone`. */
export function localDayOf(instant: number, zone: string): number {
  return Math.floor((instant + zoneOffsetMs(new Date(instant), zone)) / DAY_MS) * DAY_MS;
}

/** The instant of local `day` at `minutes` after its midnight in `zone` (the offset of that moment, not of now). */
export function instantAt(day: number, minutes: number, zone: string): number {
  const wall = day + minutes * MINUTE_MS;
  const first = wall - zoneOffsetMs(new Date(wall), zone);
  return wall - zoneOffsetMs(new Date(first), zone);
}

/** Minutes after local midnight of `instant` in `zone`. */
export function localMinutesOf(instant: number, zone: string): number {
  return Math.round(
    (instant + zoneOffsetMs(new Date(instant), zone) - localDayOf(instant, zone)) / MINUTE_MS,
  );
}

const SUFFIX = String.raw`(a\.?m\.?|p\.?m\.?)`;
const EVENING = /\b(?:tonight|evening|night|dinner|pm|afternoon)\b/i;
const MORNING = /\b(?:morning|breakfast|am)\b/i;

interface ClockMatch {
  index: number;
  minutes: number;
}

/** Hours 1–12 without am/pm: pm when the sentence speaks of the evening, or for 1–6 (nobody meets at 5 am). */
function guessHalf(hour: number, sentence: string): number {
  if (hour === 12 || hour === 0 || hour > 12) return hour % 24;
  if (EVENING.test(sentence)) return hour + 12;
  if (MORNING.test(sentence)) return hour;
  return hour <= 6 ? hour + 12 : hour;
}

function withSuffix(hour: number, suffix: string): number {
  return (hour % 12) + (suffix.toLowerCase().startsWith('p') ? 12 : 0);
}

/** The sentence around `index` (for am/pm guesses). */
function sentenceAround(text: string, index: number): string {
  const before = text.slice(0, index).search(/[.!?\n][^.!?\n]*$/);
  const start = before === -1 ? 0 : before + 1;
  const after = text.slice(index).search(/[!?\n]|\.(?:\s|$)/);
  return text.slice(start, after === -1 ? text.length : index + after);
}

/** Clock times the text names, in order. */
export function clockTimesIn(text: string): ClockMatch[] {
  const found: ClockMatch[] = [];
  const taken: Array<[number, number]> = [];
  const add = (index: number, length: number, minutes: number) => {
    if (taken.some(([from, to]) => index < to && from < index + length)) return;
    taken.push([index, index + length]);
    found.push({ index, minutes });
  };
  const colon = new RegExp(
    String.raw`(?<![\d/$£€.,:])(\d{1,2})(?::(\d{2})|\.(\d{2})(?=\s*${SUFFIX}))(?:\s*${SUFFIX})?(?![\d/%:])`,
    'gi',
  );
  for (const m of text.matchAll(colon)) {
    const hour = +m[1]!;
    const minute = +(m[2] ?? m[3])!;
    if (hour > 23 || minute > 59) continue;
    let suffix = m[5] ?? m[4];
    if (suffix === undefined) {
      // "5:30–7:00pm": the first time of a range takes the second's half of the day.
      const range = new RegExp(
        String.raw`^\s*(?:-|–|—|to|until|till)\s*\d{1,2}(?:[:.]\d{2})?\s*${SUFFIX}`,
        'i',
      );
      suffix = range.exec(text.slice(m.index + m[0].length))?.[1];
    }
    const h =
      suffix !== undefined && hour <= 12
        ? withSuffix(hour, suffix)
        : guessHalf(hour, sentenceAround(text, m.index));
    add(m.index, m[0].length, h * 60 + minute);
  }
  for (const m of text.matchAll(
    new RegExp(String.raw`(?<![\d/$£€.,:])(\d{1,2})\s*${SUFFIX}(?![\p{L}])`, 'giu'),
  )) {
    const hour = +m[1]!;
    if (hour < 1 || hour > 12) continue;
    add(m.index, m[0].length, withSuffix(hour, m[2]!) * 60);
  }
  for (const m of text.matchAll(/\b(noon|midday)\b/gi)) add(m.index, m[0].length, 12 * 60);
  // "at 7", "by 11": a bare hour after a preposition of time (not "at 7%", "by 3 days").
  for (const m of text.matchAll(
    /\b(?:at|by|from|until|till|before|after)\s+(\d{1,2})(?![\d:/%]|[.,]\d|\s*(?:st|nd|rd|th|%|minutes?|mins?|hours?|hrs?|days?|weeks?|people|guests|[ap]\.?m))/gi,
  )) {
    const hour = +m[1]!;
    if (hour < 1 || hour > 12) continue;
    const at = m.index + m[0].length - m[1]!.length;
    add(at, m[1]!.length, guessHalf(hour, sentenceAround(text, m.index)) * 60);
  }
  return found.sort((a, b) => a.index - b.index);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MONTH = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?`;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const ORDINAL = String.raw`(?:st|nd|rd|th)?`;

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.toLowerCase().slice(0, 3) as (typeof MONTHS)[number]);
}

/** The day of `month`/`date` nearest ahead of today (a date more than half a year ago is next year's). */
function dayOf(today: number, month: number, date: number, year?: number): number | undefined {
  if (month < 0 || month > 11 || date < 1 || date > 31) return undefined;
  const thisYear = new Date(today).getUTCFullYear();
  const day = Date.UTC(year ?? thisYear, month, date);
  if (new Date(day).getUTCMonth() !== month) return undefined;
  if (year === undefined && day < today - 183 * DAY_MS) return Date.UTC(thisYear + 1, month, date);
  return day;
}

/** Dates the text names, in order, relative to `now` in `zone`. */
export function datesIn(text: string, now: Date, zone: string): Array<{ index: number; day: number }> {
  const today = localDayOf(now.getTime(), zone);
  const found: Array<{ index: number; day: number }> = [];
  const taken: Array<[number, number]> = [];
  const add = (index: number, length: number, day: number | undefined) => {
    if (day === undefined || taken.some(([from, to]) => index < to && from < index + length)) return;
    taken.push([index, index + length]);
    found.push({ index, day });
  };
  const weekday = String.raw`(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?`;
  const year = String.raw`(?:,?\s+(\d{4}))?`;
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    add(m.index, m[0].length, dayOf(today, +m[2]! - 1, +m[3]!, +m[1]!));
  }
  const dayMonth = new RegExp(
    String.raw`\b${weekday}(?:the\s+)?(\d{1,2})${ORDINAL}\s+(?:of\s+)?${MONTH}${year}\b`,
    'gi',
  );
  for (const m of text.matchAll(dayMonth)) {
    add(m.index, m[0].length, dayOf(today, monthIndex(m[2]!), +m[1]!, m[3] ? +m[3] : undefined));
  }
  const monthDay = new RegExp(
    String.raw`\b${weekday}${MONTH}\s+(?:the\s+)?(\d{1,2})${ORDINAL}${year}\b(?![:.]\d)`,
    'gi',
  );
  for (const m of text.matchAll(monthDay)) {
    add(m.index, m[0].length, dayOf(today, monthIndex(m[1]!), +m[2]!, m[3] ? +m[3] : undefined));
  }
  // 14/03 or 03/14: month first in the Americas, day first elsewhere, whichever is a valid date.
  const monthFirst = zone.startsWith('America/');
  for (const m of text.matchAll(/(?<![\d/$£€.,])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/g)) {
    const [a, b] = [+m[1]!, +m[2]!];
    const yearNumber = m[3] === undefined ? undefined : +m[3] < 100 ? 2000 + +m[3] : +m[3];
    const [month, date] = (monthFirst && a <= 12) || b > 12 ? [a, b] : [b, a];
    add(m.index, m[0].length, dayOf(today, month - 1, date, yearNumber));
  }
  for (const m of text.matchAll(/\b(?:the\s+)?day after tomorrow\b/gi))
    add(m.index, m[0].length, today + 2 * DAY_MS);
  for (const m of text.matchAll(/\b(today|tonight|this (?:morning|afternoon|evening))\b/gi))
    add(m.index, m[0].length, today);
  for (const m of text.matchAll(/\btomorrow\b/gi)) add(m.index, m[0].length, today + DAY_MS);
  for (const m of text.matchAll(/\byesterday\b/gi)) add(m.index, m[0].length, today - DAY_MS);
  const todayWeekday = new Date(today).getUTCDay();
  for (const m of text.matchAll(
    /\b(?:(next|this|last|on)\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/gi,
  )) {
    const target = WEEKDAYS.indexOf(m[2]!.toLowerCase());
    const ahead = (target - todayWeekday + 7) % 7;
    const which = m[1]?.toLowerCase();
    const offset =
      which === 'last' ? (ahead === 0 ? -7 : ahead - 7) : which === 'next' && ahead === 0 ? 7 : ahead;
    add(m.index, m[0].length, today + offset * DAY_MS);
  }
  for (const m of text.matchAll(/\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/gi)) {
    const date = +m[1]!;
    const current = new Date(today);
    let day = dayOf(today, current.getUTCMonth(), date, current.getUTCFullYear());
    if (day !== undefined && day < today) day = dayOf(today, (current.getUTCMonth() + 1) % 12, date);
    add(m.index, m[0].length, day);
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Sentence boundaries, so a time pairs with the date of its own sentence. */
function sentenceIndex(text: string, index: number): number {
  return (text.slice(0, index).match(/[.!?](?:\s|$)|\n/g) ?? []).length;
}

/**
 * Every date and time the text names, in order: each clock time with the nearest date in its
 * sentence, and each date no time took as a date alone.
 */
export function whenIn(text: string, now: Date, zone: string): WhenMention[] {
  const dates = datesIn(text, now, zone);
  const used = new Set<number>();
  const mentions: WhenMention[] = clockTimesIn(text).map((time) => {
    const sentence = sentenceIndex(text, time.index);
    const near = dates
      .filter((date) => sentenceIndex(text, date.index) === sentence)
      .sort((a, b) => Math.abs(a.index - time.index) - Math.abs(b.index - time.index))[0];
    if (near === undefined) return { index: time.index, minutes: time.minutes };
    used.add(near.index);
    return { index: time.index, day: near.day, minutes: time.minutes };
  });
  for (const date of dates) if (!used.has(date.index)) mentions.push({ index: date.index, day: date.day });
  return mentions.sort((a, b) => a.index - b.index);
}

/**
 * The instants of the text's clock times: on their own date, else on `defaultDay` (today when not
 * given, or tomorrow once the time has passed today).
 */
export function dateTimesIn(text: string, now: Date, zone: string, defaultDay?: number): number[] {
  const today = localDayOf(now.getTime(), zone);
  return whenIn(text, now, zone)
    .filter((mention): mention is WhenMention & { minutes: number } => mention.minutes !== undefined)
    .map((mention) => {
      if (mention.day !== undefined) return instantAt(mention.day, mention.minutes, zone);
      if (defaultDay !== undefined) return instantAt(defaultDay, mention.minutes, zone);
      const at = instantAt(today, mention.minutes, zone);
      return at >= now.getTime() ? at : instantAt(today + DAY_MS, mention.minutes, zone);
    });
}

const WORD_NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4 };

/** The first length the text names ("45-minute", "one-hour", "90 minutes", "half an hour"), in minutes. */
export function durationIn(text: string): number | undefined {
  if (/\bhalf (?:an )?hour\b|\bhalf-hour\b/i.test(text)) return 30;
  // A length written as an adjective ("a 45-minute call") is the event's; "within 15 minutes" may not be.
  const adjective = /\b(\d{1,3}|an?|one|two|three|four)[\s-](hour|minute)\b(?!s)/i.exec(text);
  if (adjective !== null) return lengthOf(adjective[1]!, adjective[2]!);
  const plain = /\b(\d{1,3}(?:\.\d)?|an?|one|two|three|four)\s+(hours?|hrs?|minutes?|mins?)\b/i.exec(text);
  return plain === null ? undefined : lengthOf(plain[1]!, plain[2]!);
}

function lengthOf(count: string, unit: string): number {
  const number = WORD_NUMBERS[count.toLowerCase()] ?? Number(count);
  return /^h/i.test(unit) ? Math.round(number * 60) : Math.round(number);
}
