import type { BaseMessageLike } from '@langchain/core/messages';
import { PROMPT_LABELS as L, PROMPT_TASKS, labelBlock, labelLine } from '../../llm/index.js';
import type { CalendarEvent } from '../../ues/client/index.js';
import type { CharacterProfile } from '../scenarios/schema.js';
import type { ConversationHistory } from './history.js';
import { formatHistory } from './history.js';
import { formatNames, type Person } from './people.js';

/**
 * Prompts for character simulation. Fields the offline model reads are emitted with
 * `labelLine` / `labelBlock` (src/llm/prompt-labels.ts) and placed before any quoted history, so a
 * quoted message cannot shadow them. Every prompt carries the character's persona, special
 * instructions, private details and its relationships to the people involved.
 */

export interface PromptCharacter {
  id: string;
  profile: CharacterProfile;
  /** Relationships to the people in this conversation (see `relevantRelationships`). */
  relationships: ReadonlyArray<{ person: string; relationship: string }>;
}

export interface ConversationPromptInput {
  character: PromptCharacter;
  medium: 'email' | 'sms';
  /** Who sent the message being answered (the user). */
  sender: Person;
  /** Everyone on the message, sender first. */
  participants: readonly Person[];
  /** Email subject; none for SMS. */
  subject?: string;
  latestMessage: string;
  history: ConversationHistory;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Name, personality, instructions, private details and relationships, as prompt lines. */
export function characterSection(character: PromptCharacter): string[] {
  const { profile } = character;
  const lines = [labelLine(L.character, profile.name), labelLine(L.personality, profile.personality)];
  if (profile.special_instructions) lines.push(`Special instructions: ${profile.special_instructions}`);
  const details = Object.entries(profile.config ?? {});
  if (details.length > 0) {
    lines.push('Private details only you know (use them when relevant; do not invent others):');
    for (const [key, value] of details) lines.push(`- ${key}: ${formatValue(value)}`);
  }
  if (character.relationships.length > 0) {
    lines.push('Your relationships with the people involved:');
    for (const { person, relationship } of character.relationships)
      lines.push(`- ${person}: ${relationship}`);
  }
  return lines;
}

function conversationContext(input: ConversationPromptInput): string[] {
  const lines = [
    labelLine(L.medium, input.medium),
    labelLine(L.sender, input.sender.name),
    labelLine(L.participants, formatNames(input.participants.map((person) => person.name))),
  ];
  if (input.subject !== undefined) lines.push(labelLine(L.subject, input.subject || '(no subject)'));
  if (input.history.summary) lines.push('', 'Summary of earlier messages:', input.history.summary);
  if (input.history.recent.length > 0) {
    lines.push(
      '',
      'Conversation so far (most recent last):',
      formatHistory(input.history.recent, input.medium),
    );
  }
  lines.push(
    '',
    `${input.sender.name} just sent this message:`,
    labelBlock(L.latestMessage, input.latestMessage),
  );
  return lines;
}

const MEDIUM_CONVENTIONS: Record<'email' | 'sms', string> = {
  email: 'Email replies are complete messages; a greeting and a sign-off are normal.',
  sms: 'Text messages are short and informal; no greeting or sign-off is needed.',
};

export function buildShouldRespondPrompt(input: ConversationPromptInput): BaseMessageLike[] {
  const system = [
    labelLine(L.task, PROMPT_TASKS.shouldRespond),
    'You decide whether a simulated person would realistically reply to a message they just received.',
    'Weigh: their personality and special instructions; the context and their relationships; whether the',
    'message asks something or expects an answer (pure "thanks" / "got it" messages rarely get replies);',
    `and the conventions of the medium. ${MEDIUM_CONVENTIONS[input.medium]}`,
    'Answer with JSON only: {"should_respond": true or false, "reasoning": "<one sentence>"}.',
  ].join('\n');
  const human = [
    'The person:',
    ...characterSection(input.character),
    '',
    ...conversationContext(input),
    '',
    `Would ${input.character.profile.name} reply to this message?`,
  ].join('\n');
  return [
    ['system', system],
    ['human', human],
  ];
}

export function buildReplyPrompt(input: ConversationPromptInput): BaseMessageLike[] {
  const name = input.character.profile.name;
  const system = [
    labelLine(L.task, PROMPT_TASKS.reply),
    `You are roleplaying as ${name}. Stay in character.`,
    ...characterSection(input.character),
    '',
    `Write a realistic ${input.medium} reply that matches ${name}'s style, suits the relationships and the`,
    'context, continues the conversation naturally and has an appropriate length.',
    MEDIUM_CONVENTIONS[input.medium],
    'Use the private details when they are relevant and never invent facts that contradict them.',
    'Output only the message text: no headers, no subject line, no commentary.',
  ].join('\n');
  const human = [...conversationContext(input), '', `Write your response as ${name}.`].join('\n');
  return [
    ['system', system],
    ['human', human],
  ];
}

export interface RsvpPromptInput {
  character: PromptCharacter;
  event: CalendarEvent;
  organizer: Person;
  attendees: readonly Person[];
}

export function buildRsvpPrompt(input: RsvpPromptInput): BaseMessageLike[] {
  const { event } = input;
  const system = [
    labelLine(L.task, PROMPT_TASKS.calendarRsvp),
    `You are ${input.character.profile.name}, deciding how to answer a calendar invitation.`,
    ...characterSection(input.character),
    '',
    'Consider your personality, your availability (see your private details and instructions), your',
    'relationship with the organizer, the nature of the event and any scheduling hints.',
    'Answer with JSON only: {"status": "accepted" | "declined" | "tentative", "comment": "<short note to the',
    'organizer, or null>", "reasoning": "<one sentence>"}.',
  ].join('\n');
  const lines = [
    labelLine(L.eventTitle, event.title),
    labelLine(L.organizer, input.organizer.name),
    labelLine(L.eventStart, event.start),
    `Event end: ${event.end}`,
  ];
  if (event.location) lines.push(`Location: ${event.location}`);
  if (event.conference_link) lines.push(`Conference link: ${event.conference_link}`);
  lines.push(`Attendees: ${formatNames(input.attendees.map((person) => person.name))}`);
  if (event.description) lines.push(`Description: ${event.description}`);
  return [
    ['system', system],
    ['human', ['You have been invited to this event:', ...lines, '', 'How do you respond?'].join('\n')],
  ];
}

export interface SummaryPromptInput {
  medium: 'email' | 'sms';
  participants: readonly string[];
  subject?: string;
  /** The earlier messages, already formatted. */
  conversation: string;
  messageCount: number;
}

export function buildSummaryPrompt(input: SummaryPromptInput): BaseMessageLike[] {
  const system = [
    labelLine(L.task, PROMPT_TASKS.summarizeThread),
    `Summarize the following ${input.medium} conversation history in 2–3 sentences: key topics,`,
    'decisions and open questions. Output only the summary.',
  ].join('\n');
  const lines = [
    labelLine(L.medium, input.medium),
    labelLine(L.messageCount, input.messageCount),
    labelLine(L.participants, formatNames(input.participants)),
  ];
  if (input.subject) lines.push(labelLine(L.subject, input.subject));
  lines.push('', input.conversation);
  return [
    ['system', system],
    ['human', lines.join('\n')],
  ];
}
