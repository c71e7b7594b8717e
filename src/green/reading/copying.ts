import { normalise } from './normalise.js';

/**
 * Pasting is not summarising: whether a report block reproduces the message it reports. Two
 * signs, both on the message's words: a run of `runLength` consecutive words, or — with the
 * little words dropped, so a paste with its stopwords stripped is still a paste — most of the
 * message's content words in their order (or a long unbroken run of them). A summary restates a
 * few facts in its own order; short quotes pass.
 */

/** Function words: dropping them leaves the words that carry facts. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just let me more
  most my myself no nor not now of off on once only or other our ours ourselves out over own same
  she should so some such than that the their theirs them themselves then there these they this
  those through to too under until up very was we were what when where which while who whom why will
  with would you your yours yourself yourselves hi hello dear thanks thank regards best please also
  re fwd`.split(/\s+/),
);

/** Content words in the source, in order, that a block must reproduce to be a paste. */
export const PASTE_SHARE = 0.7;
/** Sources shorter than this (in content words) are short enough to quote. */
export const PASTE_MIN_WORDS = 15;
/**
 * Below this many content words a message is short: relaying it faithfully in the same words is
 * a summary ("Nkechi texted that her daycare closed, so she leaves at 10:30") unless nearly all of
 * it is copied in one run.
 */
export const SHORT_SOURCE_WORDS = 30;
export const SHORT_SOURCE_RUN_SHARE = 0.8;
/**
 * …or most of it in order with next to nothing of its own (a paste with its little words
 * stripped): a sentence whose content words are nearly all the source's.
 */
export const SHORT_SOURCE_SHARE = 0.6;
export const OWN_WORDS_SHARE = 0.85;
/**
 * A sentence with more little words than this share, or with nearly as many as its source has,
 * has kept its grammar: not a stripped paste. A notice dense with names and figures ("Your order
 * #44817 (nitrile gloves M and L, …) is delayed by a carrier issue") has few little words to
 * begin with; a report restating it in a sentence keeps them.
 */
export const STRIPPED_LITTLE_SHARE = 0.3;
export const KEPT_LITTLE_SHARE = 0.8;
/** An unbroken run of this many content words is a paste whatever the source's length. */
export const PASTE_RUN = 15;
/** Verbs that report what a message says, and how many words before "that" one may stand. */
const REPORTING_VERBS: ReadonlySet<string> = new Set(
  `says said say flagged flags reports reported warns warned notes noted writes wrote confirms
  confirmed reminds reminded alerts alerted mentions mentioned tells told informs informed
  explains explained adds added replied replies`.split(/\s+/),
);
const REPORTING_VERB_REACH = 5;
/** Words of the writer's own (not the source's, not figures) a reporting sentence needs before its clause. */
const REPORTING_OWN_WORDS = 2;

function words(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}]+(?:['.][\p{L}\p{N}]+)*/gu) ?? [];
}

export function contentWords(text: string): string[] {
  return words(text).filter((word) => !STOPWORDS.has(word));
}

/** Length of the longest common subsequence and of the longest common run of `a` and `b`. */
function overlap(a: readonly string[], b: readonly string[]): { inOrder: number; run: number } {
  let previous = new Array<number>(b.length + 1).fill(0);
  let previousRun = new Array<number>(b.length + 1).fill(0);
  let run = 0;
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    const currentRun = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        current[j] = previous[j - 1]! + 1;
        currentRun[j] = previousRun[j - 1]! + 1;
        if (currentRun[j]! > run) run = currentRun[j]!;
      } else current[j] = Math.max(previous[j]!, current[j - 1]!);
    }
    previous = current;
    previousRun = currentRun;
  }
  return { inOrder: previous[b.length]!, run };
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).filter((sentence) => sentence.trim() !== '');
}

export class SourceText {
  private readonly grams: Set<string>;
  private readonly content: string[];
  /** The share of the source's words that are little words: how much grammar it has. */
  private readonly littleShare: number;

  constructor(
    readonly text: string,
    readonly runLength: number,
  ) {
    const tokens = words(text);
    this.grams = new Set();
    for (let i = 0; i + runLength <= tokens.length; i++)
      this.grams.add(tokens.slice(i, i + runLength).join(' '));
    this.content = contentWords(text);
    this.littleShare = tokens.length > 0 ? (tokens.length - this.content.length) / tokens.length : 0;
  }

  /**
   * A sentence (or two) made of the source's words in its order and little else, its little words
   * stripped: "He says their bank details haven't changed, they never ask for Zelle…" keeps its
   * grammar and is reported speech, a relay in the writer's own sentence.
   */
  private strippedPaste(block: string): boolean {
    const parts = sentencesOf(block);
    const candidates = [...parts, ...parts.slice(1).map((part, i) => `${parts[i]} ${part}`)];
    return candidates.some((candidate) => {
      const all = words(candidate);
      const content = contentWords(candidate);
      const little = all.length > 0 ? (all.length - content.length) / all.length : 0;
      if (little > STRIPPED_LITTLE_SHARE || little >= KEPT_LITTLE_SHARE * this.littleShare) return false;
      const { inOrder } = overlap(content, this.content);
      return (
        inOrder >= SHORT_SOURCE_SHARE * this.content.length && inOrder >= OWN_WORDS_SHARE * content.length
      );
    });
  }

  /**
   * Whether the copied run starting at token `start` is the clause of the writer's own reporting
   * sentence: "Your invoicing tool Ledgerly flagged at 12:25 that invoice #1038 to Lumen Studio …
   * is now 16 days overdue" (G110, G136). A one-line notice has no other words to restate it in.
   * Only for short sources, only after "that" with a reporting verb just before it and words of the
   * writer's own in the sentence: "Ledgerly wrote: …" quotes, and a paste padded afterwards with
   * filler is still a paste.
   */
  private reportedClause(tokens: readonly string[], sentenceStart: number, start: number): boolean {
    if (this.content.length >= SHORT_SOURCE_WORDS || tokens[start - 1] !== 'that') return false;
    const frame = tokens.slice(sentenceStart, start - 1);
    const verbNear = frame.slice(-REPORTING_VERB_REACH).some((word) => REPORTING_VERBS.has(word));
    const sourceWords = new Set(this.content);
    const own = frame.filter((word) => !STOPWORDS.has(word) && !sourceWords.has(word) && !/\d/.test(word));
    return verbNear && new Set(own).size >= REPORTING_OWN_WORDS;
  }

  /** True when `block` pastes the source rather than summarising it. */
  copiedIn(block: string): boolean {
    // Each word with where its sentence starts: a reported clause is read within its sentence.
    const tokens: string[] = [];
    const sentenceStart: number[] = [];
    for (const sentence of sentencesOf(block)) {
      const start = tokens.length;
      for (const word of words(sentence)) {
        tokens.push(word);
        sentenceStart.push(start);
      }
    }
    const copiedAt = (i: number): boolean => this.grams.has(tokens.slice(i, i + this.runLength).join(' '));
    for (let i = 0; i + this.runLength <= tokens.length; i++) {
      if (!copiedAt(i)) continue;
      if (!this.reportedClause(tokens, sentenceStart[i]!, i)) return true;
      // The rest of this run is the same reported clause.
      while (i + 1 + this.runLength <= tokens.length && copiedAt(i + 1)) i++;
    }
    if (this.content.length === 0) return false;
    const { inOrder, run } = overlap(contentWords(block), this.content);
    if (run >= PASTE_RUN) return true;
    const n = this.content.length;
    if (n < PASTE_MIN_WORDS) return false;
    if (n < SHORT_SOURCE_WORDS) return run >= SHORT_SOURCE_RUN_SHARE * n || this.strippedPaste(block);
    return inOrder >= PASTE_SHARE * n;
  }
}

/** Lines set off as a quotation ("> …") and spans in quotation marks of five words or more. */
const QUOTED_LINE = /^\s*>.*$/gm;
/** A span between quotation marks on one line (words are counted apart: a nested quantifier backtracks). */
const QUOTED_SPAN = /["“«][^"“”«»\n]*["”»]/g;
const QUOTED_SPAN_WORDS = 5;
/** Own words a summary line needs besides the names, times and addresses any header carries. */
export const OWN_SUMMARY_WORDS = 5;

/** The block with its quotations taken out: what the writer said in their own words. */
export function outsideQuotes(block: string): string {
  return block
    .replace(QUOTED_LINE, ' ')
    .replace(QUOTED_SPAN, (span) => (span.trim().split(/\s+/).length >= QUOTED_SPAN_WORDS ? ' ' : span));
}

/**
 * Whether the block says what the message means in words of its own before or after quoting it
 * ("Luis confirmed: the new bank details are a scam" over his reply set off as a quote): a
 * summary with its evidence attached, not a paste. A header of names, times and subject words
 * ("From Luis Romero, 11:40, Re: Quote:") is not a summary.
 */
export function summarisesOutsideQuotes(block: string, source: string): boolean {
  const sourceWords = new Set(contentWords(source));
  const own = contentWords(outsideQuotes(block)).filter(
    (word) => !sourceWords.has(word) && !/\d/.test(word) && !word.includes('@'),
  );
  return new Set(own).size >= OWN_SUMMARY_WORDS;
}

/** The share of the block's content words that the source has (in any order); null when it has none. */
export function sourceWordShare(block: string, source: string): number | null {
  const words = contentWords(block);
  if (words.length === 0) return null;
  const known = new Set(contentWords(source));
  return words.filter((word) => known.has(word)).length / words.length;
}

/**
 * Whether the block is made of the source's words and hardly any of its own (OWN_WORDS_SHARE of its
 * content words are the source's, in any order): a shortened copy, even when too short to count as
 * a paste.
 */
export function inSourceWords(block: string, source: string): boolean {
  return (sourceWordShare(block, source) ?? 0) >= OWN_WORDS_SHARE;
}
