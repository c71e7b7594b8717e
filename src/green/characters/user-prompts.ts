import type { BaseMessageLike } from '@langchain/core/messages';
import { PROMPT_LABELS as L, PROMPT_TASKS, labelBlock, labelLine } from '../../llm/index.js';
import type { CharacterProfile } from '../scenarios/schema.js';
import type { UserBrief } from '../scenarios/user-brief.js';

/**
 * The reactive user's prompt: the user answers their assistant's questions from a private brief
 * and nothing else. The brief goes in as JSON (the offline model reads it back to answer by cue
 * phrases; a real model reads it as the user's knowledge).
 */

export interface UserReplyPromptInput {
  user: CharacterProfile;
  brief: UserBrief;
  /** The task the user gave the assistant. */
  request: string;
  /** The assistant's questions of this turn, oldest first. */
  questions: readonly string[];
}

export function buildUserReplyPrompt(input: UserReplyPromptInput): BaseMessageLike[] {
  const name = input.user.name;
  const brief = { answers: input.brief.answers, otherwise: input.brief.otherwise ?? null };
  const system = [
    labelLine(L.task, PROMPT_TASKS.userReply),
    `You are ${name}, the user of an AI personal assistant, answering it in a chat.`,
    labelLine(L.personality, input.user.personality),
    'Your brief below is everything you know about this task. Answer like a busy person: only what the',
    'assistant asked, only from the brief, at most two topics per reply. If the assistant asks about',
    'everything at once instead of what it actually needs, reply only "What exactly do you need to know?".',
    'Answer a yes/no question with yes or no (and, for no, what you want instead, from the brief). If a',
    'question is not covered by the brief, reply with its "otherwise" text (say nothing about it when that',
    'is null). Never invent names, dates, times, amounts or places. Reply in one to three short',
    'sentences, plain text, no greeting or sign-off.',
  ].join('\n');
  const human = [
    `Your original request to the assistant: ${input.request}`,
    '',
    labelBlock(L.userBrief, JSON.stringify(brief, null, 2)),
    '',
    'The assistant just asked you:',
    labelBlock(L.questions, input.questions.join('\n\n')),
    '',
    `Write ${name}'s reply.`,
  ].join('\n');
  return [
    ['system', system],
    ['human', human],
  ];
}
