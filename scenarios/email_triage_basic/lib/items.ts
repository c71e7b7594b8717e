import type { Urgency } from './ground-truth.js';
import { normalise } from './text.js';

/**
 * Splits a chat summary into items (one bullet, table row or paragraph each) and reads the urgency
 * label that applies to each: the item's own marker ("High:", "[urgent]", "🔴", "Priority: low")
 * or else the one of the nearest labelled heading above it.
 */

export interface SummaryItem {
  /** The item's lines as written. */
  raw: string;
  /** `raw`, normalised for matching. */
  norm: string;
  /** The label written in the item itself, if any. */
  ownLabel: Urgency | null;
  /** The label of the section the item is in, if any. */
  sectionLabel: Urgency | null;
}

/** The urgency the item was given: its own label, else its section's. */
export function itemLabel(item: SummaryItem): Urgency | null {
  return item.ownLabel ?? item.sectionLabel;
}

const LABEL_WORD = '(critical|urgent|high|medium|med|moderate|low)';
const WORD_TO_LABEL: Record<string, Urgency> = {
  critical: 'high',
  urgent: 'high',
  high: 'high',
  medium: 'medium',
  med: 'medium',
  moderate: 'medium',
  low: 'low',
};

const LABEL_PATTERNS: readonly RegExp[] = [
  // "Urgency: high", "Priority - Medium", "importance level: low"
  new RegExp(
    String.raw`\b(?:urgency|priority|importance)(?:\s+level)?\s*[:=\-–—]?\s*[\[(]?\s*${LABEL_WORD}\b`,
    'i',
  ),
  // "High priority", "low-urgency"
  new RegExp(String.raw`\b${LABEL_WORD}[\s-]*(?:priority|urgency|importance)\b`, 'i'),
  // "[HIGH]", "(low)"
  new RegExp(String.raw`[\[(【]\s*${LABEL_WORD}\s*[\])】]`, 'i'),
  // "| High |" in a table row
  new RegExp(String.raw`\|\s*${LABEL_WORD}\s*\|`, 'i'),
  // "High: …", "URGENT — …" at the start of the line (after bullets, emphasis and emoji)
  new RegExp(String.raw`^${LABEL_WORD}\b\s*(?:[:\-–—|]|$)`, 'i'),
];

const EMOJI_LABELS: readonly [RegExp, Urgency][] = [
  [/🔴|🚨|❗|‼|🟥|🔥/u, 'high'],
  [/🟠|🟡|⚠|🟧|🟨/u, 'medium'],
  [/🟢|🔵|⚪|🟩|🟦|ℹ/u, 'low'],
];

/** Strips list markers, emphasis, heading hashes and leading symbols/emoji from a line. */
function stripLead(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s*|[-*+•·◦‣>]\s+|\d+[.)]\s+)?/u, '')
    .replace(/[*_`~]+/g, '')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim();
}

/** The urgency a line states, or null. Word labels win over emoji. */
export function labelOf(line: string): Urgency | null {
  const candidates = [line, stripLead(line)];
  for (const pattern of LABEL_PATTERNS) {
    for (const candidate of candidates) {
      const word = pattern.exec(candidate)?.[1]?.toLowerCase();
      if (word !== undefined) return WORD_TO_LABEL[word] ?? null;
    }
  }
  for (const [pattern, label] of EMOJI_LABELS) if (pattern.test(line)) return label;
  return null;
}

const BULLET = /^\s*(?:[-*+•·◦‣]\s+|\d+[.)]\s+|\|)/u;
const HASH_HEADING = /^\s*(#{1,6})\s+/;
/** Sections of skipped mail reset the label ("Filtered out:", "## Noise"). */
const NON_URGENCY_SECTION = /filter|skipp|ignor|noise|spam|excluded|not included|other mail|low-value/i;

/**
 * Heading levels: 1–6 for Markdown hashes, then "Label:" lines, then whole-line bold titles, which
 * usually name one item ("**Karen Mitchell — dashboard export**") and so never end a section.
 */
const COLON_LEVEL = 7;
const BOLD_LEVEL = 8;

function headingLevel(line: string): number | null {
  const hashes = HASH_HEADING.exec(line)?.[1];
  if (hashes !== undefined) return hashes.length;
  const words = stripLead(line).split(/\s+/).filter(Boolean).length;
  const trimmed = line.trim();
  if (BULLET.test(line) && !/^\s*[-*+•]\s+\S.*:\s*$/.test(line)) return null;
  if (words === 0 || words > 6) return null;
  if (/:\s*$/.test(trimmed)) return COLON_LEVEL;
  if (labelOf(trimmed) !== null && stripLead(trimmed).split(/\s+/).length <= 3) return COLON_LEVEL;
  if (/^(\*\*|__).+(\*\*|__)$/.test(trimmed.replace(/^[-*+•]\s+/, ''))) return BOLD_LEVEL;
  return null;
}

/** Splits `text` into items and labels them. */
export function splitItems(text: string): SummaryItem[] {
  const items: SummaryItem[] = [];
  let lines: string[] = [];
  let section: { label: Urgency | null; level: number } = { label: null, level: 99 };
  let itemSection: Urgency | null = null;
  const flush = (): void => {
    if (lines.length === 0) return;
    const raw = lines.join('\n');
    items.push({ raw, norm: normalise(raw), ownLabel: labelOf(lines[0]!), sectionLabel: itemSection });
    lines = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const level = headingLevel(line);
    if (level !== null) {
      flush();
      const label = labelOf(line);
      if (label !== null) section = { label, level };
      else if (NON_URGENCY_SECTION.test(line) || level <= section.level) {
        section = { label: null, level: 99 };
      }
      // A heading is an item too ("### Karen Mitchell (HIGH)" followed by its text).
      itemSection = section.label;
      lines.push(line);
      continue;
    }
    if (BULLET.test(line)) flush();
    if (lines.length === 0) itemSection = section.label;
    lines.push(line);
  }
  flush();
  return items;
}

const QUIET =
  /\bquiet (?:hour|period|one|morning|afternoon)\b|\bnothing (?:important|urgent|new|significant|notable|substantive|noteworthy|that needs)|\bno (?:new )?(?:important|urgent|substantive|significant|notable|actionable|relevant) (?:new )?(?:e-?mails?|messages?|items?|mail|updates?)\b|\ball quiet\b|\bnothing to report\b|\bonly (?:spam|noise|newsletters|notifications)\b/i;

/** Whether the text reports a quiet hour (nothing important arrived). */
export function isQuietReport(text: string): boolean {
  return QUIET.test(normalise(text));
}
