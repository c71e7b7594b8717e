import { normalise } from './normalise.js';

/**
 * A chat report split into blocks — one bullet, table row or paragraph each — with the headings
 * each block sits under. Items are matched per block (so one item's facts cannot be credited with
 * another's), labels are read from a block's own first line or its headings, and order is the
 * block index.
 */

export interface Block {
  /** Position in the post (0-based). */
  index: number;
  /** The block's lines as written. */
  raw: string;
  /** `raw`, normalised for matching. */
  norm: string;
  /** The headings in effect for this block, outermost first (a heading block includes itself). */
  headings: readonly string[];
  /** True when the block is (or starts with) a heading line. */
  isHeading: boolean;
}

const BULLET = /^\s*(?:[-*+•·◦‣▪►]\s+|\d+[.)]\s+|\|)/u;
const HASH_HEADING = /^\s*(#{1,6})\s+/;

/** Strips list markers, emphasis, heading hashes and leading symbols/emoji from a line. */
export function stripLead(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s*|[-*+•·◦‣▪►>]\s+|\d+[.)]\s+)?/u, '')
    .replace(/[*_`~]+/g, '')
    .replace(/^[^\p{L}\p{N}[(]+/u, '')
    .trim();
}

/**
 * Heading levels: 1–6 for Markdown hashes, 7 for short "Title:" lines, 8 for whole-line bold
 * titles. A lower number is an outer heading. Long lines are never headings.
 */
export function headingLevel(line: string): number | null {
  const hashes = HASH_HEADING.exec(line)?.[1];
  if (hashes !== undefined) return hashes.length;
  const trimmed = line.trim();
  const words = stripLead(trimmed).split(/\s+/).filter(Boolean).length;
  if (words === 0 || words > 8) return null;
  if (BULLET.test(line) && !/:\s*(?:\*\*|__)?\s*$/.test(trimmed)) return null;
  if (/:\s*(?:\*\*|__)?\s*$/.test(trimmed)) return 7;
  if (/^(\*\*|__)[^*_]+(\*\*|__)$/.test(trimmed.replace(/^[-*+•]\s+/, ''))) return 8;
  return null;
}

/** A short plain line without sentence punctuation ("Can wait") titles the list that follows it. */
function isPlainTitle(block: Block): boolean {
  if (block.isHeading || block.raw.includes('\n') || BULLET.test(block.raw)) return false;
  const words = stripLead(block.raw).split(/\s+/).filter(Boolean).length;
  return words > 0 && words <= 5 && !/[.!?;,]\s*$/.test(block.raw.trim());
}

/** Makes the block just before a list its heading, when it is a plain title. */
function promoteTitle(blocks: Block[], stack: Array<{ level: number; text: string }>): void {
  const last = blocks[blocks.length - 1];
  if (!last || !isPlainTitle(last)) return;
  while (stack.length > 0 && stack[stack.length - 1]!.level >= 7) stack.pop();
  stack.push({ level: 7, text: last.raw.trim() });
  blocks[blocks.length - 1] = { ...last, isHeading: true, headings: stack.map((heading) => heading.text) };
}

/** Splits a report into blocks. */
export function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let lines: string[] = [];
  let blockHeadings: string[] = [];
  let isHeading = false;
  const flush = (): void => {
    if (lines.length === 0) return;
    const raw = lines.join('\n');
    blocks.push({ index: blocks.length, raw, norm: normalise(raw), headings: blockHeadings, isHeading });
    lines = [];
    isHeading = false;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const level = headingLevel(line);
    if (level !== null) {
      flush();
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text: line.trim() });
      blockHeadings = stack.map((heading) => heading.text);
      isHeading = true;
      lines.push(line);
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      promoteTitle(blocks, stack);
    }
    if (lines.length === 0) blockHeadings = stack.map((heading) => heading.text);
    lines.push(line);
  }
  flush();
  return blocks;
}

/**
 * Phrases that say a block reports what was left out rather than reporting it — omission verbs
 * only: "no action needed" or "can wait" describe a reported item, not an omitted one.
 */
const LEFT_OUT =
  /\b(?:left out|leaving out|skipp(?:ed|ing)|ignor(?:ed|ing)|filtered out|not included|not reported|omitted|excluded|didn't include|did not include|also arrived)\b/;

/** A block or heading that opens with an exclusion label: "Noise: …", "Spam —", "Skipped:". */
const LEFT_OUT_LABEL =
  /^(?:[^\p{L}]*)(?:noise|spam|junk|promos?|promotions|low[- ]value|skipped|ignored|left out|filtered out|not reported)\b\s*(?:\(.*?\))?\s*(?:[:—–-]|$)/u;

/** An urgency or priority marker: a labelled block is a report. */
const LABELLED =
  /^[^\p{L}]*(?:\[?(?:high|medium|low|urgent)\]|(?:high|medium|low|urgent)\s*(?:priority|urgency)?\s*[:—–-])/u;

function leftOutText(norm: string): boolean {
  return LEFT_OUT.test(norm) || LEFT_OUT_LABEL.test(norm);
}

/**
 * Whether a block is a brief "left out: …" note: short, and an exclusion cue in the block itself or
 * in the heading it sits under when that heading is itself an exclusion ("Left out:", "Noise").
 * A note reports nothing: naming a skipped item in it is not reporting it, and naming a required
 * item in it is not reporting that either — a block is a report or a note, never both.
 */
export function isLeftOutNote(block: Block, maxChars: number): boolean {
  if (block.raw.length > maxChars || LABELLED.test(block.norm)) return false;
  if (leftOutText(block.norm)) return true;
  const nearest = block.headings[block.headings.length - 1];
  if (nearest === undefined || (block.isHeading && block.headings.length === 1)) return false;
  const heading = normalise(stripLead(nearest));
  return heading.split(/\s+/).length <= 6 && leftOutText(heading);
}
