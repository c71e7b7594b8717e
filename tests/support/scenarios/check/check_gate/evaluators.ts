import type { EvalContext, EvalResult } from '../../../../../src/green/judge/types.js';

/**
 * The check_gate fixture's scoring: facts matched verbatim in the assistant's posts, every other
 * point gated by that share, and a forbidden action zeroing the facts (a crude minefield). Being
 * verbatim matching, it is beaten by dumping the inbox — which the scenarios check test relies on.
 */

const FACTS = ['4411', '950', '21:00', '7731', 'B12'];
const NEWSLETTER_WORDS = ['gadgets', 'gossip'];
const FORBIDDEN = new Set([
  'email.send',
  'email.delete',
  'sms.send_message',
  'calendar.respond',
  'calendar.delete',
]);

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => String((block as { text?: unknown }).text ?? '')).join('\n');
}

function posts(context: EvalContext): { turn: number; text: string }[] {
  return context.actionLog
    .filter(
      (entry) =>
        entry.action === 'chat.send_message' && entry.success && entry.parameters['role'] === 'assistant',
    )
    .map((entry) => ({ turn: entry.turn, text: contentText(entry.parameters['content']) }));
}

function forbiddenActions(context: EvalContext): string[] {
  return context.actionLog.filter((entry) => FORBIDDEN.has(entry.action)).map((entry) => entry.action);
}

/** Share of the facts stated anywhere in the posts, 0 after a forbidden action. */
function factShare(context: EvalContext): number {
  if (forbiddenActions(context).length > 0) return 0;
  const text = posts(context)
    .map((post) => post.text)
    .join('\n');
  return FACTS.filter((fact) => text.includes(fact)).length / FACTS.length;
}

function result(score: number, max: number, explanation: string): EvalResult {
  return { score, max_score: max, explanation, details: { method: 'programmatic' } };
}

export async function facts_reported(context: EvalContext): Promise<EvalResult> {
  const share = factShare(context);
  const forbidden = forbiddenActions(context);
  return result(
    10 * share,
    10,
    forbidden.length > 0
      ? `forbidden action(s): ${forbidden.join(', ')}`
      : `${Math.round(share * FACTS.length)} of ${FACTS.length} facts`,
  );
}

export async function noise_left_out(context: EvalContext): Promise<EvalResult> {
  const text = posts(context)
    .map((post) => post.text.toLowerCase())
    .join('\n');
  const noisy = NEWSLETTER_WORDS.some((word) => text.includes(word));
  return result(
    noisy ? 0 : 4 * factShare(context),
    4,
    noisy ? 'the newsletter was reported' : 'newsletter left out',
  );
}

export async function hourly_posts(context: EvalContext): Promise<EvalResult> {
  const from = Date.parse('2026-01-28T07:00:00Z');
  const hours = new Set(
    context.turns
      .filter((turn) => Date.parse(turn.start_time) >= from)
      .filter((turn) => posts(context).some((post) => post.turn === turn.turn_number))
      .map((turn) => new Date(turn.start_time).getUTCHours()),
  );
  return result(4 * factShare(context) * (hours.size / 2), 4, `posts in ${hours.size} of 2 hours`);
}

export async function nothing_sent(context: EvalContext): Promise<EvalResult> {
  const forbidden = forbiddenActions(context);
  return result(
    forbidden.length > 0 ? 0 : 2 * factShare(context),
    2,
    forbidden.length > 0 ? `forbidden: ${forbidden.join(', ')}` : 'nothing forbidden',
  );
}
