import { OfflineModelError } from './errors.js';
import { PROMPT_LABELS as L, PROMPT_TASKS, readBlock, readLabel } from './prompt-labels.js';
import { briefAnswer, type UserBriefLike } from './user-brief-answers.js';

export {
  briefAnswer,
  briefTopicsAsked,
  CLARIFY_REPLY,
  MAX_TOPICS_PER_QUESTION,
} from './user-brief-answers.js';

/**
 * What the offline model answers, as pure functions of the prompt text. The answers are
 * deterministic templates filled from the labelled fields our prompt builders emit (see
 * prompt-labels.ts): the task, the character's name and personality, the sender, the subject,
 * the latest message and the medium. Nothing here is random or depends on the clock.
 *
 * Labels read, per task:
 * - `reply`: Character, Personality, Medium, Sender, Subject, Latest message.
 * - `should_respond`: Latest message.
 * - `calendar_rsvp`: Event title, Organizer.
 * - `summarize_thread`: Medium, Message count, Participants, Subject.
 * - `user_reply`: User brief (JSON), Questions — answered like a person (user-brief-answers.ts):
 *   the answers the questions ask about (at most two topics; more gets "what exactly do you need
 *   to know?"), "yes" to a yes/no question the brief agrees with, else the brief's `otherwise`.
 * - `criterion_evaluation`: refused — an offline model must not produce scores.
 * - no Task label: a generic acknowledgement quoting the last message.
 */

/** Structured tasks the offline model answers with JSON. */
export const OFFLINE_STRUCTURED_TASKS: readonly string[] = [
  PROMPT_TASKS.shouldRespond,
  PROMPT_TASKS.calendarRsvp,
];

const BARE_ACKNOWLEDGEMENT =
  /^(thanks|thank you|thx|ty|got it|ok|okay|noted|sounds good|great|perfect|cheers|will do|understood|👍)\b/i;
const REQUEST = /\?|\b(can you|could you|would you|please|let me know|confirm|are you|do you)\b/i;

interface Voice {
  greeting: string;
  signOff: string | null;
  suffix: string;
  extra: string | null;
}

/** Picks greeting, sign-off and flourishes from personality keywords, so characters sound different. */
function voiceOf(personality: string): Voice {
  const p = personality.toLowerCase();
  const suffix = /emoji/.test(p) ? ' 🙂' : '';
  if (/casual|laid-back|relaxed|warm|bubbly|informal|playful/.test(p)) {
    return { greeting: 'Hey', signOff: 'Cheers', suffix, extra: null };
  }
  if (/impatient|terse|curt|busy|concise/.test(p)) {
    return { greeting: '', signOff: null, suffix, extra: null };
  }
  if (/formal|authoritative|direct|professional/.test(p)) {
    return { greeting: 'Hi', signOff: 'Regards', suffix, extra: null };
  }
  if (/thorough|verbose|detailed|technical/.test(p)) {
    return {
      greeting: 'Hi',
      signOff: 'Best',
      suffix,
      extra: "I'll follow up with the details once I've gone through everything properly.",
    };
  }
  if (/anxious|hedg|diplomatic|nervous/.test(p)) {
    return { greeting: 'Hi', signOff: 'Thanks', suffix, extra: 'Hopefully that works on your side.' };
  }
  return { greeting: 'Hi', signOff: 'Best', suffix, extra: null };
}

function firstName(name: string | undefined): string {
  const trimmed = name?.trim();
  if (!trimmed) return 'there';
  // An address as the "name": use its local part.
  const local = trimmed.includes('@') ? trimmed.split('@')[0]!.split(/[._]/)[0]! : trimmed.split(/\s+/)[0]!;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

function stripReplyPrefix(subject: string): string {
  return subject.replace(/^\s*((re|fwd?)\s*:\s*)+/i, '').trim();
}

/** The first sentence (or line) of a message, at most `max` characters. */
function excerpt(text: string, max = 60): string {
  const first =
    text
      .trim()
      .split(/(?<=[.!?])\s|\n/)[0]
      ?.trim() ?? '';
  return first.length > max ? `${first.slice(0, max - 1).trimEnd()}…` : first;
}

function replyText(prompt: string): string {
  const character = readLabel(prompt, L.character) ?? 'Me';
  const voice = voiceOf(readLabel(prompt, L.personality) ?? '');
  const medium = readLabel(prompt, L.medium) ?? 'email';
  const sender = firstName(readLabel(prompt, L.sender));
  const latest = readBlock(prompt, L.latestMessage) ?? '';
  const asks = REQUEST.test(latest);
  const opener = voice.greeting ? `${voice.greeting} ${sender}` : sender;

  if (medium === 'sms') {
    const quoted = excerpt(latest, 40).replace(/[.!]+$/, '');
    const about = quoted ? ` about "${quoted}"` : '';
    const next = asks ? "I'll check and get back to you soon." : 'noted, thanks!';
    return `${opener}, got your message${about} — ${next}${voice.suffix}`;
  }

  const subject = stripReplyPrefix(readLabel(prompt, L.subject) ?? '');
  const topic = subject ? `your email about "${subject}"` : 'your email';
  const body = asks
    ? `Thanks for ${topic}. I'll look into what you asked and get back to you shortly.`
    : `Thanks for ${topic} — noted.`;
  const lines = [`${opener},`, '', `${body}${voice.suffix}`];
  if (voice.extra) lines.push('', voice.extra);
  if (voice.signOff) lines.push('', `${voice.signOff},`, firstName(character));
  else lines.push('', firstName(character));
  return lines.join('\n');
}

function shouldRespond(prompt: string): { should_respond: boolean; reasoning: string } {
  const latest = (readBlock(prompt, L.latestMessage) ?? '').trim();
  const bare = latest.length <= 80 && !latest.includes('?') && BARE_ACKNOWLEDGEMENT.test(latest);
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
