import type { CallOptions, ChatContent, ModalityActionResponse } from '../../../ues/client/index.js';
import { requireExecuted } from '../../ues/action-results.js';
import type { PurpleUESClient } from '../../ues/purple-ues-client.js';

/**
 * Posting to the user in the conversation the task was given in. The protocol does not name the
 * scenario's chat conversation, so the first user message tells (one chat query, once); without
 * any user message the kit's default conversation is used.
 */
export class UserChat {
  private conversationId: Promise<string> | undefined;

  /** The conversation of the first user message, looked up once per assessment. */
  conversation(ues: PurpleUESClient, options: CallOptions = {}): Promise<string> {
    this.conversationId ??= ues.client.chat
      .query({ role: 'user', sort_by: 'timestamp', sort_order: 'asc', limit: 1 }, options)
      .then((page) => page.messages[0]?.conversation_id ?? ues.conversationId);
    return this.conversationId.catch((error: unknown) => {
      this.conversationId = undefined;
      throw error;
    });
  }

  /** Posts `content` as the assistant; throws UesActionFailedError when the UES did not apply it. */
  async post(
    ues: PurpleUESClient,
    content: ChatContent,
    options: CallOptions = {},
  ): Promise<ModalityActionResponse> {
    const conversationId = await this.conversation(ues, options);
    const response = await ues.client.chat.send(
      { role: 'assistant', content, conversation_id: conversationId },
      options,
    );
    return requireExecuted('POST /chat/send', response);
  }
}
