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
    new RegExp(`^${w}(?![\\p{L}\\p{N}])\\s*(?:${unit})?\\s*(?:[:\\-–—|)\\]]|$)`, 'u'),
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
export function headingLabel(heading: string, values: readonly LabelValue[]): string | null {
  const norm = normalise(heading);
  for (const { value, word } of byLength(values)) {
    if (isEmoji(word) ? heading.includes(word) : hasPhrase(norm, word)) return value;
  }
  return null;
}

export type LabelSource = 'explicit' | 'heading';

/** The label a block carries, and where it was read. */
export function blockLabel(
  block: Block,
  values: readonly LabelValue[],
  sources: readonly LabelSource[],
): { label: string; source: LabelSource } | null {
  const firstLine = block.raw.split(/\r?\n/)[0] ?? '';
  if (sources.includes('explicit')) {
    const own = explicitLabel(firstLine, values);
    if (own !== null) return { label: own, source: 'explicit' };
  }
  if (sources.includes('heading')) {
    for (let i = block.headings.length - 1; i >= 0; i--) {
      const label = headingLabel(block.headings[i]!, values);
      if (label !== null) return { label, source: 'heading' };
    }
  }
  return null;
}
