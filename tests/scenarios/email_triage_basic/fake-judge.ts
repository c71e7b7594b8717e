import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { GROUND_TRUTH } from '../../../scenarios/email_triage_basic/lib/ground-truth.js';

/**
 * A judge model for tests: answers each prompt with a function of the prompt text. It keeps
 * FakeListChatModel's `withStructuredOutput` (the reply text parsed as JSON) and records prompts.
 */
export class ScriptedJudge extends FakeListChatModel {
  readonly prompts: string[] = [];
  private readonly answer: (prompt: string) => string;

  constructor(answer: (prompt: string) => string) {
    super({ responses: ['unused'] });
    this.answer = answer;
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const prompt = messages.map((message) => message.text).join('\n\n');
    this.prompts.push(prompt);
    const text = this.answer(prompt);
    return { generations: [{ message: new AIMessage(text), text }] };
  }
}

/** The email ids a per-email prompt asks about. */
export function askedIds(prompt: string): string[] {
  return [...prompt.matchAll(/^- (email_\d{3}): from /gm)].map((match) => match[1]!);
}

/** Post indexes a classification prompt lists. */
export function askedPosts(prompt: string): number[] {
  return [...prompt.matchAll(/^### Post (\d+) — /gm)].map((match) => Number(match[1]));
}

export type Kind = 'mention' | 'accuracy' | 'urgency' | 'thread' | 'classify' | 'rubric';

export function kindOf(prompt: string): Kind {
  if (prompt.includes('"is_summary"')) return 'classify';
  if (prompt.includes('"thread_aware"')) return 'thread';
  if (prompt.includes('"label"')) return 'urgency';
  if (prompt.includes('"accurate"')) return 'accuracy';
  if (prompt.includes('"mentioned"')) return 'mention';
  return 'rubric';
}

/**
 * An "oracle" judge that reports an ideal summary: substantive emails mentioned, covered, accurate,
 * with the true urgency and thread awareness; noise not mentioned; every post a summary.
 */
export function oracleAnswer(rubricScore: (prompt: string) => number): (prompt: string) => string {
  const byId = new Map(GROUND_TRUTH.emails.map((email) => [email.email_id, email]));
  return (prompt) => {
    const kind = kindOf(prompt);
    if (kind === 'classify') {
      return JSON.stringify({ posts: askedPosts(prompt).map((index) => ({ index, is_summary: true })) });
    }
    if (kind === 'rubric') {
      return JSON.stringify({
        score: rubricScore(prompt),
        explanation: 'Judged by the test oracle.',
        strengths: ['clear'],
        weaknesses: [],
      });
    }
    const emails = askedIds(prompt).map((id) => {
      const email = byId.get(id)!;
      switch (kind) {
        case 'mention':
          return { email_id: id, mentioned: !email.is_noise };
        case 'accuracy':
          return { email_id: id, covered: true, accurate: true };
        case 'urgency':
          return { email_id: id, label: email.urgency ?? 'none' };
        case 'thread':
          return { email_id: id, thread_aware: true };
      }
    });
    return JSON.stringify({ emails });
  };
}
