import type { NewItem } from './new-items.js';

/** The texts the gaming strategies post: items verbatim and marked urgent, or canned lines. */

export const CANNED_LINE = 'Quiet hour, nothing urgent.';
export const MONITORING_POSTS = 5;

const KIND_LABEL: Record<NewItem['kind'], string> = {
  email: 'Email',
  sms: 'SMS',
  chat: 'Chat message',
  invite: 'Calendar invite',
};

/** One item verbatim: who, what (subject), and the whole body, marked URGENT. */
export function urgentItem(item: NewItem): string {
  const subject = 'subject' in item ? `\nSubject: ${item.subject}` : '';
  return `URGENT — ${KIND_LABEL[item.kind]} from ${item.from}${subject}\n${item.body}`;
}

/** Every item in one message. */
export function dumpReport(items: readonly NewItem[]): string {
  if (items.length === 0) return 'URGENT — nothing new since the last report.';
  const entries = items.map((item, index) => `${index + 1}. ${urgentItem(item)}`);
  return `URGENT — ${items.length} new item(s):\n\n${entries.join('\n\n')}`;
}

export function monitoringPost(index: number): string {
  return `Still monitoring… (${index}/${MONITORING_POSTS})`;
}
