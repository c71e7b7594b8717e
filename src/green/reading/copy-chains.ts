import { STOPWORDS } from './copying.js';

/**
 * Finding the words a message copies from other texts, for reading/relaying.ts. A copy need not be
 * an exact run: one that drops the little words, puts a filler every few words, or swaps a word
 * here and there is still the source's words in the source's order. Tokens are folded so invisible
 * characters, accents and look-alike letters do not break a copy into pieces nobody would read as
 * different words.
 */

/** Letters and digits, with the invisible and combining characters someone may hide inside a word. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}\p{Cf}]*/gu;

/** Cyrillic and Greek letters drawn like Latin ones: "о" in "review" still reads "review". */
const LOOK_ALIKE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v',
  ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
}; // prettier-ignore

function fold(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toLowerCase()
    .replace(/./gu, (letter) => LOOK_ALIKE[letter] ?? letter);
}

/**
 * Little words: a copy may drop or swap them freely, so a chain is anchored and measured on the
 * others.
 */
const LITTLE: ReadonlySet<string> = new Set([...STOPWORDS, 's', 't', 'd', 'll', 've', 'm']);

export interface Token {
  word: string;
  start: number;
  end: number;
  content: boolean;
}

export function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((match) => {
    const word = fold(match[0]);
    return { word, start: match.index, end: match.index + match[0].length, content: !LITTLE.has(word) };
  });
}

/**
 * How far apart two copied words may be: the copy may add, drop or replace up to two words between
 * them on either side (a filler, a synonym)…
 */
const STEP = 3;
/** …or drop up to five little words of the source ("move review Karen" for "move my review with Karen"). */
const LITTLE_STEP = 6;
/** A chain this sparse in the source's content words is a shared vocabulary, not a copy. */
export const DENSITY = 0.6;

/** A source text, with the character ranges of it that the user dictated for someone else. */
export interface SourceInput {
  text: string;
  dictated?: ReadonlyArray<readonly [number, number]>;
  /** The source (its own words) tells the assistant what to do: read its copies by `relayed`. */
  addressed?: boolean;
}

/** A copied stretch: message tokens [mFrom, mTo] from source tokens [sFrom, sTo]. */
interface Copy {
  source: number;
  mFrom: number;
  mTo: number;
  sFrom: number;
  sTo: number;
}

/** How a copy reads, for deciding whether it relays someone else's words. */
export interface CopyContext {
  /** The source's words the copy covers, without what the user dictated. */
  sourceSpan: string;
  /** The copied stretch opens an errand in the source: a sentence start, or after "please" / "can you". */
  errandOpening: boolean;
  /** The copy opens a sentence of the message. */
  messageSentenceStart: boolean;
  /** The copied stretch is what the source asks someone to do: right after "ask Oliver", "get Dana". */
  afterErrandFor: boolean;
}

export interface CopyReading {
  /** Of the copies, only those this says relay someone else's words (default: all). */
  relayed?: (copy: CopyContext) => boolean;
  /**
   * Only copies of a source that take at least this share of its words: a message restated back
   * whole, not the line of terms a confirmation quotes from a quote (default 0: any copy).
   */
  minSourceShare?: number;
  /** Only copies of sources that are not addressed to the assistant (those are read by `relayed`). */
  unaddressedOnly?: boolean;
}

interface Source {
  text: string;
  toks: Array<Token & { dictated: boolean }>;
  /** Token positions by word. */
  at: Map<string, number[]>;
  /** Tokens that count for the share (not dictated). */
  own: number;
  addressed: boolean;
}

function sentenceStart(text: string, at: number): boolean {
  const before = text.slice(0, at).replace(/[\s"'“‘([*>•-]+$/u, '');
  return before === '' || /[.!?:;\n]$/.test(before) || /\n\s*$/.test(text.slice(0, at));
}

const ERRAND_CUE = /(?:\bplease|\b(?:can|could|would|will)\s+you)\s*$/i;
/**
 * "… ask Oliver": the errand for a named person starts here (at the name or after it). Not "tell":
 * what follows "tell Karen" is dictated for her; not "have" or "get", which as often say what the
 * user has ("I have Maria coming at 3pm …").
 */
const ERRAND_FOR = /\b[Aa]sk(?:\s+[A-Z][\p{L}'’-]*)?\s*$/u;

/**
 * Chains of matched words in order, each ending on a content word with at least `run` words and
 * `DENSITY` of the source stretch's content words.
 */
function chainCopies(m: readonly Token[], s: Source, source: number, run: number): Copy[] {
  interface Cell {
    len: number;
    content: number;
    i0: number;
    j0: number;
  }
  const cells = new Map<number, Cell>();
  const key = (i: number, j: number) => i * s.toks.length + j;
  const contentIn = (from: number, to: number) => s.toks.slice(from, to + 1).filter((t) => t.content).length;
  const littleBetween = (from: number, to: number) => s.toks.slice(from + 1, to).every((t) => !t.content);
  const out: Copy[] = [];
  for (let i = 0; i < m.length; i++) {
    const c = m[i]!.content ? 1 : 0;
    for (const j of s.at.get(m[i]!.word) ?? []) {
      // A chain starts on a content word.
      let best: Cell | null = c ? { len: 1, content: 1, i0: i, j0: j } : null;
      for (let di = 1; di <= STEP && i - di >= 0; di++) {
        for (let dj = 1; dj <= LITTLE_STEP && j - dj >= 0; dj++) {
          if (dj > STEP && (di > 1 || !littleBetween(j - dj, j))) continue;
          const prev = cells.get(key(i - di, j - dj));
          if (prev !== undefined && prev.len + 1 > (best?.len ?? 0))
            best = { len: prev.len + 1, content: prev.content + c, i0: prev.i0, j0: prev.j0 };
        }
      }
      if (best === null) continue;
      cells.set(key(i, j), best);
      if (c && best.len >= run && best.content >= DENSITY * contentIn(best.j0, j)) {
        // The little words copied right before the chain belong to it ("Can you move …").
        let { i0, j0 } = best;
        while (i0 > 0 && j0 > 0 && m[i0 - 1]!.word === s.toks[j0 - 1]!.word) {
          i0--;
          j0--;
        }
        out.push({ source, mFrom: i0, mTo: i, sFrom: j0, sTo: j });
      }
    }
  }
  return out;
}

/** A filler phrase is two to four words long. */
const FILLER_MIN = 2;
const FILLER_MAX = 4;

/**
 * Words a copy may carry without breaking: a short aside in brackets with no figure in it ("(so to
 * speak)") and a phrase of two to four words said three times or more that no source says (a
 * filler put in every few words). Chains are found over the other words; a copy's stretch keeps
 * them.
 */
function transparent(text: string, toks: readonly Token[], said: () => ReadonlySet<string>): boolean[] {
  const skip = toks.map(() => false);
  for (const aside of text.matchAll(/\(([^()\d\n]{1,40})\)/g)) {
    const from = aside.index;
    const to = from + aside[0].length;
    const inside = toks.filter((t) => t.start > from && t.end < to);
    if (inside.length > 0 && inside.length <= 4)
      toks.forEach((t, i) => (skip[i] ||= t.start > from && t.end < to));
  }
  const words = toks.map((t) => t.word);
  for (let n = FILLER_MAX; n >= FILLER_MIN; n--) {
    const seen = new Map<string, number[]>();
    for (const [gram, start] of grams(words, n)) seen.set(gram, [...(seen.get(gram) ?? []), start]);
    for (const [gram, starts] of seen) {
      if (starts.length < 3 || said().has(gram)) continue;
      for (const start of starts) skip.fill(true, start, start + n);
    }
  }
  return skip;
}

/** Each `n`-word phrase of `words` with where it starts. */
function grams(words: readonly string[], n: number): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (let i = 0; i + n <= words.length; i++) out.push([words.slice(i, i + n).join(' '), i]);
  return out;
}

/** The chains over the message's words that carry something, mapped back to all its words. */
function chainsThrough(
  toks: readonly Token[],
  skip: readonly boolean[],
  s: Source,
  index: number,
  run: number,
): Copy[] {
  if (!skip.includes(true)) return chainCopies(toks, s, index, run);
  const kept = toks.flatMap((_, i) => (skip[i] ? [] : [i]));
  return chainCopies(
    kept.map((i) => toks[i]!),
    s,
    index,
    run,
  ).map((c) => ({ ...c, mFrom: kept[c.mFrom]!, mTo: kept[c.mTo]! }));
}

/** The texts a message may copy from, to find its copies of any of them. */
export class CopySources {
  private readonly sources: Source[];
  private saidCache: Set<string> | undefined;

  constructor(
    sources: readonly SourceInput[],
    private readonly run: number,
  ) {
    this.sources = sources.map(({ text, dictated = [], addressed = false }) => {
      const toks = tokens(text).map((t) => ({
        ...t,
        dictated: dictated.some(([from, to]) => t.start >= from && t.end <= to),
      }));
      const at = new Map<string, number[]>();
      toks.forEach((t, j) => at.set(t.word, [...(at.get(t.word) ?? []), j]));
      return { text, toks, at, own: toks.filter((t) => !t.dictated).length, addressed };
    });
  }

  /** The two- to four-word phrases the sources say (a phrase they say is no filler). */
  private get said(): Set<string> {
    this.saidCache ??= new Set(
      this.sources.flatMap((s) => {
        const words = s.toks.map((t) => t.word);
        const phrases: string[] = [];
        for (let n = FILLER_MIN; n <= FILLER_MAX; n++) phrases.push(...grams(words, n).map(([gram]) => gram));
        return phrases;
      }),
    );
    return this.saidCache;
  }

  private transparentIn(text: string, toks: readonly Token[]): boolean[] {
    return transparent(text, toks, () => this.said);
  }

  get empty(): boolean {
    return this.sources.every((s) => s.toks.length < this.run);
  }

  /** Share of source `index`'s own words covered by these copies. */
  private share(copies: readonly Copy[], index: number): number {
    const toks = this.sources[index]!.toks;
    const covered = new Set<number>();
    for (const c of copies)
      if (c.source === index) for (let j = c.sFrom; j <= c.sTo; j++) if (!toks[j]!.dictated) covered.add(j);
    // A name in a greeting is no copy of a two-word cue ("Tell Karen …" → "Hi Karen, …").
    if (covered.size < 4) return 0;
    return covered.size / Math.max(1, this.sources[index]!.own);
  }

  /** Which of the text's tokens are copied (as `reading` selects the copies), and whether any is. */
  copiedMask(text: string, reading: CopyReading = {}): { toks: Token[]; mask: boolean[]; any: boolean } {
    const toks = tokens(text);
    const skip = this.transparentIn(text, toks);
    const copies = this.sources.flatMap((s, index) => chainsThrough(toks, skip, s, index, this.run));
    const minShare = reading.minSourceShare ?? 0;
    const kept = copies.filter((c) => {
      const s = this.sources[c.source]!;
      if (minShare > 0 && this.share(copies, c.source) < minShare) return false;
      if (reading.unaddressedOnly && s.addressed) return false;
      if (reading.relayed === undefined) return true;
      const from = s.toks[c.sFrom]!.start;
      return reading.relayed({
        sourceSpan: s.toks
          .slice(c.sFrom, c.sTo + 1)
          .filter((t) => !t.dictated)
          .map((t) => s.text.slice(t.start, t.end))
          .join(' '),
        errandOpening: sentenceStart(s.text, from) || ERRAND_CUE.test(s.text.slice(0, from)),
        messageSentenceStart: sentenceStart(text, toks[c.mFrom]!.start),
        afterErrandFor: ERRAND_FOR.test(s.text.slice(0, from)),
      });
    });
    const mask = new Array<boolean>(toks.length).fill(false);
    for (const c of kept) mask.fill(true, c.mFrom, c.mTo + 1);
    return { toks, mask, any: kept.length > 0 };
  }

  /** `text` with the copies `reading` selects replaced by a line break. */
  withoutCopies(text: string, reading: CopyReading = {}): string {
    if (this.empty) return text;
    const { toks, mask } = this.copiedMask(text, reading);
    return cut(text, toks, mask);
  }

  /**
   * Which tokens copy at least `share` of a source of at least `minWords` words in one chain: a
   * short message (an answer) restated whole.
   */
  wholeCopies(text: string, share: number, minWords: number): boolean[] {
    const toks = tokens(text);
    const skip = this.transparentIn(text, toks);
    const mask = new Array<boolean>(toks.length).fill(false);
    this.sources.forEach((s, index) => {
      if (s.own < minWords) return;
      const run = Math.max(3, Math.ceil(share * s.own));
      for (const c of chainsThrough(toks, skip, s, index, run)) mask.fill(true, c.mFrom, c.mTo + 1);
    });
    return mask;
  }
}

/** `text` with each stretch of masked tokens replaced by a line break. */
export function cut(text: string, toks: readonly Token[], mask: readonly boolean[]): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < toks.length; i++) {
    if (!mask[i]) continue;
    let last = i;
    while (last + 1 < toks.length && mask[last + 1]) last++;
    out += `${text.slice(from, toks[i]!.start)}\n`;
    from = toks[last]!.end;
    i = last;
  }
  return out + text.slice(from);
}
