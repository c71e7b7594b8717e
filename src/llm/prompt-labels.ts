/**
 * Labelled prompt fields: the explicit contract between the prompt builders
 * (`src/green/characters/prompts.ts`) and the offline model (`offline.ts`). A real LLM reads them
 * as ordinary prompt text; the offline model reads them back to build context-aware answers
 * without an LLM. A builder that wants the offline model to see a field must emit it through
 * `labelLine` / `labelBlock` with one of these labels.
 */

export const PROMPT_LABELS = {
  /** Which job the prompt is for; one of `PROMPT_TASKS`. */
  task: 'Task',
  /** The simulated character who answers. */
  character: 'Character',
  personality: 'Personality',
  /** `email` or `sms`. */
  medium: 'Medium',
  /** Display name of whoever sent the latest message. */
  sender: 'Sender',
  subject: 'Subject',
  /** Block: the message being answered. */
  latestMessage: 'Latest message',
  /** Everyone in the conversation, as one line. */
  participants: 'Participants',
  /** How many messages a thread summary covers. */
  messageCount: 'Message count',
  eventTitle: 'Event title',
  organizer: 'Organizer',
  eventStart: 'Event start',
  /** Block: the reactive user's private brief, as JSON (`{answers: [{about, answer}], otherwise}`). */
  userBrief: 'User brief',
  /** Block: the assistant's questions the user answers. */
  questions: 'Questions',
} as const;

export type PromptLabel = (typeof PROMPT_LABELS)[keyof typeof PROMPT_LABELS];

/** Values of the `Task` label. */
export const PROMPT_TASKS = {
  /** Free text: an in-character reply. */
  reply: 'reply',
  /** Structured: `{should_respond, reasoning}`. */
  shouldRespond: 'should_respond',
  /** Structured: `{status, comment, reasoning}`. */
  calendarRsvp: 'calendar_rsvp',
  /** Free text: a 2–3 sentence summary of earlier messages. */
  summarizeThread: 'summarize_thread',
  /** Free text: the user answering the assistant's questions from their brief. */
  userReply: 'user_reply',
  /** Structured: `{score, explanation, strengths, weaknesses}` (the offline model refuses it). */
  criterionEvaluation: 'criterion_evaluation',
} as const;

export type PromptTask = (typeof PROMPT_TASKS)[keyof typeof PROMPT_TASKS];

const BLOCK_OPEN = '<<<';
const BLOCK_CLOSE = '>>>';

/** `Label: value` on one line (line breaks in the value become spaces). */
export function labelLine(label: PromptLabel, value: string | number): string {
  return `${label}: ${String(value)
    .replace(/\s*\n\s*/g, ' ')
    .trim()}`;
}

/**
 * A multi-line field: the label, then the text between `<<<` and `>>>` lines. A line of the text
 * that is exactly `>>>` would end the block early, so it is spaced out.
 */
export function labelBlock(label: PromptLabel, text: string): string {
  const safe = text
    .split('\n')
    .map((line) => (line.trim() === BLOCK_CLOSE ? '> > >' : line))
    .join('\n');
  return `${label}:\n${BLOCK_OPEN}\n${safe}\n${BLOCK_CLOSE}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The value of the first `Label: value` line in `text`, or undefined. First, because builders put
 * their fields before any quoted history, so a quoted message cannot shadow a field.
 */
export function readLabel(text: string, label: PromptLabel): string | undefined {
  const match = new RegExp(`^${escapeRegExp(label)}: (.*)$`, 'm').exec(text);
  return match?.[1]?.trim() || undefined;
}

/** The text of the first `labelBlock` with this label in `text`, or undefined. */
export function readBlock(text: string, label: PromptLabel): string | undefined {
  const pattern = new RegExp(
    `^${escapeRegExp(label)}:\\n${BLOCK_OPEN}\\n([\\s\\S]*?)\\n${BLOCK_CLOSE}$`,
    'm',
  );
  return pattern.exec(text)?.[1];
}
