import { parseDuration } from '../../protocol/index.js';
import type { Arrivals } from './arrivals.js';
import { heardFromMs, type HeardFromContext } from './heard-from.js';
import type { Moment, TimeWindow } from './spec.js';

/**
 * Windows that hang on what happened: "after the studio confirmed", "before every director said
 * yes", "before the restaurant confirmed in writing", "after the user answered". A clock time stands in for none of these — the same order sent
 * three minutes before the user's answer is a guess whatever the clock says.
 */

/** What a moment is read from: the scripted arrivals and the run's final state (for triggered messages and chat). */
export interface MomentContext extends HeardFromContext {
  arrivals?: Arrivals | undefined;
  scenario: { start_time: string };
}

function arrivalOf(ctx: MomentContext, id: string): number | undefined {
  const scripted = ctx.arrivals?.get(`email:${id}`) ?? ctx.arrivals?.get(`sms:${id}`);
  // A scripted message scheduled for later has arrived only if the run reached that time.
  const now = Date.parse(ctx.finalState.time.current_time);
  if (scripted !== undefined) return scripted <= now ? scripted : undefined;
  const email = ctx.finalState.email.emails[id];
  if (email) return Date.parse(email.received_at ?? email.sent_at ?? '');
  const sms = ctx.finalState.sms.messages[id];
  return sms ? Date.parse(sms.sent_at) : undefined;
}

/** When the user first wrote in chat after the assistant's first post. */
function userReplied(ctx: MomentContext): number | undefined {
  const messages = [...ctx.finalState.chat.messages].sort(
    (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp),
  );
  const firstPost = messages.findIndex((message) => message.role === 'assistant');
  if (firstPost === -1) return undefined;
  // By position, not by clock: the user's request, posted at the same simulated second as the
  // assistant's first post, is no answer to it (the sort keeps posts of one second in order).
  const reply = messages.slice(firstPost + 1).find((message) => message.role === 'user');
  return reply === undefined ? undefined : Date.parse(reply.timestamp);
}

/** The moment in ms, or undefined when it never came in this run. */
export function momentMs(ctx: MomentContext, moment: Moment): number | undefined {
  let ms: number | undefined;
  if ('arrived' in moment) {
    const times = moment.arrived.map((id) => arrivalOf(ctx, id));
    const known = times.filter((t): t is number => t !== undefined && Number.isFinite(t));
    if (moment.of === 'all') ms = known.length === times.length ? Math.max(...known) : undefined;
    else ms = known.length > 0 ? Math.min(...known) : undefined;
  } else if ('heard_from' in moment) {
    ms = heardFromMs(ctx, moment.heard_from, moment.asserting);
  } else {
    ms = userReplied(ctx);
  }
  return ms === undefined ? undefined : ms + (moment.slack ? parseDuration(moment.slack) : 0);
}

/** Whether `ms` is past a due time or moment (a due moment that never came is never missed). */
export function pastDue(ms: number, due: TimeWindow['before'] | undefined, ctx: MomentContext): boolean {
  if (due === undefined) return false;
  const at = typeof due === 'string' ? Date.parse(due) : momentMs(ctx, due);
  return at !== undefined && ms > at;
}

/**
 * Whether `ms` lies in the window. A clock time is itself; a moment that never came is never passed:
 * nothing is after it, everything is before it.
 */
export function inWindow(ms: number, window: TimeWindow | undefined, ctx?: MomentContext): boolean {
  if (!window) return true;
  const at = (bound: TimeWindow['after']): number | undefined => {
    if (bound === undefined) return undefined;
    if (typeof bound === 'string') return Date.parse(bound);
    if (ctx === undefined) return undefined;
    return momentMs(ctx, bound) ?? Infinity;
  };
  const after = at(window.after);
  const before = at(window.before);
  if (after !== undefined && !(ms >= after)) return false;
  if (before !== undefined && ms > before) return false;
  return true;
}
