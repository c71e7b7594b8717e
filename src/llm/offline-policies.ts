import { OfflineModelError } from './errors.js';
import { PROMPT_LABELS as L, PROMPT_TASKS, readBlock, readLabel } from './prompt-labels.js';
import { firstName, messageKind, offlineReply } from './offline-replies.js';
import { briefAnswer, type UserBriefLike } from './user-brief-answers.js';

export {
  briefAnswer,
  briefTopicsAsked,
  CLARIFY_REPLY,
  DONT_KNOW_REPLY,
  MAX_TOPICS_PER_QUESTION,
} from './user-brief-answers.js';

/**
 * What the offline model answers, as pure functions of the prompt text. The answers are
 * deterministic templates filled from the labelled fields our prompt builders emit (see
 * prompt-labels.ts): the task, the character's name and personality, the sender, the subject,
 * the latest message and the medium. Nothing here is random or depends on the clock.
 *
 * Labels read, per task:
 * - `reply`: Character, Personality, Medium, Sender, Latest message — an acknowledgement in the
 *   character's own words for the kind of message it is (offline-replies.ts); nothing quoted.
 * - `should_respond`: Latest message.
 * - `calendar_rsvp`: Event title, Organizer.
 * - `summarize_thread`: Medium, Message count, Participants, Subject.
 * - `user_reply`: User brief (JSON), Questions — answered like a person (user-brief-answers.ts,
 *   read by user-questions.ts): per question, the answers to the topics it asks about, each once
 *   (not those it only mentions; more than two topics gets "what exactly do you need to know?"),
 *   "yes" to a proposal that says what the brief says, else the brief's `otherwise`, else "I don't
 *   know"; nothing (empty text) to a post that asks nothing — a report, a closing offer, a
 *   question quoted from someone else's message.
 * - `criterion_evaluation`: refused — an offline model must not produce scores.
 * - no Task label: a generic acknowledgement quoting the last message.
 */

/** Structured tasks the offline model answers with JSON. */
export const OFFLINE_STRUCTURED_TASKS: readonly string[] = [
  PROMPT_TASKS.shouldRespond,
  PROMPT_TASKS.calendarRsvp,
];

/** The first sentence (or line) of a text, whole words only, at most about `max` characters. */
function excerpt(text: string, max = 60): string {
  const first =
    text
      .trim()
      .split(/(?<=[.!?])\s|\n/)[0]
      ?.trim() ?? '';
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()} …`;
}

function stripReplyPrefix(subject: string): string {
  return subject.replace(/^\s*((re|fwd?)\s*:\s*)+/i, '').trim();
}

function replyText(prompt: string): string {
  const medium = readLabel(prompt, L.medium) === 'sms' ? 'sms' : 'email';
  return offlineReply({
    character: readLabel(prompt, L.character) ?? 'Me',
    personality: readLabel(prompt, L.personality) ?? '',
    medium,
    sender: readLabel(prompt, L.sender) ?? '',
    latest: readBlock(prompt, L.latestMessage) ?? '',
  });
}

function shouldRespond(prompt: string): { should_respond: boolean; reasoning: string } {
  const bare = messageKind(readBlock(prompt, L.latestMessage) ?? '') === 'thanks';
  return bare
    ? { should_respond: false, reasoning: 'Offline rule: a bare acknowledgement needs no answer.' }
    : { should_respond: true, reasoning: 'Offline rule: a message with content gets an answer.' };
}

function calendarRsvp(prompt: string): { status: 'accepted'; comment: string; reasoning: string } {
  const title = readLabel(prompt, L.eventTitle) ?? 'the meeting';
  const organizer = readLabel(prompt, L.organizer);
  const greeting = organizer ? `Thanks ${firstName(organizer)}` : 'Thanks';
  return {
    status: 'accepted',
    comment: `${greeting}, I'll be at "${title}".`,
    reasoning: 'Offline rule: invitations are accepted.',
  };
}

function threadSummary(prompt: string): string {
  const medium = readLabel(prompt, L.medium) ?? 'email';
  const count = readLabel(prompt, L.messageCount) ?? 'several';
  const participants = readLabel(prompt, L.participants);
  const subject = stripReplyPrefix(readLabel(prompt, L.subject) ?? '');
  const between = participants ? ` between ${participants}` : '';
  const about = subject ? ` about "${subject}"` : '';
  return `Earlier ${medium} conversation of ${count} messages${between}${about}.`;
}

function userReply(prompt: string): string {
  const questions = readBlock(prompt, L.questions) ?? '';
  let brief: unknown;
  try {
    brief = JSON.parse(readBlock(prompt, L.userBrief) ?? 'null');
  } catch {
    throw new OfflineModelError('user_reply: the User brief block is not JSON');
  }
  if (!brief || typeof brief !== 'object')
    throw new OfflineModelError('user_reply: the prompt has no User brief');
  return briefAnswer(brief as UserBriefLike, questions);
}

function genericReply(prompt: string): string {
  const last = prompt.trim().split('\n\n').at(-1) ?? '';
  return `Offline model (no LLM configured). Received: "${excerpt(last, 200)}"`;
}

/** How the offline model was asked: plain text, or structured output (optionally under a name). */
export interface OfflineRequest {
  structured: boolean;
  /** The structured-output name; wins over the prompt's Task label. */
  task?: string;
}

/**
 * The offline answer to `prompt`: prose for text tasks, JSON text for structured ones.
 * @throws OfflineModelError for criterion evaluation, and for structured requests it has no
 *   deterministic answer for.
 */
export function offlineAnswer(prompt: string, request: OfflineRequest = { structured: false }): string {
  const task = request.task ?? readLabel(prompt, L.task);
  if (task === PROMPT_TASKS.criterionEvaluation) {
    throw new OfflineModelError(
      'The offline model cannot judge criteria: a score needs a real LLM. Run the judge with no model ' +
        '(criteria needing an LLM are then reported as not evaluated) or configure a provider model.',
    );
  }
  if (request.structured) {
    if (task === PROMPT_TASKS.shouldRespond) return JSON.stringify(shouldRespond(prompt));
    if (task === PROMPT_TASKS.calendarRsvp) return JSON.stringify(calendarRsvp(prompt));
    throw new OfflineModelError(
      `The offline model has no deterministic structured answer for ${task ? `task ${JSON.stringify(task)}` : 'a prompt without a Task label'}; ` +
        `it answers ${OFFLINE_STRUCTURED_TASKS.join(', ')}.`,
    );
  }
  switch (task) {
    case PROMPT_TASKS.reply:
      return replyText(prompt);
    case PROMPT_TASKS.summarizeThread:
      return threadSummary(prompt);
    case PROMPT_TASKS.userReply:
      return userReply(prompt);
    // Asked as plain text (e.g. through invokeStructured's JSON-in-text path): JSON as text.
    case PROMPT_TASKS.shouldRespond:
      return JSON.stringify(shouldRespond(prompt));
    case PROMPT_TASKS.calendarRsvp:
      return JSON.stringify(calendarRsvp(prompt));
    default:
      return genericReply(prompt);
  }
}
