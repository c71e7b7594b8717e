/**
 * Dates and times as people write them, read relative to when the report was posted and in the
 * user's time zone: "Jan 30", "30 January", "1/30", "2026-01-30", "Friday", "tomorrow";
 * "3pm", "3:30 p.m.", "15:00", "noon".
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
export function localDate(ms: number, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
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
 * Every date `text` can mean, seen from `today` (the post's local date). Ambiguous forms give
 * each reading: "3/4" is March 4 or April 3; "Friday" is the nearest Friday before or after.
 */
export function findDates(text: string, today: IsoDate): Set<IsoDate> {
  // A four-digit number followed by "-<digit>" starts an ISO date ("March 3 2026-03-19" is two
  // dates), never the year of the month-day before it; variants read dates the same way.
  const found = new Set<IsoDate>();
  const lower = text.toLowerCase();
  const add = (date: IsoDate | null): void => {
    if (date) found.add(date);
  };
  for (const m of lower.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) add(iso(+m[1]!, +m[2]!, +m[3]!));
  for (const m of lower.matchAll(
    new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})(?!-\\d))?`, 'g'),
  )) {
    const month = monthIndex(m[1]!) + 1;
    const day = +m[2]!;
    add(iso(m[3] ? +m[3] : nearestYear(month, day, today), month, day));
  }
  for (const m of lower.matchAll(
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_WORD}(?:,?\\s+(\\d{4})(?!-\\d))?`, 'g'),
  )) {
    const month = monthIndex(m[2]!) + 1;
    const day = +m[1]!;
    add(iso(m[3] ? +m[3] : nearestYear(month, day, today), month, day));
  }
  for (const m of lower.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?(?![\d/])/g)) {
    const year = m[3] ? (m[3].length === 2 ? 2000 + +m[3] : +m[3]) : undefined;
    const a = +m[1]!;
    const b = +m[2]!;
    add(iso(year ?? nearestYear(a, b, today), a, b));
    add(iso(year ?? nearestYear(b, a, today), b, a));
  }
  for (const m of lower.matchAll(/\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/g)) {
    for (let offset = -31; offset <= 31; offset++) {
      const date = addDays(today, offset);
      if (+date.slice(8, 10) === +m[1]!) add(date);
    }
  }
  for (const m of lower.matchAll(
    new RegExp(`\\b(?:(next|last|this|coming)\\s+)?${WEEKDAY_WORD}(?![\\p{L}])`, 'gu'),
  )) {
    const target = WEEKDAYS.findIndex((day) => day.startsWith(m[2]!.replace('.', '').slice(0, 3)));
    const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
    const ahead = (target - todayIndex + 7) % 7;
    if (m[1] === 'last') add(addDays(today, ahead - 7 || -7));
    else if (m[1] === 'next') {
      add(addDays(today, ahead || 7));
      add(addDays(today, ahead + 7));
    } else {
      add(addDays(today, ahead));
      if (ahead !== 0) add(addDays(today, ahead - 7));
    }
  }
  if (/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/.test(lower)) add(today);
  if (/\b(?:tomorrow|tmrw|tmr)\b/.test(lower)) add(addDays(today, 1));
  if (/\byesterday\b/.test(lower)) add(addDays(today, -1));
  if (/\bday after tomorrow\b/.test(lower)) add(addDays(today, 2));
  return found;
}

/** A time of day as minutes after midnight. */
export function findTimes(text: string): Set<number> {
  const found = new Set<number>();
  const lower = text.toLowerCase();
  const addTwelveHour = (hourText: string, minuteText: string | undefined, meridiem: string): void => {
    const hour = +hourText;
    if (hour < 1 || hour > 12) return;
    found.add(((hour % 12) + (meridiem.startsWith('p') ? 12 : 0)) * 60 + (minuteText ? +minuteText : 0));
  };
  // "12:30pm", and the British "12.30pm".
  for (const m of lower.matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/gu)) {
    addTwelveHour(m[1]!, m[2], m[3]!);
  }
  // The start of a range takes the end's am/pm: "3–4pm", "10.30-11am".
  for (const m of lower.matchAll(
    /\b(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|—|to)\s*\d{1,2}(?:[:.]\d{2})?\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/gu,
  )) {
    addTwelveHour(m[1]!, m[2], m[3]!);
  }
  // A colon may follow ("19:00: standup" in a list); seconds ("12:30:45") may not.
  for (const m of lower.matchAll(/(?<![\d:])([01]?\d|2[0-3])[:h.]([0-5]\d)(?!\d|:\d)(?!\s*[ap]\.?m)/g)) {
    found.add(+m[1]! * 60 + +m[2]!);
    // "3:30" without am/pm in a workday context is usually afternoon.
    if (+m[1]! >= 1 && +m[1]! <= 11) found.add((+m[1]! + 12) * 60 + +m[2]!);
  }
  for (const m of lower.matchAll(/\b(?:at|by|around|until|from|before|after)\s+(\d{1,2})(?![\d:.\p{L}])/gu)) {
    const hour = +m[1]!;
    if (hour > 24) continue;
    found.add((hour % 24) * 60);
    if (hour >= 1 && hour <= 11) found.add((hour + 12) * 60);
  }
  if (/\bnoon\b|\bmidday\b/.test(lower)) found.add(12 * 60);
  if (/\bmidnight\b/.test(lower)) found.add(0);
  if (/\bend of (?:the )?day\b|\beod\b/.test(lower)) found.add(17 * 60);
  return found;
}

/** "15:00" → minutes after midnight. */
export function parseClock(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h! * 60 + (m ?? 0);
}
