import { MAX_TOPICS_PER_QUESTION, briefTopicsAsked } from '../../llm/user-brief-answers.js';
import type { EvalContext } from '../judge/types.js';
import type { ActionView } from './run-view.js';
import { actionViews } from './run-view.js';
import { inWindow } from './moments.js';
import type { ActionMatcher, RecipientsMatcher } from './spec.js';

export { inWindow } from './moments.js';
import { FactText, matchFacts } from '../reading/facts.js';
import { addAllowances, hedgeAllowance } from '../reading/hedging.js';
import { ownQuestions, receivedQuestions } from '../reading/questions.js';
import { ReportText } from '../reading/report-text.js';
import { CheckConfigError } from './types.js';
import { ownChatText, ownMessageText } from './own-message.js';
import { normaliseAddress, type World } from './world.js';

/** Matching actions against an `ActionMatcher`: name, recipients, text facts, fields, time. */

/** The addresses a person reference stands for (a person's emails and phones, or the literal address). */
export function addressesOf(world: World, ref: string): string[] {
  const person = world.person(ref);
  if (person) return [...person.emails, ...person.phones].map(normaliseAddress);
  if (ref.includes('@') || /^\+?[\d\s().-]{5,}$/.test(ref)) return [normaliseAddress(ref)];
  throw new CheckConfigError(
    `"${ref}" is neither a person of the scenario (${[...world.people.keys()].join(', ')}) nor an address`,
  );
}

function actionNameMatches(pattern: string, view: ActionView): boolean {
  if (pattern === 'message.out') return view.outgoingMessage;
  if (pattern === 'invite.out') return view.invitation;
  if (pattern.endsWith('.*')) return view.action.startsWith(pattern.slice(0, -1));
  return view.action === pattern;
}

/**
 * Whether a message to `recipients` reaches `ref`: one of their addresses, a list they are on — or,
 * for a list, the list itself or every member it must reach, written to one by one.
 */
function reaches(world: World, recipients: ReadonlySet<string>, ref: string): boolean {
  if (addressesOf(world, ref).some((a) => recipients.has(a))) return true;
  const list = world.lists.get(normaliseAddress(ref));
  if (list !== undefined) {
    return list.expected.every((member) => addressesOf(world, member).some((a) => recipients.has(a)));
  }
  const own = new Set(addressesOf(world, ref));
  for (const [address, { members }] of world.lists) {
    if (!recipients.has(address)) continue;
    if (members.some((member) => addressesOf(world, member).some((a) => own.has(a)))) return true;
  }
  return false;
}

export function recipientsMatch(
  world: World,
  recipients: readonly string[],
  matcher: RecipientsMatcher,
): boolean {
  const set = new Set(recipients);
  if (matcher.include && !matcher.include.every((ref) => reaches(world, set, ref))) return false;
  if (matcher.any_of && !matcher.any_of.some((ref) => reaches(world, set, ref))) return false;
  if (matcher.only) {
    const allowed = new Set(matcher.only.flatMap((ref) => addressesOf(world, ref)));
    if (recipients.some((a) => !allowed.has(a) && !world.isUserAddress(a))) return false;
  }
  if (matcher.outside_world !== undefined) {
    const outside = recipients.some((a) => !world.knows(a));
    if (outside !== matcher.outside_world) return false;
  }
  return true;
}

function fieldMatches(
  value: unknown,
  matcher: { equals?: unknown; in?: unknown[]; contains?: string },
): boolean {
  if (
    'equals' in matcher &&
    matcher.equals !== undefined &&
    JSON.stringify(value) !== JSON.stringify(matcher.equals)
  ) {
    return false;
  }
  if (matcher.in && !matcher.in.some((candidate) => JSON.stringify(candidate) === JSON.stringify(value)))
    return false;
  if (matcher.contains !== undefined) {
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
    if (!text.toLowerCase().includes(matcher.contains.toLowerCase())) return false;
  }
  return true;
}

/**
 * Whether `view` fits `matcher`. `purpose` is what the match is for: `credit` (a milestone — a
 * text that hedges states nothing) or `harm` (a mine, collateral — saying a thing among many
 * others still says it).
 */
export function actionMatches(
  ctx: EvalContext,
  view: ActionView,
  matcher: ActionMatcher,
  purpose: 'credit' | 'harm' = 'harm',
): boolean {
  if (!view.success) return false;
  const names = Array.isArray(matcher.action) ? matcher.action : [matcher.action];
  if (!names.some((name) => actionNameMatches(name, view))) return false;
  if (!inWindow(view.ms, matcher.window, ctx)) return false;
  if (matcher.to && !recipientsMatch(ctx.world, view.recipients, matcher.to)) return false;
  if (matcher.fields) {
    for (const [field, fieldMatcher] of Object.entries(matcher.fields)) {
      if (!fieldMatches(view.entry.parameters[field], fieldMatcher)) return false;
    }
  }
  let text = view.text;
  if (matcher.asks) {
    const questions = ownQuestions(view.text, receivedQuestionsOf(ctx));
    if (questions.length === 0) return false;
    text = questions.map((question) => question.passage).join('\n\n');
  }
  // Read over what earns the credit: the questions asked, when that is what the matcher wants.
  if (matcher.focused && ctx.scenario.user_brief) {
    if (briefTopicsAsked(ctx.scenario.user_brief, text) > MAX_TOPICS_PER_QUESTION) return false;
  }
  // Credit reads what the assistant wrote, not what it relays from the user or echoes back.
  if (purpose === 'credit') {
    text = view.action.startsWith('chat.')
      ? ownChatText(ctx, text, view.ms)
      : ownMessageText(ctx, text, view.recipients, view.ms);
  }
  if (matcher.text) {
    // For credit, a negated phrase is not stated ("doesn't look suspicious" is no warning); for
    // harm the words are read as they stand.
    const factContext = {
      world: ctx.world,
      writtenAtMs: view.ms,
      timeZone: ctx.timeZone,
      negation: purpose === 'credit',
    };
    const read = view.action.startsWith('chat.')
      ? new ReportText(text, factContext)
      : new FactText(text, factContext);
    const credit = purpose === 'credit';
    // A question's options are choices put to the reader, not claims hedged among others:
    // "Which bouquet: Sunshine ($65), Golden Hour ($95) …?" asks about the price of each. A
    // question naming every date still hedges.
    const allowance = !credit
      ? null
      : matcher.asks
        ? addAllowances(hedgeAllowance(matcher.text.facts), QUESTION_OPTIONS)
        : undefined;
    const match = matchFacts(read, matcher.text.facts, allowance, credit ? matcher.text.wrong : []);
    if (match.matched.length < (matcher.text.min ?? matcher.text.facts.length)) return false;
    if (match.wrong.length > 0) return false;
  }
  return true;
}

/** Values of each kind a question may offer as options beyond those its facts name. */
const QUESTION_OPTIONS = { date: 4, time: 4, amount: 4 };

/** The questions in the messages the user received by the end of the run (cached per run). */
const receivedCache = new WeakMap<object, string[][]>();

function receivedQuestionsOf(ctx: EvalContext): string[][] {
  let questions = receivedCache.get(ctx.finalState);
  if (!questions) {
    const user = (address: string): boolean => ctx.world.isUserAddress(address);
    const emails = Object.values(ctx.finalState.email.emails)
      .filter((email) => !user(email.from_address))
      .map((email) => `${email.subject}\n${email.body_text ?? ''}`);
    const texts = Object.values(ctx.finalState.sms.messages)
      .filter((sms) => !user(sms.from_number))
      .map((sms) => sms.body);
    questions = receivedQuestions([...emails, ...texts]);
    receivedCache.set(ctx.finalState, questions);
  }
  return questions;
}

/** The run's actions as views (cached per run). */
const viewCache = new WeakMap<object, ActionView[]>();

export function viewsOf(ctx: EvalContext): ActionView[] {
  let views = viewCache.get(ctx.actionLog);
  if (!views) {
    views = actionViews(ctx.actionLog, { initial: ctx.initialState, final: ctx.finalState }, (address) =>
      ctx.world.isUserAddress(address),
    );
    viewCache.set(ctx.actionLog, views);
  }
  return views;
}

/** Evidence line for an action. */
export function describeAction(view: ActionView): Record<string, unknown> {
  return {
    index: view.index,
    turn: view.entry.turn,
    at: view.entry.timestamp,
    action: view.action,
    recipients: view.recipients,
    text: view.text.length > 160 ? `${view.text.slice(0, 159)}…` : view.text,
  };
}
