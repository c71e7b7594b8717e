import {
  CLARIFY_REPLY,
  DONT_KNOW_REPLY,
  YES_REPLY,
  type UserBriefLike,
} from '../../src/llm/user-brief-answers.js';

/** A brief whose answers are all there (as the scenario schema makes them). */
export type FullBrief = UserBriefLike & { answers: Array<{ about: string[]; answer: string }> };

/** An answer as the user says it: a whole sentence, starting with a capital. */
export const said = (answer: string): string =>
  answer.trim().charAt(0).toUpperCase() + answer.trim().slice(1);

/** Whether `reply` gives `entry`'s answer (in any case: after "No — " it goes on in lower case). */
export const answered = (reply: string, entry: { answer: string }): boolean =>
  reply.toLowerCase().includes(entry.answer.trim().toLowerCase());

/**
 * Splits a reply into the units it may be made of: whole brief answers, "No — " and a whole answer,
 * the fixed replies and the brief's otherwise; undefined when some part is none of them (a splice,
 * or an answer cut short).
 */
export function units(reply: string, brief: FullBrief): string[] | undefined {
  const allowed = [
    ...brief.answers.map((entry) => said(entry.answer)),
    YES_REPLY,
    CLARIFY_REPLY,
    DONT_KNOW_REPLY,
    ...(brief.otherwise ? [said(brief.otherwise)] : []),
  ].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  let rest = reply.trim();
  while (rest !== '') {
    const whole = allowed.find((candidate) => rest.startsWith(candidate));
    const no = whole === undefined && rest.startsWith('No — ') ? 'No — ' : '';
    // After "No — " an answer goes on in lower case ("No — she loves yellow roses").
    const unit = whole ?? allowed.find((candidate) => said(rest.slice(no.length)).startsWith(candidate));
    if (unit === undefined) return undefined;
    found.push(`${no}${unit}`);
    rest = rest.slice(no.length + unit.length).trim();
  }
  return found;
}

/** The brief answers a reply gives more than once (a topic answered twice is a splice too). */
export function repeated(reply: string, brief: FullBrief): string[] {
  const said = (units(reply, brief) ?? []).map((unit) => unit.replace(/^No — /, '').toLowerCase());
  return said.filter((unit, index) => said.indexOf(unit) !== index);
}
