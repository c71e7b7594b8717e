import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import { asksTheUser, type UserBriefLike } from '../../llm/user-brief-answers.js';
import type { ChatMessage, UesClient } from '../../ues/client/index.js';
import { contentText } from '../checks/run-view.js';
import type { ScenarioConfig } from '../scenarios/schema.js';
import { drawDelayMs } from './random.js';
import { chatReplyEvent } from './reply-events.js';
import type { ReplyFailure, ScheduledReply } from './types.js';
import { buildUserReplyPrompt } from './user-prompts.js';

/**
 * The reactive user (scenarios with a `user_brief`): when the assistant asks a question in the
 * user's chat conversation, the user answers after their `response_timing`, as a scheduled chat
 * message (role `user`) — through the same queue as the characters' replies. Statements get no
 * answer; all questions of one turn get one reply; `max_replies` bounds the whole assessment.
 */

/**
 * Whether an assistant post asks the user something the brief's user would answer: a question of
 * its own — not a report, a closing offer ("let me know if you'd like anything else"), a question
 * quoted from someone else's message or a table header (the offline user's reading, so every
 * user model answers the same posts).
 */
export function isQuestion(brief: UserBriefLike, text: string): boolean {
  return asksTheUser(brief, text);
}

export interface UserResponderOptions {
  client: UesClient;
  scenario: ScenarioConfig;
  model: BaseChatModel;
  random: () => number;
  logger?: Logger | undefined;
}

const PAGE = 1000;

export class UserResponder {
  private readonly seen = new Set<string>();
  private replies = 0;
  private readonly startMs: number;
  /**
   * The simulated time of the last look: posts are stamped with the time they are made, which
   * never goes back, so each look asks only for posts from then on (what a turn added, not the
   * whole conversation); `seen` drops those of that very instant already looked at.
   */
  private sinceMs: number;

  constructor(private readonly options: UserResponderOptions) {
    if (!options.scenario.user_brief) throw new TypeError('UserResponder: the scenario has no user_brief');
    this.startMs = Date.parse(options.scenario.start_time);
    this.sinceMs = this.startMs;
  }

  /**
   * The user's reply to the questions the assistant posted since the last call, or none.
   * A failed model call loses the reply (reported to `onFailure`); cancellation throws.
   */
  async reply(
    nowMs: number,
    options: {
      signal?: AbortSignal | undefined;
      onFailure?: ((failure: ReplyFailure) => void) | undefined;
    } = {},
  ): Promise<ScheduledReply | null> {
    const { scenario, client, logger } = this.options;
    const brief = scenario.user_brief!;
    const conversation = scenario.chat_conversation_id;
    const page = await client.chat.query(
      {
        conversation_id: conversation,
        role: 'assistant',
        // Posts from before the assessment (history in the initial state) are not questions to answer now.
        since: new Date(this.sinceMs),
        sort_by: 'timestamp',
        sort_order: 'asc',
        limit: PAGE,
      },
      { signal: options.signal },
    );
    this.sinceMs = Math.max(this.sinceMs, nowMs);
    const fresh = page.messages.filter((message) => !this.seen.has(message.message_id));
    for (const message of fresh) this.seen.add(message.message_id);
    const questions = fresh.filter((message) => isQuestion(brief, textOf(message)));
    if (questions.length === 0) return null;
    const user = scenario.characters[scenario.user_character]!;
    if (this.replies >= brief.max_replies) {
      logger?.info({ max_replies: brief.max_replies }, 'the user has answered as often as the brief allows');
      return null;
    }
    const delayMs = drawDelayMs(user.response_timing, this.options.random);
    const replyTo = questions.at(-1)!.message_id;
    try {
      options.signal?.throwIfAborted();
      const prompt = buildUserReplyPrompt({
        user,
        brief,
        request: scenario.user_prompt,
        questions: questions.map(textOf),
      });
      const text = (await this.options.model.invoke(prompt, { signal: options.signal })).text.trim();
      if (!text) {
        logger?.debug({ reply_to: replyTo }, 'the user has nothing to say to this question');
        return null;
      }
      this.replies += 1;
      return {
        character_id: scenario.user_character,
        character_name: user.name,
        modality: 'chat',
        scheduled_time: new Date(nowMs + delayMs).toISOString().replace('.000Z', 'Z'),
        reply_to: replyTo,
        event: chatReplyEvent(conversation, text),
      };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      logger?.warn({ err: error, reply_to: replyTo }, 'user reply skipped: model call failed');
      options.onFailure?.({
        character_id: scenario.user_character,
        character_name: user.name,
        modality: 'chat',
        reply_to: replyTo,
        error: error instanceof Error ? error : new Error(String(error)),
      });
      return null;
    }
  }
}

function textOf(message: ChatMessage): string {
  return contentText(message.content);
}
