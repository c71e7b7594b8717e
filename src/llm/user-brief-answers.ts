/**
 * How the deterministic user answers the assistant's questions from a private brief — like a
 * person: only what is asked (a topic the assistant merely mentions, or a reference it quotes such
 * as "PO 4471", is not a question), one answer per question, "yes" to a proposal that matches what
 * they want (the correction when it does not), and, to a question that asks about everything at
 * once, "what exactly do you need to know?". Nothing in the brief about it: the brief's
 * `otherwise`, or "I don't know". The same reading tells the checks whether a question was focused
 * (`briefTopicsAsked`).
 */

export interface UserBriefLike {
  answers?: Array<{ about: string[]; answer: string }>;
  otherwise?: string | null;
}

type BriefEntry = { about: string[]; answer: string };

/** A person answers one or two things at a time. */
export const MAX_TOPICS_PER_QUESTION = 2;
export const CLARIFY_REPLY = 'What exactly do you need to know?';
export const YES_REPLY = 'Yes, please go ahead.';
export const DONT_KNOW_REPLY = "I don't know.";

function foldText(text: string): string {
  return ` ${text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'$£€]+/gu, ' ')
    .trim()} `;
}

/**
 * Whether `phrase` is asked about in `text` (both folded; a plural "s" on the last word is fine):
 * it occurs as whole words, not only as the label of a reference the question quotes ("PO 4471",
 * "invoice #88" name a thing the assistant already has).
 */
function mentions(foldedText: string, phrase: string): boolean {
  const folded = foldText(phrase).trim();
  if (folded === '') return false;
  for (const form of [folded, `${folded}s`]) {
    let from = 0;
    for (;;) {
      const at = foldedText.indexOf(` ${form} `, from);
      if (at === -1) break;
      const after = foldedText.slice(at + form.length + 2);
      const quotesReference = /^\d/.test(after) && !/^\d/.test(folded);
      if (!quotesReference) return true;
      from = at + 1;
    }
  }
  return false;
}

/** What opens a question: an interrogative, an auxiliary. */
const INTERROGATIVE =
  /^(?:which|what|when|where|who|whom|whose|how|why|is|are|am|do|does|did|should|shall|can|could|would|will|may)\b/i;
const ASKING_ANYWHERE = /\b(?:let me know|please (?:confirm|advise|tell me)|can you confirm)\b/i;
/** A clause that only sets the scene: "Before I book", "Given PO 4471", "If Ruth agrees". */
const SCENE_SETTING =
  /^(?:before|after|since|as|given|while|although|though|if|because|once|for|now that|meanwhile|just so you know)\b/i;

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[?？.!][*_)\]"'”’]*)\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** Markdown emphasis and closing brackets after a question mark: "**Your call — how should I answer?**". */
const TRAILING_MARKUP = /[*_)\]"'”’\s]+$/u;

function asks(sentence: string): boolean {
  return /[?？]$/.test(sentence.replace(TRAILING_MARKUP, '')) || ASKING_ANYWHERE.test(sentence);
}

/**
 * A short question that points back ("How would you like to handle it?", "Which do you prefer?"):
 * it asks about what the sentences around it lay out.
 */
const POINTS_BACK = /\b(?:it|this|that|these|those|them|which (?:one|option)s?|either|the options?)\b/i;
function pointsBack(question: string): boolean {
  const words = question.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  // A very short question ("Which do you mean?", "Your call?") can only be about what surrounds it.
  return words <= 5 || (words <= 10 && POINTS_BACK.test(question));
}

/**
 * The part of a question sentence that asks, without what only sets the scene: a statement before a
 * colon ("Two quick questions before I book: which restaurant …?") and leading clauses such as
 * "Before I send the order," or "Given PO 4471," — so a topic named there is not asked about.
 * Everything else stays: "Alex also asked for slides — shall I text him?" asks about Alex's slides.
 */
function askingPart(sentence: string): string {
  let asked = sentence;
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

/** Whether a question is a yes/no one ("Should I book Bella Vista at 7:30?"), not a wh- one. */
/** "Your call — how should I answer Malik?": a wh-question after a lead-in. */
const WH_INSIDE = /\b(?:which|what|when|where|who|how)\s+(?:should|shall|do|does|would|can|could|will)\b/i;

function isYesNo(question: string): boolean {
  const stripped = question.trim().replace(/^[^\p{L}]+/u, '');
  return !WH.test(stripped) && !WH_INSIDE.test(stripped) && YES_NO.test(stripped);
}

const COMMON = new Set(
  "i please yes no sure ok okay the a an it it's its we my our any anything whatever up to about around just only maybe let go his her their".split(
    ' ',
  ),
);

/** Names and figures of an answer: what a proposal must contain to be the same thing. */
function salientTokens(answer: string): string[] {
  return (answer.match(/(?:[$£€]\s?)?\b(?:[A-Z][\p{L}'’-]+|\d[\d:.,]*(?:am|pm)?)\b/gu) ?? [])
    .map((token) => token.toLowerCase().replace(/[’']s$/, ''))
    .filter((token) => !COMMON.has(token.replace(/’/g, "'")));
}

/** The brief's entries one question asks about, in the brief's order. */
function topicsOf(brief: UserBriefLike, question: string, leadIn = false): BriefEntry[] {
  const asked = askingPart(question);
  const text = foldText(asked);
  const proposal = isYesNo(asked);
  return (brief.answers ?? []).filter(
    (entry) =>
      entry.about.some((cue) => mentions(text, cue)) ||
      // "Shall I book Bella Vista?" is about the restaurant even without the word.
      (proposal && salientTokens(entry.answer).some((token) => mentions(text, token))) ||
      // A proposal's lead-in names the option the answer settles on ("Bella Vista is saved as
      // your favourite"), not merely someone the answer mentions.
      (leadIn && decidingTokens(entry.answer).some((token) => mentions(text, token))),
  );
}

/** A proposal of what the assistant will do ("Should I go with Pasta Fresca?"): about its lead-in. */
const PROPOSAL = /\b(?:should|shall|can|may) (?:i|we)\b|\b(?:want|like) me to\b|\bgo (?:ahead|with)\b/i;

/** Each question the text asks, with the brief's topics it asks about. */
function readQuestions(
  brief: UserBriefLike,
  text: string,
): Array<{ question: string; topics: BriefEntry[] }> {
  const all = sentencesOf(text);
  const questions = all.filter(asks);
  if (questions.length === 0) return [{ question: text, topics: topicsOf(brief, text) }];
  return questions.map((question) => {
    const topics = topicsOf(brief, question);
    if (topics.length > 0) return { question, topics };
    // A proposal's topic is the statement just before it (its lead-in: "The Copper Pot is your
    // favourite restaurant. Should I go with Pasta Fresca?"); a question that points back, that
    // and the options after it (possibly a list: "A. Accept his split. B. Keep £240 each.").
    const at = all.indexOf(question);
    const back = pointsBack(question);
    if (!back && !PROPOSAL.test(question)) return { question, topics };
    // A proposal's lead-in may take two sentences ("For the restaurant, Kwame suggested Osteria
    // Rossi. Your contacts have The Copper Pot as your favourite. Should I go with Osteria Rossi?").
    const before = back ? [all[at - 1]] : [all[at - 2], all[at - 1]];
    const around = [...before, ...(back ? all.slice(at + 1, at + 4) : [])].filter(
      (s): s is string => s !== undefined && !asks(s),
    );
    const context = [...new Set(around.flatMap((sentence) => topicsOf(brief, sentence, !back)))];
    // A proposal is answered on what it proposes, not on what its lead-in already names.
    const asked = back && context.length > 0 ? `${question} ${around.join(' ')}` : question;
    return { question: asked, topics: context };
  });
}

/** How many of the brief's topics the text asks about (its questions, not what it only mentions). */
export function briefTopicsAsked(brief: UserBriefLike, text: string): number {
  return new Set(readQuestions(brief, text).flatMap(({ topics }) => topics)).size;
}

/** An answer that is already a yes or a no ("Yes — dispute it.") answers a yes/no question as it is. */
const SAYS_YES_OR_NO = /^\s*(?:yes|no)\b/i;

/** The names and figures that say what an answer settles: those of its first clause ("Friday 19 June — …"). */
function decidingTokens(answer: string): string[] {
  return salientTokens(answer.split(/\s+[—–-]\s+|[:;.](?:\s|$)/)[0] ?? '');
}

/**
 * The one answer to a yes/no question about `topics`: yes when the proposal names what the brief
 * says, else no with what the user wants instead. An answer that is itself a yes or a no ("Yes —
 * dispute it.") is given as it is; one that names nothing to compare ("Go with the cheaper one")
 * is given as it is when it is the only topic, and left out beside a topic that can be compared.
 */
function yesNoAnswer(question: string, topics: readonly BriefEntry[]): string {
  if (topics.length === 1 && SAYS_YES_OR_NO.test(topics[0]!.answer)) return topics[0]!.answer.trim();
  const folded = foldText(askingPart(question));
  const comparable = topics.filter((entry) => decidingTokens(entry.answer).length > 0);
  if (comparable.length === 0) return topics.map((entry) => entry.answer.trim()).join(' ');
  const corrections = comparable.filter(
    (entry) => !decidingTokens(entry.answer).every((token) => folded.includes(` ${foldText(token).trim()} `)),
  );
  if (corrections.length === 0) return YES_REPLY;
  return `No — ${corrections.map((entry) => entry.answer.trim()).join(' ')}`;
}

/**
 * The user's deterministic answer: per question asked, in order, the brief's answers to the topics
 * it asks about (a yes/no question: yes, or the correction), or — when the brief has nothing on
 * it — `otherwise`, else "I don't know"; an answer already given is not repeated. A reply asking
 * about more than two topics at once gets "What exactly do you need to know?".
 */
export function briefAnswer(brief: UserBriefLike, questions: string): string {
  const read = readQuestions(brief, questions);
  if (new Set(read.flatMap(({ topics }) => topics)).size > MAX_TOPICS_PER_QUESTION) return CLARIFY_REPLY;
  const fallback = brief.otherwise?.trim() || DONT_KNOW_REPLY;
  const answers: string[] = [];
  for (const { question, topics } of read) {
    const answer =
      topics.length === 0
        ? fallback
        : isYesNo(askingPart(question))
          ? yesNoAnswer(question, topics)
          : topics.map((entry) => entry.answer.trim()).join(' ');
    // One answer once: "No — X" after "X" (or the other way round) says nothing new.
    const core = (text: string): string => text.replace(/^No — /, '');
    if (!answers.some((given) => core(given) === core(answer))) answers.push(answer);
  }
  return answers.join(' ');
}
