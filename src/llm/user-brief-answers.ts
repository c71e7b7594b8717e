/**
 * How the deterministic user answers the assistant's questions from a private brief — like a
 * person: the one or two things asked about, "yes" to a proposal that matches what they want (and
 * the correction when it does not), and, to a question that asks about everything at once, "what
 * exactly do you need to know?". The same cue reading tells the checks whether a question was
 * focused (`briefTopicsAsked`).
 */

export interface UserBriefLike {
  answers?: Array<{ about: string[]; answer: string }>;
  otherwise?: string | null;
}

/** A person answers one or two things at a time. */
export const MAX_TOPICS_PER_QUESTION = 2;
export const CLARIFY_REPLY = 'What exactly do you need to know?';
export const YES_REPLY = 'Yes, please go ahead.';

function foldText(text: string): string {
  return ` ${text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'$]+/gu, ' ')
    .trim()} `;
}

/** Whether `phrase` occurs in `text` as whole words (both folded; a plural "s" on the last word is fine). */
function mentions(foldedText: string, phrase: string): boolean {
  const folded = foldText(phrase).trim();
  if (folded === '') return false;
  return foldedText.includes(` ${folded} `) || foldedText.includes(` ${folded}s `);
}

function matchedAnswers(brief: UserBriefLike, questions: string): Array<{ about: string[]; answer: string }> {
  const text = foldText(questions);
  const proposal = yesNo(questions);
  return (brief.answers ?? []).filter(
    (entry) =>
      entry.about.some((cue) => mentions(text, cue)) ||
      // "Shall I book Bella Vista?" is about the restaurant even without the word.
      (proposal && salientTokens(entry.answer).some((token) => mentions(text, token))),
  );
}

/** How many of the brief's topics the questions ask about. */
export function briefTopicsAsked(brief: UserBriefLike, questions: string): number {
  return matchedAnswers(brief, questions).length;
}

const YES_NO =
  /^(?:is|are|do|does|did|should|shall|can|could|would|will|may|want)\b|\b(?:should i|shall i|do you want me to|want me to|can i|may i|is it ok(?:ay)?|ok(?:ay)? (?:if|to)|would you like me to|is that (?:ok|okay|right|correct|fine|what you want)|does that work|sound good|are you (?:ok|okay|happy) with|go ahead|confirm that)\b/i;

const WH = /^(?:which|what|when|where|who|whom|whose|how|why)\b/i;

/** Whether every question asked is a yes/no one ("Should I book Bella Vista at 7:30?"), none a wh- one. */
function yesNo(questions: string): boolean {
  const sentences = questions
    .split(/(?<=[?.!])\s+|\n+/)
    .map((sentence) => sentence.trim().replace(/^[^\p{L}]+/u, ''))
    .filter((sentence) => sentence.endsWith('?'));
  return sentences.length > 0 && sentences.every((sentence) => !WH.test(sentence) && YES_NO.test(sentence));
}

const COMMON = new Set(
  'i please yes no sure ok okay the a an it we my our any anything whatever up to about around just only maybe let go'.split(
    ' ',
  ),
);

/** Names and figures of an answer: what a proposal must contain to be the same thing. */
function salientTokens(answer: string): string[] {
  return (answer.match(/\b(?:[A-Z][\p{L}'-]+|\d[\d:.,]*(?:am|pm)?)\b/gu) ?? [])
    .map((token) => token.toLowerCase())
    .filter((token) => !COMMON.has(token));
}

/**
 * The user's deterministic answer. Up to two topics: those answers, in the brief's order; a
 * yes/no question proposing exactly what the brief says: "yes"; more topics: a request to be
 * specific; none: the brief's `otherwise` (or nothing).
 */
export function briefAnswer(brief: UserBriefLike, questions: string): string {
  const matched = matchedAnswers(brief, questions);
  if (matched.length > MAX_TOPICS_PER_QUESTION) return CLARIFY_REPLY;
  if (matched.length === 0) return brief.otherwise?.trim() ?? '';
  const answers = matched.map((entry) => entry.answer.trim()).join(' ');
  if (yesNo(questions)) {
    const folded = foldText(questions);
    const agrees = matched.every((entry) =>
      salientTokens(entry.answer).every((token) => folded.includes(` ${foldText(token).trim()} `)),
    );
    return agrees ? YES_REPLY : `No — ${answers}`;
  }
  return answers;
}
