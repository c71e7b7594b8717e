/**
 * Honest rewrites of an assistant's text: the same facts in another shape — nested bullets, a
 * table, prose, capital headings, polite padding, a one-line dismissal of the noise — or values in
 * another form (24-hour or 12-hour clocks, "Thu 17 Sep", "tomorrow (Thu)", ISO dates). A reader that
 * understands the text scores every rewrite as it scores the original.
 */

interface Line {
  kind: 'heading' | 'bullet' | 'text' | 'blank';
  /** The line without its marker. */
  text: string;
  raw: string;
}

const BULLET = /^\s*(?:[-*+•·◦‣▪►]|\d+[.)])\s+/u;

function isHeading(line: string): boolean {
  const trimmed = line.trim();
  if (/^#{1,6}\s+/.test(trimmed)) return true;
  if (/^(\*\*|__)[^*_]+(\*\*|__):?$/.test(trimmed)) return true;
  const words = trimmed.split(/\s+/).length;
  return words <= 6 && /:$/.test(trimmed) && !BULLET.test(line);
}

function headingText(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s+/, '')
    .replace(/^(\*\*|__)|(\*\*|__)(:?)$/g, '$3')
    .replace(/:$/, '')
    .trim();
}

function lines(text: string): Line[] {
  return text.split('\n').map((raw): Line => {
    if (raw.trim() === '') return { kind: 'blank', text: '', raw };
    if (isHeading(raw)) return { kind: 'heading', text: headingText(raw), raw };
    if (BULLET.test(raw)) return { kind: 'bullet', text: raw.replace(BULLET, '').trim(), raw };
    return { kind: 'text', text: raw.trim(), raw };
  });
}

/** "who — what; more" → ["who", "what", "more"]: the parts an item's line is made of. */
function parts(item: string): string[] {
  const split = item
    .split(/\s+[—–]\s+|;\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return split.length > 0 ? split : [item];
}

const endSentence = (text: string): string => (/[.!?)]$/.test(text) ? text : `${text}.`);

/** Each item a parent bullet, its parts sub-bullets; headings kept; paragraphs become bullets. */
export function asNestedBullets(text: string): string {
  const out: string[] = [];
  for (const line of lines(text)) {
    if (line.kind === 'blank') out.push('');
    else if (line.kind === 'heading') out.push(`**${line.text}**`);
    else {
      const [first, ...rest] = parts(line.text);
      out.push(`- ${first}`);
      for (const part of rest) out.push(`  - ${part}`);
    }
  }
  return out.join('\n');
}

/** Each section's items as the rows of a table (first part | the rest); other lines kept. */
export function asTable(text: string): string {
  const out: string[] = [];
  let inTable = false;
  for (const line of lines(text)) {
    if (line.kind === 'bullet') {
      if (!inTable) out.push('| Item | Details |', '| --- | --- |');
      inTable = true;
      const [first, ...rest] = parts(line.text);
      out.push(`| ${first!.replace(/\|/g, '/')} | ${rest.join('; ').replace(/\|/g, '/') || '—'} |`);
      continue;
    }
    if (inTable && line.kind !== 'blank') out.push('');
    inTable = false;
    out.push(line.kind === 'heading' ? `**${line.text}**` : line.raw);
  }
  return out.join('\n');
}

/** Each section one paragraph: its heading as the lead, its items as sentences. */
export function asProse(text: string): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    if (current.length > 0) paragraphs.push(current.join(' '));
    current = [];
  };
  for (const line of lines(text)) {
    if (line.kind === 'blank') continue;
    if (line.kind === 'heading') {
      flush();
      current.push(`${line.text}:`);
    } else if (line.kind === 'text' && current.length > 0 && !/^[A-Z][^:]{0,40}:$/.test(current[0]!)) {
      flush();
      current.push(endSentence(line.text));
    } else current.push(endSentence(line.text));
  }
  flush();
  return paragraphs.join('\n\n');
}

/** Headings in capitals; a post without one gets a short capital title. */
export function withCapitalHeadings(text: string): string {
  const all = lines(text);
  if (!all.some((line) => line.kind === 'heading')) return `LATEST STATUS UPDATE\n\n${text}`;
  return all.map((line) => (line.kind === 'heading' ? `## ${line.text.toUpperCase()}` : line.raw)).join('\n');
}

/** A one-line dismissal of what was left out, by category, after the report. */
export function withNoiseDismissal(text: string): string {
  return `${text}\n\nEverything else (newsletters, promotions, receipts, shipping and account notifications) needs nothing from you.`;
}

/** A friendly opening and closing around the message, without adding any fact. */
export function withPoliteness(text: string, kind: 'chat' | 'email' | 'sms'): string {
  if (kind === 'chat')
    return `Hi! Here's the latest.\n\n${text}\n\nLet me know if you'd like me to do anything else. Thanks!`;
  if (kind === 'sms') return `${text} Thanks so much!`;
  const all = text.split('\n');
  const greeting = all.findIndex((line) =>
    /^(?:hi|hello|dear|hey|good (?:morning|afternoon|evening))\b/i.test(line.trim()),
  );
  const body =
    greeting >= 0
      ? [...all.slice(0, greeting + 1), '', 'I hope you are well.', ...all.slice(greeting + 1)]
      : ['I hope you are well.', '', ...all];
  const closing = body.findLastIndex((line) =>
    /^(?:best|thanks|thank you|kind regards|regards|cheers|many thanks|sincerely)\b/i.test(line.trim()),
  );
  if (closing >= 0) body.splice(closing, 0, 'Thank you so much for your help.', '');
  else body.push('', 'Thank you so much for your help.');
  return body.join('\n');
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

function clock24(hour: number, minute: number): string {
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

function to24(hourText: string, minuteText: string | undefined, meridiem: string): [number, number] | null {
  const hour = Number(hourText);
  if (hour < 1 || hour > 12) return null;
  return [(hour % 12) + (/^p/i.test(meridiem) ? 12 : 0), minuteText ? Number(minuteText) : 0];
}

/** "3pm", "3:30 p.m.", "3–4pm" → "15:00", "15:30", "15:00–16:00". */
export function as24HourClock(text: string): string {
  const ranged = text.replace(
    /\b(\d{1,2})(?:[:.](\d{2}))?\s*([-–—]|to)\s*(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?m\.?(?![\p{L}])/giu,
    (
      whole,
      h1: string,
      m1: string | undefined,
      join: string,
      h2: string,
      m2: string | undefined,
      ap: string,
    ) => {
      const end = to24(h2, m2, ap);
      let start = to24(h1, m1, ap);
      if (!start || !end) return whole;
      // "11–1pm": the start is the morning when it would otherwise come after the end.
      if (start[0] * 60 + start[1] > end[0] * 60 + end[1]) start = [start[0] - 12, start[1]];
      return `${clock24(...start)}${join === 'to' ? ' to ' : '–'}${clock24(...end)}`;
    },
  );
  return ranged.replace(
    /\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?m\.?(?![\p{L}])/giu,
    (whole, h: string, m: string | undefined, ap: string) => {
      const value = to24(h, m, ap);
      return value ? clock24(...value) : whole;
    },
  );
}

/** "15:00", "09:30" → "3pm", "9:30am" (clocks with am/pm already are kept). */
export function as12HourClock(text: string): string {
  return text.replace(
    /(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?!\s*[ap]\.?m)/giu,
    (whole: string, h: string, m: string) => {
      const hour = Number(h);
      // "5:30" with no leading zero is a 12-hour time already ("today's 5:30 pickup" is 5:30pm):
      // only a 24-hour time ("08:00", "17:30") is rewritten.
      if (hour >= 1 && hour <= 12 && h.length === 1) return whole;
      const suffix = hour >= 12 ? 'pm' : 'am';
      const twelve = hour % 12 === 0 ? 12 : hour % 12;
      return m === '00' ? `${twelve}${suffix}` : `${twelve}:${m}${suffix}`;
    },
  );
}
