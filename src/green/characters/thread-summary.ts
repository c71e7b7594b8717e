import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import {
  formatHistory,
  MAX_THREAD_MESSAGES,
  type ConversationHistory,
  type HistoryEntry,
} from './history.js';
import { buildSummaryPrompt } from './prompts.js';

export interface CondenseOptions {
  summarizer: BaseChatModel;
  medium: 'email' | 'sms';
  participants: readonly string[];
  subject?: string;
  logger?: Logger;
  signal?: AbortSignal;
}

/**
 * Keeps the last `MAX_THREAD_MESSAGES` entries and summarises the rest with the summarizer model.
 * A failed or empty summary degrades to "(Earlier conversation with N messages)": the reply can
 * still be written, only with less context.
 */
export async function condenseHistory(
  entries: readonly HistoryEntry[],
  options: CondenseOptions,
): Promise<ConversationHistory> {
  if (entries.length <= MAX_THREAD_MESSAGES) return { summary: null, recent: [...entries] };
  const earlier = entries.slice(0, entries.length - MAX_THREAD_MESSAGES);
  const recent = entries.slice(entries.length - MAX_THREAD_MESSAGES);
  const fallback = `(Earlier conversation with ${earlier.length} messages)`;
  try {
    const reply = await options.summarizer.invoke(
      buildSummaryPrompt({
        medium: options.medium,
        participants: options.participants,
        subject: options.subject,
        conversation: formatHistory(earlier, options.medium),
        messageCount: earlier.length,
      }),
      { signal: options.signal },
    );
    const summary = reply.text.trim();
    return { summary: summary || fallback, recent };
  } catch (error) {
    options.logger?.warn(
      { err: error, messages: earlier.length },
      'thread summary failed; using a placeholder',
    );
    return { summary: fallback, recent };
  }
}
