import { tokens, type CopyContext, type SourceInput } from './copy-chains.js';

/**
 * Relaying is not writing: what a message says in its writer's own words. A message that copies
 * the user's instructions to the assistant ("Can you book dinner … and let Dan know the plan?")
 * tells its recipient nothing the assistant worked out, and one that restates the recipient's own
 * message back to them ("Thanks — just to confirm: either 5:45pm or 8:45pm, let us know which")
 * takes no side. Both read as the words of someone else: long copies from such a source
 * (reading/copy-chains.ts) are taken out before the message is read for credit. Short copies pass
 * (a name, "Thursday the 30th at 7:30pm"); so does what the user dictated for the recipient (in
 * quotation marks, after "tell him:", or the rest of "tell Graham I agree …").
 */

/**
 * Words a copy needs to be someone else's words rather than a shared phrase: writing for the user,
 * an assistant may well reuse their phrasing ("book dinner for my parents' anniversary"); taking an
 * offered option, the offer's ("the table for five at 8:45pm").
 */
export const RELAYED_INSTRUCTION_RUN = 10;
export const ECHO_RUN = 10;
/**
 * An echo restates most of the message it answers: a confirmation quoting the offer's line of
 * terms, or mirroring half of it, still takes a side.
 */
export const ECHO_SHARE = 0.65;
/** A user's message with no instruction in it (an answer: "Thursday the 5th at 7:30pm") is relayed when copied mostly whole. */
export const RELAYED_SHARE = 0.65;
/**
 * A message caught relaying the user's words passes their short answers on too: copies of this
 * share of any user message of at least `WHOLE_COPY_MIN_WORDS` words go with them.
 */
export const WHOLE_COPY_SHARE = 0.8;
export const WHOLE_COPY_MIN_WORDS = 4;

/**
 * A line that hands the assistant words to pass on: "Tell Dan:", "Reply to her saying:" — not "Reply
 * to him: agree the cleaning, dispute the carpet", which says what to do, not what to say.
 */
const DICTATION_LINE = /\b(?:tell \S+(?: \S+)?|say|saying|write|writing|text|message \S+)\s*:/i;
/** "Graham", "Karen Mitchell" — but "Tell Karen I agree": "I" starts what is dictated. */
const NAME = String.raw`(?:him|her|them|everyone|[A-Z][\p{L}'-]*(?:\s+(?!I\b)[A-Z][\p{L}'-]*)?)`;
/** "Tell Graham", "let them know": addressed to the assistant, so it stays an instruction. */
const DICTATION_CUE = new RegExp(String.raw`^(?:[Tt]ell\s+${NAME}|[Ll]et\s+${NAME}\s+know)`, 'u');
/**
 * A sentence that tells the assistant what to say: "Tell Graham I agree to the cleaning", "let
 * them know we're running late" — after the cue, the user's message for them ("ask him to release
 * the rest" is an errand: the assistant asks in its own words).
 */
const DICTATION_SENTENCE = new RegExp(
  String.raw`\b(?:[Tt]ell\s+${NAME}|[Ll]et\s+${NAME}\s+know)\s+(?:that\s+)?(?=[\p{L}\p{N}])[^.!?\n]*`,
  'gu',
);
/**
 * Where a dictated sentence turns back to the assistant: "Tell Karen I can do Thursday, and could
 * you put it in my calendar" dictates only up to the comma.
 */
const TURN_BACK =
  /(?:,\s*|\s+)(?:(?:and|then|also)\s+)*(?:(?:can|could|would|will)\s+you\b|please\b|(?:put|add|pop)\s+(?:it|this|that)\s+(?:in|into|on)\s+my\b)/i;

/**
 * Words that only make sense addressed to the assistant: "you" (in the user's words, always the
 * assistant), a request for the user ("give me", "tell me here"), an errand for someone ("let Dan
 * know", "tell Karen"). A copy carrying one relays the instruction; a copy without (the user's
 * "herb-roasted chicken and wild-mushroom risotto duo" in the order to the caterer) reuses what
 * the user wants said.
 */
const ADDRESSED_WORDS = new RegExp(
  [
    String.raw`\b(?:you|your|yours|yourself)\b`,
    String.raw`\blet\s+(?:\S+\s+){1,3}know\b`,
    String.raw`\b(?:give|send|show|tell|remind|update|ask|text|email|brief)\s+me\b`,
    String.raw`\b(?:me|us)\s+here\b`,
    String.raw`\btell\s+(?!me\b)\S+`,
  ].join('|'),
  'i',
);
/** An errand opening a sentence: "Move my 3pm … to", "Please confirm". */
const ERRAND_OPENING =
  /^\s*(?:please\s+)?(?:move|book|send|reply|tell|let|ask|put|sort|check|find|give|forward|cancel|schedule|reschedule|make|get|pay|confirm|remind|text|email|call|set|add|keep|draft|write|answer|handle|arrange|organise|organize|chase|follow)\b/i;

/**
 * A user's chat message as a source of copies: kept whole, so a copy of "tell Dan" together with
 * what follows is still a copy, with what it dictates for someone else marked (quotations, after
 * "Tell Dan:" on its line, the rest of a "tell Graham I agree …" sentence up to where it turns back
 * to the assistant), and whether its own words instruct the assistant.
 */
export function userSource(userMessage: string): SourceInput {
  const dictated: Array<[number, number]> = [];
  for (const quote of userMessage.matchAll(/^\s*>.*$/gm))
    dictated.push([quote.index, quote.index + quote[0].length]);
  // A short quotation is a name or a phrase, not a message for someone.
  for (const quote of userMessage.matchAll(/["“«][^"“”«»\n]*["”»]/g))
    if (quote[0].trim().split(/\s+/).length >= 5) dictated.push([quote.index, quote.index + quote[0].length]);
  let offset = 0;
  for (const line of userMessage.split('\n')) {
    const cue = DICTATION_LINE.exec(line);
    if (cue !== null) dictated.push([offset + cue.index + cue[0].length, offset + line.length]);
    offset += line.length + 1;
  }
  for (const sentence of userMessage.matchAll(DICTATION_SENTENCE)) {
    const from = sentence.index + DICTATION_CUE.exec(sentence[0])![0].length;
    const rest = userMessage.slice(from, sentence.index + sentence[0].length);
    const back = TURN_BACK.exec(rest);
    dictated.push([from, from + (back === null ? rest.length : back.index)]);
  }
  const own = tokens(userMessage)
    .filter((t) => !dictated.some(([from, to]) => t.start >= from && t.end <= to))
    .map((t) => userMessage.slice(t.start, t.end))
    .join(' ');
  const addressed =
    ADDRESSED_WORDS.test(own) ||
    userMessage.split(/(?<=[.!?])\s+|\n+/).some((sentence) => ERRAND_OPENING.test(sentence));
  return { text: userMessage, dictated, addressed };
}

/**
 * Whether a copy of the user's words relays an instruction to the assistant, read on the user's
 * words it copies — a copy that turns "you" into "they" or drops "Can you" still copies them. An
 * errand verb counts only where the user opened the errand and the copy opens a sentence with it:
 * "book dinner for my parents' anniversary" inside "I'd like to book …" is the assistant's request.
 */
export function relaysInstruction(copy: CopyContext): boolean {
  if (ADDRESSED_WORDS.test(copy.sourceSpan)) return true;
  // "… ask Oliver in facilities to arrange the minibus …" copied from after the name: the errand
  // handed on as it was given to the assistant.
  if (copy.afterErrandFor && copy.sourceSpan.trim() !== '') return true;
  return copy.errandOpening && copy.messageSentenceStart && ERRAND_OPENING.test(copy.sourceSpan);
}
