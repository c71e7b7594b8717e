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

/** The options a question may list after it: more is a digest running on, not choices. */
const MAX_OPTIONS = 5;

/** Closing markup after a question mark: `**`, `_`, brackets, quotes. */
const QUESTION_END = /\?[\s*_)\]"'”’»]*$/;

function isQuestionSentence(sentence: string): boolean {
  return QUESTION_END.test(sentence.trim());
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
  const words = contentWords(question);
  if (words.length === 0) return false;
  // "Which would you like?" is anyone's question: too few words to be told for a copy.
  return words.length >= MIN_COPIED_WORDS && received.some((source) => inOrder(words, source));
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
  const all = sentences(text);
  const out: QuestionPassage[] = [];
  all.forEach((sentence, index) => {
    if (!isQuestionSentence(sentence.text) || copiedQuestion(sentence.text, received)) return;
    const previous = index > 0 ? all[index - 1] : undefined;
    const leadIn =
      previous && !paragraphBreak(previous, sentence) && !isQuestionSentence(previous.text)
        ? previous.text
        : '';
    const options: string[] = [];
    for (let next = index + 1; next < all.length && options.length < MAX_OPTIONS; next++) {
      const option = all[next]!;
      if (paragraphBreak(all[next - 1]!, option) || isQuestionSentence(option.text)) break;
      options.push(option.text);
    }
    out.push({
      question: sentence.text.trim(),
      passage: `${leadIn}${sentence.text}${options.join('')}`.trim(),
    });
  });
  return out;
}
