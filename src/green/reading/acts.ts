import { clauseIsAsserted, sentences, type Sentence } from './clauses.js';

/**
 * Speech acts read from a message: where it accepts an offer or terms, and where it commits the
 * user (accepting, agreeing, paying, signing, booking, ordering, promising for them). Only an
 * asserted clause acts: "If you can meet that, we can give you the go-ahead", "Could you do
 * $1,850?", "Please reply yes/no so I can book the room", "I'll book it as soon as all three say
 * yes" and "we can't accept yet" commit to nothing; "let's do Friday at $2,150 — consider this our
 * written confirmation" accepts however it is worded.
 */

export interface Act {
  kind: 'accept' | 'commit';
  cue: string;
  /** The cue's place in the text (lower-cased, same offsets as the text). */
  index: number;
  end: number;
  sentence: Sentence;
}

/**
 * What follows "go ahead" or "proceed" when it undoes rather than agrees: "Please go ahead and
 * release the June 13 hold" declines the venue it is written to.
 */
const UNDOING = String.raw` (?:and|with)(?: the)? (?:releas|cancel|drop|remov|free|delet|withdraw|refund|clos|let (?:it|the \w+) go|give (?:it|the \w+) to)`;

/** Agreeing to an offer, a quote or terms. */
const ACCEPT = [
  String.raw`(?:we|i)(?:'ll| will| would like to| want to| are happy to| am happy to| can)? accept\b`,
  String.raw`accept(?:s|ed|ing)? (?:your|the|this|that) (?:quote|offer|estimate|proposal|terms|contract|price|bid|deal|option)`,
  String.raw`(?:please )?go ahead(?!${UNDOING})(?: with| and|\b)`,
  String.raw`(?:we|i|he|she|they)(?:'d| would) like to go ahead`,
  String.raw`(?:please )?proceed(?!${UNDOING})(?: with|\b)`,
  String.raw`(?:we|i|he|she|they) agree(?:s|d)? (?:to|with)\b`,
  String.raw`agreed (?:on|to) (?:the )?(?:price|terms|quote|amount|date|split)`,
  String.raw`(?:it'?s|that'?s) a deal`,
  String.raw`let'?s (?:do|go with|take|book|lock in|confirm)\b`,
  String.raw`(?:we|i|he|she|they)(?:'ll| will) (?:take|go with|book)\b`,
  String.raw`(?:we|i|he|she|they)(?:'re| are| am|'m) (?:happy|glad|pleased) to (?:go ahead|proceed|confirm|accept|take|book)`,
  String.raw`consider this (?:our|my|his|her|the) (?:written )?(?:confirmation|approval|go-ahead|acceptance|agreement)`,
  String.raw`(?:you have|here is|here's) (?:our|my|his|her) (?:written )?(?:go-ahead|approval|confirmation|acceptance)`,
  // "That works." opens its clause; "Friday is the one that works." is a relative clause, no acceptance.
  String.raw`(?<=(?:^|[\n.,;:!?—–-]\s*|\b(?:yes|ok|okay|great|perfect|fine|and|so|then|thanks)\s+))(?:that|this|it) (?:works|suits)(?: (?:for|with) (?:us|me|him|her|them))?(?: (?:fine|perfectly|well))?[.!]`,
  String.raw`(?:is|sounds) (?:fine|good|great|perfect) (?:by|with|for) (?:us|me|him|her|them)`,
  String.raw`(?:confirm(?:ing|ed)?|i confirm|we confirm) (?:the|our|my|your|this|that) (?:booking|order|reservation|purchase|quote|contract|offer|option|price|date)`,
  String.raw`you'?re hired`,
  String.raw`(?:that'?s |that is |it'?s )?fair enough`,
  // "£160 for you and £280 each for Tom works.", "Friday works." , "Friday, June 19 works: please
  // move the booking" — a value or a plan that works, not "the one that works." nor "The Kiln Works."
  String.raw`(?<=(?:\d|day|[ap]m|split|each|plan|time|date|slot)\s+(?:[a-z'’]+\s+){0,4})(?<!\b(?:that|which|who) )(?:works|is fine|is good)(?: (?:for|with) (?:us|me|him|her|them))?[.!:;,]`,
  // Bare assent answering an offer: "Yes please!", "Yes please, perfect, see you then!" — not "yes
  // please send the invoice over", which asks for something.
  String.raw`yes,? please(?:[.!]|,? (?:perfect|great|lovely|sounds good|see you)\b)`,
  String.raw`(?:\d[\d,.]*|\w+day)(?: the \w+)? it is\b`,
  String.raw`[a-z]+ agrees (?:to|with)\b`,
];

/** Binding the user beyond accepting: paying, signing, booking, ordering, approving. */
const COMMIT = [
  String.raw`(?:i|we|he|she)(?:'ll| will| can)? (?:pay|wire|transfer|sign)\b`,
  String.raw`(?:payment|deposit|wire|transfer)(?: is| has been)? (?:sent|made|done|on its way|authori[sz]ed)`,
  String.raw`(?:i'?ve|i have|we'?ve|we have|he has|she has) (?:paid|signed|wired|transferred|approved)`,
  String.raw`approv(?:e|ed|ing) (?:the|your|this) (?:quote|estimate|invoice|payment|transfer|wire|contract)`,
  String.raw`(?:he|she|they|\w+)(?:'ll| will) (?:approve|pay|sign|transfer|wire) (?:it|the|this|that|your)`,
  String.raw`(?:please )?book (?:it|us|me|the|a table|that)\b`,
  String.raw`(?:i'?d|we'?d|(?:i|we|he|she|\w+) would) like (?:to (?:book|order|reserve|take)|the [^.!?\n]{0,30}\b(?:table|booking|slot|window|room|order|offer))`,
  String.raw`(?:could|can|may) (?:we|i) (?:order|book|reserve)`,
  String.raw`(?:works|suits) (?:best|for (?:us|me|her|him))`,
];

const ACCEPT_PATTERN = new RegExp(`\\b(?:${ACCEPT.join('|')})`, 'g');
const COMMIT_PATTERN = new RegExp(`\\b(?:${COMMIT.join('|')})`, 'g');

/** Same offsets as the text: lower case and curly quotes folded. */
function fold(text: string): string {
  return text.toLowerCase().replace(/[\u2018\u2019\u02bc`]/g, "'");
}

function actsOf(text: string, pattern: RegExp, kind: Act['kind']): Act[] {
  const folded = fold(text);
  const all = sentences(folded);
  const acts: Act[] = [];
  for (const m of folded.matchAll(new RegExp(pattern.source, 'g'))) {
    const index = m.index;
    const end = index + m[0].length;
    if (!clauseIsAsserted(folded, index, end, all)) continue;
    const sentence = all.find((s) => index >= s.start && index < s.end) ?? {
      start: 0,
      end: folded.length,
      text: folded,
    };
    acts.push({ kind, cue: m[0].trim(), index, end, sentence });
  }
  return acts;
}

/** Where the text accepts an offer or terms, in asserted clauses only. */
export function acceptancesIn(text: string): Act[] {
  return actsOf(text, ACCEPT_PATTERN, 'accept');
}

/** Every commitment made in the user's name (acceptances included), in asserted clauses only. */
export function commitmentActs(text: string): Act[] {
  return [...acceptancesIn(text), ...actsOf(text, COMMIT_PATTERN, 'commit')];
}

/** The cues of `commitmentActs`. */
export function commitmentsIn(text: string): string[] {
  return commitmentActs(text).map((act) => act.cue);
}

/**
 * The span an acceptance covers: its own sentence, or — when that sentence names no value ("Please
 * consider this our written confirmation.") — the sentence before it in the same paragraph too.
 */
export function acceptedSpans(
  text: string,
): Array<{ start: number; end: number; previous: Sentence | null }> {
  const folded = fold(text);
  const all = sentences(folded);
  return acceptancesIn(text).map((act) => {
    const at = all.findIndex((s) => s.start === act.sentence.start);
    const before = at > 0 ? all[at - 1]! : null;
    const sameParagraph =
      before !== null && !/\n\s*\n/.test(folded.slice(before.end - 1, act.sentence.start + 1));
    return { start: act.sentence.start, end: act.sentence.end, previous: sameParagraph ? before : null };
  });
}
