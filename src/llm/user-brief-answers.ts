import {
  askingPart,
  asks,
  foldText,
  isChoice,
  isClosing,
  isOffer,
  isProposal,
  isYesNo,
  pointsBack,
  sentencesOf,
} from './user-questions.js';

/**
 * How the deterministic user answers the assistant's questions from a private brief — like a
 * person: only what is asked (a topic the assistant merely mentions, or a reference it quotes such
 * as "PO 4471", is not a question; a report that asks nothing gets no answer), each topic once,
 * "yes" to a proposal that matches what they want (the correction when it does not), and, to
 * questions that ask about everything at once, "what exactly do you need to know?". Nothing in the
 * brief about it: the brief's `otherwise`, or "I don't know". How a post is read for its
 * questions is in user-questions.ts. The same reading tells the checks whether a question was
 * focused (`briefTopicsAsked`) and the reactive user whether there is anything to answer
 * (`asksTheUser`).
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

/** Whether `folded` holds `phrase` as whole words, also as a plural or a possessive ("Dan's"). */
function hasWords(folded: string, phrase: string): boolean {
  const words = foldText(phrase).trim();
  if (words === '') return false;
  return [words, `${words}s`, `${words}'s`].some((form) => folded.includes(` ${form} `));
}

/**
 * Whether `phrase` is asked about in `text` (both folded): it occurs as whole words, not only as
 * the label of a reference the question quotes ("PO 4471", "invoice #88" name a thing the
 * assistant already has).
 */
function mentions(foldedText: string, phrase: string): boolean {
  const folded = foldText(phrase).trim();
  if (folded === '') return false;
  for (const form of [folded, `${folded}s`, `${folded}'s`]) {
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

/** Capitalised words that name nothing: pronouns and contractions. */
const COMMON = new Set(
  "i i'll i'm i've i'd it's that's there's here's what's let's she's he's you're we're they're don't please yes no sure ok okay the a an it its we my our any anything whatever up to about around just only maybe let go his her their".split(
    ' ',
  ),
);

const CALENDAR_NAME =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Names and figures of an answer, with where they stand: what a proposal must contain to be the
 * same thing. A capitalised word that opens a sentence names something only when it looks like a
 * name anyway ("Dan’s plan", "Bella Vista", "StaySnug", "Friday"), not "She loves …" or "Order 46".
 */
function salientTokens(answer: string): Array<{ token: string; at: number }> {
  const found: Array<{ token: string; at: number }> = [];
  for (const match of answer.matchAll(/(?:[$£€]\s?)?\b(?:[A-Z][\p{L}'’-]+|\d[\d:.,]*(?:am|pm)?)\b/gu)) {
    const word = match[0];
    const token = word.toLowerCase().replace(/[’']s$/, '');
    if (COMMON.has(word.toLowerCase().replace(/’/g, "'"))) continue;
    const opensSentence = /(?:^|[.!?]\s+|[“"]\s*)$/u.test(answer.slice(0, match.index));
    if (opensSentence && /^[A-Z]/.test(word)) {
      const namelike =
        CALENDAR_NAME.test(word) ||
        /[a-z][A-Z]/.test(word) ||
        /[’']s$/.test(word) ||
        /^ [A-Z]/.test(answer.slice(match.index + word.length));
      if (!namelike) continue;
    }
    found.push({ token, at: match.index });
  }
  return found;
}

/** Where an answer's clauses end: a dash, a colon, a sentence end, ", so …". */
const CLAUSE_END = /\s+[—–-]\s+|[:;.!?](?:\s|$)|,\s+(?=(?:so|and|but)\b)/g;

/** The names and figures of each clause of an answer ("Friday 19 June — I told Grace …"), in order. */
function clauseTokens(answer: string): string[][] {
  const ends = [...answer.matchAll(CLAUSE_END)].map((match) => match.index);
  const clauses: string[][] = Array.from({ length: ends.length + 1 }, () => []);
  for (const { token, at } of salientTokens(answer)) {
    clauses[ends.filter((end) => end < at).length]!.push(token);
  }
  return clauses;
}

/** The names and figures that say what an answer settles: those of its first clause ("Friday 19 June — …"). */
function decidingTokens(answer: string): string[] {
  return clauseTokens(answer)[0] ?? [];
}

/** The names an answer opens with, when it opens with one: the option it picks ("Bella Vista, please"). */
function optionOf(answer: string): string[] {
  const first = salientTokens(answer)[0];
  return first?.at === 0 ? decidingTokens(answer) : [];
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
      (proposal && salientTokens(entry.answer).some(({ token }) => mentions(text, token))) ||
      // So is "Go with Trattoria Nonna, or Bella Vista?": a choice offering the option an answer
      // opens with ("Bella Vista, please — …").
      (!leadIn && isChoice(asked) && optionOf(entry.answer).some((token) => mentions(text, token))) ||
      // A proposal's lead-in names the option the answer settles on ("Bella Vista is saved as
      // your favourite"), not merely someone the answer mentions.
      (leadIn && decidingTokens(entry.answer).some((token) => mentions(text, token))),
  );
}

/** Each question the text asks, with the brief's topics it asks about; none for a text that asks nothing. */
/** A question, the brief's topics it asks about, and the statements leading into a proposal. */
interface ReadQuestion {
  question: string;
  topics: BriefEntry[];
  leadIn: string;
}

function readQuestions(brief: UserBriefLike, text: string): ReadQuestion[] {
  const all = sentencesOf(text);
  const read = all
    .filter((sentence) => asks(sentence) && !isClosing(sentence))
    .map((question) => {
      const topics = topicsOf(brief, question);
      if (topics.length > 0) return { question, topics, leadIn: '' };
      // A proposal's topic is the statement just before it (its lead-in: "The Copper Pot is your
      // favourite restaurant. Should I go with Pasta Fresca?"); a question that points back, that
      // and the options after it (possibly a list: "A. Accept his split. B. Keep £240 each.").
      const at = all.indexOf(question);
      const back = pointsBack(question);
      if (!back && !isProposal(question)) return { question, topics, leadIn: '' };
      // A proposal's lead-in may take two sentences ("For the restaurant, Kwame suggested Osteria
      // Rossi. Your contacts have The Copper Pot as your favourite. Should I go with Osteria Rossi?").
      const before = back ? [all[at - 1]] : [all[at - 2], all[at - 1]];
      const around = [...before, ...(back ? all.slice(at + 1, at + 4) : [])].filter(
        (s): s is string => s !== undefined && !asks(s),
      );
      const context = [...new Set(around.flatMap((sentence) => topicsOf(brief, sentence, !back)))];
      // A proposal is answered on what it proposes, not on what its lead-in already names.
      if (back && context.length > 0)
        return { question: `${question} ${around.join(' ')}`, topics: context, leadIn: '' };
      return { question, topics: context, leadIn: back ? '' : around.join(' ') };
    });
  // An offer ("Let me know if you'd like the job in your calendar") is a question only about
  // something the brief decides; otherwise it may go unanswered, like any courtesy.
  return read.filter(({ question, topics }) => topics.length > 0 || !isOffer(question));
}

/** How many of the brief's topics the text asks about (its questions, not what it only mentions). */
export function briefTopicsAsked(brief: UserBriefLike, text: string): number {
  return new Set(readQuestions(brief, text).flatMap(({ topics }) => topics)).size;
}

/** Whether the text asks the user anything to answer (a report, a closing offer or a relayed question does not). */
export function asksTheUser(brief: UserBriefLike, text: string): boolean {
  return readQuestions(brief, text).length > 0;
}

/** An answer that is already a yes or a no ("Yes — dispute it.") answers a yes/no question as it is. */
const SAYS_YES_OR_NO = /^\s*(?:yes|no)\b/i;

/**
 * How a proposal stands to the brief's answer: `agrees` when every name and figure of one of the
 * answer's clauses is in it and no clause is named only in part ("Should I tell Mum she's not
 * needed on Thursday?" against "… Please tell Mum she’s not needed on Thursday."); `differs` when
 * a clause is named only in part ("Thursday 18 June" against "Friday 19 June": June is there,
 * Friday and 19 are not) or none is named whole; `silent` when it names nothing of the answer.
 */
function proposalVerdict(folded: string, clauses: readonly string[][]): 'agrees' | 'differs' | 'silent' {
  const named = clauses.filter((tokens) => tokens.length > 0);
  const present = (token: string): boolean => hasWords(folded, token);
  if (named.some((tokens) => tokens.some(present) && !tokens.every(present))) return 'differs';
  if (named.some((tokens) => tokens.every(present))) return 'agrees';
  return 'silent';
}

/**
 * Whether a proposal says what `entry` says. A proposal that names nothing of its own ("Want me to
 * text her she is not needed?") is about what its lead-in laid out, and is read with it; one that
 * names an option ("Should I go with Trattoria Nonna?") is read on its own words, whatever its
 * lead-in mentions.
 */
function proposalAgrees(question: string, leadIn: string, entry: BriefEntry): boolean {
  const clauses = clauseTokens(entry.answer);
  const asked = askingPart(question);
  const verdict = proposalVerdict(foldText(asked), clauses);
  if (verdict !== 'silent' || leadIn === '' || salientTokens(asked).length > 0) return verdict === 'agrees';
  return proposalVerdict(foldText(`${leadIn} ${asked}`), clauses) === 'agrees';
}

/**
 * The one answer to a yes/no question about `topics`, with the topics it answers: yes when the
 * proposal says what the brief says, else no with what the user wants instead. An answer that is
 * itself a yes or a no ("Yes — dispute it.") is given as it is; one that names nothing to compare
 * ("Go with the cheaper one") is given as it is when it is the only topic, and left out beside a
 * topic that can be compared.
 */
function yesNoAnswer(
  { question, leadIn }: ReadQuestion,
  topics: readonly BriefEntry[],
): { text: string; used: BriefEntry[] } {
  if (topics.length === 1 && SAYS_YES_OR_NO.test(topics[0]!.answer)) {
    return { text: topics[0]!.answer.trim(), used: [...topics] };
  }
  const comparable = topics.filter((entry) => clauseTokens(entry.answer).some((tokens) => tokens.length > 0));
  if (comparable.length === 0) return { text: joined(topics), used: [...topics] };
  const corrections = comparable.filter((entry) => !proposalAgrees(question, leadIn, entry));
  if (corrections.length === 0) return { text: YES_REPLY, used: comparable };
  return { text: `No — ${afterDash(joined(corrections))}`, used: comparable };
}

function joined(entries: readonly BriefEntry[]): string {
  return entries.map((entry) => capitalised(entry.answer.trim())).join(' ');
}

/** A whole sentence starts with a capital ("yes — never above the cap" in a brief is said "Yes — …"). */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** After "No — " a sentence goes on in lower case, a name keeps its capital: "No — she loves …". */
function afterDash(text: string): string {
  return /^(?:She|He|They|It|It’s|It's|We|You|Go|Just|Please|Let|Use|Whatever|However|Everyone|Everything|The|A|An|Only|Order|Up)\b/.test(
    text,
  )
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/**
 * The user's deterministic answer: per question asked, in order, the brief's answers to the topics
 * it asks about that were not answered yet (a yes/no question: yes, or the correction), or — when
 * the brief has nothing on it — `otherwise`, else "I don't know". A text that asks nothing gets
 * nothing (the empty string); questions about more than two topics at once get "What exactly do
 * you need to know?".
 */
export function briefAnswer(brief: UserBriefLike, questions: string): string {
  const read = readQuestions(brief, questions);
  if (read.length === 0) return '';
  if (new Set(read.flatMap(({ topics }) => topics)).size > MAX_TOPICS_PER_QUESTION) return CLARIFY_REPLY;
  const fallback = capitalised(brief.otherwise?.trim() || DONT_KNOW_REPLY);
  const answers: string[] = [];
  const given = new Set<BriefEntry>();
  for (const asked of read) {
    const { question, topics } = asked;
    const fresh = topics.filter((entry) => !given.has(entry));
    // Each topic is answered once: a second question on it says nothing new.
    if (topics.length > 0 && fresh.length === 0) continue;
    let answer = fallback;
    if (fresh.length > 0) {
      const said = isYesNo(askingPart(question))
        ? yesNoAnswer(asked, fresh)
        : { text: joined(fresh), used: fresh };
      for (const entry of said.used) given.add(entry);
      answer = said.text;
    }
    if (!answers.includes(answer)) answers.push(answer);
  }
  return answers.join(' ');
}
