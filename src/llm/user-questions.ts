/**
 * How the deterministic user reads an assistant's chat post for what it asks: which sentences
 * are questions to the user, what part of a question asks (not what only sets the scene), and
 * whether it is a yes/no proposal. A report that only mentions things asks nothing; a question
 * inside a quoted message is the sender's, not the assistant's; a table header ("| June 13? |") is
 * no question; a closing offer ("Let me know if you'd like anything else") asks nothing.
 */

/** Lower case, one kind of apostrophe, words and figures only, padded with spaces for whole-word search. */
export function foldText(text: string): string {
  const folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'$£€]+/gu, ' ')
    .trim();
  return ` ${expandDateAbbreviations(folded)} `;
}

const WEEKDAYS: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};
const MONTHS: Record<string, string> = {
  jan: 'january',
  feb: 'february',
  mar: 'march',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
};

/**
 * "Fri 19 Jun" is "Friday 19 June": abbreviations are expanded only beside a day number, where
 * they cannot be the words "sat", "sun" or "mar".
 */
function expandDateAbbreviations(folded: string): string {
  return folded
    .replace(/\b(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?= \d)/g, (day: string) => WEEKDAYS[day]!)
    .replace(
      /(?<=\d(?:st|nd|rd|th)? )(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b/g,
      (m: string) => MONTHS[m]!,
    )
    .replace(/\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)(?= \d)/g, (m: string) => MONTHS[m]!);
}

/**
 * Quoted words are someone else's: "Karin texted: “Did you sort the flowers?”" relays her question,
 * it does not ask the user one. The question marks inside quotes become full stops (the sentence
 * ends where it ended; the words stay, a topic they name is still named).
 */
const QUOTED = /“[^”\n]{1,400}”|"[^"\n]{1,400}"|«[^»\n]{1,400}»/g;

/** The text's sentences (and lines), with quoted question marks made statements. */
export function sentencesOf(text: string): string[] {
  return (
    text
      .replace(QUOTED, (span) => span.replace(/[?？]/g, '.'))
      // "(e.g. via StaySnug)?" is one sentence, not "(e.g." and a question "via StaySnug)?".
      .replace(/\b(e\.g|i\.e)\.(?=\s)/gi, (abbreviation: string) => abbreviation.replace(/\./g, ''))
      .split(/(?<=[?？.!][*_)\]"'”’]*)\s+|\n+/)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence !== '')
  );
}

/** What opens a question: an interrogative, an auxiliary. */
const INTERROGATIVE =
  /^(?:which|what|when|where|who|whom|whose|how|why|is|are|am|do|does|did|should|shall|can|could|would|will|may)\b/i;
const ASKING_ANYWHERE = /\b(?:let me know|please (?:confirm|advise|tell me)|can you confirm)\b/i;
/** A clause that only sets the scene: "Before I book", "Given PO 4471", "If Ruth agrees". */
const SCENE_SETTING =
  /^(?:before|after|since|as|given|while|although|though|if|because|once|for|now that|meanwhile|just so you know)\b/i;

/** Markdown emphasis and closing brackets after a question mark: "**Your call — how should I answer?**". */
const TRAILING_MARKUP = /[*_)\]"'”’\s]+$/u;
/** A markdown table row: its cells ("| June 13? |") are headings and values, not questions. */
const TABLE_ROW = /^\s*\|/;

/** Whether a sentence is put to the reader: it ends with a question mark, or asks in words ("let me know"). */
export function asks(sentence: string): boolean {
  if (TABLE_ROW.test(sentence)) return false;
  return /[?？]$/.test(sentence.replace(TRAILING_MARKUP, '')) || ASKING_ANYWHERE.test(sentence);
}

/**
 * A closing that offers more ("Anything else?", "Can I help with anything else?", "Please let me
 * know if you would like anything else, for example a note to Karl"): it asks about nothing,
 * whatever it names. A long question that lists everything and ends "… and anything else I should
 * know?" is no closing: it is a catch-all, asked about all it lists.
 */
const ANYTHING_ELSE = /\banything else\b|\bany (?:other |more )?questions\b/i;
const CONDITIONAL = /\bif (?:you(?:['’]d| would)? (?:like|want|wish|need)|you have|there(?:['’]s| is))\b/i;
const CLOSING_WORDS = 12;

export function isClosing(sentence: string): boolean {
  if (!ANYTHING_ELSE.test(sentence)) return false;
  const words = sentence.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return words <= CLOSING_WORDS || CONDITIONAL.test(sentence);
}

/** An offer: "Let me know if you'd like me to move either one", "If you want, I can text her". */
const OFFER = /\bif you(?:['’]d| would)? (?:like|want|wish|prefer)\b|\b(?:just )?say the word\b/i;

/** An offer the user may leave unanswered: a question only when it names something the user decides. */
export function isOffer(sentence: string): boolean {
  return OFFER.test(sentence) && !/[?？]$/.test(sentence.replace(TRAILING_MARKUP, ''));
}

/**
 * A short question that points back ("How would you like to handle it?", "Which do you prefer?"):
 * it asks about what the sentences around it lay out.
 */
const POINTS_BACK = /\b(?:it|this|that|these|those|them|which (?:one|option)s?|either|the options?)\b/i;
export function pointsBack(question: string): boolean {
  const words = question.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  // A very short question ("Which do you mean?", "Your call?") can only be about what surrounds it.
  return words <= 5 || (words <= 10 && POINTS_BACK.test(question));
}

/** An example the question gives ("how you want it booked (e.g. via StaySnug)") is not what it asks about. */
const EXAMPLE_ASIDE = /\s*\((?:e\.?g\b\.?|for example|for instance|such as|say)[^)]*\)/gi;

/**
 * The part of a question sentence that asks, without what only sets the scene: a statement before a
 * colon ("Two quick questions before I book: which restaurant …?"), leading clauses such as
 * "Before I send the order," or "Given PO 4471," and examples in brackets — so a topic named there
 * is not asked about. Everything else stays: "Alex also asked for slides — shall I text him?" asks
 * about Alex's slides.
 */
export function askingPart(sentence: string): string {
  let asked = sentence.replace(EXAMPLE_ASIDE, '');
  const colon = asked.lastIndexOf(': ');
  if (colon > 0 && !INTERROGATIVE.test(asked.trim()) && !asked.slice(0, colon).includes('?')) {
    asked = asked.slice(colon + 2);
  }
  for (;;) {
    const comma = asked.indexOf(', ');
    if (comma === -1 || !SCENE_SETTING.test(asked.trim())) return asked;
    asked = asked.slice(comma + 2);
  }
}

const YES_NO =
  /^(?:is|are|do|does|did|should|shall|can|could|would|will|may|want)\b|\b(?:should i|shall i|do you want me to|want me to|can i|may i|is it ok(?:ay)?|ok(?:ay)? (?:if|to)|would you like me to|is that (?:ok|okay|right|correct|fine|what you want)|does that work|sound good|are you (?:ok|okay|happy) with|go ahead|confirm that)\b/i;

const WH = /^(?:which|what|when|where|who|whom|whose|how|why)\b/i;
/**
 * A wh-question after a lead-in ("Your call — how should I answer Malik?") or inside a request
 * ("Could you let me know how you'd like to handle the split?").
 */
const WH_INSIDE =
  /\b(?:which|what|when|where|who|how)\s+(?:should|shall|do|does|would|can|could|will)\b|\b(?:know|tell me|advise)\s+(?:which|what|when|where|who|whom|how)\b/i;

/** Whether a question is a yes/no one ("Should I book Bella Vista at 7:30?"), not a wh- one. */
export function isYesNo(question: string): boolean {
  const stripped = question.trim().replace(/^[^\p{L}]+/u, '');
  return !WH.test(stripped) && !WH_INSIDE.test(stripped) && !isChoice(stripped) && YES_NO.test(stripped);
}

/**
 * A question between options ("Keep waiting on them, or try Bella Vista instead?", "7 or 7:30?"):
 * answered with the option, not "yes" — "or not" still asks yes or no.
 */
const CHOICE = /\bor\b(?!\s+(?:not|no|otherwise|anything|something)\b)/i;
export function isChoice(question: string): boolean {
  return CHOICE.test(question);
}

/** A proposal of what the assistant will do ("Should I go with Pasta Fresca?"): about its lead-in. */
const PROPOSAL = /\b(?:should|shall|can|may) (?:i|we)\b|\b(?:want|like) me to\b|\bgo (?:ahead|with)\b/i;
export function isProposal(question: string): boolean {
  return PROPOSAL.test(question);
}
