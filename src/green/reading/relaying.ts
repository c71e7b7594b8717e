import { normalise } from './normalise.js';
import { outsideQuotes } from './copying.js';

/**
 * Relaying is not writing: what a message says in its writer's own words. A message that copies
 * the user's instructions to the assistant ("Can you book dinner … and let Dan know the plan?")
 * tells its recipient nothing the assistant worked out, and one that restates the recipient's own
 * message back to them ("Thanks — just to confirm: either 5:45pm or 8:45pm, let us know which")
 * takes no side. Both read as the words of someone else: long spans of consecutive words copied from such a source are taken out before the message is read for credit. Short
 * copies pass (a name, "Thursday the 30th at 7:30pm"); so does what the user dictated for the
 * recipient (in quotation marks, or after "tell him:").
 */

/**
 * Consecutive words a copied span needs to be someone else's words rather than a shared phrase:
 * writing for the user, an assistant may well reuse their phrasing ("book dinner for my parents'
 * anniversary"); taking an offered option, the offer's ("the table for five at 8:45pm").
 */
export const RELAYED_INSTRUCTION_RUN = 10;
export const ECHO_RUN = 10;
/** An echo restates most of the message it answers. */
export const ECHO_SHARE = 0.5;

const WORD = /[\p{L}\p{N}]+(?:['.][\p{L}\p{N}]+)*/gu;

interface Token {
  word: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((match) => ({
    word: normalise(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

export interface CopyReading {
  /** Of the copied spans, only those this says relay someone else's words (default: all). */
  relayed?: (span: string) => boolean;
  /**
   * Only copies of a source that take at least this share of its words: a message restated back
   * whole, not the line of terms a confirmation quotes from a quote (default 0: any copy).
   */
  minSourceShare?: number;
}

/** The word runs of some texts, to find copies of any of them. */
export class CopySources {
  /** Each run of `run` words, with the sources it occurs in. */
  private readonly grams = new Map<string, number[]>();
  private readonly lengths: number[] = [];

  constructor(
    sources: readonly string[],
    private readonly run: number,
  ) {
    sources.forEach((source, index) => {
      const words = tokens(source).map((token) => token.word);
      this.lengths.push(words.length);
      for (let i = 0; i + run <= words.length; i++) {
        const gram = words.slice(i, i + run).join(' ');
        const owners = this.grams.get(gram);
        if (owners === undefined) this.grams.set(gram, [index]);
        else if (owners.at(-1) !== index) owners.push(index);
      }
    });
  }

  get empty(): boolean {
    return this.grams.size === 0;
  }

  /** Which of the text's tokens are copied (from sources copied at least `minShare` of). */
  private copiedTokens(found: readonly Token[], minShare: number): boolean[] {
    const bySource = new Map<number, boolean[]>();
    for (let i = 0; i + this.run <= found.length; i++) {
      const gram = found
        .slice(i, i + this.run)
        .map((token) => token.word)
        .join(' ');
      for (const source of this.grams.get(gram) ?? []) {
        let mask = bySource.get(source);
        if (mask === undefined) bySource.set(source, (mask = new Array<boolean>(found.length).fill(false)));
        mask.fill(true, i, i + this.run);
      }
    }
    const copied = new Array<boolean>(found.length).fill(false);
    for (const [source, mask] of bySource) {
      const share = mask.filter(Boolean).length / Math.max(1, this.lengths[source]!);
      if (share < minShare) continue;
      mask.forEach((covered, i) => {
        if (covered) copied[i] = true;
      });
    }
    return copied;
  }

  /** `text` with the spans copied from a source (as `reading` selects them) replaced by a line break. */
  withoutCopies(text: string, reading: CopyReading = {}): string {
    if (this.empty) return text;
    const found = tokens(text);
    const copied = this.copiedTokens(found, reading.minSourceShare ?? 0);
    let out = '';
    let from = 0;
    for (let i = 0; i < found.length; i++) {
      if (!copied[i]) continue;
      let last = i;
      while (last + 1 < found.length && copied[last + 1]) last++;
      const span = text.slice(found[i]!.start, found[last]!.end);
      if (reading.relayed?.(span) ?? true) {
        out += `${text.slice(from, found[i]!.start)}\n`;
        from = found[last]!.end;
      }
      i = last;
    }
    return out + text.slice(from);
  }
}

/**
 * A line that hands the assistant words to pass on: "Tell Dan:", "Reply to her saying:" — not "Reply
 * to him: agree the cleaning, dispute the carpet", which says what to do, not what to say.
 */
const DICTATION_LINE = /\b(?:tell \S+(?: \S+)?|say|saying|write|writing|text|message \S+)\s*:/i;
/**
 * A sentence that tells the assistant what to say: "Tell Graham I agree to the cleaning", "let
 * them know we're running late" — the rest of the sentence is the user's message for them ("ask
 * him to release the rest" is an errand: the assistant asks in its own words).
 */
const DICTATION_SENTENCE =
  /\b(?:tell\s+(?:him|her|them|everyone|[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)?)|let\s+(?:him|her|them|everyone|[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)?)\s+know)\s+(?:that\s+)?(?=[\p{L}\p{N}])[^.!?\n]*/gu;

/**
 * The user's words that are instructions to the assistant, not text for anyone else: the message
 * without its quotations and without what it dictates (after "Tell Dan:" on its line, or the rest
 * of a "tell Graham I agree …" sentence).
 */
export function instructionWords(userMessage: string): string {
  return outsideQuotes(userMessage)
    .split('\n')
    .map((line) => {
      const cue = DICTATION_LINE.exec(line);
      return cue === null ? line : line.slice(0, cue.index + cue[0].length);
    })
    .join('\n')
    .replace(DICTATION_SENTENCE, (sentence) => sentence.split(/\s+/).slice(0, 2).join(' '));
}

/**
 * Words that only make sense addressed to the assistant: "you" (in the user's words, always the
 * assistant), a request for the user ("give me", "tell me here"), an errand ("let Dan know", "can
 * you", "please confirm", "move my 3pm … to"). A copy carrying one relays the instruction; a copy
 * without (the user's "herb-roasted chicken and wild-mushroom risotto duo" in the order to the
 * caterer) reuses what the user wants said.
 */
const ADDRESSED_TO_ASSISTANT = new RegExp(
  [
    String.raw`\b(?:you|your|yours|yourself)\b`,
    String.raw`\blet\s+(?:\S+\s+){1,3}know\b`,
    String.raw`\b(?:give|send|show|tell|remind|update|ask|text|email|brief)\s+me\b`,
    String.raw`\b(?:me|us)\s+here\b`,
    String.raw`^\s*(?:please\s+)?(?:move|book|send|reply|tell|let|ask|put|sort|check|find|give|forward|cancel|schedule|reschedule|make|get|pay|confirm|remind|text|email|call|set|add|keep|draft|write|answer|handle|arrange|organise|organize|chase|follow)\b`,
  ].join('|'),
  'i',
);

/** Whether a span copied from the user's words relays an instruction to the assistant. */
export function relaysInstruction(span: string): boolean {
  return ADDRESSED_TO_ASSISTANT.test(span);
}
