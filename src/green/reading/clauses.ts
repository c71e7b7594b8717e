/**
 * What a text does with a value it writes: asserts it, negates it ("not 2:15pm", "I won't make
 * 12:30"), names it as the old one ("moved from 14:00", "instead of Friday", "was 2:30pm"), makes it
 * a condition ("if you can do $1,850") or asks about it ("would Thursday work?"). A reader who
 * counts words cannot tell "1:15pm, not 2:15pm" from "2:15pm"; these can.
 *
 * Sentences split at end punctuation and line breaks; clauses at commas, dashes, brackets and
 * "but". A negation reaches forward within its clause; an old-value cue reaches the next value.
 */

/** `whole`: the total a part is taken from ("€1,000 of the €1,800"): named, not claimed as the value. */
export type Polarity = 'asserted' | 'negated' | 'old' | 'conditional' | 'question' | 'whole';

export interface Sentence {
  start: number;
  end: number;
  text: string;
}

const ABBREVIATION =
  /(?:\b(?:a\.m|p\.m|e\.g|i\.e|st|dr|mr|mrs|ms|vs|etc|approx|no|inc|ltd|jr|sr|ave|rd)|\b[a-z])\.$/i;

/** Sentences of `text` with their offsets: at ".!?" before a new sentence, at ";" and at line breaks. */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (end: number): void => {
    const raw = text.slice(start, end);
    // Whitespace between sentences stays with the next one, so the sentences put together are the text.
    if (raw.trim() === '') return;
    out.push({ start, end, text: raw });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      push(i + 1);
      continue;
    }
    if (ch === ';') {
      push(i + 1);
      continue;
    }
    if (ch === '.' || ch === '!' || ch === '?') {
      const next = text[i + 1];
      if (next !== undefined && next !== ' ' && next !== '\n' && next !== ')' && next !== '"') continue;
      if (ch === '.' && ABBREVIATION.test(text.slice(Math.max(0, i - 6), i + 1))) continue;
      push(i + 1);
    }
  }
  push(text.length);
  return out;
}

function sentenceAt(all: readonly Sentence[], index: number): Sentence {
  return all.find((s) => index >= s.start && index < s.end) ?? { start: 0, end: 0, text: '' };
}

/**
 * Where the clause holding `index` starts within its sentence (after a comma, dash, bracket, "but"):
 * a closed aside ends its clause too — "from 14:00 (not 3pm) to 16:00" does not negate 16:00.
 */
function clauseStart(sentence: Sentence, index: number, text: string): number {
  const before = text.slice(sentence.start, index);
  let cut = 0;
  for (const m of before.matchAll(/[,:()[\]]|\s[—–-]\s|\bbut\b|\bwhile\b|\bwhereas\b|\band\s+(?=not\b)/gi)) {
    cut = m.index! + m[0].length;
  }
  return sentence.start + cut;
}

/** Where the clause holding `end` ends within its sentence. */
function clauseEnd(sentence: Sentence, end: number, text: string): number {
  const after = text.slice(end, sentence.end);
  const m = /[,;:)\]]|\s[—–-]\s|\bbut\b/i.exec(after);
  return m === null ? sentence.end : end + m.index;
}

/**
 * "no later than", "not before 10", "don't forget the 3pm", "not due until 20 January": a negation
 * that bounds or keeps the value.
 */
const NEGATION_KEEPS =
  /\b(?:no|not|never|nothing|don't|do not)\s+(?:later|earlier|sooner|before|after|until|till|past|beyond|more than|less than|forget|miss|only|just|start(?:ing)? before|end(?:ing)? after)\b|\b(?:not|no|never|isn't|aren't|wasn't|weren't|won't|can't|cannot|doesn't|don't|didn't)\s+(?:[a-z']+\s+){0,2}(?:until|till)\b/;

const NEGATION =
  /\b(?:not|no longer|never|neither|nor|cannot|can't|won't|wouldn't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|haven't|hasn't|unable to|no)\b|n't\b/g;

/** After the value, in its clause: "2:15pm doesn't work", "Friday is off", "Monday fell through". */
const NEGATED_AFTER =
  /^[^.!?\n]{0,40}?\b(?:(?:does|do|did|will|would|can|could|is|are|was)(?:n't| not) (?:work|suit|fit|do|happen|go ahead|possible|available|an option|going ahead)|(?:is|was|has been|got) (?:off|out|cancelled|canceled|called off|dropped|gone|no longer|not (?:possible|available|an option))|fell through|falls through|won't work|no longer works|(?:is|are|was) (?:above|over|beyond|outside|more than) (?:it|that|the|our|your|his|her|their|budget|limit|cap)|(?:is|was|are) too (?:high|much|expensive|late|early))\b/;

/** Immediately before the value: it is the old one. */
const OLD_BEFORE =
  /\b(?:instead of|rather than|in place of|replacing|replaces|previously|originally|formerly|used to be|was(?: at| on| set for| booked for)?|were|old(?: time| date| slot| price| figure)?(?: of| was| is)?|no longer(?: at| on)?|not(?!(?:\s+[\p{L}'-]+){0,2}\s+(?:until|till)\b)(?: at| on)? [^,.;]{0,0})\s*(?:the\s+|an?\s+)?(?:[\p{L}'-]+\s+){0,2}$/iu;

/** Just before a figure, a part of it: "€1,000 of the €1,800", "3 out of 5". */
const WHOLE_BEFORE =
  /\d[\d,.]*[kmb]?\s*(?:[\p{L}]+\s+)?(?:out\s+)?of\s+(?:the\s+|their\s+|your\s+|his\s+|her\s+)?(?:(?:full|total|original|whole|invoiced)\s+)?(?:[$£€¥]\s?)?$/iu;

const MOVE_VERB =
  /\b(?:mov(?:e|ed|ing)|chang(?:e|ed|ing)|reschedul(?:e|ed|ing)|push(?:ed|ing)?|shift(?:ed|ing)?|brought forward|bring(?:ing)? forward|delay(?:ed|ing)?|postpon(?:e|ed|ing)|bump(?:ed|ing)?|swap(?:ped|ping)?|switch(?:ed|ing)?|updat(?:e|ed|ing)|correct(?:ed|ing)?|revis(?:e|ed|ing))\b/i;

const CONDITION =
  /\b(?:if|unless|provided(?: that)?|as long as|as soon as|in case|whether|assuming|should you|once)\b/i;
const PROPOSAL =
  /\b(?:could you|can you|would you|will you|are you able to|how about|what about|would .{0,40}\b(?:work|suit|do)\b|does .{0,40}\b(?:work|suit)\b|is .{0,30}\b(?:ok|okay|possible|fine)\b\s*\?)/i;

/** Just before a value, a margin kept from it: "well clear of 5pm", "short of 30 minutes" name no time of the plan. */
const CLEAR_OF = /\b(?:clear of|short of)\s*(?:the\s+)?$/;

function negatedBefore(clause: string): boolean {
  const lower = clause.toLowerCase();
  if (CLEAR_OF.test(lower)) return true;
  if (NEGATION_KEEPS.test(lower)) return false;
  const words = lower.trim().split(/\s+/);
  // A negation reaches a value within a few words ("not 2:15pm", "I won't make it at 12:30").
  const near = words.slice(-7).join(' ');
  NEGATION.lastIndex = 0;
  return NEGATION.test(near);
}

function oldBefore(beforeInSentence: string, clause: string): boolean {
  if (OLD_BEFORE.test(clause)) return true;
  // "moved from 14:00 to 15:30", "moved it to 15:30 (from 14:00)": the value a move starts from is
  // the old one — "now from 15:30 to 16:30" is a range.
  const from = /\bfrom\s+(?:the\s+)?(?:[\p{L}'-]+\s+){0,2}$/iu.exec(beforeInSentence);
  if (from === null) return false;
  const lead = beforeInSentence.slice(0, from.index);
  return (
    MOVE_VERB.test(lead.split(/\s+/).slice(-8).join(' ')) &&
    !/\b(?:now|is|are|will be|runs?|from)\s*$/i.test(lead)
  );
}

/** What follows the last colon (and a space) of a sentence's lead-in: its own clause. */
function afterColon(lead: string): string {
  const colon = lead.lastIndexOf(': ');
  return colon === -1 ? lead : lead.slice(colon + 2);
}

/** The old value of "X → Y", "X -> Y", "~~X~~". */
function arrowOld(text: string, end: number, start: number): boolean {
  if (/^\s*(?:→|->|=>|⇒)/.test(text.slice(end, end + 6))) return true;
  return (
    /~~[^~]*$/.test(text.slice(Math.max(0, start - 40), start)) && /^[^~]*~~/.test(text.slice(end, end + 40))
  );
}

/**
 * The polarity of the value written at [start, end) of `text` — `all` is `sentences(text)`, passed
 * when many values of one text are read.
 */
export function polarityAt(
  text: string,
  start: number,
  end: number,
  all: readonly Sentence[] = sentences(text),
): Polarity {
  const sentence = sentenceAt(all, start);
  const from = clauseStart(sentence, start, text);
  const clause = text.slice(from, start);
  const beforeInSentence = text.slice(sentence.start, start);
  if (arrowOld(text, end, start) || oldBefore(beforeInSentence, clause)) return 'old';
  if (WHOLE_BEFORE.test(beforeInSentence)) return 'whole';
  const after = text.slice(end, clauseEnd(sentence, end, text));
  if (negatedBefore(clause) || NEGATED_AFTER.test(after.toLowerCase())) return 'negated';
  // A colon opens a clause of its own: "in case it didn't come through: attached is the certificate".
  if (CONDITION.test(afterColon(beforeInSentence)) || CONDITION.test(clause)) return 'conditional';
  const trimmed = sentence.text.trim();
  if (trimmed.endsWith('?')) return PROPOSAL.test(trimmed) ? 'conditional' : 'question';
  if (PROPOSAL.test(beforeInSentence) && /\?/.test(text.slice(end, sentence.end + 1))) return 'conditional';
  return 'asserted';
}

/** Whether a clause holding a cue at [start, end) is conditional, negated or a question (not asserted). */
export function clauseIsAsserted(
  text: string,
  start: number,
  end: number,
  all: readonly Sentence[] = sentences(text),
): boolean {
  const sentence = sentenceAt(all, start);
  const whole = sentence.text.trim();
  if (whole.endsWith('?')) return false;
  if (
    CONDITION.test(afterColon(text.slice(sentence.start, start))) ||
    CONDITION.test(text.slice(start, sentence.end))
  )
    return false;
  // "We'd like to go ahead, but our budget is $2,000": an acceptance qualified is not given.
  if (/^[^.!?]*?(?:,\s*|\s[—–-]\s*)(?:but|only if|except)\b/i.test(text.slice(end, sentence.end)))
    return false;
  const clause = text.slice(clauseStart(sentence, start, text), start);
  if (negatedBefore(clause)) return false;
  return !/\b(?:so(?: that)?\s+(?:i|we)\s+can|in order to|before (?:i|we)|until (?:i|we|you))\s*$/i.test(
    clause,
  );
}
