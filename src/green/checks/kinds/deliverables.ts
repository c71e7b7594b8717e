import type { EvalContext } from '../../judge/types.js';
import type { CheckSpec } from '../spec.js';
import { blockLabel, URGENCY_LABELS, type LabelSource, type LabelValue } from '../../reading/labels.js';
import { describeFact } from '../../reading/facts.js';
import { inSourceWords } from '../../reading/copying.js';
import type { DeliverableItem } from '../ground-truth.js';
import { clamp01, excerpt, round3, type CheckOutcome } from '../types.js';
import {
  analyseReports,
  itemLength,
  itemSentences,
  totalWeight,
  type ItemReport,
  type ReportAnalysis,
} from './report-analysis.js';

/**
 * The deliverables check: the reports the assistant owes the user in chat, read item by item.
 * Each measure is one criterion's view of the same analysis:
 * - coverage: required items reported (late ones partly), × precision (noise reported dilutes it);
 * - facts: the share of each item's facts its report states, × precision;
 * - labels: the label each reported item got (explicit marker, heading, or order), against the key;
 * - exclusions: excluded items left out — credited only in proportion to coverage, so leaving
 *   everything out earns nothing;
 * - links: follow-ups connected to what they follow, less any "follow-up" claimed where none is;
 * - delivery: a report by every deadline;
 * - brevity: reported items written briefly.
 * Every measure is multiplied by the flood factor (posting far more often than asked).
 */

type DeliverablesSpec = Extract<CheckSpec, { kind: 'deliverables' }>;

/** Words that present the message itself as continuing an earlier one. */
const FOLLOW_UP_CLAIM =
  /\b(?:follow(?:s|ed|ing)? up|follow-up (?:to|on)|following up|again|still (?:chasing|asking)|another|latest|earlier|previous(?:ly)?|as (?:mentioned|before)|same (?:thread|issue|topic|request)|continu(?:es|ed|ing|ation)|escalat\w*|update[sd]? on|more on|now (?:says|wants|confirms|reports|asks|demands|threatens)|chas(?:es|ing)|(?:second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th)) (?:email|message|note|time|follow|request|reminder|ping)|in (?:the )?(?:same )?thread)\b/i;
/**
 * …or, besides those, words that tell a matter still open since before ("still waiting", "still
 * not paid", "no reply yet"): they connect a follow-up to its thread, but on a first message they
 * tell its status ("so this one is still waiting on them", of an overdue invoice: G142), not that
 * it follows anything.
 */
const OPEN_SINCE =
  /\b(?:still (?:waiting|no|hasn't|haven't|not (?:heard|answered|replied|paid)|pending)|(?:no|without (?:a |any )?)(?:reply|response))\b/i;
const continues = (text: string): boolean => FOLLOW_UP_CLAIM.test(text) || OPEN_SINCE.test(text);

function itemEvidence(report: ItemReport): Record<string, unknown> {
  const found = report.found;
  return {
    id: report.item.id,
    due: report.dueMs === null ? null : new Date(report.dueMs).toISOString(),
    reported: found
      ? {
          at: found.post.post.time,
          late: found.late,
          pasted: found.copied,
          block: excerpt(found.block.block.raw),
        }
      : null,
    facts_matched: found ? found.match.matched.map(describeFact) : [],
    ...(found && found.match.hedged.length > 0 ? { facts_hedged: found.match.hedged.map(describeFact) } : {}),
    facts_missed: found ? found.match.missed.map(describeFact) : report.item.facts.map(describeFact),
  };
}

function base(analysis: ReportAnalysis): Record<string, unknown> {
  return {
    deliverable: analysis.deliverable.id,
    posts: analysis.posts.length,
    allowed_posts: analysis.allowedPosts,
    flood_factor: round3(analysis.flood),
    required_items: analysis.required.length,
    reported_items: analysis.required.filter((r) => r.found).length,
    precision: round3(analysis.precision),
  };
}

function coverage(a: ReportAnalysis): CheckOutcome {
  const fraction = clamp01(a.coverageShare * a.precision * a.flood);
  const missed = a.required.filter((r) => !r.found).map((r) => r.item.id);
  return {
    fraction,
    explanation: `${a.required.filter((r) => r.found).length} of ${a.required.length} items reported (${a.required.filter((r) => r.found?.late).length} late); precision ${round3(a.precision)}, flood ×${round3(a.flood)}.`,
    evidence: { ...base(a), missed, items: a.required.map(itemEvidence) },
  };
}

function facts(a: ReportAnalysis): CheckOutcome {
  const n = totalWeight(a.required);
  const copyCredit = a.deliverable.copy_credit;
  const sum = a.required.reduce(
    (s, r) => s + (r.found ? r.item.weight * r.found.worth * r.found.match.share : 0),
    0,
  );
  const share = n === 0 ? 0 : sum / n;
  return {
    fraction: clamp01(share * a.precision * a.flood),
    explanation: `Reports state ${round3(share * 100)} % of the required facts (pasted items keep ${copyCredit * 100} %); precision ${round3(a.precision)}, flood ×${round3(a.flood)}.`,
    evidence: { ...base(a), items: a.required.map(itemEvidence) },
  };
}

function labelSetup(a: ReportAnalysis): {
  values: readonly LabelValue[];
  order: string[];
  sources: LabelSource[];
  byOrder: boolean;
} {
  const spec = a.deliverable.labels;
  const values = spec?.values ?? URGENCY_LABELS;
  const readFrom = spec?.read_from ?? ['explicit', 'heading', 'order'];
  return {
    values,
    order: spec?.order ?? values.map((v) => v.value),
    sources: readFrom.filter((s): s is LabelSource => s !== 'order'),
    byOrder: readFrom.includes('order'),
  };
}

/**
 * For items without a written label: the pairs of differently-labelled items in their post that
 * the post puts in the right order (1 each), in one sentence (which orders nothing: ½ each), or
 * wrong (0). Within one block, the order is the items' sentences'.
 */
function orderPairs(
  report: ItemReport,
  postItems: ItemReport[],
  rank: (label: string | undefined) => number,
): { pairs: number; right: number } {
  const own = rank(report.item.label);
  let pairs = 0;
  let right = 0;
  for (const other of postItems) {
    if (other === report) continue;
    const theirs = rank(other.item.label);
    if (theirs === own) continue;
    let a = report.found!.block.block.index;
    let b = other.found!.block.block.index;
    if (a === b) {
      a = itemSentences(report.found!).position;
      b = itemSentences(other.found!).position;
    }
    pairs++;
    if (a === b) right += 0.5;
    else if (own < theirs === a < b) right++;
  }
  return { pairs, right };
}

function labels(a: ReportAnalysis): CheckOutcome {
  const setup = labelSetup(a);
  const rank = (label: string | undefined): number => {
    const index = label === undefined ? -1 : setup.order.indexOf(label);
    return index < 0 ? setup.order.length : index;
  };
  const labelled = a.required.filter((r) => r.found && r.item.label !== undefined);
  const rows = labelled.map((report) => {
    // The label may be written where the item is reported again as well (an alert, then the brief).
    const read = [report.found!.block, ...report.found!.others]
      .map((candidate) => blockLabel(candidate.block, setup.values, setup.sources))
      .find((label) => label !== null);
    if (read)
      return {
        report,
        given: read.label,
        source: read.source,
        score: read.label === report.item.label ? 1 : 0,
      };
    if (!setup.byOrder) return { report, given: null, source: 'none', score: 0 };
    return { report, given: null, source: 'order', score: 0 };
  });
  // Order is judged over all pairs at once and corrected for chance: an arbitrary order earns 0,
  // a correct one 1, and an item with nothing to compare earns nothing.
  const byOrder = rows
    .filter((row) => row.source === 'order')
    .map((row) => ({
      row,
      counted: orderPairs(
        row.report,
        labelled.filter((other) => other.found!.post === row.report.found!.post),
        rank,
      ),
    }));
  const pairs = byOrder.reduce((sum, entry) => sum + entry.counted.pairs, 0);
  const right = byOrder.reduce((sum, entry) => sum + entry.counted.right, 0);
  const orderShare = pairs === 0 ? 0 : Math.max(0, (2 * right) / pairs - 1);
  for (const { row, counted } of byOrder) row.score = counted.pairs === 0 ? 0 : orderShare;
  const n = totalWeight(a.required.filter((r) => r.item.label !== undefined));
  const sum = rows.reduce((s, row) => s + row.report.item.weight * row.score * row.report.found!.worth, 0);
  const share = n === 0 ? 0 : sum / n;
  return {
    fraction: clamp01(share * a.flood),
    explanation: `${rows.filter((r) => r.score === 1).length} of ${n} items carry the right label (${rows.filter((r) => r.source === 'order').length} read from order); flood ×${round3(a.flood)}.`,
    evidence: {
      ...base(a),
      items: rows.map((row) => ({
        id: row.report.item.id,
        expected: row.report.item.label,
        given: row.given,
        source: row.source,
        score: round3(row.score),
      })),
    },
  };
}

function exclusions(a: ReportAnalysis): CheckOutcome {
  const n = a.excluded.length;
  const kept = n === 0 ? 1 : 1 - a.reportedExcluded.length / n;
  return {
    fraction: clamp01(a.coverageShare * kept * a.flood),
    explanation: `${a.reportedExcluded.length} of ${n} items that should be left out were reported; credited in proportion to coverage (${round3(a.coverageShare)}).`,
    evidence: { ...base(a), reported_excluded: a.reportedExcluded.map((r) => r.item.id) },
  };
}

/** Items joined by `follows`, transitively: one thread each. */
function threadsOf(items: readonly DeliverableItem[]): Map<string, string> {
  const parent = new Map(items.map((item) => [item.id, item.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    return root;
  };
  for (const item of items) for (const earlier of item.follows) parent.set(find(item.id), find(earlier));
  return new Map(items.map((item) => [item.id, find(item.id)]));
}

/**
 * Follow-ups presented as continuing what they follow — a continuity cue, or a fact of the earlier
 * item — in a block that reports only their own thread; a block that is the report of other
 * threads too connects nothing (everything in one paragraph is not a thread). A first message
 * presented as a follow-up (a continuity cue, or sharing its report with another thread) is a
 * false link.
 */
function links(a: ReportAnalysis): CheckOutcome {
  const byId = new Map(a.deliverable.items.map((item) => [item.id, item]));
  const thread = threadsOf(a.deliverable.items);
  // The items each block is the report of: a block reporting several threads connects none.
  const reportedIn = new Map<object, ItemReport[]>();
  for (const r of a.required) {
    if (r.found) reportedIn.set(r.found.block, [...(reportedIn.get(r.found.block) ?? []), r]);
  }
  // A brief block may join two threads (a clash names both meetings); one that reports three or
  // more, or two at length, is a digest paragraph and connects nothing. In a prose paragraph, the
  // threads joined are those whose sentences the item's share.
  const mixesThreads = (r: ItemReport): boolean => {
    const own = itemSentences(r.found!);
    const sharing = reportedIn
      .get(r.found!.block)!
      .filter((other) => other === r || itemSentences(other.found!).position === own.position);
    const threads = new Set(sharing.map((other) => thread.get(other.item.id)));
    if (threads.size <= 1) return false;
    return threads.size > 2 || own.chars > a.deliverable.max_chars_per_item;
  };
  // A block that reports one item is that item's report whole; a paragraph holding several is read
  // at each item's sentences.
  const alone = (r: ItemReport): boolean => reportedIn.get(r.found!.block)!.length === 1;
  const cued = (r: ItemReport): boolean =>
    continues(alone(r) ? r.found!.block.block.norm : itemSentences(r.found!).norm);
  // A first message is presented as a follow-up only by the sentence it is written in.
  const cuedAt = (r: ItemReport): boolean =>
    FOLLOW_UP_CLAIM.test(alone(r) ? r.found!.block.block.norm : itemSentences(r.found!).main);
  const ownText = (r: ItemReport): string =>
    alone(r) ? r.found!.block.block.raw : itemSentences(r.found!).mainRaw;
  const followUps = a.required.filter((r) => r.item.follows.length > 0);
  const linked = followUps.filter((r) => {
    // A paste shows the source's own "Re:", not a connection the assistant made.
    if (!r.found || r.found.copied || mixesThreads(r)) return false;
    if (cued(r)) return true;
    // A block in the follow-up's own words only ("…add cohort retention to the metrics?") repeats
    // it: a fact of the earlier message it happens to share is no connection the assistant made.
    if (r.sourceText !== null) {
      const world = r.found.block.text.ctx.world;
      const names = r.item.facts.flatMap((fact) => ('person' in fact ? world.namesOf(fact.person) : []));
      if (inSourceWords(ownText(r), `${names.join(' ')}\n${r.sourceText}`)) return false;
    }
    const own = new Set(r.item.facts.map(describeFact));
    return r.item.follows.some((id) =>
      (byId.get(id)?.facts ?? []).some(
        (fact) => !own.has(describeFact(fact)) && r.found!.block.text.has(fact),
      ),
    );
  });
  const others = a.required.filter((r) => r.found && r.item.follows.length === 0);
  const falseLinks = others.filter((r) => cuedAt(r) || mixesThreads(r));
  const precision = others.length === 0 ? 1 : 1 - falseLinks.length / others.length;
  const share =
    followUps.length === 0 ? 0 : linked.reduce((s, r) => s + r.found!.worth, 0) / followUps.length;
  return {
    fraction: clamp01(share * precision * a.flood),
    explanation: `${linked.length} of ${followUps.length} follow-ups connected to what they follow; ${falseLinks.length} of ${others.length} first messages wrongly presented as follow-ups or lumped with other threads.`,
    evidence: {
      ...base(a),
      linked: linked.map((r) => r.item.id),
      not_linked: followUps.filter((r) => !linked.includes(r)).map((r) => r.item.id),
      false_links: falseLinks.map((r) => r.item.id),
    },
  };
}

function delivery(a: ReportAnalysis, startMs: number): CheckOutcome {
  let previousEnd = Number.NEGATIVE_INFINITY;
  const rows = a.deadlines.map((deadline, index) => {
    const end = deadline + a.toleranceMs;
    const opens = (ms: number): boolean => (index === 0 ? ms >= startMs : ms > previousEnd);
    const delivered = a.posts.some((p) => opens(p.post.ms) && p.post.ms <= end);
    previousEnd = end;
    return { deadline: new Date(deadline).toISOString(), delivered };
  });
  const met = rows.filter((r) => r.delivered).length;
  const share = rows.length === 0 ? 0 : met / rows.length;
  return {
    fraction: clamp01(share * a.flood),
    explanation: `A report by ${met} of ${rows.length} deadlines; ${a.posts.length} posts (${a.allowedPosts} allowed before the flood factor).`,
    evidence: { ...base(a), deadlines: rows },
  };
}

function brevity(a: ReportAnalysis): CheckOutcome {
  const max = a.deliverable.max_chars_per_item;
  const reported = a.required.filter((r) => r.found);
  const brief = (r: ItemReport): boolean => !r.found!.copied && itemLength(r.found!) <= max;
  const sum = reported.reduce((s, r) => s + (brief(r) ? r.item.weight * r.found!.worth : 0), 0);
  const share = totalWeight(a.required) === 0 ? 0 : sum / totalWeight(a.required);
  const notBrief = reported.filter((r) => !brief(r));
  return {
    fraction: clamp01(share * a.precision * a.flood),
    explanation: `${reported.length - notBrief.length} of ${a.required.length} required items summarised briefly (within ${max} characters, not pasted).`,
    evidence: {
      ...base(a),
      not_brief: notBrief.map((r) => ({
        id: r.item.id,
        chars: itemLength(r.found!),
        pasted: r.found!.copied,
      })),
    },
  };
}

/** One analysis per run and deliverable, shared by the criteria that measure it. */
const analyses = new WeakMap<object, Map<string, ReportAnalysis>>();

function analysisFor(ctx: EvalContext, id: string): ReportAnalysis {
  let byId = analyses.get(ctx.finalState);
  if (!byId) {
    byId = new Map();
    analyses.set(ctx.finalState, byId);
  }
  let analysis = byId.get(id);
  if (!analysis) {
    analysis = analyseReports(ctx, id);
    byId.set(id, analysis);
  }
  return analysis;
}

export function runDeliverables(ctx: EvalContext, spec: DeliverablesSpec): CheckOutcome {
  const analysis = analysisFor(ctx, spec.deliverable);
  switch (spec.measure) {
    case 'coverage':
      return coverage(analysis);
    case 'facts':
      return facts(analysis);
    case 'labels':
      return labels(analysis);
    case 'exclusions':
      return exclusions(analysis);
    case 'links':
      return links(analysis);
    case 'delivery':
      return delivery(analysis, Date.parse(ctx.scenario.start_time));
    case 'brevity':
      return brevity(analysis);
  }
}
