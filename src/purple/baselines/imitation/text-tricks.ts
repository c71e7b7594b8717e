/**
 * The fixed text tricks of the imitation strategies: ways to look like a summary, an answer or a
 * question without understanding anything. Each exists so the validity gate can prove that the
 * scoring gives it (nearly) nothing.
 */

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just let me more
  most my myself no nor not now of off on once only or other our ours ourselves out over own same
  she should so some such than that the their theirs them themselves then there these they this
  those through to too under until up very was we were what when where which while who whom why will
  with would you your yours yourself yourselves hi hello dear thanks thank regards best please also
  just quick note re fwd`.split(/\s+/),
);

/** The text with every stopword dropped: the words that carry facts, in their original order. */
export function dropStopwords(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== '' && !STOPWORDS.has(word.toLowerCase().replace(/[^\p{L}']/gu, '')))
    .join(' ');
}

/** One line: whitespace collapsed, cut at `max` characters. */
export function oneLine(text: string, max = 400): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

const DAY_MS = 86_400_000;
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
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Every date from `before` days ago to `after` days ahead, written the way people write them
 * ("Tuesday, September 22"): a hedge that contains any date a message could need.
 */
export function dateFlood(now: Date, before = 10, after = 100): string {
  const dates: string[] = [];
  for (let offset = -before; offset <= after; offset++) {
    const day = new Date(now.getTime() + offset * DAY_MS);
    dates.push(`${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`);
  }
  return dates.join('; ');
}

/** Every quarter hour of the day, "12:00 am" to "11:45 pm". */
export function quarterHours(): string {
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const hour = Math.floor(minutes / 60);
    const twelve = hour % 12 === 0 ? 12 : hour % 12;
    times.push(`${twelve}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`);
  }
  return times.join(', ');
}

/** Every money amount and plain figure written in `texts`, deduplicated, in order of appearance. */
export function figuresIn(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(
      /[$€£]\s?\d[\d,]*(?:\.\d+)?k?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|dollars|usd|eur|gbp)/gi,
    )) {
      seen.add(match[0].trim());
    }
  }
  return [...seen];
}

/**
 * One question that names every topic a task could leave open, so a user who answers by cue words
 * tells everything at once.
 */
export const CATCH_ALL_QUESTION =
  'Before I start, so I get everything right: who exactly, which one, which person, what day, what date, what time, ' +
  'where, which place, which restaurant or venue, how much, what budget, which option, any preferences, ' +
  'what they like, what to say, whether to send, book or confirm it, and anything else I should know? Please let me know.';

/** Flattens a list of lines into one paragraph: everything in a single block. */
export function oneParagraph(parts: readonly string[]): string {
  return parts.map((part) => oneLine(part, 10_000)).join('; ');
}
