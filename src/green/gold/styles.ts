import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { Fact } from '../reading/facts.js';
import { parseClock } from '../reading/dates.js';
import type { EvaluationInput } from '../run-record/evaluation-input.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import {
  as12HourClock,
  as24HourClock,
  asNestedBullets,
  asProse,
  asTable,
  withCapitalHeadings,
  withNoiseDismissal,
  withPoliteness,
} from './style-texts.js';
import { withCorrection, withDates, type Correction } from './style-values.js';

/**
 * The oracle's run in honest styles: every text the assistant wrote (chat posts; the own words of
 * emails and texts) rewritten in one style, in the action log and the final state alike, then
 * rescored. Shapes apply to chat reports; manners, corrections and value forms to every message.
 */

export const STYLES = [
  'plain',
  'nested_bullets',
  'table',
  'prose',
  'corrections',
  'noise_dismissal',
  'capital_headings',
  'polite_padding',
  'clock_24h',
  'clock_12h',
  'dates_short',
  'dates_relative',
  'dates_iso',
] as const;
export type StyleName = (typeof STYLES)[number];

type Kind = 'chat' | 'email' | 'sms';

interface StyleContext {
  kind: Kind;
  writtenAtMs: number;
  timeZone: string;
  wrong: Correction;
}

const REWRITE: Record<StyleName, (text: string, ctx: StyleContext) => string> = {
  plain: (text) => text,
  nested_bullets: (text, ctx) => (ctx.kind === 'chat' ? asNestedBullets(text) : text),
  table: (text, ctx) => (ctx.kind === 'chat' ? asTable(text) : text),
  prose: (text, ctx) => (ctx.kind === 'chat' ? asProse(text) : text),
  corrections: (text, ctx) => withCorrection(text, ctx.wrong, ctx.writtenAtMs, ctx.timeZone),
  noise_dismissal: (text, ctx) =>
    ctx.kind === 'chat' && text.length > 200 ? withNoiseDismissal(text) : text,
  capital_headings: (text, ctx) => (ctx.kind === 'chat' ? withCapitalHeadings(text) : text),
  polite_padding: (text, ctx) => withPoliteness(text, ctx.kind),
  clock_24h: (text) => as24HourClock(text),
  clock_12h: (text) => as12HourClock(text),
  dates_short: (text, ctx) => withDates(text, 'short', ctx.writtenAtMs, ctx.timeZone),
  dates_relative: (text, ctx) => withDates(text, 'relative', ctx.writtenAtMs, ctx.timeZone),
  dates_iso: (text, ctx) => withDates(text, 'iso', ctx.writtenAtMs, ctx.timeZone),
};

const QUOTE_START =
  /^\s*(?:>|On\b.{3,240}\bwrote:\s*$|-{2,}\s*(?:Original|Forwarded) [Mm]essage\s*-{2,}\s*$|_{5,}\s*$)/;

/** Rewrites only the message's own words, never the original it quotes. */
function ownWordsOnly(body: string, rewrite: (text: string) => string): string {
  const all = body.split('\n');
  const quoted = all.findIndex((line) => QUOTE_START.test(line));
  if (quoted < 0) return rewrite(body);
  return [rewrite(all.slice(0, quoted).join('\n').trimEnd()), '', ...all.slice(quoted)].join('\n');
}

/** The first wrong time and date the scenario's answer key lists: what a correction rules out. */
function wrongValues(scenario: LoadedScenario): Correction {
  const facts: Fact[] = [];
  for (const deliverable of scenario.groundTruth.deliverables) {
    for (const item of deliverable.items) facts.push(...item.wrong);
  }
  for (const criterion of scenario.config.criteria) {
    if (criterion.check?.kind !== 'state') continue;
    for (const assertion of criterion.check.assertions) {
      if (assertion.type === 'message_sent') facts.push(...assertion.wrong);
    }
  }
  const flat = facts.flatMap((fact) => ('any' in fact ? fact.any : [fact]));
  const time = flat.find((fact): fact is Extract<Fact, { time: string }> => 'time' in fact);
  const date = flat.find((fact): fact is Extract<Fact, { date: string }> => 'date' in fact);
  return {
    ...(time ? { time: parseClock(time.time) } : {}),
    ...(date ? { date: date.date } : {}),
  };
}

function kindOf(action: string): Kind | null {
  if (action === 'chat.send_message') return 'chat';
  if (action === 'sms.send_message') return 'sms';
  if (/^email\.(?:send|reply|reply_all|forward|send_draft)$/.test(action)) return 'email';
  return null;
}

function textField(kind: Kind): 'content' | 'body_text' | 'body' {
  return kind === 'chat' ? 'content' : kind === 'email' ? 'body_text' : 'body';
}

function restyleEntry(
  input: EvaluationInput,
  entry: ActionLogEntryWithTurn,
  rewrite: (text: string, ctx: StyleContext) => string,
  base: Omit<StyleContext, 'kind' | 'writtenAtMs'>,
): void {
  const kind = kindOf(entry.action);
  if (kind === null || !entry.success) return;
  const field = textField(kind);
  const before = entry.parameters[field];
  if (typeof before !== 'string' || before.trim() === '') return;
  const ctx: StyleContext = { ...base, kind, writtenAtMs: Date.parse(entry.timestamp) };
  const after = kind === 'email' ? ownWordsOnly(before, (text) => rewrite(text, ctx)) : rewrite(before, ctx);
  if (after === before) return;
  entry.parameters = { ...entry.parameters, [field]: after };
  const id = entry.parameters['message_id'];
  if (typeof id !== 'string') return;
  const state = input.final_state;
  const email = state.email.emails[id];
  if (email) email.body_text = after;
  const sms = state.sms.messages[id];
  if (sms) sms.body = after;
  const chat = state.chat.messages.find((message) => message.message_id === id);
  if (chat) chat.content = after;
}

export function restyleRun(
  input: EvaluationInput,
  style: StyleName,
  scenario: LoadedScenario,
): EvaluationInput {
  const out = structuredClone(input);
  if (style === 'plain') return out;
  const base = { timeZone: scenario.config.timezone, wrong: wrongValues(scenario) };
  for (const entry of out.action_log) restyleEntry(out, entry, REWRITE[style], base);
  return out;
}
