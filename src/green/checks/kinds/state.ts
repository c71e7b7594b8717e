import { parseDuration } from '../../../protocol/index.js';
import type { CalendarEvent } from '../../../ues/client/index.js';
import type { EvalContext } from '../../judge/types.js';
import { addressesOf, inWindow, recipientsMatch } from '../action-match.js';
import { pastDue } from '../moments.js';
import type { CheckSpec, StateAssertion } from '../spec.js';
import { FactText, describeFact, matchFacts, type Fact } from '../../reading/facts.js';
import { speaksAsAccountHolder } from '../../reading/own-words.js';
import { clamp01, excerpt, round3, type CheckOutcome } from '../types.js';
import { sentMessages } from '../sent-messages.js';
import { normaliseAddress } from '../world.js';
import { noClaim } from './claims.js';
import { recurrenceMatches } from './recurrence-match.js';
import { ownMessageText } from '../own-message.js';
import { criterionRole } from '../../scenarios/schema.js';

/**
 * State assertions on the final simulator state and its difference from the initial one: a
 * message sent to given people stating given facts, a calendar event with given attendees, time
 * window, duration and no overlap (or its absence), a contact that exists with given facts. Each
 * assertion earns its points in proportion to how much of it holds on the best candidate.
 */

type StateSpec = Extract<CheckSpec, { kind: 'state' }>;

function factShare(
  ctx: EvalContext,
  text: string,
  ms: number,
  facts: readonly Fact[],
  wrong: readonly Fact[] = [],
) {
  if (facts.length === 0 && wrong.length === 0)
    return { share: 1, matched: [] as string[], missed: [] as string[], notes: {} };
  const match = matchFacts(
    new FactText(text, { world: ctx.world, writtenAtMs: ms, timeZone: ctx.timeZone }),
    facts,
    undefined,
    wrong,
  );
  return {
    // A message without its key fact (the final time) is not that message, whatever else it says.
    share: match.keyMatched ? match.share : 0,
    matched: match.matched.map(describeFact),
    missed: match.missed.map(describeFact),
    notes: {
      ...(match.hedged.length > 0 ? { facts_hedged: match.hedged.map(describeFact) } : {}),
      ...(match.wrong.length > 0 ? { wrong_facts_stated: match.wrong.map(describeFact) } : {}),
    },
  };
}

function messageSent(ctx: EvalContext, a: Extract<StateAssertion, { type: 'message_sent' }>) {
  const channels = Array.isArray(a.channel)
    ? a.channel
    : a.channel === 'any'
      ? ['email', 'sms']
      : [a.channel];
  const candidates = sentMessages(ctx).filter(
    (m) =>
      channels.includes(m.channel) &&
      inWindow(m.ms, a.window, ctx) &&
      recipientsMatch(ctx.world, m.recipients, a.to),
  );
  const user = ctx.world.userId;
  const isUser = (fact: Fact): boolean => 'person' in fact && fact.person === user;
  const userAmong = (fact: Fact): boolean => 'any' in fact && fact.any.some((f) => isUser(f) || userAmong(f));
  const namesUser = a.facts.some(isUser) && !a.facts.some(userAmong);
  let best = { score: 0, evidence: { found: false } as Record<string, unknown> };
  const judged = a.first_only ? [...candidates].sort((x, y) => x.ms - y.ms).slice(0, 1) : candidates;
  for (const message of judged) {
    const own = ownMessageText(ctx, message.text, message.recipients, message.ms, {
      ownWordsOnly: a.own_words,
    });
    // Written as the user, from the user's own account, a message is signed by it — for the
    // assertion's "names the user" fact only, not for a fact the user's name is one answer to.
    const signed = namesUser && speaksAsAccountHolder(own) ? `${own}\n${ctx.world.user.name}` : own;
    const facts = factShare(ctx, signed, message.ms, a.facts, a.wrong);
    const late = pastDue(message.ms, a.due, ctx);
    const score = facts.share * (late ? a.late_credit : 1);
    if (score >= best.score) {
      best = {
        score,
        evidence: {
          found: true,
          ...(a.due !== undefined ? { due: a.due, late } : {}),
          channel: message.channel,
          ...(a.first_only && candidates.length > 1 ? { judged: 'the first of these messages' } : {}),
          text: excerpt(message.text),
          ...(own !== message.text ? { read_without_relayed_words: excerpt(own) } : {}),
          facts_matched: facts.matched,
          facts_missed: facts.missed,
          ...facts.notes,
        },
      };
    }
  }
  return best;
}

function userAddresses(ctx: EvalContext): Set<string> {
  return new Set(addressesOf(ctx.world, ctx.world.userId));
}

function activeEvents(events: Record<string, CalendarEvent>): CalendarEvent[] {
  return Object.values(events).filter((e) => e.status !== 'cancelled' && !e.deleted_at);
}

function declinedByUser(event: CalendarEvent, user: Set<string>): boolean {
  return event.attendees.some((att) => user.has(normaliseAddress(att.email)) && att.response === 'declined');
}

function overlaps(a: CalendarEvent, b: CalendarEvent): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

type EventSpec = Extract<StateAssertion, { type: 'event' }>;

/** How much of an event assertion holds for one event: its parts, and the share (0 when a required part fails). */
export function scoreEvent(
  ctx: EvalContext,
  a: EventSpec,
  event: CalendarEvent,
  active: readonly CalendarEvent[],
): { score: number; raw: number; parts: Record<string, boolean | number>; missing: string[] } {
  const user = userAddresses(ctx);
  const parts: Record<string, boolean | number> = {};
  if (a.attendees) {
    const emails = new Set(event.attendees.map((att) => normaliseAddress(att.email)));
    parts.attendees = a.attendees.every((ref) =>
      addressesOf(ctx.world, ref).some((addr) => emails.has(addr)),
    );
  }
  if (a.title) {
    const text = [event.title, event.description ?? '', event.location ?? ''].join('\n');
    // An event that must not exist is found by all it says; one that must, by what the assistant wrote.
    const read =
      a.exists === false
        ? text
        : ownMessageText(
            ctx,
            text,
            event.attendees.map((att) => att.email),
            Date.parse(event.updated_at ?? event.created_at ?? ctx.scenario.end_time),
          );
    parts.title = factShare(ctx, read, Date.parse(event.start), a.title).share;
  }
  if (a.start) parts.start = inWindow(Date.parse(event.start), a.start, ctx);
  if (a.duration)
    parts.duration = Date.parse(event.end) - Date.parse(event.start) === parseDuration(a.duration);
  if (a.no_overlap) {
    parts.no_overlap = !active.some(
      (other) => other.event_id !== event.event_id && !declinedByUser(other, user) && overlaps(event, other),
    );
  }
  if (a.recurrence) parts.recurrence = recurrenceMatches(event, a.recurrence);
  if (a.keep) {
    const before = ctx.initialState.calendar.events[event.event_id];
    // Attendees are kept when the same people stay invited, whatever they have answered since.
    const kept = (e: CalendarEvent, field: string): string =>
      field === 'attendees'
        ? JSON.stringify(e.attendees.map((att) => normaliseAddress(att.email)).sort())
        : JSON.stringify((e as unknown as Record<string, unknown>)[field] ?? null);
    // A text kept with a note added to it ("Moved from 2:30pm at Hannah's request.") is kept.
    const keeps = (field: string): boolean => {
      const old = (before as unknown as Record<string, unknown>)[field];
      const now = (event as unknown as Record<string, unknown>)[field];
      if (typeof old === 'string' && typeof now === 'string' && old.trim() !== '')
        return now.includes(old.trim());
      return kept(before!, field) === kept(event, field);
    };
    parts.keep = before === undefined || a.keep.every(keeps);
  }
  const values = Object.values(parts).map((v) => (typeof v === 'number' ? v : v ? 1 : 0));
  const missing = (a.require ?? []).filter(
    (part) => parts[part] !== undefined && parts[part] !== true && parts[part] !== 1,
  );
  const raw = values.length === 0 ? 1 : values.reduce((s, v) => s + v, 0) / values.length;
  return { score: missing.length > 0 ? 0 : raw, raw, parts, missing };
}

/** Event assertions (that must exist) of the task's state criteria: how many events the task makes. */
function taskEventAssertions(ctx: EvalContext): number {
  let count = 0;
  for (const criterion of ctx.scenario.criteria) {
    if (criterion.check?.kind !== 'state' || criterionRole(criterion) !== 'task') continue;
    count += criterion.check.assertions.filter((a) => a.type === 'event' && a.exists).length;
  }
  return Math.max(1, count);
}

/**
 * Events the task is about: the best fit of each event assertion of the task's state criteria
 * (those it must create or change, at the end) and those it must remove (at the start).
 */
export function taskEventIds(ctx: EvalContext): Set<string> {
  const ids = new Set<string>();
  const initial = Object.values(ctx.initialState.calendar.events);
  for (const criterion of ctx.scenario.criteria) {
    if (criterion.check?.kind !== 'state' || criterionRole(criterion) !== 'task') continue;
    for (const a of criterion.check.assertions) {
      if (a.type !== 'event') continue;
      if (!a.exists) {
        for (const event of initial)
          if (scoreEvent(ctx, a, event, initial).score === 1) ids.add(event.event_id);
        continue;
      }
      const best = eventAssertion(ctx, a).evidence as { event_id?: string };
      if (best.event_id) ids.add(best.event_id);
    }
  }
  return ids;
}

function eventAssertion(ctx: EvalContext, a: EventSpec) {
  const initial = ctx.initialState.calendar.events;
  const all = activeEvents(ctx.finalState.calendar.events);
  const pool = a.changed
    ? all.filter((e) => !initial[e.event_id] || JSON.stringify(initial[e.event_id]) !== JSON.stringify(e))
    : all;
  const scored = pool
    .map((event) => {
      const { score, raw, parts, missing } = scoreEvent(ctx, a, event, all);
      return {
        score,
        // The same meeting in another slot: the same people, or (without people) most of the rest.
        lookAlike: a.attendees ? parts.attendees === true : raw >= 0.5,
        evidence: {
          event_id: event.event_id,
          title: event.title,
          start: event.start,
          end: event.end,
          checks: parts,
          ...(missing.length > 0 ? { required_parts_missing: missing } : {}),
        },
      };
    })
    .sort((x, y) => y.score - x.score);
  if (!a.exists) {
    const present = scored.filter((s) => s.score === 1);
    return {
      score: present.length === 0 ? 1 : 0,
      evidence: { must_not_exist: true, found: present.map((s) => s.evidence) },
    };
  }
  const best = scored[0];
  if (!best) return { score: 0, evidence: { found: false, candidates: pool.length } };
  // Duplicates dilute: the right meeting among many look-alikes (an invitation at every free hour)
  // is not the meeting booked. Look-alikes are created or changed events with the same people
  // (whatever their slot), beyond the events the task makes.
  const lookAlikes = scored.filter((s) => s.lookAlike).length;
  const dilution = Math.min(1, taskEventAssertions(ctx) / Math.max(1, lookAlikes));
  return {
    score: best.score * dilution,
    evidence: {
      ...best.evidence,
      ...(dilution < 1 ? { look_alikes: lookAlikes, diluted_by: round3(dilution) } : {}),
    },
  };
}

function contactAssertion(ctx: EvalContext, a: Extract<StateAssertion, { type: 'contact' }>) {
  const contacts = Object.values(ctx.finalState.contacts.contacts);
  const now = Date.parse(ctx.finalState.time.current_time);
  let best = { score: 0, evidence: { found: false, contacts: contacts.length } as Record<string, unknown> };
  for (const contact of contacts) {
    const text = JSON.stringify(contact);
    const facts = factShare(ctx, text, now, a.facts);
    if (facts.share > best.score)
      best = {
        score: facts.share,
        evidence: { found: true, facts_matched: facts.matched, facts_missed: facts.missed },
      };
  }
  if (!a.exists)
    return { score: best.score === 1 ? 0 : 1, evidence: { must_not_exist: true, ...best.evidence } };
  return best;
}

export function runState(ctx: EvalContext, spec: StateSpec): CheckOutcome {
  const rows = spec.assertions.map((assertion) => {
    const result =
      assertion.type === 'message_sent'
        ? messageSent(ctx, assertion)
        : assertion.type === 'no_claim'
          ? noClaim(ctx, assertion)
          : assertion.type === 'event'
            ? eventAssertion(ctx, assertion)
            : contactAssertion(ctx, assertion);
    return {
      id: assertion.id,
      type: assertion.type,
      points: assertion.points,
      score: round3(result.score),
      ...result.evidence,
    };
  });
  const total = rows.reduce((s, r) => s + r.points, 0);
  const got = rows.reduce((s, r) => s + r.points * r.score, 0);
  return {
    fraction: clamp01(got / total),
    explanation: `${rows.filter((r) => r.score === 1).length} of ${rows.length} state assertions hold fully (${round3(got)} of ${total} points).`,
    evidence: { assertions: rows },
  };
}
