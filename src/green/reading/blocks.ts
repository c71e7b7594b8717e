import { normalise } from './normalise.js';

/**
 * A chat report read for its structure, whatever shape the assistant chose: a bullet with its
 * sub-bullets is one block, a table row knows its columns, a paragraph that carries several labels
 * ("[HIGH] … [LOW] …", "Urgent: … Can wait: …") is split at them, and every heading with what sits
 * under it is also a section — so an item written as a heading and its bullets is read as one
 * report. Items are matched per block or section, labels come from a block's own marker, its
 * column or its headings, and order is the block index.
 */

export interface Block {
  /** Position in the post (0-based; a section takes its heading's). */
  index: number;
  /** The block's lines as written. */
  raw: string;
  /** `raw`, normalised for matching. */
  norm: string;
  /** The headings in effect for this block, outermost first (a heading block includes itself). */
  headings: readonly string[];
  /** True when the block is (or starts with) a heading line. */
  isHeading: boolean;
  /** A table row: its cells by column name (lower case), when the table has a header. */
  cells?: Readonly<Record<string, string>>;
  /** A heading with everything under it: read as one report only when it is about one item. */
  section?: boolean;
}

const BULLET = /^\s*(?:[-*+•·◦‣▪►]\s+|\d+[.)]\s+|\|)/u;
const LIST_ITEM = /^(\s*)(?:[-*+•·◦‣▪►]|\d+[.)])\s+/u;
const HASH_HEADING = /^\s*(#{1,6})\s+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

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
  const words = stripLead(trimmed)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  if (words === 0 || words > 8) return null;
  if (BULLET.test(line) && !/:\s*(?:\*\*|__)?\s*$/.test(trimmed)) return null;
  if (/:\s*(?:\*\*|__)?\s*$/.test(trimmed)) return 7;
  // A bold line is a title, an emoji after it too ("**4:30 pm — ring the pharmacy** 📞").
  const bare = trimmed.replace(/^[-*+•]\s+/, '').replace(/[^\p{L}\p{N}*_)]+$/u, '');
  if (/^(\*\*|__)[^*_]+(\*\*|__)$/.test(bare)) return 8;
  return null;
}

/** A short plain line ("Can wait", "What needs you.") titles the list or paragraph that follows it. */
function isPlainTitle(block: Block): boolean {
  if (block.isHeading || block.raw.includes('\n') || BULLET.test(block.raw)) return false;
  const words = stripLead(block.raw).split(/\s+/).filter(Boolean).length;
  return words > 0 && words <= 5 && !/[,;!?]\s*$/.test(block.raw.trim());
}

function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Generic label markers a paragraph may carry several of: "[HIGH]", "Urgent:", "Low priority —", "🔴". */
const INLINE_LABEL =
  /(?:\[(?:high|medium|low|urgent)\]|(?<![\p{L}])(?:high|medium|low|urgent|critical)(?: priority| urgency)?\s*[:—–]|[🔴🟠🟡🟢🔵])/giu;

/** A paragraph carrying two or more labels, split before each; otherwise the paragraph itself. */
function splitAtLabels(raw: string, extra: readonly string[]): string[] {
  if (BULLET.test(raw) || raw.includes('\n')) return [raw];
  const words = extra.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  // A scenario's label word splits where it opens a sentence: "Total still owed: €4,900" is one.
  const custom = words === '' ? null : new RegExp(`(?<=^|[.!?;]\\s+)(?:${words})\\s*[:—–]`, 'giu');
  const starts = new Set<number>();
  for (const pattern of [INLINE_LABEL, ...(custom ? [custom] : [])]) {
    for (const m of raw.matchAll(new RegExp(pattern.source, pattern.flags))) starts.add(m.index);
  }
  const cuts = [...starts].filter((i) => i > 0).sort((a, b) => a - b);
  if (starts.size < 2) return [raw];
  const parts: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(raw.slice(from, cut).trim());
    from = cut;
  }
  parts.push(raw.slice(from).trim());
  return parts.filter(Boolean);
}

/**
 * Splits a report into blocks (and sections). `labelWords` are the scenario's label phrases, at
 * which a paragraph carrying several is split like at the built-in urgency markers.
 */
export function splitBlocks(text: string, labelWords: readonly string[] = []): Block[] {
  const blocks: Block[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let lines: string[] = [];
  let blockHeadings: string[] = [];
  let isHeading = false;
  let bulletIndent = -1;
  let columns: string[] | null = null;
  let cells: Record<string, string> | undefined;
  const push = (raw: string, heading: boolean): void => {
    blocks.push({
      index: blocks.length,
      raw,
      norm: normalise(raw),
      headings: blockHeadings,
      isHeading: heading,
      ...(cells ? { cells } : {}),
    });
  };
  const flush = (): void => {
    if (lines.length === 0) return;
    const raw = lines.join('\n');
    if (isHeading) push(raw, true);
    else for (const part of splitAtLabels(raw, labelWords)) push(part, false);
    lines = [];
    isHeading = false;
    bulletIndent = -1;
    cells = undefined;
  };
  const all = text.split(/\r?\n/);
  all.forEach((line, i) => {
    if (line.trim() === '') {
      flush();
      columns = null;
      return;
    }
    if (TABLE_ROW.test(line) || TABLE_SEPARATOR.test(line)) {
      flush();
      if (TABLE_SEPARATOR.test(line)) return;
      const next = all[i + 1] ?? '';
      if (columns === null && TABLE_SEPARATOR.test(next)) {
        columns = cellsOf(line).map((cell) => normalise(stripLead(cell)));
        return;
      }
      const row = cellsOf(line);
      cells =
        columns === null
          ? undefined
          : Object.fromEntries(row.map((cell, c) => [columns![c] ?? `${c}`, cell]));
      if (lines.length === 0) blockHeadings = stack.map((heading) => heading.text);
      lines.push(line);
      flush();
      return;
    }
    columns = null;
    const level = headingLevel(line);
    if (level !== null) {
      flush();
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text: line.trim() });
      blockHeadings = stack.map((heading) => heading.text);
      isHeading = true;
      lines.push(line);
      flush();
      return;
    }
    const item = LIST_ITEM.exec(line);
    if (item !== null) {
      const indent = item[1]!.replace(/\t/g, '  ').length;
      // A deeper bullet is part of the item above it: "- Karen" / "  - export by Friday".
      if (!(bulletIndent >= 0 && indent > bulletIndent)) {
        flush();
        promoteTitle(blocks, stack);
        bulletIndent = indent;
      }
    }
    if (lines.length === 0) {
      // "What needs you." on its own line titles the paragraph under it, as it would a list.
      if (item === null) promoteTitle(blocks, stack);
      blockHeadings = stack.map((heading) => heading.text);
    }
    lines.push(line);
  });
  flush();
  return blocks;
}

/** Makes the block just before a list its heading, when it is a plain title. */
function promoteTitle(blocks: Block[], stack: Array<{ level: number; text: string }>): void {
  const last = blocks[blocks.length - 1];
  if (!last || !isPlainTitle(last)) return;
  while (stack.length > 0 && stack[stack.length - 1]!.level >= 7) stack.pop();
  stack.push({ level: 7, text: last.raw.trim() });
  blocks[blocks.length - 1] = { ...last, isHeading: true, headings: stack.map((heading) => heading.text) };
}

/**
 * Every heading with what sits under it (until the next heading at its level or above), as one
 * block: "## 🔴 SEV1 — INC-4812" with its bullets "Service: …", "Paged: …".
 */
export function sectionsOf(blocks: readonly Block[]): Block[] {
  const sections: Block[] = [];
  blocks.forEach((block, at) => {
    if (!block.isHeading) return;
    const title = block.headings[block.headings.length - 1];
    const under: Block[] = [];
    for (const next of blocks.slice(at + 1)) {
      if (title === undefined || !next.headings.includes(title)) break;
      under.push(next);
    }
    if (under.length === 0) return;
    const raw = [block.raw, ...under.map((b) => b.raw)].join('\n');
    sections.push({ ...block, raw, norm: normalise(raw), section: true });
  });
  return sections;
}
