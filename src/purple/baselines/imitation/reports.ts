import type { Contact } from '../../../ues/client/index.js';
import type { NewItem } from '../gaming/new-items.js';
import { dropStopwords, oneLine, oneParagraph } from './text-tricks.js';
import { identifiersOf } from './world-view.js';

/**
 * The chat reports of the imitation strategies: every new item, stopwords dropped, in a shape that
 * looks like triage — under a "filtered" heading, as one paragraph, or with keyword urgency labels.
 */

export type ReportStyle = 'digest' | 'blob' | 'labelled';

const HIGH =
  /\b(?:urgent|asap|today|tonight|tomorrow|deadline|overdue|immediately|due|now|cancel\w*|final)\b/i;
const LOW = /\b(?:newsletter|unsubscribe|sale|off|promo\w*|digest|webinar|deal|offer)\b/i;

function senderName(item: NewItem, contacts: readonly Contact[]): string {
  const from = item.from.toLowerCase();
  const contact = contacts.find((c) => identifiersOf(c).some((value) => value.toLowerCase() === from));
  return contact?.resolved_display_name ?? item.from;
}

function stripped(item: NewItem, contacts: readonly Contact[]): string {
  const subject = 'subject' in item ? `${item.subject} ` : '';
  return `${senderName(item, contacts)}: ${oneLine(dropStopwords(`${subject}${item.body}`), 600)}`;
}

function urgency(item: NewItem): 'High' | 'Medium' | 'Low' {
  const text = `${'subject' in item ? item.subject : ''} ${item.body}`;
  if (LOW.test(text)) return 'Low';
  return HIGH.test(text) ? 'High' : 'Medium';
}

const RANK = { High: 0, Medium: 1, Low: 2 } as const;

export function renderReport(
  style: ReportStyle,
  items: readonly NewItem[],
  contacts: readonly Contact[],
  extra: readonly string[],
): string {
  const lines = items.map((item) => stripped(item, contacts));
  if (style === 'blob') {
    return `Everything that came in, most important first: ${oneParagraph([...lines, ...extra]) || 'nothing new'}.`;
  }
  if (style === 'digest') {
    const bullets = [...lines, ...extra].map((line) => `- ${line}`);
    return `Filtered digest:\n${bullets.join('\n') || '- nothing new'}`;
  }
  const labelled = items
    .map((item, index) => ({ label: urgency(item), line: lines[index]! }))
    .sort((a, b) => RANK[a.label] - RANK[b.label]);
  const bullets = [
    ...labelled.map((entry) => `- [${entry.label}] ${entry.line}`),
    ...extra.map((line) => `- ${line}`),
  ];
  return `Summary by urgency:\n${bullets.join('\n') || '- nothing new'}`;
}
