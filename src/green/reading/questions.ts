import { sentences, type Sentence } from './clauses.js';
import { contentWords } from './copying.js';

/**
 * The questions a message puts to its reader in its own words. A question mark inside a passage
 * copied from a message the user received (a digest carrying Dan's "Can you put me down on the trip
 * form?") is that sender's question, not the writer's: a reader who counts question marks takes a
 * dump of the inbox for asking. A question relayed with words of the writer's own ("The school asks
 * who will collect her: Dan or your mum?") is the writer's.
 */

/**
 * A question passage: the question, the sentence leading into it ("About Thursday's pickup:") and
 * the options that follow it in its paragraph ("1. 46: 40 donors plus the board").
 */
export interface QuestionPassage {
  question: string;
  /** Lead-in, question and options, as one text to read the question's subject from. */
  passage: string;
}

/** The option lines a question may list after it: more is a digest running on, not choices. */
const MAX_OPTION_LINES = 5;

/** A question mark (also full-width, "?!") and closing markup: `**`, `_`, brackets, quotes, emoji. */
const QUESTION_END = /[?？][!?]*[\s*_)\]"'”’»|\p{Extended_Pictographic}\uFE0F\u200D]*$/u;
/** A question closed by markup with more text on its line ("…like?** Rita needs it by 2"). */
const QUESTION_BEFORE_TEXT = /([?？][!?]*[*_"'”’»]+)(?=[ \t]+\S)/gu;

/**
 * Catch-all questions ask about nothing in particular, whatever stands beside them: "Anything
 * else?", "Let me know if you have any questions?", "Did I miss anything?", "Does that look ok?".
 */
const CATCH_ALL =
  /^[^\p{L}]*(?:(?:is there |was there )?anything (?:else|to (?:add|action|change))|any (?:other )?(?:questions?|changes?|thoughts)|(?:let me know|tell me) if (?:you have|there(?:'s| is)|anything)|did i (?:miss|get|forget) (?:anything|everything)|(?:does |do )?(?:that|this|everything|these|it all) (?:look|sound|seem)s? (?:ok|okay|good|right|fine)|are we (?:done|good|all set)|all (?:good|set))\b/iu;

/** A sender's label at the start of a digest line: "- Dan (museum at 2): ", "> Dan: ", "**Dan** — ". */
const SENDER_LABEL = /^[\s>*\-•|]*(?:\*\*)?\p{Lu}[\p{L}’'. ()\d:]{0,40}?(?:\*\*)?\s*(?::|—|–|\|)\s+/u;

/** A list item or table row: "- …", "1. …", "a) …", "| … |". */
const LIST_ITEM = /^\s*(?:[-*•|]|\d+[.)]|[A-Za-z][.)])\s/;

/** A short question pointing back at what came before: "Which one?", "Either?", "Which should I pick?". */
const POINTS_BACK = /\b(?:which|either|it|this|that|these|those|one|or)\b/i;
const SHORT_QUESTION_WORDS = 4;

function isQuestionSentence(sentence: string): boolean {
  return QUESTION_END.test(withoutQuotedQuestions(sentence).trim());
}

/**
 * A question quoted inside the writer's own sentence — a subject line in parentheses, a title
 * (Yusuf emailed ("Workshop slides?") asking for …) — is someone else's words: the sentence asks
 * nothing unless a question mark stands outside the quote (the quote may run past where the
 * sentence was cut: `emailed ("Workshop slides?`). A sentence that is only a quote
 * ("“Can you come on Friday?”") is a relayed question and still asks.
 */
const QUOTED_QUESTION = /(?<=\S[^"“”]*?)\(?\s*["“][^"“”\n]{1,120}?\?(?:["”]\s*\)?|\s*$)/gu;
function withoutQuotedQuestions(sentence: string): string {
  return sentence.replace(QUOTED_QUESTION, ' ');
}

/** What the question asks, after a lead-in of its own ("About the pickup: who collects her?"). */
function askingPart(question: string): string {
  return question.trim().replace(/^.*?(?::|—|–)\s+/u, '');
}

/** Content words a question needs before it can be told for a copy. */
const MIN_COPIED_WORDS = 3;

/** Whether `words` appear in order, as a subsequence, in `within`. */
function inOrder(words: readonly string[], within: readonly string[]): boolean {
  let j = 0;
  for (const word of within) {
    if (word === words[j]) j += 1;
    if (j === words.length) return true;
  }
  return words.length === 0;
}

/** The question sentences of the messages the user received, as content words. */
export function receivedQuestions(received: readonly string[]): string[][] {
  return received.flatMap((message) =>
    sentences(message)
      .filter((sentence) => isQuestionSentence(sentence.text))
      .map((sentence) => contentWords(sentence.text))
      .filter((words) => words.length > 0),
  );
}

/**
 * Whether the question is a copy of one the user received: its content words, in order, inside one
 * received question (the digest's "put trip form?" inside "Can you put me down on the trip form?").
 */
function copiedQuestion(question: string, received: readonly (readonly string[])[]): boolean {
  // A digest line names the sender first: the words after the label are the copy.
  const label = SENDER_LABEL.exec(question);
  if (label && copiedQuestion(question.slice(label[0].length), received)) return true;
  const words = contentWords(question);
  if (words.length === 0) return false;
  // "Which would you like?" is anyone's question: too few words to be told for a copy.
  return words.length >= MIN_COPIED_WORDS && received.some((source) => inOrder(words, source));
}

/**
 * The sentence leading into a question in its paragraph; for a short question pointing back
 * ("Which one should I put on the form?"), the paragraph before it too.
 */
function leadInOf(all: readonly Sentence[], index: number): string {
  const sentence = all[index]!;
  const before: string[] = [];
  const pointsBack =
    contentWords(sentence.text).length <= SHORT_QUESTION_WORDS && POINTS_BACK.test(sentence.text);
  let paragraphs = 0;
  for (let k = index - 1; k >= 0 && before.length < (pointsBack ? 4 : 1); k--) {
    const previous = all[k]!;
    if (isQuestionSentence(previous.text)) break;
    if (paragraphBreak(previous, all[k + 1]!)) {
      paragraphs += 1;
      if (!pointsBack || paragraphs > 1 || before.length > 0) break;
    }
    before.unshift(previous.text);
  }
  return before.join('');
}

/** Whether a blank line (a new paragraph) lies between two sentences. */
function paragraphBreak(before: Sentence, after: Sentence): boolean {
  const gap = `${/\s*$/.exec(before.text)![0]}${/^\s*/.exec(after.text)![0]}`;
  return /\n\s*\n/.test(gap);
}

/**
 * The questions of `text` in the writer's own words, each with the sentence that leads into it and
 * the options that follow it in the same paragraph. `received` is what `receivedQuestions` made of the user's messages.
 */
export function ownQuestions(text: string, received: readonly (readonly string[])[]): QuestionPassage[] {
  const all = sentences(text.replace(QUESTION_BEFORE_TEXT, '$1\n'));
  const out: QuestionPassage[] = [];
  all.forEach((sentence, index) => {
    if (!isQuestionSentence(sentence.text) || copiedQuestion(sentence.text, received)) return;
    if (CATCH_ALL.test(askingPart(sentence.text))) return;
    const leadIn = leadInOf(all, index);
    const options: string[] = [];
    let lines = 0;
    for (let next = index + 1; next < all.length; next++) {
      const option = all[next]!;
      // Options may start after a blank line when they are a list ("Which would you like?\n\n- …").
      const opensList = options.length === 0 && LIST_ITEM.test(option.text.replace(/^\s*\n/, ''));
      if ((paragraphBreak(all[next - 1]!, option) && !opensList) || isQuestionSentence(option.text)) break;
      // "1." and its text are two sentences of one line: lines, not sentences, count.
      if (/\n/.test(all[next - 1]!.text)) lines += 1;
      if (lines > MAX_OPTION_LINES) break;
      options.push(option.text);
    }
    out.push({
      question: sentence.text.trim(),
      passage: `${leadIn}${sentence.text}${options.join('')}`.trim(),
    });
  });
  return out;
}
