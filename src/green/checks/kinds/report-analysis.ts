import type { EvalContext } from '../../judge/types.js';
import { deadlinesOf, type Deliverable, type DeliverableItem } from '../ground-truth.js';
import { assistantPosts, type ChatPost } from '../run-view.js';
import { CheckConfigError } from '../types.js';
import { sectionsOf, splitBlocks, type Block } from '../../reading/blocks.js';
import { isLeftOutNote, withoutDismissals } from '../../reading/notes.js';
import { sentences } from '../../reading/clauses.js';
import { normalise } from '../../reading/normalise.js';
import { outsideQuotes, SourceText, summarisesOutsideQuotes } from '../../reading/copying.js';
import {
  FactText,
  HEDGE_KINDS,
  hedgeAllowance,
  matchFacts,
  type FactContext,
  type FactMatch,
  type HedgeKind,
} from '../../reading/facts.js';
import { parseDuration } from '../../../protocol/index.js';

/**
 * Reads a deliverable's reports once for all its measures: which post and block reports each
 * item (first at or after its arrival, on time or late), which excluded items were reported
 * (outside a brief "left out" note), and the flood factor for posting far more than asked.
 */

export interface AnalysedBlock {
  block: Block;
  text: FactText;
  /** A brief "left out: …" note: it reports nothing. */
  note: boolean;
  /** Ids of the items whose identifying facts the block states (whatever else it hedges). */
  mentions: string[];
  /** Dates, times and amounts the block may state: those of the items it mentions. */
  allowance: Record<HedgeKind, number>;
}

export interface AnalysedPost {
  post: ChatPost;
  blocks: AnalysedBlock[];
  /** How the post's text is read (when, in which zone, among which people). */
  context: FactContext;
}

export interface ItemReport {
  item: DeliverableItem;
  availableMs: number;
  /** The deadline the item is due by, or null when it arrives after the last deadline. */
  dueMs: number | null;
  /** The item's own message (subject and body), or null when it has none in the final state. */
  sourceText: string | null;
  /** Best report of the item, or null when it was never reported. */
  found: {
    post: AnalysedPost;
    block: AnalysedBlock;
    match: FactMatch;
    credit: number;
    late: boolean;
    /** The block pastes the source message instead of summarising it. */
    copied: boolean;
    /** Credit after lateness and pasting: what the item's report is worth. */
    worth: number;
    /** Every other block that reports the item as well as this one does (on time if it is): where else its label may be written. */
    others: AnalysedBlock[];
  } | null;
}

/**
 * Facts a block must state to count as reporting an item at all (a mention: typically who and
 * what); how much more it says is the facts measure.
 */
export function coverOf(item: DeliverableItem): number {
  return item.cover ?? Math.min(2, item.facts.length);
}

export interface ReportAnalysis {
  deliverable: Deliverable;
  posts: AnalysedPost[];
  deadlines: number[];
  toleranceMs: number;
  /** Items to report (not excluded, due by some deadline). */
  required: ItemReport[];
  /** Items to leave out. */
  excluded: ItemReport[];
  /** Excluded items reported outside a left-out note. */
  reportedExcluded: ItemReport[];
  /** min(1, allowed posts / posts). */
  flood: number;
  allowedPosts: number;
  /** Sum of the required items' report worth (lateness, pasting) divided by their number. */
  coverageShare: number;
  /** Reported required items / (those + reported excluded items). */
  precision: number;
}

export function findDeliverable(ctx: EvalContext, id: string): Deliverable {
  const deliverable = ctx.groundTruth.deliverables.find((d) => d.id === id);
  if (!deliverable) {
    const known = ctx.groundTruth.deliverables.map((d) => d.id);
    throw new CheckConfigError(
      `unknown deliverable "${id}" (ground truth has: ${known.length ? known.join(', ') : 'none'})`,
    );
  }
  return deliverable;
}

/**
 * When an item becomes known: its source message's arrival — scripted (the initial state's queue)
 * or, for a message a trigger delivers, when it reached the user in this run (Infinity when the
 * trigger never fired: the item is then never due).
 */
function availableAt(ctx: EvalContext, item: DeliverableItem, startMs: number): number {
  if (item.available_at) return Date.parse(item.available_at);
  const source = item.source;
  const key = source?.email ? `email:${source.email}` : source?.sms ? `sms:${source.sms}` : undefined;
  if (key === undefined) return startMs;
  const ms = ctx.arrivals.get(key);
  if (ms !== undefined) return ms;
  const triggered = (ctx.scenario.triggers ?? []).some((trigger) =>
    trigger.events.some((event) => `${event.modality}:${String(event.data['message_id'])}` === key),
  );
  if (!triggered) {
    throw new CheckConfigError(`item "${item.id}": source ${key} is not in the scenario's initial state`);
  }
  const email = source?.email ? ctx.finalState.email.emails[source.email] : undefined;
  const sms = source?.sms ? ctx.finalState.sms.messages[source.sms] : undefined;
  const arrived = email ? Date.parse(email.received_at) : sms ? Date.parse(sms.sent_at) : NaN;
  return Number.isFinite(arrived) ? arrived : Infinity;
}

/** The subject and body of the message an item is about, as the final state has it. */
function sourceText(ctx: EvalContext, item: DeliverableItem, runLength: number): SourceText | null {
  if (item.source?.email) {
    const email = ctx.finalState.email.emails[item.source.email];
    return email ? new SourceText(`${email.subject}\n${email.body_text}`, runLength) : null;
  }
  if (item.source?.sms) {
    const sms = ctx.finalState.sms.messages[item.source.sms];
    return sms ? new SourceText(sms.body, runLength) : null;
  }
  return null;
}

function bestReport(
  item: DeliverableItem,
  posts: AnalysedPost[],
  window: { availableMs: number; lastOnTimeMs: number },
  deliverable: Deliverable,
  source: SourceText | null,
) {
  const { availableMs, lastOnTimeMs } = window;
  const cover = coverOf(item);
  let best: ItemReport['found'] = null;
  const qualifying: Array<{ block: AnalysedBlock; credit: number }> = [];
  for (const post of posts) {
    if (post.post.ms < availableMs) continue;
    for (const block of post.blocks) {
      if (block.note || !block.mentions.includes(item.id)) continue;
      const match = matchFacts(block.text, item.facts, block.allowance, item.wrong);
      if (match.matched.length < cover || !match.keyMatched) continue;
      const late = post.post.ms > lastOnTimeMs;
      const credit = late ? deliverable.late_credit : 1;
      qualifying.push({ block, credit });
      if (!best || credit > best.credit || (credit === best.credit && match.share > best.match.share)) {
        best = { post, block, match, credit, late, copied: false, worth: credit, others: [] };
      }
    }
  }
  if (best) {
    const { credit, block } = best;
    best.others = qualifying.filter((q) => q.credit === credit && q.block !== block).map((q) => q.block);
  }
  // A quoted message beside a block of the same post that reports the item in its own words is
  // evidence for the summary, not a paste.
  const summarisedBeside = (found: NonNullable<ItemReport['found']>): boolean =>
    found.others.some((other) => found.post.blocks.includes(other) && !source?.copiedIn(other.block.raw));
  if (best && source && pastes(best.block, item, source) && !summarisedBeside(best)) {
    best = { ...best, copied: true, worth: best.credit * deliverable.copy_credit };
  }
  return best;
}

/**
 * A block that copies the message pastes it, unless it also says what the message means in its
 * own words (an item fact among them) and quotes it as evidence.
 */
function pastes(block: AnalysedBlock, item: DeliverableItem, source: SourceText): boolean {
  const raw = block.block.raw;
  if (!source.copiedIn(raw)) return false;
  const own = outsideQuotes(raw);
  if (source.copiedIn(own) || !summarisesOutsideQuotes(raw, source.text)) return true;
  const unbounded = { date: Infinity, time: Infinity, amount: Infinity };
  return matchFacts(new FactText(own, block.text.ctx), item.facts, unbounded).matched.length === 0;
}

/** Whether a block states enough of an item, identifying facts included, to be about it. */
function mentionsItem(text: FactText, item: DeliverableItem): boolean {
  const match = matchFacts(text, item.facts, { date: Infinity, time: Infinity, amount: Infinity });
  return match.matched.length >= coverOf(item) && match.keyMatched;
}

function analyseBlock(block: Block, text: FactText, deliverable: Deliverable): AnalysedBlock {
  let mentioned = deliverable.items.filter((item) => mentionsItem(text, item));
  // A section (a heading and what sits under it) reports what it is about — one item, or two told
  // together ("Luis confirmed: the new details are a scam") — never the noise its lines may name:
  // "Needs you now" over five items is their label, not one report of all five.
  if (block.section) {
    mentioned = mentioned.filter((item) => !item.exclude);
    if (mentioned.length > 2) mentioned = [];
  }
  const allowance: Record<HedgeKind, number> = { date: 0, time: 0, amount: 0 };
  for (const item of mentioned) {
    const own = hedgeAllowance(item.facts);
    for (const kind of HEDGE_KINDS) allowance[kind] += own[kind];
  }
  return {
    block,
    text,
    note: isLeftOutNote(block, deliverable.note_max_chars),
    mentions: mentioned.map((item) => item.id),
    allowance,
  };
}

type Found = { post: AnalysedPost; block: AnalysedBlock; match: FactMatch };

/** The sentences of its block that state an item's matched facts (a prose paragraph holds several items). */
export interface ItemSentences {
  /** The first of those stating the most facts: where the item is written (-1 when none does). */
  position: number;
  /** Their text, normalised (the whole block's when none states a fact on its own). */
  norm: string;
  /** Their length in characters (the block's when none does). */
  chars: number;
  /** The sentence at `position`, normalised (the whole block's when none states a fact). */
  main: string;
  /** The sentence at `position` as written (the whole block's when none states a fact). */
  mainRaw: string;
}

const sentencesCache = new WeakMap<object, ItemSentences>();

export function itemSentences(found: Found): ItemSentences {
  const known = sentencesCache.get(found);
  if (known !== undefined) return known;
  const raw = found.block.block.raw;
  const texts: string[] = [];
  let position = -1;
  let most = 0;
  let mainRaw = raw;
  sentences(raw).forEach((s, i) => {
    const text = new FactText(s.text, found.post.context);
    const stated = found.match.matched.filter((fact) => text.has(fact)).length;
    if (stated === 0) return;
    texts.push(s.text.trim());
    if (stated > most) {
      most = stated;
      position = i;
      mainRaw = s.text.trim();
    }
  });
  const result: ItemSentences =
    texts.length === 0
      ? { position, norm: found.block.block.norm, chars: raw.length, main: found.block.block.norm, mainRaw }
      : {
          position,
          main: normalise(mainRaw),
          mainRaw,
          norm: normalise(texts.join(' ')),
          chars: texts.reduce((sum, text) => sum + text.length, 0),
        };
  sentencesCache.set(found, result);
  return result;
}

/** The words a block spends on one item: its sentences that state the item's facts. */
export function itemLength(found: Found): number {
  return itemSentences(found).chars;
}

/** Noise items a report may carry before precision dilutes its measures. */
const NOISE_SLACK = 1;

/** The required items' summed weight: what weighted shares divide by. */
export function totalWeight(items: readonly ItemReport[]): number {
  return items.reduce((sum, r) => sum + r.item.weight, 0);
}

export function analyseReports(ctx: EvalContext, deliverableId: string): ReportAnalysis {
  const deliverable = findDeliverable(ctx, deliverableId);
  const startMs = Date.parse(ctx.scenario.start_time);
  const endMs = Date.parse(ctx.scenario.end_time);
  const toleranceMs = parseDuration(deliverable.tolerance);
  const deadlines = deadlinesOf(deliverable, endMs);
  const conversation = deliverable.conversation ?? ctx.scenario.chat_conversation_id;
  const labelWords = (deliverable.labels?.values ?? []).flatMap((value) => value.words);
  const posts: AnalysedPost[] = assistantPosts(ctx.finalState, conversation).map((post) => {
    const blocks = splitBlocks(post.text, labelWords);
    const factContext = { world: ctx.world, writtenAtMs: post.ms, timeZone: ctx.timeZone };
    return {
      post,
      context: factContext,
      blocks: [...blocks, ...sectionsOf(blocks)].map((block) =>
        analyseBlock(
          block,
          new FactText(withoutDismissals(block.raw, deliverable.note_max_chars), factContext),
          deliverable,
        ),
      ),
    };
  });

  const reports: ItemReport[] = deliverable.items.map((item) => {
    const availableMs = availableAt(ctx, item, startMs);
    const dueMs = deadlines.find((deadline) => deadline >= availableMs) ?? null;
    const lastOnTimeMs = dueMs === null ? endMs : dueMs + toleranceMs;
    const source = item.exclude ? null : sourceText(ctx, item, deliverable.max_copied_words);
    const found = bestReport(item, posts, { availableMs, lastOnTimeMs }, deliverable, source);
    return { item, availableMs, dueMs, sourceText: source?.text ?? null, found };
  });
  const required = reports.filter((r) => !r.item.exclude && r.dueMs !== null);
  const excluded = reports.filter((r) => r.item.exclude && r.availableMs <= endMs);
  // An excluded item counts as reported only in the report it would have been due in.
  const reportedExcluded = excluded.filter((r) => {
    const until = r.dueMs === null ? endMs : r.dueMs + toleranceMs;
    return posts.some(
      (post) =>
        post.post.ms >= r.availableMs &&
        post.post.ms <= until &&
        post.blocks.some((b) => !b.note && b.mentions.includes(r.item.id)),
    );
  });

  const allowedPosts = deliverable.max_posts ?? Math.ceil(deadlines.length * 1.5) + 2;
  const flood = posts.length <= allowedPosts ? 1 : allowedPosts / posts.length;
  const credits = required.reduce((sum, r) => sum + r.item.weight * (r.found?.worth ?? 0), 0);
  const coveredCount = required.filter((r) => r.found).length;
  // One noise item let through (a newsletter under "FYI") by a report that left the rest out is a
  // judgement call that exclusions charges; listing the noise wholesale dilutes every measure.
  const filtered = reportedExcluded.length < excluded.length;
  const slack = filtered ? NOISE_SLACK : 0;
  const reportedCount = coveredCount + Math.max(0, reportedExcluded.length - slack);
  return {
    deliverable,
    posts,
    deadlines,
    toleranceMs,
    required,
    excluded,
    reportedExcluded,
    flood,
    allowedPosts,
    coverageShare: totalWeight(required) === 0 ? 0 : credits / totalWeight(required),
    precision: reportedCount === 0 ? 0 : coveredCount / reportedCount,
  };
}
