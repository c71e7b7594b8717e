import type { Email } from '../../../src/ues/client/index.js';
import type { TurnScript } from '../../support/scenario-runs.js';

/**
 * Simple assistants of the kind a benchmark must not reward: a ~20-line keyword script (senders
 * and subjects, urgency by keywords) and the same script padded with body text and a fixed
 * continuity phrase. Each call returns fresh state (a new script per assessment).
 */

type Ues = Parameters<TurnScript>[1];

const NOISE =
  /noreply|newsletter|digest|notification|deals|prize|seo|crypto|luxury|pharma|calendar-notification|linkedin|engineering-weekly/i;

function keywordUrgency(email: Email): 'HIGH' | 'MEDIUM' | 'LOW' {
  const text = `${email.subject} ${email.body_text}`.toLowerCase();
  if (/urgent|asap|alert|escalat|unacceptable|immediately|critical/.test(text)) return 'HIGH';
  if (/deadline|by friday|review|timeline|budget/.test(text)) return 'MEDIUM';
  return 'LOW';
}

const senderName = (email: Email): string => email.from_address.split('@')[0]!.replace(/[._]/g, ' ');

function newMail(): (ues: Ues) => Promise<Email[]> {
  const seen = new Set<string>();
  return async (ues) => {
    const fresh = (await ues.queryEmails({})).filter((e) => !seen.has(e.message_id) && e.folder === 'inbox');
    for (const email of fresh) seen.add(email.message_id);
    return fresh.filter((email) => !NOISE.test(email.from_address));
  };
}

const RANK = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;

export function keywordScript(): TurnScript {
  const fetch = newMail();
  return async (_turn, ues) => {
    const lines = (await fetch(ues))
      .map((email) => ({ urgency: keywordUrgency(email), email }))
      .sort((a, b) => RANK[a.urgency] - RANK[b.urgency])
      .map(({ urgency, email }) => `- [${urgency}] ${senderName(email)}: ${email.subject}`);
    await ues.sendChatMessage(lines.length > 0 ? lines.join('\n') : 'Quiet hour.');
  };
}

export function paddedKeywordScript(): TurnScript {
  const fetch = newMail();
  return async (_turn, ues) => {
    const lines = (await fetch(ues)).map(
      (email) =>
        `- [${keywordUrgency(email)}] ${senderName(email)}: ${email.subject} — ${email.body_text.replace(/\s+/g, ' ').slice(0, 200)} (follow-up to earlier)`,
    );
    await ues.sendChatMessage(lines.length > 0 ? lines.join('\n') : 'Quiet hour.');
  };
}
