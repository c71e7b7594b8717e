import type {
  ChatQuery,
  ClearChatRequest,
  DeleteChatMessageRequest,
  SendChatRequest,
} from '../requests/chat.js';
import {
  chatQueryResponseSchema,
  chatStateSchema,
  compactChatStateSchema,
  type ChatQueryResponse,
  type ChatStateResponse,
  type CompactChatState,
} from '../schemas/chat.js';
import { modalityActionResponseSchema, type ModalityActionResponse } from '../schemas/common.js';
import type { CallOptions, UesTransport } from '../transport.js';

/** `/chat`: the user ↔ assistant conversation(s). */
export class ChatClient {
  constructor(private readonly transport: UesTransport) {}

  /** Every conversation and message (`chat:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<ChatStateResponse>;
  /** Conversation metadata only (`chat:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactChatState>;
  state(query?: { compact?: boolean }, options?: CallOptions): Promise<ChatStateResponse | CompactChatState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<ChatStateResponse | CompactChatState> {
    const wire = { compact: query.compact };
    if (query.compact) {
      return this.transport.call(
        { method: 'GET', path: '/chat/state', query: wire, schema: compactChatStateSchema },
        options,
      );
    }
    return this.transport.call(
      { method: 'GET', path: '/chat/state', query: wire, schema: chatStateSchema },
      options,
    );
  }

  /** Filters messages (`chat:query`). */
  query(query: ChatQuery = {}, options?: CallOptions): Promise<ChatQueryResponse> {
    return this.transport.call(
      { method: 'POST', path: '/chat/query', body: query, schema: chatQueryResponseSchema },
      options,
    );
  }

  /** Posts a message as `user` or `assistant` (`chat:send`). */
  send(request: SendChatRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('send', request, options);
  }

  /** Deletes one message (`chat:delete`). */
  delete(request: DeleteChatMessageRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('delete', request, options);
  }

  /** Removes a conversation's messages (`chat:clear`). */
  clear(request: ClearChatRequest = {}, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('clear', request, options);
  }

  private act(
    action: string,
    body: object,
    options: CallOptions | undefined,
  ): Promise<ModalityActionResponse> {
    return this.transport.call(
      { method: 'POST', path: `/chat/${action}`, body, schema: modalityActionResponseSchema },
      options,
    );
  }
}
