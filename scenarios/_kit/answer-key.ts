import type { z } from 'zod';
import type { deliverableItemSchema } from '../../src/green/checks/ground-truth.js';

export type DeliverableItemDef = z.input<typeof deliverableItemSchema>;

/**
 * A message the user's report should leave out (noise: newsletters, promos, phishing), known by
 * any of `words`. Reporting it costs exclusion points; a brief "left out: …" note does not.
 */
export function leftOut(
  channel: 'email' | 'sms',
  id: string,
  words: string[],
  /** The message's id, when the item's differs. */
  messageId = id,
): DeliverableItemDef {
  return {
    id,
    source: channel === 'email' ? { email: messageId } : { sms: messageId },
    exclude: true,
    cover: 1,
    facts: [{ text: words, key: true }],
  };
}
