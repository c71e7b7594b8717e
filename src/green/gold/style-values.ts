import { dateMentions, localDate, type Mention } from '../reading/dates.js';

/** Dates rewritten in other common forms, and corrections written beside a value. */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type DateForm = 'short' | 'relative' | 'iso';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekday(date: string): string {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

export function shortDate(date: string): string {
  return `${weekday(date)} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

function formatDate(date: string, form: DateForm, today: string): string {
  if (form === 'iso') return date;
  if (form === 'relative') {
    if (date === today) return `today (${weekday(date)})`;
    if (date === addDays(today, 1)) return `tomorrow (${weekday(date)})`;
  }
  return shortDate(date);
}

interface Phrase {
  index: number;
  end: number;
  readings: string[];
}

/**
 * The dates two adjacent mentions can both mean. A weekday written before a date names that date's
 * weekday even when the date lies beyond the weeks a bare weekday is read in ("Tuesday, July 28"
 * written on the 20th).
 */
function commonReadings(first: Phrase, second: Mention<string>, text: string): string[] {
  const common = first.readings.filter((reading) => second.readings.includes(reading));
  if (common.length > 0) return common;
  const word = text.slice(first.index, first.end).trim().slice(0, 3).toLowerCase();
  const day = WEEKDAYS.findIndex((name) => name.toLowerCase() === word);
  if (day < 0 || !/^\p{L}+\.?$/u.test(text.slice(first.index, first.end).trim())) return [];
  return second.readings.filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === day);
}

/** Adjacent mentions of one date ("Thursday, September 17") as one phrase with their common reading. */
function phrases(mentions: ReadonlyArray<Mention<string>>, text: string): Phrase[] {
  const sorted = [...mentions].sort((a, b) => a.index - b.index);
  const out: Phrase[] = [];
  for (const mention of sorted) {
    const last = out[out.length - 1];
    if (last && mention.index < last.end) continue;
    const common = last === undefined ? [] : commonReadings(last, mention, text);
    if (last && /^[\s,]*(?:the\s+)?$/i.test(text.slice(last.end, mention.index)) && common.length > 0) {
      last.end = mention.end;
      last.readings = common;
    } else out.push({ index: mention.index, end: mention.end, readings: [...mention.readings] });
  }
  return out;
}

/** The reading a person most likely meant: the only one, else the nearest on or after today. */
function meant(readings: readonly string[], today: string): string {
  if (readings.length === 1) return readings[0]!;
  const ahead = readings.filter((date) => date >= today).sort();
  return ahead[0] ?? [...readings].sort().at(-1)!;
}

/** Every date in `text` rewritten in `form`, read as written at `writtenAtMs` in `timeZone`. */
export function withDates(text: string, form: DateForm, writtenAtMs: number, timeZone: string): string {
  const today = localDate(writtenAtMs, timeZone);
  let out = '';
  let at = 0;
  for (const phrase of phrases(dateMentions(text, today), text)) {
    const original = text.slice(phrase.index, phrase.end);
    // A bare "today"/"tomorrow" stays itself in the relative form (it already is one).
    if (form === 'relative' && /^(?:today|tomorrow)$/i.test(original.trim())) continue;
    out += text.slice(at, phrase.index) + formatDate(meant(phrase.readings, today), form, today);
    at = phrase.end;
  }
  return out + text.slice(at);
}

const TIME_12 =
  /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?(?![\p{L}])|(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])/iu;

const RANGE_END =
  /^\s*(?:[–—-]|to)\s*(?:\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?(?![\p{L}])|(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:]))/iu;

function formatClock(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour >= 12 ? 'pm' : 'am'}`;
}

export interface Correction {
  /** A time (minutes after midnight) the text might be taken to mean, and is not. */
  time?: number;
  date?: string;
}

/**
 * "(not <wrong value>)" after the first time (or date) the text states: a careful assistant ruling
 * out the value a reader might assume. Without a known wrong value, the hour after the stated one.
 */
export function withCorrection(
  text: string,
  wrong: Correction,
  writtenAtMs: number,
  timeZone: string,
): string {
  const time = TIME_12.exec(text);
  if (time !== null) {
    // "4pm." ends a sentence: the correction goes before its full stop ("4pm (not 5pm).").
    let end = time.index + time[0].length - (/[^.]m\.$/i.test(time[0]) ? 1 : 0);
    // A range is corrected whole: "11:00–12:00 (not 8am)", not "11:00 (not 8am)–12:00".
    const rangeEnd = RANGE_END.exec(text.slice(end));
    if (rangeEnd !== null) end += rangeEnd[0].length - (/[^.]m\.$/i.test(rangeEnd[0]) ? 1 : 0);
    const stated = time[3]
      ? ((Number(time[1]) % 12) + (/p/i.test(time[3]) ? 12 : 0)) * 60 + Number(time[2] ?? 0)
      : Number(time[4]) * 60 + Number(time[5]);
    const not = wrong.time !== undefined && wrong.time !== stated ? wrong.time : (stated + 60) % (24 * 60);
    return `${text.slice(0, end)} (not ${formatClock(not)})${text.slice(end)}`;
  }
  if (wrong.date === undefined) return text;
  const today = localDate(writtenAtMs, timeZone);
  const first = phrases(dateMentions(text, today), text)[0];
  if (first === undefined || first.readings.includes(wrong.date)) return text;
  return `${text.slice(0, first.end)} (not ${shortDate(wrong.date)})${text.slice(first.end)}`;
}
