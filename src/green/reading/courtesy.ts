import { normalise } from './normalise.js';
import { withoutQuotedOriginal } from './own-words.js';

/**
 * Courtesy read from a message's structure, not a word list: it greets or signs off in any common
 * form ("Hi Jordan,", "Dear all", "Morning!", "Best,", "Cheers, Rohan", "Thanks!", "Kind regards")
 * or says please/thank you somewhere, and it does not shout (whole sentences in capitals, "!!!").
 * Tone itself is the judge's: this only tells a curt or shouting message from a civil one.
 */

/** "Morning!" greets; "Morning brief — Tue 17 March" is a title. */
const GREETING =
  /^(?:(?:hi|hello|hey|hiya|dear|good (?:morning|afternoon|evening|day)|greetings|howdy|yo|hallo|bonjour|hola|ciao)\b|(?:morning|afternoon|evening)(?=\s*(?:[,!.;:\u2014\u2013-]|$)))/;
/** A closing line, or a closing after the last sentence: "Best,", "Cheers, Rohan", "— Thanks!", "See you there! Nadia x". */
const SIGN_OFF =
  /(?:^|[.!?]\s+|[—–-]\s*)(?:best(?: wishes| regards)?|kind(?:est)? regards|regards|warm(?:est)? regards|warmly|cheers|thanks(?: so much| again| a lot)?|thank you(?: so much| again)?|many thanks|much appreciated|sincerely|yours(?: sincerely| truly)?|all the best|take care|talk soon|see you(?: soon| there| then)?|speak soon|with thanks|ta|x+)\b[.!,]?[^.!?]{0,40}[.!?]?$/;
const POLITE_WORDS = /\b(?:please|thank(?:s| you)|appreciate[ds]?|grateful|sorry|apologi[sz]e)\b/;

/**
 * Whether the text shouts: a sentence of four or more words written in capitals, or "!!!". A short
 * heading in capitals ("FYI, NO ACTION", "SEV1 PAGED") or a run of acronyms is not shouting.
 */
export function shouts(raw: string): boolean {
  if (/!{3,}/.test(raw)) return true;
  return raw.split(/\r?\n/).some((line) => {
    const text = line.replace(/^\s*(?:#{1,6}\s+|[-*+•]\s+|\d+[.)]\s+)/, '').replace(/[*_`]/g, '');
    return text.split(/(?<=[.!?])\s+/).some((sentence) => {
      const words = sentence.match(/[\p{L}\p{N}']+/gu) ?? [];
      if (words.length < 4) return false;
      const capitals = words.filter(
        (word) => /\p{Lu}/u.test(word) && word === word.toUpperCase() && /\p{L}{2,}/u.test(word),
      );
      // A heading line (short, no sentence end) may be in capitals; a sentence may not.
      const heading = words.length <= 6 && !/[.!?]$/.test(sentence.trim());
      return !heading && capitals.length >= 4 && capitals.length >= 0.75 * words.length;
    });
  });
}

export function isCourteous(raw: string): boolean {
  if (shouts(raw)) return false;
  // The message's own words: a quoted or forwarded original is neither its ending nor its manners.
  const own = withoutQuotedOriginal(raw);
  const norm = normalise(own);
  // A greeting is one whatever the line's markup: "## Good morning!", "- Hi Oliver,".
  const lines = own
    .split(/\r?\n/)
    .map((line) => normalise(line.replace(/^\s*(?:#{1,6}\s+|[-*+•>]\s+|\d+[.)]\s+)/, '')))
    .filter(Boolean);
  // An email's text opens with its subject, so the greeting may be the second line.
  return (
    lines.slice(0, 2).some((line) => GREETING.test(line)) ||
    lines.slice(-3).some((line) => SIGN_OFF.test(line)) ||
    POLITE_WORDS.test(norm)
  );
}
