import type { Block } from './blocks.js';
import { stripLead } from './blocks.js';
import { escapeRegExp, hasPhrase, normalise } from './normalise.js';

/**
 * Reading the label an assistant gave a reported item (urgency, priority, status…): from an
 * explicit marker in the item itself, else from a heading it sits under. Order is handled by the
 * deliverables check, which sees all items of a report.
 */

export interface LabelValue {
  value: string;
  /** Words and phrases (or emoji) that express this value. */
  words: readonly string[];
}

/** Urgency, the most common label; scenarios may give their own vocabulary. */
export const URGENCY_LABELS: readonly LabelValue[] = [
  {
    value: 'high',
    words: [
      'high',
      'urgent',
      'critical',
      'asap',
      'immediate',
      'needs you now',
      'act now',
      'action required',
      'top priority',
      'higher priority',
      'p0',
      'p1',
      '🔴',
      '🚨',
      '‼️',
      '❗',
    ],
  },
  {
    value: 'medium',
    words: [
      'medium',
      'moderate',
      'normal',
      'today',
      'soon',
      'this week',
      'when you can',
      'p2',
      '🟠',
      '🟡',
      '⚠️',
    ],
  },
  {
    value: 'low',
    words: [
      'low',
      'can wait',
      'fyi',
      'no rush',
      'whenever',
      'later',
      'not urgent',
      'low priority',
      'lower priority',
      'less urgent',
      'for your information',
      'p3',
      '🟢',
      '🔵',
      'ℹ️',
    ],
  },
];

function isEmoji(word: string): boolean {
  return !/[\p{L}\p{N}]/u.test(word);
}

/** Negated or comparative uses must not read as a label ("not urgent" is low, not high). */
function explicitPatterns(word: string): RegExp[] {
  const w = escapeRegExp(normalise(word));
  const unit = `(?:priority|urgency|importance)`;
  return [
    // "CRITICAL (deadline: end of day today) — …": an aside between the label and its dash.
    new RegExp(
      `^${w}(?![\\p{L}\\p{N}])\\s*(?:${unit})?\\s*(?:\\([^()]{0,80}\\)\\s*)?(?:[:\\-–—|)\\],]|$)`,
      'u',
    ),
    new RegExp(`[\\[(【]\\s*${w}\\s*(?:${unit})?\\s*[\\])】]`, 'u'),
    new RegExp(`\\b${unit}(?:\\s+level)?\\s*[:=\\-–—]?\\s*[\\[(]?\\s*${w}(?![\\p{L}\\p{N}])`, 'u'),
    new RegExp(`(?<![\\p{L}\\p{N}])${w}[\\s-]*${unit}\\b`, 'u'),
    new RegExp(`\\|\\s*${w}\\s*\\|`, 'u'),
  ];
}

const patternCache = new Map<string, RegExp[]>();

function patternsFor(word: string): RegExp[] {
  let patterns = patternCache.get(word);
  if (!patterns) {
    patterns = explicitPatterns(word);
    patternCache.set(word, patterns);
  }
  return patterns;
}

/** Longer phrases first, so "not urgent" wins over "urgent" and "low priority" over "low". */
function byLength(values: readonly LabelValue[]): Array<{ value: string; word: string }> {
  return values
    .flatMap((value) => value.words.map((word) => ({ value: value.value, word })))
    .sort((a, b) => b.word.length - a.word.length);
}

/** The label written in a line in a label position, or null. */
export function explicitLabel(line: string, values: readonly LabelValue[]): string | null {
  const candidates = [normalise(line), normalise(stripLead(line))];
  for (const { value, word } of byLength(values)) {
    if (isEmoji(word)) {
      if (line.includes(word)) return value;
      continue;
    }
    for (const pattern of patternsFor(word)) {
      if (candidates.some((candidate) => pattern.test(candidate))) return value;
    }
  }
  return null;
}

/** The label a heading expresses: any label phrase in it (headings are short). */
/** "Noon report, most urgent first", "in order of priority": a heading that tells the order labels nothing. */
const ORDER_NOTE =
  /\b(?:most (?:urgent|important|pressing)(?: (?:ones?|items?|things?))? (?:first|on top|at the top)|(?:in|by) order of (?:urgency|priority|importance)|(?:sorted|ordered|ranked) by (?:urgency|priority|importance)|(?:urgent|important) (?:ones |items |things )?first|highest priority first)\b/;

export function headingLabel(heading: string, values: readonly LabelValue[]): string | null {
  const norm = normalise(heading);
  if (ORDER_NOTE.test(norm)) return null;
  for (const { value, word } of byLength(values)) {
    if (isEmoji(word) ? heading.includes(word) : hasPhrase(norm, word)) return value;
  }
  return null;
}

export type LabelSource = 'explicit' | 'heading';

/** Columns a table gives its labels in. */
const LABEL_COLUMN =
  /\b(?:priority|urgency|label|level|importance|status|severity|category|bucket|tier|flag)\b/;
/** Columns whose words are values, never labels ("| today |" under When). */
const VALUE_COLUMN = /\b(?:when|date|due|time|deadline|day|by)\b/;

/** A table row's label: from its label column when it has one, else a cell that is only a label. */
function cellLabel(
  cells: Readonly<Record<string, string>>,
  values: readonly LabelValue[],
): string | null | undefined {
  const columns = Object.keys(cells);
  const labelColumn = columns.find((column) => LABEL_COLUMN.test(column));
  if (labelColumn !== undefined)
    return explicitLabel(cells[labelColumn]!, values) ?? headingLabel(cells[labelColumn]!, values);
  for (const column of columns) {
    if (VALUE_COLUMN.test(column)) continue;
    const own = explicitLabel(cells[column]!, values);
    if (own !== null && normalise(stripLead(cells[column]!)).split(/\s+/).length <= 3) return own;
  }
  return undefined;
}

/**
 * A scenario's own label words written anywhere in the item ("#1038 — €3,150 — due 1 Feb, overdue"):
 * the label when the item names exactly one of them. The built-in urgency words are too common
 * ("today", "soon") to read this way.
 */
function inlineLabel(block: Block, values: readonly LabelValue[]): string | null {
  if (values === URGENCY_LABELS) return null;
  // An aside is no status: "€800 left (€1,000 paid today)" is still open.
  const norm = (
    block.isHeading ? normalise(block.raw.split(/\r?\n/).slice(1).join(' ')) : block.norm
  ).replace(/\([^()]*\)/g, ' ');
  const found = new Set<string>();
  for (const { value, word } of byLength(values)) {
    if (isEmoji(word) ? block.raw.includes(word) : hasPhrase(norm, word)) found.add(value);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** The label a block carries, and where it was read. */
export function blockLabel(
  block: Block,
  values: readonly LabelValue[],
  sources: readonly LabelSource[],
): { label: string; source: LabelSource } | null {
  const firstLine = block.raw.split(/\r?\n/)[0] ?? '';
  if (sources.includes('explicit')) {
    const fromCells = block.cells === undefined ? undefined : cellLabel(block.cells, values);
    if (fromCells !== undefined && fromCells !== null) return { label: fromCells, source: 'explicit' };
    if (fromCells === undefined) {
      const own = block.cells === undefined ? explicitLabel(firstLine, values) : null;
      if (own !== null) return { label: own, source: 'explicit' };
      const inline = inlineLabel(block, values);
      if (inline !== null) return { label: inline, source: 'explicit' };
    }
  }
  if (sources.includes('heading')) {
    for (let i = block.headings.length - 1; i >= 0; i--) {
      const label = headingLabel(block.headings[i]!, values);
      if (label !== null) return { label, source: 'heading' };
    }
  }
  return null;
}
