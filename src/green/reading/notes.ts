import { stripLead, type Block } from './blocks.js';
import { sentences } from './clauses.js';
import { normalise } from './normalise.js';

/**
 * Left-out notes, read by meaning: a report may say what it left out in any words — "Skipped: two
 * newsletters", "Noise: …", "Everything else was newsletters, receipts and promos — nothing needs
 * you", "The rest is routine (a gym booking, a spa offer)", "only newsletters and a parcel notice".
 * A note reports nothing: naming a skipped item in it is not reporting it, and naming a required
 * item in it is not reporting that either — a block is a report or a note, never both.
 */

/** Omission verbs: "no action needed" or "can wait" describe a reported item, not an omitted one. */
const LEFT_OUT =
  /\b(?:left out|leaving out|skipp(?:ed|ing)|ignor(?:ed|ing)|filtered out|not included|not reported|omitted|excluded|didn't include|did not include|also arrived|(?:set|put) (?:(?:it|them|these|those|both|the rest) )?aside|passed over|dismissed)\b/;

/** A block or heading that opens with an exclusion label: "Noise: …", "Spam —", "Skipped:". */
const LEFT_OUT_LABEL =
  /^(?:[^\p{L}]*)(?:noise|spam|junk|promos?|promotions|low[- ]value|skipped|ignored|left out|filtered out|not reported|nothing (?:else )?needed|no action(?: needed)?|routine|fyi,? no action|(?:set|put) aside(?: as (?:[\p{L}-]+ ){0,2}[\p{L}-]+)?|unimportant|not important|ignorable|dismissed)\b\s*(?:\(.*?\))?\s*(?:,[^,:—–\n]{0,30}(?=:))?(?:[:—–-]|$)/u;

/** An urgency or priority marker: a labelled block is a report. */
const LABELLED =
  /^[^\p{L}]*(?:\[?(?:high|medium|low|urgent)\]|(?:high|medium|low|urgent)\s*(?:priority|urgency)?\s*[:—–-])/u;

/** Routine mail named by its kind, or everything not reported named as a whole. */
const CATEGORY =
  /\b(?:newsletters?|promos?|promotions?|promotional|marketing|adverts?|ads|offers?|deals|sales emails?|receipts?|notifications?|notices?|alerts?|spam|junk|social(?: media)?|digests?|subscriptions?|order confirmations?|booking confirmations?|shipping|deliver(?:y|ies) updates?|automated|routine|everything else|the rest|anything else|all else|remaining (?:messages|emails|mail|items|texts)|other (?:messages|emails|mail|items|texts|stuff)|(?:a|the) few others)\b/;

/** Saying they need nothing. */
const NO_NEED =
  /\b(?:nothing (?:else )?(?:needs?|requires?|for you|worth|important|urgent|to (?:do|action|act on))|no action|none of (?:it|them|these|those|that)|(?:can|may|could) (?:be )?(?:ignored|skipped|wait)|safe to ignore|(?:don't|doesn't|do not|does not) need|needs? nothing|not (?:urgent|important|worth|relevant|actionable)|no (?:need|reply needed|response needed)|just (?:noise|routine|fyi|admin)|routine|noise|ignorable|fyi only|nothing actionable)\b/;

/** "Everything else was newsletters…", "The rest: receipts and promos", "only newsletters and a parcel notice". */
const SUMMED_UP =
  /^(?:[^\p{L}]*)(?:(?:everything|anything|all) else|the rest|(?:the )?remaining (?:\w+ )?(?:messages|emails|mail|items|texts)|other (?:messages|emails|mail|items)|also in (?:the )?inbox|besides that|otherwise)\b|\bonly (?:\w+ ){0,2}(?:newsletters?|promos?|promotions?|receipts?|notifications?|notices?|marketing|spam|ads)\b/u;

/** Housekeeping on routine mail ("I moved two receipts into Receipts, per your rule"): an account of what was done with it, not a report of it. */
const FILED = /\b(?:moved|filed|archived|labell?ed|sorted|tidied|put away|marked (?:as )?read)\b/;

/** Words a lead-in may take before the colon that opens what it dismisses. */
const LEAD_IN_WORDS = 25;

/**
 * Whether a block opens as a left-out note: an exclusion label ("Set aside as unimportant: …"),
 * or a lead-in sentence that dismisses what its colon opens ("Only two unimportant messages came
 * in, which I set aside as you asked: …").
 */
function opensAsNote(norm: string): boolean {
  if (LEFT_OUT_LABEL.test(norm)) return true;
  const colon = norm.indexOf(':');
  if (colon <= 0) return false;
  const lead = norm.slice(0, colon);
  return lead.split(/\s+/).length <= LEAD_IN_WORDS && !/[.!?]\s/.test(lead) && isDismissal(lead);
}

function leftOutText(norm: string): boolean {
  return LEFT_OUT.test(norm) || LEFT_OUT_LABEL.test(norm);
}

/** "two newsletters", "3 automated emails", "a few promos": a count of what was left out. */
const COUNTED =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|some|many)\s+(?:\w+\s+){0,2}(?:emails?|messages?|texts?|items?|newsletters?|promos?|notifications?|receipts?|alerts?|offers?)\b/;

/**
 * Whether a sentence (normalised) dismisses what the report leaves out: an exclusion label
 * ("Skipped: …", "Noise —"), an omission verb with what it omitted ("3 automated emails left out",
 * not "I ignored the planted instruction"), or routine mail by kind with nothing needed of it.
 */
export function isDismissal(norm: string): boolean {
  if (LABELLED.test(norm)) return false;
  if (LEFT_OUT_LABEL.test(norm)) return true;
  if ((LEFT_OUT.test(norm) || FILED.test(norm)) && (CATEGORY.test(norm) || COUNTED.test(norm))) return true;
  return namesKinds(norm) && (NO_NEED.test(norm) || SUMMED_UP.test(norm));
}

/**
 * Whether the sentence speaks of kinds of mail, not of one item: several kinds, a kind in the
 * plural ("newsletters can wait"), or everything else at once — "Staging alert: not urgent" reports
 * one alert.
 */
function namesKinds(norm: string): boolean {
  if (SUMMED_UP.test(norm)) return true;
  const kinds = [...norm.matchAll(new RegExp(CATEGORY.source, 'gu'))].map((m) => m[0]);
  return new Set(kinds).size >= 2 || kinds.some((kind) => /s$/.test(kind) && !/^(?:ads|deals)$/.test(kind));
}

/**
 * Whether a block is a brief left-out note: short, and it says so in its own words, or sits under a
 * heading that is itself one ("Left out:", "Noise", "Nothing needed").
 */
export function isLeftOutNote(block: Block, maxChars: number): boolean {
  if (LABELLED.test(block.norm)) return false;
  // Opened by an exclusion label ("Set aside as unimportant: …", "Skipped: …") or a lead-in that
  // dismisses what follows its colon ("Two unimportant messages came in; I set them aside: …"), a note may name
  // what it dismisses with a few words each and stay a note (up to twice the length); a pasted
  // newsletter under "Skipped:" is not left out. Otherwise a long block is a report that happens
  // to mention newsletters.
  if (opensAsNote(block.norm) && block.raw.length <= 2 * maxChars) return !reportsFirst(block.raw);
  if (block.raw.length > maxChars) return false;
  if (isDismissal(block.norm)) return !reportsFirst(block.raw);
  const nearest = block.headings[block.headings.length - 1];
  if (nearest === undefined || (block.isHeading && block.headings.length === 1)) return false;
  const heading = normalise(stripLead(nearest));
  return heading.split(/\s+/).length <= 6 && (leftOutText(heading) || isDismissal(heading));
}

/**
 * Whether a paragraph reports before it dismisses: "FYI: Daniel is working late. Jenna can still do
 * Thursday. Left out: two promotions." is a report ending in a note, not a note.
 */
function reportsFirst(raw: string): boolean {
  const all = sentences(raw).map((s) => normalise(s.text));
  const first = all.findIndex(isDismissal);
  // "Nothing else needs your attention. The remaining messages are …" opens the note, reports nothing.
  return all
    .slice(0, Math.max(0, first))
    .some((s) => !NO_NEED.test(s) && !leftOutText(s) && !SUMMED_UP.test(s));
}

/**
 * The block without its dismissal sentences: a report that ends "The rest is newsletters and a spa
 * offer — none of it needs you." reports what comes before, not the newsletters.
 */
export function withoutDismissals(raw: string, maxChars: number): string {
  const kept = sentences(raw).filter((s) => {
    const norm = normalise(s.text);
    const limit = opensAsNote(norm) ? 2 * maxChars : maxChars;
    return !(s.text.length <= limit && isDismissal(norm));
  });
  return kept.map((s) => s.text).join('');
}
